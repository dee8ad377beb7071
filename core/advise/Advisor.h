#pragma once
// core::advise: the changes that make a training configuration fit its GPU, each re-estimated
// with the change applied (core/advise/Advice.h). Pure: the graph is copied where a change
// edits it (freezing, a smaller input).

#include "core/advise/Advice.h"
#include "core/estimate/GpuCatalog.h"
#include "core/graph/Graph.h"

namespace netsizer::core {

// `config.gpu` must be set (without one there is nothing to fit; the advice then says so).
// `graph` must analyse without errors. Re-estimates a few dozen configurations and re-analyses
// the graph a few times per graph-editing kind (binary searches): milliseconds for
// ImageNet-sized networks.
Advice advise(const Graph& graph, const TrainingConfig& config, const GpuCatalog& catalog);

} // namespace netsizer::core
