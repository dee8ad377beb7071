#include "ui/charts/ChartTheme.h"

#include <QEvent>

#include <qcustomplot.h>

namespace netsizer::ui {

namespace {

// Re-applies the theme when the plot's palette changes (a live theme switch) and replots.
class PaletteFollower : public QObject {
public:
    using QObject::QObject;
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::PaletteChange)
            if (auto* plot = qobject_cast<QCustomPlot*>(watched)) {
                ChartTheme::apply(*plot);
                plot->replot(QCustomPlot::rpQueuedReplot);
            }
        return false;
    }
};

} // namespace

bool ChartTheme::isDark(const QCustomPlot& plot)
{
    return plot.palette().color(QPalette::Base).lightness() < 128;
}

void ChartTheme::apply(QCustomPlot& plot)
{
    static const QString kFollower = QStringLiteral("ChartThemePaletteFollower");
    if (!plot.findChild<QObject*>(kFollower, Qt::FindDirectChildrenOnly)) {
        auto* follower = new PaletteFollower(&plot);
        follower->setObjectName(kFollower);
        plot.installEventFilter(follower);
    }
    const QPalette pal = plot.palette();
    const QColor text = pal.color(QPalette::Text);
    QColor grid = text;
    grid.setAlpha(40);
    plot.setBackground(pal.brush(QPalette::Base));
    for (QCPAxis* axis : plot.axisRect()->axes()) {
        axis->setBasePen(QPen(text, 1));
        axis->setTickPen(QPen(text, 1));
        axis->setSubTickPen(QPen(text, 1));
        axis->setLabelColor(text);
        axis->setTickLabelColor(text);
        axis->grid()->setPen(QPen(grid, 1, Qt::DotLine));
        axis->grid()->setZeroLinePen(Qt::NoPen);
    }
    if (plot.legend) {
        QColor bg = pal.color(QPalette::Base);
        bg.setAlpha(220);
        plot.legend->setBrush(bg);
        plot.legend->setBorderPen(QPen(grid));
        plot.legend->setTextColor(text);
    }
}

} // namespace netsizer::ui
