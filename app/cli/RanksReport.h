#pragma once
// The per-rank part of the estimate reports when many GPUs are set (EstimateReport::parallel):
// one row per distinct rank with its components at its peak, its peak, host bytes and verdict.

#include "app/cli/EstimateReport.h"

#include <nlohmann/json_fwd.hpp>

#include <string>

namespace netsizer::cli {

// The "Parallel:" configuration line and the ranks table, for --format table ("" without).
std::string ranksTable(const EstimateReport& report);
// The "parallel" settings object and the "ranks" array, added to `into` (--format json).
void addRanksJson(const EstimateReport& report, nlohmann::ordered_json& into);

} // namespace netsizer::cli
