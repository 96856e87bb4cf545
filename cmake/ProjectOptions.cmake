# Compiler settings as INTERFACE targets, linked PRIVATE by each target:
#   cardsim_options   language level, optimisation extras, sanitizers
#   cardsim_warnings  the warning set
set(CMAKE_CXX_EXTENSIONS OFF)
# Release when cardsim is the project being built and no build type was given.
# Inside another build (add_subdirectory, FetchContent) the build type is the
# parent's to choose: the cache variable is shared by the whole build.
if(PROJECT_IS_TOP_LEVEL AND NOT CMAKE_BUILD_TYPE AND NOT CMAKE_CONFIGURATION_TYPES)
  set(CMAKE_BUILD_TYPE Release CACHE STRING "Build type" FORCE)
endif()

# The `cli` preset's shorter build of the program (src/CMakeLists.txt): the
# io library and the CLI as unity builds at -O2; the engine as in Release.
option(CARDSIM_QUICK_BUILD "Build io and the CLI faster (unity build, -O2); the engine is compiled as always" OFF)
option(CARDSIM_NATIVE "Optimise for this machine's CPU (-march=native)" OFF)
set(CARDSIM_SANITIZER "" CACHE STRING "Sanitizers: empty, 'address' (ASan+UBSan) or 'thread' (TSan)")
set_property(CACHE CARDSIM_SANITIZER PROPERTY STRINGS "" address thread)

add_library(cardsim_options INTERFACE)
add_library(cardsim::options ALIAS cardsim_options)
target_compile_features(cardsim_options INTERFACE cxx_std_20)
if(CARDSIM_NATIVE)
  target_compile_options(cardsim_options INTERFACE -march=native)
endif()

include(Sanitizers)
cardsim_enable_sanitizers(cardsim_options "${CARDSIM_SANITIZER}")

add_library(cardsim_warnings INTERFACE)
add_library(cardsim::warnings ALIAS cardsim_warnings)
target_compile_options(cardsim_warnings INTERFACE
  -Wall -Wextra -Wshadow -Wconversion -Wpedantic)
