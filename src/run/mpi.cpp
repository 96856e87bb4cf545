#include "cardsim/run/mpi.hpp"

#include <algorithm>
#include <cstdlib>
#include <string>

#include "cardsim/core/error.hpp"

#ifdef CARDSIM_WITH_MPI
#include <mpi.h>
#endif

namespace cardsim::run {

int launched_ranks() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE"}) {
    if (const char* value = std::getenv(name)) return std::max(1, std::atoi(value));
  }
  return 1;
}

int launched_rank() {
  for (const char* name : {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK"}) {
    if (const char* value = std::getenv(name)) return std::max(0, std::atoi(value));
  }
  return 0;
}

void require_one_rank(const std::string& command, const std::string& instead) {
  const int ranks = launched_ranks();
  if (ranks > 1) {
    throw Error(command + " does not split its work across MPI ranks (started as " + std::to_string(ranks) +
                " ranks): run one process, or " + instead);
  }
}

#ifdef CARDSIM_WITH_MPI

namespace {
bool started_by_launcher() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK"}) {
    if (std::getenv(name) != nullptr) return true;
  }
  return false;
}

void check(int code, const char* what) {
  if (code != MPI_SUCCESS) throw Error(std::string("MPI: ") + what + " failed");
}
}  // namespace

bool mpi_available() { return true; }

MpiSession::MpiSession() {
  if (!started_by_launcher()) return;
  int already = 0;
  MPI_Initialized(&already);
  if (already == 0) {
    int provided = 0;
    check(MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided), "MPI_Init_thread");
    initialised_ = true;
  }
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

MpiSession::~MpiSession() {
  if (initialised_) MPI_Finalize();
}

std::vector<std::string> MpiSession::gather(const std::string& text) const {
  if (size_ == 1) return {text};
  const int length = static_cast<int>(text.size());
  std::vector<int> lengths(root() ? static_cast<std::size_t>(size_) : 0);
  check(MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD), "MPI_Gather");
  std::vector<int> offsets(lengths.size());
  int total = 0;
  for (std::size_t r = 0; r < lengths.size(); ++r) {
    offsets[r] = total;
    total += lengths[r];
  }
  std::string all(static_cast<std::size_t>(total), '\0');
  check(MPI_Gatherv(text.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR, 0,
                    MPI_COMM_WORLD),
        "MPI_Gatherv");
  std::vector<std::string> texts;
  for (std::size_t r = 0; r < lengths.size(); ++r) {
    texts.push_back(all.substr(static_cast<std::size_t>(offsets[r]), static_cast<std::size_t>(lengths[r])));
  }
  return texts;
}

bool MpiSession::all_ok(bool ok) const {
  if (size_ == 1) return ok;
  int mine = ok ? 1 : 0;
  int all = 0;
  check(MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD), "MPI_Allreduce");
  return all == 1;
}

#else

bool mpi_available() { return false; }
MpiSession::MpiSession() = default;
MpiSession::~MpiSession() = default;
std::vector<std::string> MpiSession::gather(const std::string& text) const { return {text}; }
bool MpiSession::all_ok(bool ok) const { return ok; }

#endif

}  // namespace cardsim::run
