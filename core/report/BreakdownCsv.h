#pragma once
// The memory breakdown as CSV: what `netsizer-cli estimate --format csv` prints and the
// designer's File ▸ Export breakdown ▸ CSV writes, byte for byte the same for the same model and
// training configuration (docs/cli.md, "--format csv", is the column reference).
//
// One header line with the columns
//   row,name,type,output_shape,params,activations_per_sample,weights,gradients,optimizer_state,
//   activations,fixed,per_sample,batch,bytes
// then, headline first:
//   model                 name: the file, type: the model's name (byte columns empty)
//   peak                  the peak of the training step: name the layer running (empty outside
//                         forward/backward), type the phase; the line is the peak event's
//   peak_low, peak_high   the peak's band
//   peak_component        one per component (name as in JSON): what is alive at the peak
//                         instant; their bytes add up to the peak's
//   gpu                   when a GPU is set: name the GPU, type the verdict (fits, may_not_fit,
//                         does_not_fit), bytes its memory
//   max_batch, max_batch_safe  when a GPU is set: batch = the largest batch that fits (by the
//                         peak; by the top of its band), line = the peak there
//   layer                 one per analysed layer: its own share
//   component             one per component, each at its own maximum over the step
//   component_maxima_sum, component_maxima_low, component_maxima_high
//                         the sum of those maxima and its band (not the peak: the components
//                         peak at different instants)
//   overhead_line         one per overhead line, its centre
// Byte columns are exact integers; weights .. activations and bytes are at `batch`;
// fixed + batch × per_sample = bytes on every row with bytes. Rows other than layer rows leave
// the layer columns empty. Lines end in "\n"; fields are quoted as RFC 4180 (core/util/CsvText.h).

#include "core/analysis/Analysis.h"
#include "core/estimate/MemoryBreakdown.h"
#include "core/graph/Graph.h"

#include <string>

namespace netsizer::core {

// `analysis` must come from `graph` and `breakdown` from `analysis` (breakdown.layers parallel to
// analysis.layers, as core::estimate makes it). An analysis with errors is written too: its
// layer rows are the layers that could be analysed. `modelFile` names the file in the model row
// (empty for a document never saved).
std::string breakdownCsv(const Graph& graph, const Analysis& analysis, const MemoryBreakdown& breakdown,
                         const std::string& modelFile = {});

} // namespace netsizer::core
