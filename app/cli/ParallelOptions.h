#pragma once
// The many-GPU options of `estimate` (docs/cli.md, docs/parallelism.md): --gpus, --nodes,
// --parallel, --tp, --pp, --sp, --microbatches, --schedule, --offload.

#include "app/cli/CliOptions.h"
#include "core/estimate/TrainingConfig.h"
#include "core/util/Result.h"

#include <optional>
#include <string>
#include <string_view>

namespace netsizer::cli {

bool isParallelOption(std::string_view opt); // an option taking a value (not the --sp flag)
// Parses one of them into `o`; an error names the option.
std::optional<core::Error> applyParallelOption(CliOptions& o, const std::string& opt, const std::string& value);
// Sets config.parallel from the options given (the model file's settings stay for the rest) and
// checks the whole: an inconsistency is a usage error naming the option that set it.
core::Status applyParallelOptions(const CliOptions& o, core::TrainingConfig& config);
// A core error about the parallel settings (its path a ParallelConfig key) as a usage error
// naming the option.
core::Error parallelError(const core::Error& e);

} // namespace netsizer::cli
