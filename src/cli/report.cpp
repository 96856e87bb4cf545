// `cardsim report`: a result JSON as a self-contained HTML page.
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "cardsim/core/error.hpp"
#include "cardsim/io/files.hpp"
#include "cardsim/io/report_html.hpp"
#include "commands.hpp"

namespace cardsim::cli {
namespace {

struct ReportOptions {
  std::string result;
  std::string out;
};

void run_report(const ReportOptions& options) {
  io::check_writable(options.out);
  nlohmann::json result;
  try {
    result = nlohmann::json::parse(io::read_file(options.result));
  } catch (const nlohmann::json::parse_error& e) {
    throw Error("'" + options.result + "' is not valid JSON: " + e.what());
  }
  io::write_file_atomically(options.out, io::report_html(result));
}

}  // namespace

void setup_report(CLI::App& app) {
  auto options = std::make_shared<ReportOptions>();
  CLI::App* command = app.add_subcommand(
      "report", "Write a result JSON (sim, compare, sweep) as one self-contained HTML page with charts");
  command->add_option("result", options->result, "The result JSON")->required()->check(CLI::ExistingFile);
  command->add_option("-o,--out", options->out, "The HTML file to write")->required();
  command->callback([options] { run_report(*options); });
}

}  // namespace cardsim::cli
