# The man pages and the bash completion, generated at every build from the
# built cardsim (cmake/WriteDocs.cmake: help2man over each command's --help,
# `cardsim docs completion`) and installed with it:
#   share/man/man1/cardsim.1, cardsim-sim.1, ... cardsim-zjh-deal.1, ...
#   share/bash-completion/completions/cardsim
# Without Debian's help2man (scripts/setup.sh installs it) there are no man pages.
find_program(CARDSIM_HELP2MAN help2man)
if(NOT CARDSIM_HELP2MAN)
  message(STATUS "help2man not found: no man pages (scripts/setup.sh installs it)")
endif()
set(CARDSIM_MAN_DIR "${PROJECT_BINARY_DIR}/man")
set(CARDSIM_COMPLETION "${PROJECT_BINARY_DIR}/completion/cardsim")
add_custom_command(
  OUTPUT "${PROJECT_BINARY_DIR}/docs.stamp"
  COMMAND "${CMAKE_COMMAND}" "-DCARDSIM=$<TARGET_FILE:cardsim>" "-DHELP2MAN=${CARDSIM_HELP2MAN}"
          "-DSOURCE_DIR=${PROJECT_SOURCE_DIR}" "-DVERSION=${PROJECT_VERSION}" "-DMAN_DIR=${CARDSIM_MAN_DIR}"
          "-DCOMPLETION=${CARDSIM_COMPLETION}" -P "${PROJECT_SOURCE_DIR}/cmake/WriteDocs.cmake"
  COMMAND "${CMAKE_COMMAND}" -E touch "${PROJECT_BINARY_DIR}/docs.stamp"
  DEPENDS cardsim "${PROJECT_SOURCE_DIR}/cmake/WriteDocs.cmake" "${PROJECT_SOURCE_DIR}/src/cli/completion.bash"
          "${PROJECT_SOURCE_DIR}/docs/man/cardsim.h2m"
  COMMENT "Man pages and bash completion from cardsim --help"
  VERBATIM)
add_custom_target(cardsim_docs ALL DEPENDS "${PROJECT_BINARY_DIR}/docs.stamp")

if(CARDSIM_INSTALL)
  if(CARDSIM_HELP2MAN)
    install(DIRECTORY "${CARDSIM_MAN_DIR}/" DESTINATION "${CMAKE_INSTALL_MANDIR}")
  endif()
  install(FILES "${CARDSIM_COMPLETION}" DESTINATION "${CMAKE_INSTALL_DATADIR}/bash-completion/completions")
endif()
