// netsizer-cli: parses the command line, runs one command, prints its result. Exit status 0 on
// success, 2 on bad input or usage with exactly one line on stderr (app/cli/Usage.h).
#include "app/cli/AdviseCommand.h"
#include "app/cli/ArgumentParser.h"
#include "app/cli/ConvertCommand.h"
#include "app/cli/EstimateCommand.h"
#include "app/cli/ListCommands.h"
#include "app/cli/ReportFormatters.h"
#include "app/cli/Usage.h"
#include "app/cli/ValidateCommand.h"
#include "core/util/AllocatorTuning.h"
#include "core/util/Utf8.h"

#include <cstdio>
#include <exception>
#include <string>
#include <vector>

using namespace netsizer;

namespace {

constexpr int kBadInput = 2;

int fail(const core::Error& e)
{
    std::string line = core::validUtf8(cli::errorLine(e)); // names and paths may hold any byte
    for (char& c : line)
        if (c == '\n' || c == '\r') c = ' '; // one line, whatever the message holds
    std::fprintf(stderr, "%s\n", line.c_str());
    return kBadInput;
}

// Every output format is valid UTF-8: a table or CSV cell holding a file path or a name with
// other bytes shows U+FFFD there (JSON is already valid: core/util/JsonText.h).
int print(const std::string& raw)
{
    const std::string text = core::validUtf8(raw);
    std::fwrite(text.data(), 1, text.size(), stdout);
    return std::fflush(stdout) == 0 ? 0 : 1;
}

int run(const std::vector<std::string>& args)
{
    if (!args.empty() && args[0] == "convert") { // its own arguments (app/cli/ConvertCommand.h)
        auto written = cli::runConvert(args);
        if (!written) return fail(written.error());
        std::string lines;
        for (const auto& p : *written) lines += p + "\n";
        return print(lines);
    }
    auto parsed = cli::parseArguments(args);
    if (!parsed) return fail(parsed.error());
    const cli::CliOptions& o = *parsed;
    switch (o.command) {
    case cli::Command::Help: return print(cli::usageText());
    case cli::Command::Layers: return print(cli::listLayers(o.format));
    case cli::Command::Gpus: return print(cli::listGpus(o.format));
    case cli::Command::Validate: {
        auto report = cli::runValidate(o);
        if (!report) return fail(report.error());
        if (o.format == cli::OutputFormat::Json) return print(cli::formatValidateJson(*report));
        if (o.format == cli::OutputFormat::Csv) return print(cli::formatValidateCsv(*report));
        return print(cli::formatValidateTable(*report));
    }
    case cli::Command::Advise: {
        auto report = cli::runAdvise(o);
        if (!report) return fail(report.error());
        return print(o.format == cli::OutputFormat::Json ? cli::formatAdviseJson(*report) : cli::formatAdviseTable(*report));
    }
    case cli::Command::Estimate:
    case cli::Command::Fit: break;
    }
    auto report = cli::runEstimate(o);
    if (!report) return fail(report.error());
    switch (o.format) {
    case cli::OutputFormat::Json: return print(cli::formatJson(*report));
    case cli::OutputFormat::Csv: return print(cli::formatCsv(*report));
    case cli::OutputFormat::Table: break;
    }
    return print(cli::formatTable(*report));
}

} // namespace

int main(int argc, char** argv)
{
    netsizer::core::keepFreedHeapMemory();
    try {
        return run(std::vector<std::string>(argv + 1, argv + argc));
    } catch (const std::exception& e) { // a bug: still one line and a non-zero status
        std::fprintf(stderr, "netsizer-cli: internal error: %s\n", e.what());
        return 1;
    }
}
