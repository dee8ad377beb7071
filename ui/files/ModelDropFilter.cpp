#include "ui/files/ModelDropFilter.h"

#include "ui/files/DocumentFiles.h"

#include <QDropEvent>
#include <QMimeData>
#include <QTimer>
#include <QUrl>

namespace netsizer::ui {

ModelDropFilter::ModelDropFilter(DocumentFiles& files, QObject* parent) : QObject(parent), m_files(files) {}

QString ModelDropFilter::modelFileIn(const QMimeData* mime)
{
    if (!mime || !mime->hasUrls()) return {};
    for (const QUrl& url : mime->urls())
        if (url.isLocalFile() && DocumentFiles::isModelFile(url.toLocalFile())) return url.toLocalFile();
    return {};
}

bool ModelDropFilter::eventFilter(QObject* watched, QEvent* event)
{
    switch (event->type()) {
    case QEvent::DragEnter:
    case QEvent::DragMove: {
        auto* e = static_cast<QDragMoveEvent*>(event);
        if (modelFileIn(e->mimeData()).isEmpty()) break;
        e->setDropAction(Qt::CopyAction);
        e->accept();
        return true;
    }
    case QEvent::Drop: {
        auto* e = static_cast<QDropEvent*>(event);
        const QString path = modelFileIn(e->mimeData());
        if (path.isEmpty()) break;
        e->setDropAction(Qt::CopyAction);
        e->accept();
        // Opened after the drag-and-drop machinery returned: the save question is modal.
        QTimer::singleShot(0, &m_files, [files = &m_files, path] { files->openFile(path); });
        return true;
    }
    default: break;
    }
    return QObject::eventFilter(watched, event);
}

} // namespace netsizer::ui
