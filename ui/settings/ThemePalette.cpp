#include "ui/settings/ThemePalette.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>

namespace netsizer::ui {

namespace {

// What the platform gave the application, captured before the first theme replaced it.
struct SystemLook {
    QPalette palette;
    QString style;
};

SystemLook& systemLook()
{
    static SystemLook look{QApplication::palette(), QApplication::style() ? QApplication::style()->name() : QString()};
    return look;
}

void useStyle(const QString& name)
{
    if (name.isEmpty() || !QApplication::style() || QApplication::style()->name().compare(name, Qt::CaseInsensitive) == 0)
        return;
    if (QStyle* style = QStyleFactory::create(name)) QApplication::setStyle(style);
}

} // namespace

QPalette ThemePalette::light()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(0xEF, 0xEF, 0xEF));
    p.setColor(QPalette::WindowText, Qt::black);
    p.setColor(QPalette::Base, Qt::white);
    p.setColor(QPalette::AlternateBase, QColor(0xF5, 0xF5, 0xF5));
    p.setColor(QPalette::ToolTipBase, QColor(0xFF, 0xFF, 0xDC));
    p.setColor(QPalette::ToolTipText, Qt::black);
    p.setColor(QPalette::PlaceholderText, QColor(0x80, 0x80, 0x80));
    p.setColor(QPalette::Text, Qt::black);
    p.setColor(QPalette::Button, QColor(0xEF, 0xEF, 0xEF));
    p.setColor(QPalette::ButtonText, Qt::black);
    p.setColor(QPalette::BrightText, Qt::white);
    p.setColor(QPalette::Light, Qt::white);
    p.setColor(QPalette::Midlight, QColor(0xCA, 0xCA, 0xCA));
    p.setColor(QPalette::Mid, QColor(0xA0, 0xA0, 0xA0));
    p.setColor(QPalette::Dark, QColor(0x9F, 0x9F, 0x9F));
    p.setColor(QPalette::Shadow, QColor(0x76, 0x76, 0x76));
    p.setColor(QPalette::Highlight, QColor(0x30, 0x8C, 0xC6));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x00, 0x00, 0xFF));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0xBE, 0xBE, 0xBE));
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0xBE, 0xBE, 0xBE));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0xBE, 0xBE, 0xBE));
    return p;
}

QPalette ThemePalette::dark()
{
    QPalette p;
    const QColor window(0x2D, 0x2D, 0x30);
    const QColor base(0x1E, 0x1E, 0x1E);
    const QColor text(0xE6, 0xE6, 0xE6);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x29, 0x29, 0x2C));
    p.setColor(QPalette::ToolTipBase, QColor(0x3C, 0x3C, 0x40));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0x8C, 0x8C, 0x8C));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x3A, 0x3A, 0x3D));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xFF, 0x6B, 0x6B));
    p.setColor(QPalette::Light, QColor(0x50, 0x50, 0x54));
    p.setColor(QPalette::Midlight, QColor(0x44, 0x44, 0x48));
    p.setColor(QPalette::Mid, QColor(0x6E, 0x6E, 0x73));
    p.setColor(QPalette::Dark, QColor(0x19, 0x19, 0x1B));
    p.setColor(QPalette::Shadow, Qt::black);
    p.setColor(QPalette::Highlight, QColor(0x3D, 0x8E, 0xE0));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x6C, 0xB4, 0xFF));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x7A, 0x7A, 0x7A));
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x7A, 0x7A, 0x7A));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x7A, 0x7A, 0x7A));
    return p;
}

void ThemePalette::apply(Theme theme)
{
    const SystemLook& system = systemLook(); // captured before the first change
    switch (theme) {
    case Theme::System:
        useStyle(system.style);
        QApplication::setPalette(system.palette);
        break;
    case Theme::Light:
        useStyle(QStringLiteral("Fusion"));
        QApplication::setPalette(light());
        break;
    case Theme::Dark:
        useStyle(QStringLiteral("Fusion"));
        QApplication::setPalette(dark());
        break;
    }
}

} // namespace netsizer::ui
