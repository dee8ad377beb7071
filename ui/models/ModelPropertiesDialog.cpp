#include "ui/models/ModelPropertiesDialog.h"

#include "core/io/NameLimits.h"
#include "ui/files/DocumentFiles.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QPlainTextEdit>

namespace netsizer::ui {

ModelPropertiesDialog::ModelPropertiesDialog(DocumentFiles& files, QWidget* parent) : QDialog(parent), m_files(files)
{
    setObjectName(QStringLiteral("ModelPropertiesDialog"));
    setWindowTitle(tr("Model properties"));
    auto* form = new QFormLayout(this);
    m_name = new QLineEdit(QString::fromStdString(files.modelName()), this);
    m_name->setObjectName(QStringLiteral("ModelNameEdit"));
    m_name->setAccessibleName(tr("Model name"));
    m_name->setMaxLength(static_cast<int>(core::kMaxNameBytes / 4)); // UTF-8: at most 4 bytes a character
    m_description = new QPlainTextEdit(QString::fromStdString(files.description()), this);
    m_description->setObjectName(QStringLiteral("ModelDescriptionEdit"));
    m_description->setAccessibleName(tr("Model description"));
    m_description->setTabChangesFocus(true);
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("&Description:"), m_description);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        apply();
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);
    resize(480, 260);
}

bool ModelPropertiesDialog::apply() { return m_files.setModelProperties(m_name->text(), m_description->toPlainText()); }

} // namespace netsizer::ui
