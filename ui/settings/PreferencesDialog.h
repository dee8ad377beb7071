#pragma once
// Edit ▸ Preferences…: byte units, the GPU a new session starts with, the autosave interval and
// the theme (system / light / dark). Every control writes its AppSettings value as soon as it
// changes, so the theme and the units apply live while the dialog is open; Close only closes.
// "Restore defaults" sets every value back to its AppSettings default.

#include <QDialog>

class QComboBox;
class QSpinBox;

namespace netsizer::ui {

class AppSettings;

class PreferencesDialog : public QDialog {
    Q_OBJECT
public:
    explicit PreferencesDialog(AppSettings& settings, QWidget* parent = nullptr);

    // The controls (tests drive them like a person would).
    QComboBox* unitsBox() const { return m_units; }
    QComboBox* gpuBox() const { return m_gpu; }
    QSpinBox* autosaveBox() const { return m_autosave; }
    QComboBox* themeBox() const { return m_theme; }

    void restoreDefaults();

private:
    // Shows the stored values without writing them back.
    void load();

    AppSettings& m_settings;
    QComboBox* m_units = nullptr;
    QComboBox* m_gpu = nullptr;
    QSpinBox* m_autosave = nullptr;
    QComboBox* m_theme = nullptr;
    bool m_loading = false;
};

} // namespace netsizer::ui
