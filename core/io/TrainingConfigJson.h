#pragma once

#include "core/estimate/GpuCatalog.h"
#include "core/estimate/TrainingConfig.h"
#include "core/util/Result.h"

#include <nlohmann/json_fwd.hpp>
#include <string>

namespace netsizer::core {

// The "training" object of a model file (docs/native-format.md). Every key is optional;
// missing keys keep TrainingConfig's defaults. `at` is the JSON pointer of `j` for errors.
Result<TrainingConfig> trainingConfigFromJson(const nlohmann::json& j, const std::string& at, const GpuCatalog& gpus);
nlohmann::json trainingConfigToJson(const TrainingConfig& config);

} // namespace netsizer::core
