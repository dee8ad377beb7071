#include "ui/canvas/CanvasActions.h"

#include "ui/canvas/CanvasClipboard.h"
#include "ui/canvas/CanvasGroups.h"
#include "ui/canvas/GraphScene.h"
#include "ui/canvas/GraphView.h"
#include "ui/document/Document.h"
#include "ui/style/Icons.h"

#include <QAction>

namespace netsizer::ui {

namespace {

QAction* make(QObject* parent, const QString& text, const QString& icon, const QKeySequence& key, const QString& tip)
{
    auto* a = new QAction(Icons::get(icon), text, parent);
    a->setShortcut(key);
    a->setToolTip(QStringLiteral("%1 (%2)").arg(tip, key.toString(QKeySequence::NativeText)));
    a->setStatusTip(tip);
    return a;
}

} // namespace

CanvasActions::CanvasActions(GraphView& view, QObject* parent) : QObject(parent)
{
    GraphScene* scene = view.graphScene();
    CanvasClipboard* clipboard = scene->clipboard();
    m_cut = make(this, tr("Cu&t"), QStringLiteral("cut"), QKeySequence::Cut, tr("Cut the selected layers"));
    m_copy = make(this, tr("&Copy"), QStringLiteral("copy"), QKeySequence::Copy,
                  tr("Copy the selected layers and the connections among them"));
    m_paste = make(this, tr("&Paste"), QStringLiteral("paste"), QKeySequence::Paste, tr("Paste layers from the clipboard"));
    m_duplicate = make(this, tr("D&uplicate"), QStringLiteral("duplicate"), QKeySequence(Qt::CTRL | Qt::Key_D),
                       tr("Duplicate the selected layers"));
    m_remove = make(this, tr("&Delete"), QStringLiteral("delete"), QKeySequence::Delete,
                    tr("Delete the selected layers and connections"));
    m_selectAll = make(this, tr("Select &all"), QStringLiteral("select-all"), QKeySequence::SelectAll, tr("Select every layer"));
    m_zoomIn = make(this, tr("Zoom &in"), QStringLiteral("zoom-in"), QKeySequence::ZoomIn, tr("Zoom in"));
    m_zoomOut = make(this, tr("Zoom &out"), QStringLiteral("zoom-out"), QKeySequence::ZoomOut, tr("Zoom out"));
    m_fit = make(this, tr("&Fit to view"), QStringLiteral("fit-to-view"), QKeySequence(Qt::CTRL | Qt::Key_0),
                 tr("Show the whole network"));
    m_layout = make(this, tr("Auto &layout"), QStringLiteral("auto-layout"), QKeySequence(Qt::CTRL | Qt::Key_L),
                    tr("Arrange every layer top to bottom (undoable)"));

    m_zoomSelection = make(this, tr("Zoom to &selection"), QStringLiteral("zoom-selection"), QKeySequence(Qt::CTRL | Qt::Key_E),
                           tr("Show the selected layers"));
    m_find = make(this, tr("&Find layer…"), QStringLiteral("find"), QKeySequence::Find, tr("Find a layer by name"));
    m_miniMap = make(this, tr("&Minimap"), QStringLiteral("minimap"), QKeySequence(Qt::CTRL | Qt::Key_M),
                     tr("Show the whole network in a corner of the canvas"));
    m_miniMap->setCheckable(true);
    m_miniMap->setChecked(true);
    m_group = make(this, tr("&Group…"), QStringLiteral("group"), QKeySequence(Qt::CTRL | Qt::Key_G),
                   tr("Put the selected layers in a named group"));
    m_ungroup = make(this, tr("U&ngroup"), QStringLiteral("ungroup"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_G),
                     tr("Take the selected layers out of their groups"));
    m_groupByModules = make(this, tr("Group by &module names"), QStringLiteral("group"), QKeySequence(),
                            tr("Group every layer by the module scopes in its name (layer1.0.conv1 → layer1.0)"));
    m_groupByModules->setToolTip(m_groupByModules->statusTip());

    connect(m_cut, &QAction::triggered, clipboard, &CanvasClipboard::cut);
    connect(m_copy, &QAction::triggered, clipboard, &CanvasClipboard::copy);
    connect(m_paste, &QAction::triggered, clipboard, [clipboard] { clipboard->paste(); });
    connect(m_duplicate, &QAction::triggered, clipboard, &CanvasClipboard::duplicate);
    connect(m_remove, &QAction::triggered, scene, [scene] { scene->deleteSelection(); });
    connect(m_selectAll, &QAction::triggered, scene, [scene] { scene->selectAllLayers(); });
    connect(m_zoomIn, &QAction::triggered, &view, &GraphView::zoomIn);
    connect(m_zoomOut, &QAction::triggered, &view, &GraphView::zoomOut);
    connect(m_fit, &QAction::triggered, &view, &GraphView::fitAll);
    connect(m_zoomSelection, &QAction::triggered, &view, &GraphView::zoomToSelection);
    connect(m_find, &QAction::triggered, &view, &GraphView::findLayer);
    connect(m_miniMap, &QAction::toggled, &view, &GraphView::setMiniMapVisible);
    connect(m_layout, &QAction::triggered, scene, [scene] { scene->autoLayout(true); });
    connect(m_group, &QAction::triggered, scene, [scene, &view] { scene->groupSelectionAsking(&view); });
    connect(m_ungroup, &QAction::triggered, scene, [scene] { scene->ungroupSelection(); });
    connect(m_groupByModules, &QAction::triggered, scene, [scene] { scene->groups().groupByModuleNames(); });
    for (QAction* a : {m_cut, m_copy, m_paste, m_duplicate, m_remove, m_selectAll, m_group, m_ungroup}) {
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        view.addAction(a);
    }
}

} // namespace netsizer::ui
