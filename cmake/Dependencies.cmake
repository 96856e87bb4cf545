# Every dependency is a Debian package (scripts/setup.sh installs them); nothing
# is downloaded at configure time.
find_package(Threads REQUIRED)
find_package(CLI11 CONFIG REQUIRED)          # libcli11-dev
find_package(nlohmann_json 3.10 CONFIG REQUIRED)  # nlohmann-json3-dev
# nettle (nettle-dev): SHA-256 of every input a run reads (io/inputs.cpp),
# linked by name so that the exported cardsim::io asks for -lnettle alone.
find_path(NETTLE_INCLUDE_DIR nettle/sha2.h REQUIRED)
find_library(NETTLE_LIBRARY nettle REQUIRED)

# pcg-cpp (libpcg-cpp-dev) is header-only and ships no CMake package.
find_path(PCG_INCLUDE_DIR pcg_random.hpp REQUIRED)
add_library(pcg_cpp INTERFACE)
add_library(pcg::pcg ALIAS pcg_cpp)
target_include_directories(pcg_cpp SYSTEM INTERFACE "${PCG_INCLUDE_DIR}")

if(CARDSIM_BUILD_TESTS)
  find_package(GTest CONFIG REQUIRED)        # libgtest-dev
endif()
if(CARDSIM_BUILD_BENCH)
  find_package(benchmark CONFIG REQUIRED)    # libbenchmark-dev
endif()
