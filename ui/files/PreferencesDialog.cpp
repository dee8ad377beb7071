#include "ui/files/PreferencesDialog.h"

#include "ui/files/DocumentRecovery.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

namespace netsizer::ui {

PreferencesDialog::PreferencesDialog(QWidget* parent) : QDialog(parent)
{
    setWindowTitle(tr("Preferences"));
    m_autosave = new QSpinBox(this);
    m_autosave->setObjectName(QStringLiteral("autosaveSeconds"));
    m_autosave->setRange(1, 3600);
    m_autosave->setSuffix(tr(" s"));
    m_autosave->setValue(DocumentRecovery::autosaveSeconds());
    auto* form = new QFormLayout;
    form->addRow(tr("Autosave unsaved work every"), m_autosave);
    auto* note = new QLabel(tr("Unsaved work is also autosaved after every change to the layers. After a crash, the next "
                               "start offers to restore it."),
                            this);
    note->setWordWrap(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(note);
    layout->addWidget(buttons);
}

void PreferencesDialog::accept()
{
    QSettings().setValue(DocumentRecovery::autosaveSettingsKey(), m_autosave->value());
    QDialog::accept();
}

} // namespace netsizer::ui
