#include "ui/charts/RankVerdict.h"

#include "core/report/PeakHeadline.h"
#include "ui/style/StatusColors.h"

#include <QCoreApplication>

namespace netsizer::ui {

RankVerdict RankVerdict::of(const core::PeakComposition& peak, const core::TrainingConfig& config, const QPalette& palette)
{
    const auto tr = [](const char* text) { return QCoreApplication::translate("RankVerdict", text); };
    switch (core::fitVerdict(peak, config)) {
    case core::FitVerdict::Fits: return {tr("fits"), StatusColors::success(palette)};
    case core::FitVerdict::MayNotFit: return {tr("may not fit"), StatusColors::warning(palette)};
    case core::FitVerdict::DoesNotFit: return {tr("does not fit"), StatusColors::error(palette)};
    case core::FitVerdict::NoGpu: break;
    }
    return {tr("no GPU chosen"), palette.color(QPalette::Text)};
}

QString RankVerdict::role(std::uint32_t stage, std::size_t stages, QChar separator)
{
    const auto tr = [](const char* text) { return QCoreApplication::translate("RankVerdict", text); };
    if (stages <= 1) return tr("every rank");
    QString label = tr("stage %1 of %2").arg(stage + 1).arg(stages);
    if (stage == 0) label += separator + tr("(first)");
    else if (stage + 1 == stages) label += separator + tr("(last)");
    return label;
}

} // namespace netsizer::ui
