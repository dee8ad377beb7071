#include "ui/palette/KindTree.h"

#include "ui/palette/KindMimeData.h"

namespace netsizer::ui {

KindTree::KindTree(QWidget* parent) : QTreeWidget(parent)
{
    setHeaderHidden(true);
    setDragEnabled(true);
    setDragDropMode(QAbstractItemView::DragOnly);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setRootIsDecorated(true);
}

QStringList KindTree::mimeTypes() const { return {QString::fromLatin1(kKindMimeType)}; }

QMimeData* KindTree::mimeData(const QList<QTreeWidgetItem*>& items) const
{
    for (QTreeWidgetItem* item : items) {
        const QString id = item->data(0, Qt::UserRole).toString();
        if (!id.isEmpty()) return makeKindMimeData(id);
    }
    return nullptr;
}

} // namespace netsizer::ui
