// `cardsim report`: a result JSON as a self-contained HTML page.
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "cardsim/io/config.hpp"
#include "cardsim/io/files.hpp"
#include "cardsim/io/run_identity.hpp"
#include "cardsim/report/html.hpp"
#include "commands.hpp"
#include "outputs.hpp"

namespace cardsim::cli {
namespace {

struct ReportOptions {
  std::string result;
  std::string out;
};

void run_report(const ReportOptions& options) {
  io::InputRegistry inputs;
  const std::string& text = inputs.read("result", options.result).bytes;
  Outputs outputs("report", inputs);
  outputs.output("--out", options.out);
  outputs.check();
  const nlohmann::json result = io::parse_json_object(text, "'" + options.result + "'");
  outputs.write("--out", io::read_named("result '" + options.result + "'", [&] { return report::html_page(result); }));
  outputs.finish("");
}

}  // namespace

void setup_report(CLI::App& app) {
  auto options = std::make_shared<ReportOptions>();
  CLI::App* command = app.add_subcommand(
      "report", "Write a result JSON (of sim, compare, sweep, zjh sim or exact, bench, analyze, sidebet, ramp or "
                "indices) as one self-contained HTML page with charts");
  command->add_option("result", options->result, "The result JSON")->required()->check(CLI::ExistingFile);
  command->add_option("-o,--out", options->out, "The HTML file to write ('-': stdout)")->required();
  command->callback([options] { run_report(*options); });
}

}  // namespace cardsim::cli
