# Generates cardsim/version.hpp with the project version and the git revision,
# read by both `cardsim --version` and the result JSON.
find_package(Git QUIET)
set(CARDSIM_GIT_REVISION "unknown")
if(GIT_FOUND AND EXISTS "${PROJECT_SOURCE_DIR}/.git")
  execute_process(
    COMMAND "${GIT_EXECUTABLE}" describe --always --dirty --abbrev=12
    WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}"
    OUTPUT_VARIABLE CARDSIM_GIT_REVISION
    OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(CARDSIM_GIT_REVISION STREQUAL "")
    set(CARDSIM_GIT_REVISION "unknown")
  endif()
endif()
configure_file("${PROJECT_SOURCE_DIR}/cmake/version.hpp.in"
               "${PROJECT_BINARY_DIR}/generated/cardsim/version.hpp" @ONLY)
