# cmake --install BUILD [--prefix P] [--component C] puts under P, in three
# components (one Debian package each, cmake/Package.cmake):
#   cli     bin/cardsim                        the executable
#           share/cardsim/                     configs/: charts, counts, index sets, side bets, rule sets
#           share/man/man1/, share/bash-completion/completions/cardsim,
#           share/zsh/site-functions/_cardsim, share/fish/vendor_completions.d/cardsim.fish
#                                              (cmake/Docs.cmake)
#           share/doc/cardsim/                 LICENSE, README.md, CHANGELOG.md, CONTRIBUTING.md,
#                                              and the manual docs/*.md with its images (so
#                                              that the README's links resolve)
#   dev     include/cardsim/...                the public headers and the generated version.hpp
#           lib/libcardsim_game.a, libcardsim_io.a, libcardsim_report.a, libcardsim_app.a
#                                              the libraries (.so with BUILD_SHARED_LIBS)
#           lib/cmake/cardsim/                 cardsimConfig.cmake, its version file, the
#                                              exported targets cardsim::cardsim (every
#                                              library), cardsim::game, cardsim::io,
#                                              cardsim::report and cardsim::app, and
#                                              cardsim_data_dir.cpp (compiled into users: the
#                                              data folder, cmake/cardsim_data_dir.cpp)
#   python  lib/python3/dist-packages/cardsim/ the Python package (python/CMakeLists.txt)
# The package is relocatable: no installed file names a path of the build
# machine (tests/install checks every file), and the executable finds
# share/cardsim from its own folder (src/formats/files/data_dir.cpp).
include(CMakePackageConfigHelpers)

set(CARDSIM_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/cardsim")
set(CARDSIM_INSTALL_DATADIR "${CMAKE_INSTALL_DATADIR}/cardsim")

install(TARGETS cardsim RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}" COMPONENT cli)
install(DIRECTORY "${PROJECT_SOURCE_DIR}/configs/" DESTINATION "${CARDSIM_INSTALL_DATADIR}" COMPONENT cli)
set(cardsim_docs README.md CHANGELOG.md CONTRIBUTING.md)
if(NOT CARDSIM_DEBIAN)  # (a Debian package has the licence in its copyright file: cmake/Debian.cmake)
  list(PREPEND cardsim_docs LICENSE)
endif()
list(TRANSFORM cardsim_docs PREPEND "${PROJECT_SOURCE_DIR}/")
install(FILES ${cardsim_docs} DESTINATION "${CMAKE_INSTALL_DOCDIR}" COMPONENT cli)
install(DIRECTORY "${PROJECT_SOURCE_DIR}/docs/" DESTINATION "${CMAKE_INSTALL_DOCDIR}/docs" COMPONENT cli
        FILES_MATCHING PATTERN "*.md" PATTERN "*.png" PATTERN "man" EXCLUDE)

install(TARGETS cardsim_game cardsim_io cardsim_report cardsim_app cardsim_lib EXPORT cardsimTargets
        ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}" COMPONENT dev
        LIBRARY DESTINATION "${CMAKE_INSTALL_LIBDIR}" COMPONENT dev)
install(DIRECTORY "${PROJECT_SOURCE_DIR}/include/cardsim" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}" COMPONENT dev)
install(FILES "${CARDSIM_VERSION_HEADER}" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}/cardsim" COMPONENT dev)
install(EXPORT cardsimTargets NAMESPACE cardsim:: DESTINATION "${CARDSIM_INSTALL_CMAKEDIR}" COMPONENT dev)
configure_package_config_file("${PROJECT_SOURCE_DIR}/cmake/cardsimConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/cardsimConfig.cmake"
  INSTALL_DESTINATION "${CARDSIM_INSTALL_CMAKEDIR}"
  PATH_VARS CARDSIM_INSTALL_DATADIR)
# 0.x: a minor version may change the API, so only the same minor matches.
write_basic_package_version_file("${PROJECT_BINARY_DIR}/cardsimConfigVersion.cmake"
  COMPATIBILITY SameMinorVersion)
install(FILES "${PROJECT_BINARY_DIR}/cardsimConfig.cmake" "${PROJECT_BINARY_DIR}/cardsimConfigVersion.cmake"
              "${PROJECT_SOURCE_DIR}/cmake/cardsim_data_dir.cpp"
        DESTINATION "${CARDSIM_INSTALL_CMAKEDIR}" COMPONENT dev)
