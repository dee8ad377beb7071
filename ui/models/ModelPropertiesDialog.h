#pragma once
// Model ▸ Properties…: edits the model's name and description. Accepting applies both through
// DocumentFiles::setModelProperties (one step of the Document's undo stack; saved with the
// model).

#include <QDialog>

class QLineEdit;
class QPlainTextEdit;

namespace netsizer::ui {

class DocumentFiles;

class ModelPropertiesDialog : public QDialog {
    Q_OBJECT
public:
    ModelPropertiesDialog(DocumentFiles& files, QWidget* parent = nullptr);

    QLineEdit* nameEdit() const { return m_name; }
    QPlainTextEdit* descriptionEdit() const { return m_description; }
    // Applies the fields to the document (what OK does); false when nothing changed.
    bool apply();

private:
    DocumentFiles& m_files;
    QLineEdit* m_name = nullptr;
    QPlainTextEdit* m_description = nullptr;
};

} // namespace netsizer::ui
