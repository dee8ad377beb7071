#pragma once
// The memory breakdown as CSV: what `netsizer-cli estimate --format csv` prints and the
// designer's File ▸ Export breakdown ▸ CSV writes, byte for byte the same for the same model and
// training configuration (docs/cli.md, "--format csv", is the column reference).
//
// One header line, then one row per analysed layer, one per component, "total", "total_low",
// "total_high", one "overhead_line" per overhead line and a "peak" row, all with the columns
//   row,name,type,output_shape,params,activations_per_sample,weights,gradients,optimizer_state,
//   activations,fixed,per_sample,batch,bytes
// Byte columns are exact integers; weights .. activations and bytes are at `batch`;
// fixed + batch × per_sample = bytes on every row (the peak's line is its timeline event's, or
// the total when the breakdown has no timeline). Rows other than layer rows leave the layer
// columns empty. Lines end in "\n"; fields are quoted as RFC 4180 (core/util/CsvText.h).

#include "core/analysis/Analysis.h"
#include "core/estimate/MemoryBreakdown.h"
#include "core/graph/Graph.h"

#include <string>

namespace netsizer::core {

// `analysis` must come from `graph` and `breakdown` from `analysis` (breakdown.layers parallel to
// analysis.layers, as core::estimate makes it). An analysis with errors is written too: its
// layer rows are the layers that could be analysed.
std::string breakdownCsv(const Graph& graph, const Analysis& analysis, const MemoryBreakdown& breakdown);

} // namespace netsizer::core
