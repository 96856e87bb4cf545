# Debian packages of the install components (cmake/Install.cmake), built with
# CPack from a build configured with the `deb` preset (Release, no MPI, no
# tests, prefix /usr, CARDSIM_DEBIAN=ON; scripts/check-package.sh and
# scripts/release.sh do it):
#   cpack -G DEB  ->  cardsim_VERSION_ARCH.deb          the program, its data, man pages, completions
#                     libcardsim-dev_VERSION_ARCH.deb   headers, static libraries, CMake package
#                     python3-cardsim_VERSION_ARCH.deb  the Python package (a build with CARDSIM_PYTHON)
# Depends is computed by dpkg-shlibdeps from each package's binaries (libc6,
# libstdc++6, libgcc-s1) plus what each needs besides: the -dev package the
# headers' dependencies, both the data in `cardsim`, the Python package its
# python3. A build with -DCARDSIM_MPI=ON (the `mpi` preset) makes packages that
# depend on libopenmpi3 and recommend openmpi-bin. scripts/check-package.sh
# checks them with lintian.
#
# CARDSIM_DEBIAN=ON lays the install out as Debian's policy asks: gzipped man
# pages, each package's /usr/share/doc/PACKAGE/copyright (machine-readable,
# from LICENSE) and changelog.gz (Debian's format, from CHANGELOG.md's dated
# sections), the zsh completion in share/zsh/vendor-completions, and no
# separate licence file.

set(CARDSIM_PACKAGE_MAINTAINER "The cardsim authors <cardsim@example.org>" CACHE STRING
    "The Maintainer of the Debian packages (\"Name <address>\"): yours when you distribute them")
set(CPACK_PACKAGE_NAME cardsim)
set(CPACK_PACKAGE_VENDOR "The cardsim authors")
set(CPACK_PACKAGE_CONTACT "${CARDSIM_PACKAGE_MAINTAINER}")
set(CPACK_RESOURCE_FILE_LICENSE "${PROJECT_SOURCE_DIR}/LICENSE")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_GENERATOR DEB)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL cli dev)
if(CARDSIM_PYTHON)
  list(APPEND CPACK_COMPONENTS_ALL python)
endif()
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(cardsim_same_version "(= ${PROJECT_VERSION})")

set(CPACK_DEBIAN_CLI_PACKAGE_NAME cardsim)
set(CPACK_DEBIAN_CLI_PACKAGE_SECTION science)
set(CPACK_COMPONENT_CLI_DESCRIPTION "fast, exact, reproducible casino card game simulator
cardsim simulates blackjack (any rules, strategy charts, card counting, side
bets, Spanish 21, Free Bet, Blackjack Switch) and the Chinese three-card game
Zha Jin Hua by the hundreds of millions of rounds on all cores, and computes
exact values by combinatorial analysis. Every figure comes with its standard
error and is tested against exact or published values; a seed gives the same
results, byte for byte, on any number of threads.
.
This package holds the cardsim program, its data (strategy charts, counts,
index sets, side bets, rule sets), its man pages and its bash, zsh and fish
completions.")
if(CARDSIM_MPI)
  set(CPACK_DEBIAN_CLI_PACKAGE_RECOMMENDS openmpi-bin)
endif()

set(CPACK_DEBIAN_DEV_PACKAGE_NAME libcardsim-dev)
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS
    "cardsim ${cardsim_same_version}, nlohmann-json3-dev (>= 3.10), libpcg-cpp-dev, nettle-dev")  # (cardsim::io links -lnettle)
set(CPACK_COMPONENT_DEV_DESCRIPTION "C++ library of the cardsim card game simulator (development files)
The game layers of cardsim (blackjack and Zha Jin Hua: shoes, rules, strategy,
the exact analyses, the simulation runner), its formats (configs, charts,
counts and result JSON), its HTML report and its jobs (sim, compare, sweep with
checkpoints and shards), as static libraries with their headers and a CMake
package: find_package(cardsim) gives the targets cardsim::cardsim,
cardsim::game, cardsim::io, cardsim::report and cardsim::app.")

set(CPACK_DEBIAN_PYTHON_PACKAGE_NAME python3-cardsim)
set(CPACK_DEBIAN_PYTHON_PACKAGE_SECTION python)
if(CARDSIM_PYTHON)
  # The module is built for one minor version of python3 (its ABI).
  math(EXPR cardsim_python_next "${Python3_VERSION_MINOR} + 1")
  set(CPACK_DEBIAN_PYTHON_PACKAGE_DEPENDS "cardsim ${cardsim_same_version}, \
python3 (>= ${Python3_VERSION_MAJOR}.${Python3_VERSION_MINOR}~), python3 (<< ${Python3_VERSION_MAJOR}.${cardsim_python_next})")
endif()
set(CPACK_DEBIAN_PYTHON_PACKAGE_RECOMMENDS "python3-pandas")
set(CPACK_DEBIAN_PYTHON_PACKAGE_SUGGESTS "python3-matplotlib")
set(CPACK_COMPONENT_PYTHON_DESCRIPTION "Python 3 interface to the cardsim card game simulator
import cardsim: blackjack simulations, exact analyses, rule comparisons and
sweeps and Zha Jin Hua from Python, with the results the cardsim program
writes (as dicts, byte for byte the same statistics), tables as pandas
frames, progress bars and Ctrl-C that keeps the partial result.")

if(CARDSIM_DEBIAN)
  include(Debian)
endif()
include(CPack)
