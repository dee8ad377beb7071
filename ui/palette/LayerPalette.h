#pragma once
// Every layer kind of the registry, grouped by category (registration order within a group),
// searchable by name, id, alias and description, with the description as tooltip. Items drag
// as KindMimeData; double-click (or Enter) emits kindActivated so the window can append the
// layer after the selection, and so does Enter in the search field, for its first match.

#include <QWidget>

class QLineEdit;
class QTreeWidget;

namespace netsizer::core {
class KindRegistry;
}

namespace netsizer::ui {

class LayerPalette : public QWidget {
    Q_OBJECT
public:
    explicit LayerPalette(const core::KindRegistry& registry, QWidget* parent = nullptr);

    QLineEdit* searchField() const { return m_search; }
    QTreeWidget* tree() const { return m_tree; }
    // Shows only kinds matching `text` (case-insensitive); empty shows all.
    void setFilter(const QString& text);
    // Number of kinds currently visible.
    int visibleKindCount() const;

signals:
    void kindActivated(const QString& kindId);

private:
    QLineEdit* m_search = nullptr;
    QTreeWidget* m_tree = nullptr;
};

} // namespace netsizer::ui
