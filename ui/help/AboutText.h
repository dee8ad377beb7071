#pragma once
// The About NetSizer text: what it is, its licence (GPL-3.0-or-later) and the versions of the
// libraries it runs with (Qt at run time; QCustomPlot, ONNX and nlohmann_json as built).

#include <QCoreApplication>
#include <QString>

namespace netsizer::ui {

class AboutText {
    Q_DECLARE_TR_FUNCTIONS(AboutText)
public:
    static QString title();
    static QString html();
};

} // namespace netsizer::ui
