#pragma once
// LoRA adapters and frozen-weight storage on the command line (docs/cli.md, docs/llm.md):
// --lora-rank R [--lora-alpha A] [--lora-targets LIST] [--lora-dropout P] add adapters to the
// model after it is read (core/analysis/LoraAdapters.h; the base is frozen); --base-dtype
// fp32|bf16|fp16, --quantize none|nf4|int8 and --double-quant set how the frozen weights are
// stored (core::FrozenWeights).

#include "app/cli/CliOptions.h"
#include "core/estimate/TrainingConfig.h"
#include "core/io/ModelFile.h"
#include "core/util/Result.h"

#include <optional>
#include <string>
#include <string_view>

namespace netsizer::cli {

bool isLoraOption(std::string_view opt); // one of the options above taking a value
// Parses one of them into `o`; an error names the option.
std::optional<core::Error> applyLoraOption(CliOptions& o, const std::string& opt, const std::string& value);
// Adds the adapters --lora-rank asks for and notes what it did; an --lora-… option without
// --lora-rank, or targets matching no Linear layer, is an error naming the option.
core::Result<bool> applyLoraOptions(const CliOptions& o, core::ModelFile& model);
// Sets config.frozenWeights from --base-dtype / --quantize / --double-quant (unset: the file's).
void applyFrozenWeightOptions(const CliOptions& o, core::TrainingConfig& config);

} // namespace netsizer::cli
