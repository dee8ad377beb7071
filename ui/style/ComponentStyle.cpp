#include "ui/style/ComponentStyle.h"

#include <QObject>
#include <QPainter>
#include <QPixmap>

namespace netsizer::ui {

QColor ComponentStyle::color(core::Component c)
{
    switch (c) {
    case core::Component::Weights: return QColor(0x4C, 0x78, 0xA8);             // blue
    case core::Component::Gradients: return QColor(0xF5, 0x85, 0x18);           // orange
    case core::Component::OptimizerState: return QColor(0x54, 0xA2, 0x4B);      // green
    case core::Component::Activations: return QColor(0xE4, 0x57, 0x56);         // red
    case core::Component::ActivationGradients: return QColor(0xB2, 0x79, 0xA2); // purple
    case core::Component::Input: return QColor(0x72, 0xB7, 0xB2);               // teal
    case core::Component::Workspace: return QColor(0xEE, 0xCA, 0x3B);           // yellow
    case core::Component::Overhead: return QColor(0x9D, 0x9D, 0xA0);            // grey
    }
    return Qt::gray;
}

QColor ComponentStyle::outline(core::Component c, bool darkBackground)
{
    return darkBackground ? color(c).lighter(140) : color(c).darker(140);
}

QIcon ComponentStyle::swatch(core::Component c, int size)
{
    QPixmap pm(size, size);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setPen(outline(c, false));
    p.setBrush(color(c));
    p.drawRect(0, 0, size - 1, size - 1);
    return QIcon(pm);
}

QString ComponentStyle::label(core::Component c) { return QString::fromUtf8(core::componentLabel(c)); }

QColor ComponentStyle::overheadColor(const std::string& lineName)
{
    if (lineName == "conv_workspace") return color(core::Component::Workspace);
    if (lineName == "cuda_context") return color(core::Component::Overhead);
    if (lineName == "allocator_rounding") return QColor(0xBA, 0xB0, 0xAC); // light warm grey
    if (lineName == "fragmentation") return QColor(0x79, 0x70, 0x6E);      // dark warm grey
    return color(core::Component::Overhead);
}

QString ComponentStyle::overheadLabel(const std::string& lineName)
{
    if (lineName == "cuda_context") return QObject::tr("CUDA context");
    if (lineName == "conv_workspace") return QObject::tr("Convolution workspace");
    if (lineName == "allocator_rounding") return QObject::tr("Allocator rounding");
    if (lineName == "fragmentation") return QObject::tr("Fragmentation reserve");
    return QString::fromStdString(lineName);
}

} // namespace netsizer::ui
