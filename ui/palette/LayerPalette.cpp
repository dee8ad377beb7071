#include "ui/palette/LayerPalette.h"

#include "core/layers/KindRegistry.h"
#include "ui/palette/KindTree.h"
#include "ui/style/Icons.h"

#include <QLineEdit>
#include <QMap>
#include <QVBoxLayout>

namespace netsizer::ui {

LayerPalette::LayerPalette(const core::KindRegistry& registry, QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    m_search = new QLineEdit(this);
    m_search->setPlaceholderText(tr("Search layers…"));
    m_search->setClearButtonEnabled(true);
    layout->addWidget(m_search);
    m_tree = new KindTree(this);
    layout->addWidget(m_tree, 1);

    QMap<QString, QTreeWidgetItem*> groups;
    QStringList order;
    for (const core::LayerKind* k : registry.all()) {
        const QString cat = QString::fromStdString(k->category);
        QTreeWidgetItem* group = groups.value(cat);
        if (!group) {
            group = new QTreeWidgetItem(m_tree, {cat});
            group->setIcon(0, Icons::forCategory(cat));
            group->setFlags(Qt::ItemIsEnabled);
            QFont f = group->font(0);
            f.setBold(true);
            group->setFont(0, f);
            groups.insert(cat, group);
        }
        auto* item = new QTreeWidgetItem(group, {QString::fromStdString(k->displayName)});
        item->setData(0, Qt::UserRole, QString::fromStdString(k->id));
        QStringList search{QString::fromStdString(k->id), QString::fromStdString(k->displayName),
                           QString::fromStdString(k->description), cat};
        for (const auto& a : k->aliases) search << QString::fromStdString(a);
        item->setData(0, Qt::UserRole + 1, search.join(QLatin1Char('\n')));
        item->setToolTip(0, QStringLiteral("<b>%1</b> (%2)<br>%3")
                                .arg(QString::fromStdString(k->displayName).toHtmlEscaped(),
                                     QString::fromStdString(k->id).toHtmlEscaped(),
                                     QString::fromStdString(k->description).toHtmlEscaped()));
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsDragEnabled);
    }
    m_tree->expandAll();
    connect(m_search, &QLineEdit::textChanged, this, &LayerPalette::setFilter);
    // Enter in the search field adds the first kind it shows (the keyboard's shortest way).
    connect(m_search, &QLineEdit::returnPressed, this, [this] {
        for (int g = 0; g < m_tree->topLevelItemCount(); ++g) {
            const QTreeWidgetItem* group = m_tree->topLevelItem(g);
            for (int i = 0; i < group->childCount(); ++i)
                if (!group->child(i)->isHidden()) {
                    emit kindActivated(group->child(i)->data(0, Qt::UserRole).toString());
                    return;
                }
        }
    });
    m_search->setAccessibleName(tr("Search layers"));
    m_search->setToolTip(tr("Type part of a layer's name; Enter adds the first match after the selected layer"));
    m_tree->setAccessibleName(tr("Layer kinds"));
    connect(m_tree, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) {
        const QString id = item->data(0, Qt::UserRole).toString();
        if (!id.isEmpty()) emit kindActivated(id);
    });
}

void LayerPalette::setFilter(const QString& text)
{
    const QString t = text.trimmed();
    for (int g = 0; g < m_tree->topLevelItemCount(); ++g) {
        QTreeWidgetItem* group = m_tree->topLevelItem(g);
        int visible = 0;
        for (int i = 0; i < group->childCount(); ++i) {
            QTreeWidgetItem* item = group->child(i);
            const bool show = t.isEmpty() || item->data(0, Qt::UserRole + 1).toString().contains(t, Qt::CaseInsensitive);
            item->setHidden(!show);
            visible += show;
        }
        group->setHidden(visible == 0);
    }
}

int LayerPalette::visibleKindCount() const
{
    int n = 0;
    for (int g = 0; g < m_tree->topLevelItemCount(); ++g)
        for (int i = 0; i < m_tree->topLevelItem(g)->childCount(); ++i) n += !m_tree->topLevelItem(g)->child(i)->isHidden();
    return n;
}

} // namespace netsizer::ui
