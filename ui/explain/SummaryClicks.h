#pragma once
// Makes the summary's totals clickable for the Explain panel without the summary knowing the
// panel: a component row's name (a child QLabel with the dynamic property "explainComponent",
// the core::Component as int) emits componentClicked; the headline (property "explainPeak")
// emits peakClicked. Installs itself on those labels of `summary` when constructed; labels
// the summary creates later are not watched.

#include "core/memory/Component.h"

#include <QObject>

class QWidget;

namespace netsizer::ui {

class SummaryClicks : public QObject {
    Q_OBJECT
public:
    SummaryClicks(QWidget* summary, QObject* parent = nullptr);

signals:
    void componentClicked(netsizer::core::Component c);
    void peakClicked();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
};

} // namespace netsizer::ui
