#pragma once

#include "app/cli/CliOptions.h"
#include "core/util/Result.h"

#include <optional>
#include <string>
#include <vector>

namespace netsizer::cli {

// Parses the arguments after the program name. `--help`/`-h` anywhere gives Command::Help.
// Options take their value as the next argument or after '=' (`--batch 8`, `--batch=8`); a
// repeated option keeps its last value (--input-shape accumulates, once per input name).
// --safe, --allocator-rounding and --no-allocator-rounding take no value. Errors have code "usage" and the offending option (or
// argument) as path, e.g. {"usage", "'0' is not a batch size from 1 to 65,536", "--batch"}.
core::Result<CliOptions> parseArguments(const std::vector<std::string>& args);

// "[NAME=]DxDx..." (or with commas) with 1 to Shape::kMaxRank positive dimensions, per sample
// (no batch axis); nullopt when malformed. --input-shape of every command.
std::optional<InputShapeOption> parseInputShape(const std::string& value);

} // namespace netsizer::cli
