#pragma once
// The memory summary: total at the configured batch, each component (colour swatch, value,
// fixed + per-sample split in the tooltip with exact bytes), "fits / does not fit on <GPU>",
// the largest batch that fits, and the analysis errors when there are any.

#include "core/analysis/Analysis.h"
#include "core/estimate/MemoryBreakdown.h"

#include <QWidget>

#include <array>

class QLabel;

namespace netsizer::ui {

class DisplayOptions;

class SummaryPanel : public QWidget {
    Q_OBJECT
public:
    SummaryPanel(const DisplayOptions& options, QWidget* parent = nullptr);

    // Shows `breakdown` at breakdown.config.batch; O(components).
    void setBreakdown(const core::Analysis& analysis, const core::MemoryBreakdown& breakdown);

    // Tests: the text shown for the total and for the verdict.
    QString totalText() const;
    QString verdictText() const;
    QString componentText(core::Component c) const;

private:
    void refreshText();

    const DisplayOptions& m_options;
    core::MemoryBreakdown m_breakdown;
    core::Count m_params = 0, m_trainable = 0, m_macs = 0;
    QString m_errors;
    QLabel* m_total = nullptr;
    QLabel* m_params_ = nullptr;
    std::array<QLabel*, core::kComponentCount> m_swatch{};
    std::array<QLabel*, core::kComponentCount> m_name{};
    std::array<QLabel*, core::kComponentCount> m_value{};
    QLabel* m_verdict = nullptr;
    QLabel* m_maxBatch = nullptr;
    QLabel* m_errorLabel = nullptr;
};

} // namespace netsizer::ui
