#pragma once
// The palette's tree: a QTreeWidget whose kind items drag as KindMimeData (the kind id is
// stored in Qt::UserRole of column 0; category rows carry none and do not drag).

#include <QTreeWidget>

namespace netsizer::ui {

class KindTree : public QTreeWidget {
    Q_OBJECT
public:
    explicit KindTree(QWidget* parent = nullptr);

protected:
    QStringList mimeTypes() const override;
    QMimeData* mimeData(const QList<QTreeWidgetItem*>& items) const override;
};

} // namespace netsizer::ui
