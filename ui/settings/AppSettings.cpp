#include "ui/settings/AppSettings.h"

#include <QCoreApplication>
#include <QSettings>

#include <algorithm>

namespace netsizer::ui {

namespace {

QString key(const char* k) { return QString::fromLatin1(k); }

} // namespace

AppSettings::AppSettings(QObject* parent) : QObject(parent) {}

AppSettings& AppSettings::instance()
{
    static AppSettings* shared = new AppSettings(QCoreApplication::instance());
    return *shared;
}

core::ByteUnits AppSettings::units() const
{
    const QString v = QSettings().value(key(kUnitsKey)).toString();
    return v == QLatin1String("decimal") ? core::ByteUnits::Decimal : core::ByteUnits::Binary;
}

void AppSettings::setUnits(core::ByteUnits units)
{
    const bool changed = units != this->units();
    QSettings().setValue(key(kUnitsKey), units == core::ByteUnits::Decimal ? QStringLiteral("decimal") : QStringLiteral("binary"));
    if (changed) emit unitsChanged(units);
}

QString AppSettings::defaultGpu() const
{
    QSettings s;
    return s.contains(key(kDefaultGpuKey)) ? s.value(key(kDefaultGpuKey)).toString().trimmed() : kDefaultGpu;
}

void AppSettings::setDefaultGpu(const QString& name)
{
    const QString trimmed = name.trimmed();
    const bool changed = trimmed != defaultGpu();
    QSettings().setValue(key(kDefaultGpuKey), trimmed);
    if (changed) emit defaultGpuChanged(trimmed);
}

int AppSettings::autosaveIntervalSeconds() const
{
    bool ok = false;
    const int v = QSettings().value(key(kAutosaveIntervalKey)).toInt(&ok);
    if (!ok || v < 0) return kDefaultAutosaveSeconds;
    if (v == 0) return 0;
    return std::clamp(v, kMinAutosaveSeconds, kMaxAutosaveSeconds);
}

void AppSettings::setAutosaveIntervalSeconds(int seconds)
{
    const int v = seconds <= 0 ? 0 : std::clamp(seconds, kMinAutosaveSeconds, kMaxAutosaveSeconds);
    const bool changed = v != autosaveIntervalSeconds();
    QSettings().setValue(key(kAutosaveIntervalKey), v);
    if (changed) emit autosaveIntervalChanged(v);
}

QString AppSettings::themeName(Theme theme)
{
    switch (theme) {
    case Theme::System: return QStringLiteral("system");
    case Theme::Light: return QStringLiteral("light");
    case Theme::Dark: return QStringLiteral("dark");
    }
    return QStringLiteral("system");
}

Theme AppSettings::theme() const
{
    const QString v = QSettings().value(key(kThemeKey)).toString();
    for (Theme t : {Theme::Light, Theme::Dark})
        if (v == themeName(t)) return t;
    return Theme::System;
}

void AppSettings::setTheme(Theme theme)
{
    const bool changed = theme != this->theme();
    QSettings().setValue(key(kThemeKey), themeName(theme));
    if (changed) emit themeChanged(theme);
}

} // namespace netsizer::ui
