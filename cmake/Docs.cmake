# The man pages and the shell completions, generated at every build from the
# built cardsim (cmake/WriteDocs.cmake: help2man over each command's --help,
# whose Examples: become each page's EXAMPLES; `cardsim docs completion` and
# `completion-fish`) and installed with it (component cli):
#   share/man/man1/cardsim.1, cardsim-sim.1, ... cardsim-zjh-deal.1, ...
#                                       (gzipped with CARDSIM_DEBIAN)
#   share/bash-completion/completions/cardsim
#   share/zsh/site-functions/_cardsim   (CARDSIM_ZSH_COMPLETION_DIR; Debian's
#                                        package: share/zsh/vendor-completions)
#   share/fish/vendor_completions.d/cardsim.fish
# Without Debian's help2man (scripts/setup.sh installs it) there are no man pages.
find_program(CARDSIM_HELP2MAN help2man)
if(NOT CARDSIM_HELP2MAN)
  message(WARNING "help2man not found: no man pages, `man cardsim` will not work (scripts/setup.sh installs it)")
endif()
if(CARDSIM_DEBIAN)
  set(cardsim_zsh_dir "${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions")
else()
  set(cardsim_zsh_dir "${CMAKE_INSTALL_DATADIR}/zsh/site-functions")
endif()
set(CARDSIM_ZSH_COMPLETION_DIR "${cardsim_zsh_dir}" CACHE STRING
    "Folder under the install prefix for the zsh completion (_cardsim)")
set(CARDSIM_MAN_DIR "${PROJECT_BINARY_DIR}/man")
set(CARDSIM_COMPLETION_DIR "${PROJECT_BINARY_DIR}/completion")
add_custom_command(
  OUTPUT "${PROJECT_BINARY_DIR}/docs.stamp"
  COMMAND "${CMAKE_COMMAND}" "-DCARDSIM=$<TARGET_FILE:cardsim>" "-DHELP2MAN=${CARDSIM_HELP2MAN}"
          "-DSOURCE_DIR=${PROJECT_SOURCE_DIR}" "-DVERSION=${PROJECT_VERSION}" "-DMAN_DIR=${CARDSIM_MAN_DIR}"
          "-DCOMPLETION_DIR=${CARDSIM_COMPLETION_DIR}" "-DCOMPRESS=${CARDSIM_DEBIAN}" -P "${PROJECT_SOURCE_DIR}/cmake/WriteDocs.cmake"
  COMMAND "${CMAKE_COMMAND}" -E touch "${PROJECT_BINARY_DIR}/docs.stamp"
  DEPENDS cardsim "${PROJECT_SOURCE_DIR}/cmake/WriteDocs.cmake" "${PROJECT_SOURCE_DIR}/src/cli/help/completion.bash"
          "${PROJECT_SOURCE_DIR}/src/cli/help/completion.zsh" "${PROJECT_SOURCE_DIR}/src/cli/help/completion.fish"
          "${PROJECT_SOURCE_DIR}/docs/man/cardsim.h2m"
  COMMENT "Man pages and shell completions from cardsim --help"
  VERBATIM)
add_custom_target(cardsim_docs ALL DEPENDS "${PROJECT_BINARY_DIR}/docs.stamp")

if(CARDSIM_INSTALL)
  if(CARDSIM_HELP2MAN)
    install(DIRECTORY "${CARDSIM_MAN_DIR}/" DESTINATION "${CMAKE_INSTALL_MANDIR}" COMPONENT cli)
  endif()
  install(FILES "${CARDSIM_COMPLETION_DIR}/cardsim" DESTINATION "${CMAKE_INSTALL_DATADIR}/bash-completion/completions"
          COMPONENT cli)
  install(FILES "${CARDSIM_COMPLETION_DIR}/_cardsim" DESTINATION "${CARDSIM_ZSH_COMPLETION_DIR}" COMPONENT cli)
  install(FILES "${CARDSIM_COMPLETION_DIR}/cardsim.fish" DESTINATION "${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d"
          COMPONENT cli)
endif()
