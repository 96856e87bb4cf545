# Optional MPI support (-DCARDSIM_MPI=ON): `mpirun -n K cardsim sim ...` splits
# the chunks over K ranks. OpenMPI from Debian: libopenmpi-dev, openmpi-bin.
option(CARDSIM_MPI "Build with MPI support (mpirun -n K cardsim sim)" OFF)
if(CARDSIM_MPI)
  find_package(MPI REQUIRED COMPONENTS CXX)
  message(STATUS "cardsim: MPI support on (${MPI_CXX_LIBRARY_VERSION_STRING})")
endif()
