#pragma once
// The memory breakdown of the open model as a file, headline first: the file, the peak of the
// training step with its band, the verdict on the GPU and the largest batch that fits; then what
// is alive at the peak by component beside each component's own maximum, and per-layer rows,
// all exact bytes at the configured batch with their fixed + per-sample split.
//
// CSV is core::breakdownCsv: byte for byte what `netsizer-cli estimate --format csv` prints for
// the same model and configuration (model, peak, peak composition, verdict, layer, component and
// overhead-line rows;
// core/report/BreakdownCsv.h and docs/cli.md list the columns), so a spreadsheet built on one
// reads the other.
// Markdown has the same figures as two tables (components, then layers) under a header naming
// the training configuration, bytes exact and in the chosen binary/decimal units.

#include "core/analysis/Analysis.h"
#include "core/estimate/MemoryBreakdown.h"
#include "core/graph/Graph.h"
#include "core/util/NumberFormat.h"

#include <QString>

#include <string>

namespace netsizer::ui {

class BreakdownReport {
public:
    // `analysis` and `breakdown` must come from `graph` (breakdown.layers parallel to
    // analysis.layers), as Document::analysis()/breakdown() are.
    // `modelFile` is the document's file (empty when never saved), named in the report.
    BreakdownReport(const core::Graph& graph, const core::Analysis& analysis, const core::MemoryBreakdown& breakdown,
                    std::string modelFile = {});

    std::string csv() const;
    std::string markdown(core::ByteUnits units = core::ByteUnits::Binary) const;

    // Writes `text` to `path` atomically (QSaveFile); on failure `error` names the file and why.
    static bool write(const QString& path, const std::string& text, QString* error);

private:
    const core::Graph& m_graph;
    const core::Analysis& m_analysis;
    const core::MemoryBreakdown& m_breakdown;
    std::string m_modelFile;
};

} // namespace netsizer::ui
