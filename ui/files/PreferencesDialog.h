#pragma once
// Edit ▸ Preferences…: the designer's settings that live outside any document (QSettings).
// Today one: how often unsaved work is autosaved for recovery (DocumentRecovery, 1 s to 1 h).
// Accepting writes the settings; the caller applies them (DocumentRecovery::applySettings()).

#include <QDialog>

class QSpinBox;

namespace netsizer::ui {

class PreferencesDialog : public QDialog {
    Q_OBJECT
public:
    explicit PreferencesDialog(QWidget* parent = nullptr);

    QSpinBox* autosaveSeconds() const { return m_autosave; }

    void accept() override;

private:
    QSpinBox* m_autosave = nullptr;
};

} // namespace netsizer::ui
