# A Debian package of what `cmake --install` puts under /usr (cmake/Install.cmake,
# cmake/Docs.cmake): the executable, the data in share/cardsim, the man pages,
# the bash completion, the licence, and the headers, libraries and CMake package
# for other projects. In the build folder:
#   cpack -G DEB      ->  cardsim_VERSION_ARCH.deb
# Depends is computed by dpkg-shlibdeps from the executable's libraries (libc6,
# libstdc++6, libgcc-s1; libopenmpi3 when built with CARDSIM_MPI, which also
# recommends openmpi-bin for mpirun).
set(CPACK_PACKAGE_NAME cardsim)
set(CPACK_PACKAGE_VENDOR "The cardsim authors")
set(CPACK_PACKAGE_CONTACT "The cardsim authors")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Fast, exact, reproducible casino card game simulation")
set(CPACK_PACKAGE_DESCRIPTION
    "Simulates blackjack (any rules, strategy charts, card counting, side bets) and Zha Jin Hua fast, with \
statistics checked against exact values, byte-identical for a seed on any number of threads or machines.")
set(CPACK_RESOURCE_FILE_LICENSE "${PROJECT_SOURCE_DIR}/LICENSE")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_GENERATOR DEB)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
if(CARDSIM_MPI)
  set(CPACK_DEBIAN_PACKAGE_RECOMMENDS openmpi-bin)
endif()
# The Python package (CARDSIM_PYTHON) in /usr/lib/python3/dist-packages needs
# Debian's python3 of the build; pandas for to_frame, matplotlib for the example.
if(CARDSIM_PYTHON)
  set(CPACK_DEBIAN_PACKAGE_SUGGESTS
      "python3 (>= ${Python3_VERSION_MAJOR}.${Python3_VERSION_MINOR}), python3-pandas, python3-matplotlib")
endif()
include(CPack)
