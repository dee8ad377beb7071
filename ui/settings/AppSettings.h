#pragma once
// The designer's preferences, persisted through QSettings (the organisation and application
// names main() sets). The keys are a contract other features read and write:
//   display/units             "binary" | "decimal"             (default binary: MiB, GiB)
//   training/defaultGpu       a GPU preset name, "" for none   (default "RTX 3090")
//   autosave/intervalSeconds  0 (off) or 1 … 3600              (default 30)
//   appearance/theme          "system" | "light" | "dark"      (default system)
// A stored value that is missing or not one of these reads as the default (values clamp into
// their range), so a hand-edited or older settings file never breaks the designer.
//
// Every setter stores the value at once and emits its signal only when the value changed.
// The designer shares one instance (instance()); tests may construct their own. Two instances
// read the same store but do not notify each other.

#include "core/util/NumberFormat.h"

#include <QObject>
#include <QString>

namespace netsizer::ui {

enum class Theme { System, Light, Dark };

class AppSettings : public QObject {
    Q_OBJECT
public:
    static constexpr const char* kUnitsKey = "display/units";
    static constexpr const char* kDefaultGpuKey = "training/defaultGpu";
    static constexpr const char* kAutosaveIntervalKey = "autosave/intervalSeconds";
    static constexpr const char* kThemeKey = "appearance/theme";

    static constexpr int kDefaultAutosaveSeconds = 30;
    static constexpr int kMinAutosaveSeconds = 1;
    static constexpr int kMaxAutosaveSeconds = 3600;
    static inline const QString kDefaultGpu = QStringLiteral("RTX 3090");

    explicit AppSettings(QObject* parent = nullptr);
    // The designer's shared instance (created on first use, owned by the application object).
    static AppSettings& instance();

    core::ByteUnits units() const;
    void setUnits(core::ByteUnits units);

    // The preset the designer starts with; empty: no GPU selected. A name that is no longer a
    // preset is returned as stored (the caller's catalogue lookup then finds none).
    QString defaultGpu() const;
    void setDefaultGpu(const QString& name);

    // Seconds between autosaves; 0 means autosave is off.
    int autosaveIntervalSeconds() const;
    void setAutosaveIntervalSeconds(int seconds);

    Theme theme() const;
    void setTheme(Theme theme);

    static QString themeName(Theme theme); // "system", "light", "dark"

signals:
    void unitsChanged(netsizer::core::ByteUnits units);
    void defaultGpuChanged(const QString& name);
    void autosaveIntervalChanged(int seconds);
    void themeChanged(netsizer::ui::Theme theme);
};

} // namespace netsizer::ui
