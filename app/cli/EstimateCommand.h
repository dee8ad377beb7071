#pragma once

#include "app/cli/CliOptions.h"
#include "app/cli/EstimateReport.h"
#include "core/util/Result.h"

namespace netsizer::cli {

// `estimate` and `fit`: reads the model (with the import options), merges its "training"
// section with the options, analyses and estimates; `fit` moves the breakdown to the largest
// batch whose peak fits (--safe: whose peak plus the band's upper excess fits). Errors name the file and the place: a JSON pointer from the reader,
// "/layers/<i>" plus the layer name from the analyser (the first error, with the count of the
// others), or the option for an unknown GPU preset.
core::Result<EstimateReport> runEstimate(const CliOptions& options);

} // namespace netsizer::cli
