#include "app/MainWindow.h"

#include "ui/charts/MemoryView.h"
#include "ui/controls/TrainingControls.h"
#include "ui/table/LayerTableView.h"
#include "ui/document/Document.h"
#include "ui/style/DisplayOptions.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QMenuBar>
#include <QUndoStack>

namespace netsizer::app {

MainWindow::MainWindow(ui::Document& doc, ui::DisplayOptions& options, QWidget* parent)
    : QMainWindow(parent), m_doc(doc), m_options(options)
{
    m_memory = new ui::MemoryView(doc, options, this);
    setCentralWidget(m_memory);

    auto* controlsDock = new QDockWidget(tr("Training"), this);
    controlsDock->setObjectName(QStringLiteral("TrainingDock"));
    controlsDock->setWidget(new ui::TrainingControls(doc, controlsDock));
    addDockWidget(Qt::LeftDockWidgetArea, controlsDock);
    m_viewMenuDocks.push_back(controlsDock);

    auto* tableDock = new QDockWidget(tr("Layers"), this);
    tableDock->setObjectName(QStringLiteral("LayersDock"));
    tableDock->setWidget(new ui::LayerTableView(doc, options, tableDock));
    addDockWidget(Qt::BottomDockWidgetArea, tableDock);
    m_viewMenuDocks.push_back(tableDock);
    createActions();
    connect(&doc, &ui::Document::changed, this, &MainWindow::updateTitle);
    connect(&doc, &ui::Document::modifiedChanged, this, &MainWindow::updateTitle);
    updateTitle();
}

void MainWindow::createActions()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* quit = file->addAction(tr("&Quit"), qApp, &QApplication::closeAllWindows);
    quit->setShortcut(QKeySequence::Quit);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = m_doc.undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = m_doc.undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    for (QDockWidget* dock : m_viewMenuDocks) view->addAction(dock->toggleViewAction());
}

void MainWindow::updateTitle()
{
    const QString name = m_doc.graph().name.empty() ? tr("untitled") : QString::fromStdString(m_doc.graph().name);
    setWindowTitle(QStringLiteral("%1[*] — NetSizer").arg(name));
    setWindowModified(m_doc.isModified());
}

} // namespace netsizer::app
