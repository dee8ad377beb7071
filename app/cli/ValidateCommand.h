#pragma once
// `netsizer-cli validate MODEL MEASURED.json`: estimates MODEL with the measurement's batch,
// optimizer, precision and framework (pytorch-cpu when the device is "cpu", pytorch on CUDA)
// and compares each measured component with the estimate (docs/measurement-format.md).

#include "app/cli/CliOptions.h"
#include "app/cli/EstimateReport.h"
#include "core/io/Measurement.h"
#include "core/util/Result.h"

#include <optional>
#include <string>
#include <vector>

namespace netsizer::cli {

// One compared quantity, bytes for the whole batch.
struct ComparisonRow {
    std::string name; // a component name of core/memory/Component.h, or "peak"
    std::uint64_t estimated = 0;
    std::uint64_t measured = 0;
    // (estimated − measured) / measured × 100; 0 when both are 0, unset when only measured is 0.
    std::optional<double> relativeErrorPct;
    std::optional<std::uint64_t> recorded; // the file's "estimate" (NetSizer at export time)
};

struct ValidateReport {
    std::string measurementPath;
    core::Measurement measurement;
    EstimateReport estimate; // the breakdown at the measurement's configuration
    // weights, gradients, optimizer_state, activations, input, peak (in that order).
    std::vector<ComparisonRow> rows;
    std::string peakRule; // what the estimated "peak" row is, matching the file's peak_kind
};

// Reads the measurement first (a bad file: its name and the JSON pointer), then the model.
core::Result<ValidateReport> runValidate(const CliOptions& options);

std::string formatValidateTable(const ValidateReport& report); // ValidateReport.cpp
std::string formatValidateJson(const ValidateReport& report);
std::string formatValidateCsv(const ValidateReport& report);

} // namespace netsizer::cli
