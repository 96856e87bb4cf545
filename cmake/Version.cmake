# Generates cardsim/version.hpp with the project version and the git revision,
# read by both `cardsim --version` and the result JSON: at configure time, and
# again at every build (target cardsim_version, which cardsim_io depends on),
# so that the revision is that of the sources built, not of the last configure.
set(CARDSIM_VERSION_HEADER "${PROJECT_BINARY_DIR}/generated/cardsim/version.hpp")
set(CARDSIM_VERSION_ARGS
    "-DPROJECT_SOURCE_DIR=${PROJECT_SOURCE_DIR}" "-DPROJECT_VERSION=${PROJECT_VERSION}"
    "-DOUTPUT=${CARDSIM_VERSION_HEADER}" -P "${PROJECT_SOURCE_DIR}/cmake/WriteVersion.cmake")
execute_process(COMMAND "${CMAKE_COMMAND}" ${CARDSIM_VERSION_ARGS})
add_custom_target(cardsim_version
  COMMAND "${CMAKE_COMMAND}" ${CARDSIM_VERSION_ARGS}
  BYPRODUCTS "${CARDSIM_VERSION_HEADER}"
  COMMENT "cardsim/version.hpp: git revision"
  VERBATIM)
