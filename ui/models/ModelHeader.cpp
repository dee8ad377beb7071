#include "ui/models/ModelHeader.h"

#include "ui/document/Document.h"
#include "ui/files/DocumentFiles.h"

#include <QLabel>
#include <QVBoxLayout>

namespace netsizer::ui {

ModelHeader::ModelHeader(Document& doc, DocumentFiles& files, QWidget* parent) : QWidget(parent), m_files(files)
{
    setObjectName(QStringLiteral("ModelHeader"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 2);
    layout->setSpacing(1);
    m_name = new QLabel(this);
    QFont bold = m_name->font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.15);
    m_name->setFont(bold);
    m_name->setWordWrap(true);
    m_description = new QLabel(this);
    m_description->setWordWrap(true);
    m_description->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_name);
    layout->addWidget(m_description);
    setToolTip(tr("The model's name and description: double-click to edit them (Model ▸ Properties…)"));
    connect(&doc, &Document::changed, this, [this](const ChangeEvent& e) {
        if (e.what.testFlag(Change::Reset)) sync();
    });
    connect(&files, &DocumentFiles::propertiesChanged, this, &ModelHeader::sync);
    sync();
}

QString ModelHeader::nameText() const { return m_name->text(); }
QString ModelHeader::descriptionText() const { return m_description->text(); }

void ModelHeader::mouseDoubleClickEvent(QMouseEvent* event)
{
    QWidget::mouseDoubleClickEvent(event);
    emit propertiesRequested();
}

void ModelHeader::sync()
{
    const QString name = QString::fromStdString(m_files.modelName());
    const QString description = QString::fromStdString(m_files.description());
    m_name->setText(name);
    m_name->setVisible(!name.isEmpty());
    m_description->setText(description);
    m_description->setVisible(!description.isEmpty());
    setVisible(!name.isEmpty() || !description.isEmpty());
}

} // namespace netsizer::ui
