#pragma once
// A GPU rank's verdict in a word or three and its colour (core::fitVerdict on the rank's peak
// at its micro-batch): "fits" (success), "may not fit" (warning), "does not fit" (error), "no
// GPU chosen" (text); and the rank's role, worded as core::RankEstimate::role. Shared by the
// per-GPU bars and the summary's lines about many GPUs.

#include "core/estimate/MemoryBreakdown.h"

#include <QColor>
#include <QPalette>
#include <QString>

namespace netsizer::ui {

struct RankVerdict {
    QString text;
    QColor color;

    static RankVerdict of(const core::PeakComposition& peak, const core::TrainingConfig& config, const QPalette& palette);
    // "every rank" (one stage), "stage 1 of 4 (first)", "stage 2 of 4", "stage 4 of 4 (last)";
    // `separator` goes before the parenthesis (a space, or a line break under a bar).
    static QString role(std::uint32_t stage, std::size_t stages, QChar separator = QLatin1Char(' '));
};

} // namespace netsizer::ui
