# With CARDSIM_DEBIAN (cmake/Package.cmake): what Debian's policy asks of each
# package's /usr/share/doc/PACKAGE/: a machine-readable copyright file (from
# LICENSE) and changelog.gz, the changelog in Debian's format with one entry
# per dated version section of CHANGELOG.md ("## [0.2.0] - 2026-12-02"),
# compressed with gzip -9n (reproducibly). Written at configure time into
# the build folder's debian/.
set(cardsim_debian_dir "${PROJECT_BINARY_DIR}/debian")
file(MAKE_DIRECTORY "${cardsim_debian_dir}")

# copyright: the MIT licence of LICENSE, in the format of
# https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/.
file(READ "${PROJECT_SOURCE_DIR}/LICENSE" license)
string(REGEX MATCH "Copyright \\(c\\) ([^\n]*)" holder "${license}")
set(holder "${CMAKE_MATCH_1}")
string(REGEX REPLACE "^MIT License\n\nCopyright[^\n]*\n\n" "" terms "${license}")
string(REGEX REPLACE "\n\n" "\n.\n" terms "${terms}")
string(REGEX REPLACE "\n$" "" terms "${terms}")
string(REPLACE "\n" "\n " terms "${terms}")
file(WRITE "${cardsim_debian_dir}/copyright"
"Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: cardsim

Files: *
Copyright: ${holder}
License: Expat

License: Expat
 ${terms}
")

# changelog: one entry per dated version of CHANGELOG.md, newest first.
file(STRINGS "${PROJECT_SOURCE_DIR}/CHANGELOG.md" headings REGEX "^## \\[[0-9]+\\.[0-9]+\\.[0-9]+\\] - [0-9-]+$")
set(changelog "")
foreach(heading IN LISTS headings)
  string(REGEX MATCH "^## \\[([0-9.]+)\\] - ([0-9-]+)$" _ "${heading}")
  set(version "${CMAKE_MATCH_1}")
  execute_process(COMMAND date -u -R -d "${CMAKE_MATCH_2} 12:00:00" OUTPUT_VARIABLE date
                  OUTPUT_STRIP_TRAILING_WHITESPACE COMMAND_ERROR_IS_FATAL ANY)
  string(APPEND changelog "cardsim (${version}) unstable; urgency=medium

  * Upstream release ${version}: its changes are listed in CHANGELOG.md
    (/usr/share/doc/cardsim/CHANGELOG.md).

 -- ${CARDSIM_PACKAGE_MAINTAINER}  ${date}

")
endforeach()
if(NOT changelog MATCHES "^cardsim \\(${PROJECT_VERSION}\\)")
  message(FATAL_ERROR "CHANGELOG.md has no dated section \"## [${PROJECT_VERSION}] - YYYY-MM-DD\" first for this "
                      "version; the Debian packages' changelog is made from it")
endif()
string(REGEX REPLACE "\n\n$" "\n" changelog "${changelog}")
file(WRITE "${cardsim_debian_dir}/changelog" "${changelog}")
execute_process(COMMAND gzip -9nf "${cardsim_debian_dir}/changelog" COMMAND_ERROR_IS_FATAL ANY)

foreach(component IN LISTS CPACK_COMPONENTS_ALL)
  string(TOUPPER "${component}" upper)
  install(FILES "${cardsim_debian_dir}/copyright" "${cardsim_debian_dir}/changelog.gz"
          DESTINATION "${CMAKE_INSTALL_DATAROOTDIR}/doc/${CPACK_DEBIAN_${upper}_PACKAGE_NAME}" COMPONENT ${component})
endforeach()
