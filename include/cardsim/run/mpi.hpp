// MPI ranks for a run started with `mpirun -n K cardsim sim ...` (a build with
// -DCARDSIM_MPI=ON). Ranks split the chunks (run::rank_chunks), each plays its
// share on its own threads, and rank 0 gathers the tallies and writes the
// result. Without MPI support, or when the process was not started by an MPI
// launcher, there is one rank and nothing is initialised.
#pragma once

#include <string>
#include <vector>

namespace cardsim::run {

// True if this build has MPI support (-DCARDSIM_MPI=ON).
bool mpi_available();

// The number of ranks an MPI launcher started (mpirun -n K: K, from the
// launcher's environment, OMPI_COMM_WORLD_SIZE or PMI_SIZE), with or without
// MPI support in this build; 1 when not started by a launcher.
int launched_ranks();

// This process's rank as the MPI launcher set it (OMPI_COMM_WORLD_RANK,
// PMIX_RANK or PMI_RANK), with or without MPI support; 0 when not started by
// a launcher. Known before MPI is initialised: only rank 0 prints errors.
int launched_rank();

// Throws Error if more than one rank runs `command`, which does not split its
// work across ranks (every rank would play the whole run); `instead` says
// what to do (e.g. "split the run with --shard I/N").
void require_one_rank(const std::string& command, const std::string& instead);

// While alive, MPI is initialised (only if available and the process was
// started by an MPI launcher: OMPI_COMM_WORLD_SIZE, PMIX_RANK or PMI_RANK set).
// MPI calls are made from the constructing thread only.
class MpiSession {
 public:
  MpiSession();
  ~MpiSession();
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }
  bool root() const { return rank_ == 0; }

  // Every rank passes its `text`; rank 0 gets all of them in rank order, the
  // other ranks an empty list. Collective: every rank must call it.
  std::vector<std::string> gather(const std::string& text) const;

  // True on every rank if `ok` is true on every rank. Collective.
  bool all_ok(bool ok) const;

 private:
  int rank_ = 0;
  int size_ = 1;
  bool initialised_ = false;
};

}  // namespace cardsim::run
