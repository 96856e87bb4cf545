# cmake --install BUILD [--prefix P] puts under P:
#   bin/cardsim                        the executable
#   include/cardsim/...                the public headers and the generated version.hpp
#   lib/libcardsim_game.a, libcardsim_io.a   the static libraries
#   lib/cmake/cardsim/                 cardsimConfig.cmake, its version file and the
#                                      exported targets cardsim::cardsim (both
#                                      libraries), cardsim::game and cardsim::io
#   share/cardsim/                     configs/: charts, counts, index sets, side bets, rule sets
#   share/doc/cardsim/                 LICENSE, README.md, CHANGELOG.md, CONTRIBUTING.md,
#                                      and the manual docs/*.md with its images (so
#                                      that the README's links resolve)
#   share/man/man1/, share/bash-completion/completions/   (cmake/Docs.cmake)
# The package is relocatable: it names no path of the build machine, and the
# executable finds share/cardsim from its own folder (src/io/data_dir.cpp).
include(CMakePackageConfigHelpers)

set(CARDSIM_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/cardsim")
set(CARDSIM_INSTALL_DATADIR "${CMAKE_INSTALL_DATADIR}/cardsim")

install(TARGETS cardsim RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")
install(TARGETS cardsim_game cardsim_io cardsim_lib EXPORT cardsimTargets
        ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/include/cardsim" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
install(FILES "${CARDSIM_VERSION_HEADER}" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}/cardsim")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/configs/" DESTINATION "${CARDSIM_INSTALL_DATADIR}")
install(FILES "${PROJECT_SOURCE_DIR}/LICENSE" "${PROJECT_SOURCE_DIR}/README.md" "${PROJECT_SOURCE_DIR}/CHANGELOG.md"
              "${PROJECT_SOURCE_DIR}/CONTRIBUTING.md"
        DESTINATION "${CMAKE_INSTALL_DOCDIR}")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/docs/" DESTINATION "${CMAKE_INSTALL_DOCDIR}/docs"
        FILES_MATCHING PATTERN "*.md" PATTERN "*.png" PATTERN "man" EXCLUDE)

install(EXPORT cardsimTargets NAMESPACE cardsim:: DESTINATION "${CARDSIM_INSTALL_CMAKEDIR}")
configure_package_config_file("${PROJECT_SOURCE_DIR}/cmake/cardsimConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/cardsimConfig.cmake"
  INSTALL_DESTINATION "${CARDSIM_INSTALL_CMAKEDIR}"
  PATH_VARS CARDSIM_INSTALL_DATADIR)
# 0.x: a minor version may change the API, so only the same minor matches.
write_basic_package_version_file("${PROJECT_BINARY_DIR}/cardsimConfigVersion.cmake"
  COMPATIBILITY SameMinorVersion)
install(FILES "${PROJECT_BINARY_DIR}/cardsimConfig.cmake" "${PROJECT_BINARY_DIR}/cardsimConfigVersion.cmake"
        DESTINATION "${CARDSIM_INSTALL_CMAKEDIR}")
