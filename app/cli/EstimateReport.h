#pragma once

#include "core/analysis/Analysis.h"
#include "core/estimate/MemoryBreakdown.h"
#include "core/io/ModelFile.h"
#include "core/parallel/RankEstimate.h"

#include <optional>
#include <string>

namespace netsizer::cli {

// Everything the formatters print for `estimate` and `fit`: the model, its analysis (without
// errors) and the breakdown at `breakdown.config.batch`.
struct EstimateReport {
    std::string modelPath;
    core::ModelFile model;
    core::Analysis analysis;
    core::MemoryBreakdown breakdown;
    bool fitCommand = false;
    // fit only: the largest batch that fits (0: not even one sample; breakdown is then at 1),
    // by the centre estimate or, with `safe`, by the top of the error band.
    // With many GPUs the fitted batch is the global batch (every rank fits), and `otherRuleBatch`
    // the answer by the other rule (centre / safe); on one GPU it is breakdown.maxBatch(!safe).
    std::optional<std::uint64_t> fittedBatch;
    std::optional<std::uint64_t> otherRuleBatch;
    bool safe = false;
    // Many GPUs (TrainingConfig::parallel set): every distinct rank; `breakdown` is then the
    // breakdown of the rank that peaks (parallel->peakRank), at its per-rank micro-batch.
    std::optional<core::ParallelEstimate> parallel;
};

} // namespace netsizer::cli
