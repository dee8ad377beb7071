#pragma once
// The memory summary. One headline: the peak of the training step at the configured batch with
// its low–high band ("Needs 4.67 GiB (4.56–5.38 GiB) at batch 32"; with gradient accumulation
// "… at batch 10 × 5 steps = 50", the micro-batch, the steps, the effective batch) — what the
// GPU must hold and what the verdict uses — and below it where the peak sits (phase and layer; for Caffe and
// inference, why the peak is the sum of the components). Then each component (colour swatch,
// what is alive of it at the peak instant — the rows add up to the headline — and, in a second
// column, its own maximum over the step; fixed + per-sample split and exact bytes in the
// tooltip) and below Workspace / Overhead each non-zero overhead line (CUDA context,
// convolution workspace, allocator rounding, fragmentation reserve), the verdict on the GPU —
// "fits" (the whole peak band fits), "may not fit" (the capacity lies inside the band),
// "does not fit" (below it) — the largest batch that fits, and the analysis errors.
// When a size exceeds 64 bits at the configured batch (core::sizeOverflowError), no figure is
// shown: the headline says the memory is too large to estimate, the line below names the layer,
// the batch and the step, and the component rows and the verdict are hidden.

#include "core/analysis/Analysis.h"
#include "core/estimate/MemoryBreakdown.h"
#include "core/graph/Graph.h"

#include <QWidget>

#include <array>
#include <string>

class QGridLayout;
class QLabel;

namespace netsizer::ui {

class DisplayOptions;

class SummaryPanel : public QWidget {
    Q_OBJECT
public:
    SummaryPanel(const DisplayOptions& options, QWidget* parent = nullptr);

    // Shows `breakdown` at breakdown.config.batch; layer names for the peak come from `graph`.
    // O(components + timeline events).
    void setBreakdown(const core::Graph& graph, const core::Analysis& analysis, const core::MemoryBreakdown& breakdown);

    // Tests: the texts shown and the exact peak they were made from.
    QString headlineText() const;
    QString peakPlaceText() const;
    QString verdictText() const;
    // The located overflow error shown instead of the figures; empty when every size is exact.
    QString overflowText() const { return m_overflow; }
    QString componentText(core::Component c) const;        // at the peak
    QString componentMaximumText(core::Component c) const; // its own maximum
    // The value shown for overhead line `name` ("cuda_context", …); empty when hidden.
    QString overheadLineText(const std::string& name) const;
    std::uint64_t peakBytes() const { return m_breakdown.peakBytes(); }

protected:
    // Re-inks the verdict and the errors when the palette changes (light ↔ dark).
    void changeEvent(QEvent* event) override;

private:
    void refreshText();
    // The headline, place and verdict when m_overflow is set; hides the figures.
    void showOverflow(const QString& batchText);
    void refreshVerdict(std::uint64_t peak, std::uint64_t peakLow, std::uint64_t peakHigh);
    QString range(std::uint64_t low, std::uint64_t high) const;

    static constexpr std::array<const char*, 4> kLineNames = {"conv_workspace", "cuda_context", "allocator_rounding",
                                                              "fragmentation"};
    struct Row {
        QLabel* swatch = nullptr;
        QLabel* name = nullptr;
        QLabel* value = nullptr;
        QLabel* maximum = nullptr; // components only
        void show(bool on);
    };

    const DisplayOptions& m_options;
    core::MemoryBreakdown m_breakdown;
    core::Count m_params = 0, m_trainable = 0, m_macs = 0;
    QStringList m_eventLayers; // per timeline event, empty when no layer runs
    QString m_errors;
    QString m_overflow; // core::sizeOverflowError's message at the configured batch
    QLabel* m_headline = nullptr;
    QLabel* m_place = nullptr;
    QLabel* m_columnAtPeak = nullptr;
    QLabel* m_columnMaximum = nullptr;
    QLabel* m_params_ = nullptr;
    std::array<Row, core::kComponentCount> m_rows{};
    std::array<Row, kLineNames.size()> m_lineRows{};
    QLabel* m_verdict = nullptr;
    QLabel* m_maxBatch = nullptr;
    QLabel* m_errorLabel = nullptr;
};

} // namespace netsizer::ui
