#pragma once
// Opens model files dropped onto a window: install on the window (and on any child that takes
// drops of its own, such as the canvas viewport). Drags carrying local file URLs with a model
// extension are accepted; the first such file is opened through DocumentFiles::openFile (which
// asks to save unsaved changes first). Other drags (palette kinds) pass through untouched.

#include <QObject>
#include <QString>

class QMimeData;

namespace netsizer::ui {

class DocumentFiles;

class ModelDropFilter : public QObject {
    Q_OBJECT
public:
    ModelDropFilter(DocumentFiles& files, QObject* parent = nullptr);

    // The first local model file in `mime`, or an empty string.
    static QString modelFileIn(const QMimeData* mime);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    DocumentFiles& m_files;
};

} // namespace netsizer::ui
