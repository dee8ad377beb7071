#include "ui/help/AboutText.h"

#include "core/io/LibraryVersions.h"

#include <qcustomplot.h>

#ifndef NETSIZER_VERSION
#define NETSIZER_VERSION "unknown"
#endif

namespace netsizer::ui {

QString AboutText::title() { return tr("About NetSizer"); }

QString AboutText::html()
{
    const QString versions =
        QStringLiteral("<tr><td>Qt</td><td>%1</td></tr><tr><td>QCustomPlot</td><td>%2</td></tr>"
                       "<tr><td>ONNX</td><td>%3</td></tr><tr><td>nlohmann_json</td><td>%4</td></tr>")
            .arg(QString::fromLatin1(qVersion()), QStringLiteral(QCUSTOMPLOT_VERSION_STR),
                 QString::fromStdString(core::onnxVersion()), QString::fromStdString(core::nlohmannJsonVersion()));
    return tr("<h3>NetSizer %1</h3>"
              "<p>Design a neural network and see the GPU memory its training needs, and why.</p>"
              "<p>Licence: GNU General Public License, version 3 or (at your option) any later version "
              "(GPL-3.0-or-later). NetSizer comes with no warranty.</p>")
               .arg(QStringLiteral(NETSIZER_VERSION)) +
           QStringLiteral("<p>%1</p><table>%2</table>").arg(tr("Built with:"), versions);
}

} // namespace netsizer::ui
