#pragma once
// The summary's lines about many GPUs, above the per-GPU summary: the settings in words, the
// samples each GPU runs per pass, the rank that peaks with its peak and verdict, and the
// verdict of every other distinct rank (first / last pipeline stage), all from the core
// estimator's result (core::estimateParallel). When the settings cannot be estimated, why —
// and that the figures below are then those of one GPU holding the whole model. Hidden on one
// GPU.

#include "core/estimate/TrainingConfig.h"
#include "core/parallel/RankEstimate.h"
#include "core/util/Result.h"

#include <QLabel>

namespace netsizer::ui {

class DisplayOptions;

class RankSummaryLabel : public QLabel {
    Q_OBJECT
public:
    RankSummaryLabel(const DisplayOptions& options, QWidget* parent = nullptr);

    // `estimate` null: one GPU (hides the label).
    void setEstimate(const core::TrainingConfig& config, const core::Result<core::ParallelEstimate>* estimate);
    // The role of the rank that peaks as shown ("stage 1 of 4 (first)"); empty when none.
    QString peakRoleText() const { return m_peakRole; }

private:
    const DisplayOptions& m_options;
    QString m_peakRole;
};

} // namespace netsizer::ui
