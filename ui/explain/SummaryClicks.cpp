#include "ui/explain/SummaryClicks.h"

#include <QEvent>
#include <QLabel>
#include <QMouseEvent>

namespace netsizer::ui {

SummaryClicks::SummaryClicks(QWidget* summary, QObject* parent) : QObject(parent)
{
    for (QLabel* label : summary->findChildren<QLabel*>()) {
        const bool component = label->property("explainComponent").isValid();
        if (!component && !label->property("explainPeak").toBool()) continue;
        label->installEventFilter(this);
        label->setCursor(Qt::PointingHandCursor);
        label->setToolTip(component ? tr("Explain this total: the sum of its layers")
                                    : tr("Explain the peak: what is alive at that instant"));
    }
}

bool SummaryClicks::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::MouseButtonRelease && static_cast<QMouseEvent*>(event)->button() == Qt::LeftButton) {
        const QVariant c = watched->property("explainComponent");
        if (c.isValid()) emit componentClicked(static_cast<core::Component>(c.toInt()));
        else emit peakClicked();
    }
    return QObject::eventFilter(watched, event);
}

} // namespace netsizer::ui
