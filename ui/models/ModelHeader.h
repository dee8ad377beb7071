#pragma once
// The model's name and description above the memory summary ("CNN 180×50 — why does batch 128
// need more than the forward activations suggest?"): what an example asks, in front of the
// student. Follows the document (a new or opened model, Model ▸ Properties and its undo);
// hidden while the model has neither. A double-click asks for Model ▸ Properties
// (propertiesRequested).

#include <QWidget>

class QLabel;

namespace netsizer::ui {

class Document;
class DocumentFiles;

class ModelHeader : public QWidget {
    Q_OBJECT
public:
    ModelHeader(Document& doc, DocumentFiles& files, QWidget* parent = nullptr);

    QString nameText() const;
    QString descriptionText() const;

signals:
    void propertiesRequested();

protected:
    void mouseDoubleClickEvent(QMouseEvent* event) override;

private:
    void sync();

    DocumentFiles& m_files;
    QLabel* m_name = nullptr;
    QLabel* m_description = nullptr;
};

} // namespace netsizer::ui
