// The CLI's outputs: io::Outputs (every output flag checked before the run,
// never an input, a finished result never lost) that tells the signal
// handler when the command's outputs are written.
#pragma once

#include <string>
#include <utility>

#include "cardsim/io/outputs.hpp"
#include "signals.hpp"

namespace cardsim::cli {

class Outputs : public io::Outputs {
 public:
  Outputs(std::string command, const io::InputRegistry& inputs)
      : io::Outputs(std::move(command), inputs, note_outputs_written) {}
};

}  // namespace cardsim::cli
