# The Python package `cardsim` (python/, docs/python.md): a pybind11 module
# for Debian's /usr/bin/python3, built by the normal build when pybind11
# (pybind11-dev, python3-pybind11) and Python's headers (python3-dev) are
# found and cardsim is the top-level project; scripts/setup.sh installs them.
# Off in sanitizer and fuzz builds (a module built with a sanitizer does not
# load into a plain python3).
# -DCARDSIM_PYTHON=ON makes a missing pybind11 an error, OFF skips the module.
set(cardsim_python_found OFF)
if(CARDSIM_SANITIZER STREQUAL "" AND NOT CARDSIM_FUZZ)
  # Debian's interpreter, whose numpy and pandas are Debian's, whatever
  # python3 comes first on PATH.
  set(Python3_EXECUTABLE /usr/bin/python3 CACHE FILEPATH "The Python the cardsim module is built for")
  find_package(Python3 COMPONENTS Interpreter Development.Module QUIET)
  if(Python3_FOUND)
    find_package(pybind11 2.6 CONFIG QUIET)
  endif()
  if(Python3_FOUND AND pybind11_FOUND)
    set(cardsim_python_found ON)
  endif()
endif()
# On by default only when cardsim is the project being built (as the tests).
set(cardsim_python_default OFF)
if(cardsim_python_found AND PROJECT_IS_TOP_LEVEL)
  set(cardsim_python_default ON)
endif()
option(CARDSIM_PYTHON "Build the Python module (python/; needs pybind11-dev, python3-pybind11, python3-dev)"
       ${cardsim_python_default})
if(CARDSIM_PYTHON AND NOT cardsim_python_found)
  message(FATAL_ERROR "CARDSIM_PYTHON is on, but /usr/bin/python3 with its headers and pybind11 were not found "
                      "(or this is a sanitizer or fuzz build): run scripts/setup.sh, or -DCARDSIM_PYTHON=OFF")
endif()
# Where `cmake --install` puts the package, under the prefix: Debian's path
# for its python3 (on sys.path for the prefix /usr, as in the .deb). The
# library finds the data from there (src/formats/CMakeLists.txt), so it is set in
# every build.
set(CARDSIM_PYTHON_INSTALL_DIR "lib/python3/dist-packages" CACHE STRING
    "Folder under the install prefix for the Python package cardsim")
if(CARDSIM_PYTHON)
  message(STATUS "cardsim: Python module on (Python ${Python3_VERSION}, pybind11 ${pybind11_VERSION})")
else()
  message(STATUS "cardsim: no Python module (pybind11 or /usr/bin/python3 not found, or turned off)")
endif()
