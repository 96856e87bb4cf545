# Script (cmake -P): writes cardsim/version.hpp from cmake/version.hpp.in with
# the project version and the git revision of the sources (git describe, with
# -dirty for uncommitted changes; in a release tarball, its .git-revision). configure_file leaves the file untouched when
# nothing changed, so a build recompiles its readers only when the revision did.
# Inputs: PROJECT_SOURCE_DIR, PROJECT_VERSION, OUTPUT.
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
# A source tarball (scripts/release.sh) has no .git but the revision it was
# made from in .git-revision.
if(CARDSIM_GIT_REVISION STREQUAL "unknown" AND EXISTS "${PROJECT_SOURCE_DIR}/.git-revision")
  file(STRINGS "${PROJECT_SOURCE_DIR}/.git-revision" CARDSIM_GIT_REVISION LIMIT_COUNT 1 REGEX "^[0-9a-f]+$")
  if(CARDSIM_GIT_REVISION STREQUAL "")
    set(CARDSIM_GIT_REVISION "unknown")
  endif()
endif()
configure_file("${PROJECT_SOURCE_DIR}/cmake/version.hpp.in" "${OUTPUT}" @ONLY)
