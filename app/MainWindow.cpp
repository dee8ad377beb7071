#include "app/MainWindow.h"

#include "core/analysis/LayerFreezing.h"
#include "core/layers/KindRegistry.h"
#include "ui/advise/SuggestionEdits.h"
#include "ui/canvas/CanvasActions.h"
#include "ui/canvas/CanvasClipboard.h"
#include "ui/canvas/CanvasKeyboard.h"
#include "ui/canvas/GraphScene.h"
#include "ui/canvas/GraphView.h"
#include "ui/canvas/NodeItem.h"
#include "ui/charts/LayerBarsChart.h"
#include "ui/charts/MemoryView.h"
#include "ui/charts/SummaryPanel.h"
#include "ui/charts/TimelineChart.h"
#include "ui/controls/TrainingControls.h"
#include "ui/document/Document.h"
#include "ui/explain/ExplainPanel.h"
#include "ui/explain/SummaryClicks.h"
#include "ui/files/DocumentFiles.h"
#include "ui/files/FileMenu.h"
#include "ui/files/ModelDropFilter.h"
#include "ui/files/RecentFiles.h"
#include "ui/help/HelpMenu.h"
#include "ui/lessons/LessonMenu.h"
#include "ui/lessons/LessonPlayer.h"
#include "ui/models/ModelHeader.h"
#include "ui/models/ModelPropertiesDialog.h"
#include "ui/palette/LayerPalette.h"
#include "ui/properties/PropertyPanel.h"
#include "ui/settings/AppSettings.h"
#include "ui/settings/PreferencesDialog.h"
#include "ui/style/DisplayOptions.h"
#include "ui/step/StepCanvasMark.h"
#include "ui/step/StepPanel.h"
#include "ui/style/Icons.h"
#include "ui/table/LayerTableView.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QResizeEvent>
#include <QShowEvent>
#include <QDockWidget>
#include <QInputDialog>
#include <QMenuBar>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QToolBar>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>

namespace netsizer::app {

MainWindow::MainWindow(ui::Document& doc, ui::DisplayOptions& options, QWidget* parent)
    : QMainWindow(parent), m_doc(doc), m_options(options)
{
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    setDockOptions(AnimatedDocks | AllowTabbedDocks | AllowNestedDocks);
    setWindowIcon(ui::Icons::application());

    m_recent = new ui::RecentFiles(QStringLiteral("files/recent"), this);
    m_files = new ui::DocumentFiles(doc, m_recent, ui::FileInteraction::dialogs(this), this);

    m_scene = new ui::GraphScene(doc, options, this);
    m_view = new ui::GraphView(doc, m_scene, this);
    setCentralWidget(m_view);

    // Left: what to add, what is selected and how it trains; right: what it costs; the table
    // under the canvas only (the side columns own the bottom corners).
    m_palette = new ui::LayerPalette(core::KindRegistry::builtin(), this);
    m_paletteDock = addDock(tr("Layers palette"), QStringLiteral("PaletteDock"), m_palette, Qt::LeftDockWidgetArea);
    m_properties = new ui::PropertyPanel(doc, this);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(m_properties);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // long messages wrap instead
    m_propertiesDock = addDock(tr("Properties"), QStringLiteral("PropertiesDock"), scroll, Qt::LeftDockWidgetArea);
    auto* controls = new ui::TrainingControls(doc, this);
    // Scrolls rather than pushing the window taller when the GPUs group opens on a small screen.
    auto* trainingScroll = new QScrollArea(this);
    trainingScroll->setWidget(controls);
    trainingScroll->setWidgetResizable(true);
    trainingScroll->setFrameShape(QFrame::NoFrame);
    trainingScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_trainingDock = addDock(tr("Training"), QStringLiteral("TrainingDock"), trainingScroll, Qt::LeftDockWidgetArea);
    m_memory = new ui::MemoryView(doc, options, this);
    // The model's name and description head the memory column (above the charts and summary).
    auto* memoryColumn = new QWidget(this);
    auto* memoryLayout = new QVBoxLayout(memoryColumn);
    memoryLayout->setContentsMargins(0, 0, 0, 0);
    memoryLayout->setSpacing(0);
    m_header = new ui::ModelHeader(doc, *m_files, memoryColumn);
    memoryLayout->addWidget(m_header);
    memoryLayout->addWidget(m_memory, 1);
    m_memoryDock = addDock(tr("Memory"), QStringLiteral("MemoryDock"), memoryColumn, Qt::RightDockWidgetArea);
    m_explain = new ui::ExplainPanel(doc, options, this);
    m_explainDock = addDock(tr("Explain"), QStringLiteral("ExplainDock"), m_explain, Qt::RightDockWidgetArea);
    splitDockWidget(m_memoryDock, m_explainDock, Qt::Vertical);
    // Step through shares the Explain panel's place (a tab), hidden until View ▸ Step through.
    m_step = new ui::StepPanel(doc, options, this);
    // Scrolls rather than making the window taller on a small screen.
    auto* stepScroll = new QScrollArea(this);
    stepScroll->setWidget(m_step);
    stepScroll->setWidgetResizable(true);
    stepScroll->setFrameShape(QFrame::NoFrame);
    stepScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_stepDock = addDock(tr("Step through"), QStringLiteral("StepDock"), stepScroll, Qt::RightDockWidgetArea);
    tabifyDockWidget(m_explainDock, m_stepDock);
    m_stepDock->hide();
    m_explainDock->raise();
    m_table = new ui::LayerTableView(doc, options, this);
    m_tableDock = addDock(tr("Layer table"), QStringLiteral("LayerTableDock"), m_table, Qt::BottomDockWidgetArea);

    // Names lessons point at (docs/lessons.md); the widgets inside name their own parts.
    m_view->setObjectName(QStringLiteral("Canvas"));
    m_palette->setObjectName(QStringLiteral("LayerPalette"));
    m_properties->setObjectName(QStringLiteral("PropertyPanel"));
    controls->setObjectName(QStringLiteral("TrainingControls"));
    m_memory->setObjectName(QStringLiteral("MemoryView"));
    m_header->setObjectName(QStringLiteral("ModelHeader"));
    m_explain->setObjectName(QStringLiteral("ExplainPanel"));
    m_table->setObjectName(QStringLiteral("LayerTable"));

    auto* drops = new ui::ModelDropFilter(*m_files, this);
    setAcceptDrops(true);
    installEventFilter(drops);
    m_view->viewport()->installEventFilter(drops);
    connect(m_files, &ui::DocumentFiles::statusMessage, this, [this](const QString& text) { statusBar()->showMessage(text, 15000); });
    connect(m_files, &ui::DocumentFiles::fileChanged, this, &MainWindow::updateTitle);
    connect(m_files, &ui::DocumentFiles::propertiesChanged, this, &MainWindow::updateTitle);

    createActions();
    wireSelection();
    connect(m_palette, &ui::LayerPalette::kindActivated, this, &MainWindow::appendKind);
    connect(&doc, &ui::Document::changed, this, &MainWindow::updateTitle);
    connect(&doc, &ui::Document::modifiedChanged, this, &MainWindow::updateTitle);
    updateTitle();
}

MainWindow::~MainWindow()
{
    disconnect(m_scene, nullptr, this, nullptr);
    disconnect(m_step, nullptr, this, nullptr); // hiding the panel announces "no event" to the canvas
}

void MainWindow::arrangeDocks()
{
    const int w = width(), h = height();
    const int left = std::clamp(w * 20 / 100, 240, 320);
    const int right = std::clamp(w * 40 / 100, 320, 760);
    resizeDocks({m_paletteDock, m_memoryDock}, {left, right}, Qt::Horizontal);
    const auto* trainingScroll = qobject_cast<QScrollArea*>(m_trainingDock->widget());
    const int training = std::min(trainingScroll->widget()->sizeHint().height() + 4, h * 60 / 100);
    const int rest = std::max(200, h - training);
    resizeDocks({m_paletteDock, m_propertiesDock, m_trainingDock}, {rest * 55 / 100, rest * 45 / 100, training}, Qt::Vertical);
    resizeDocks({m_tableDock}, {std::clamp(h * 22 / 100, 120, 260)}, Qt::Vertical);
    resizeDocks({m_memoryDock, m_explainDock}, {h * 62 / 100, h * 38 / 100}, Qt::Vertical);
}

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    if (!m_arranged) {
        m_arranged = true;
        if (!m_restoredState) arrangeDocks();
    }
}

void MainWindow::resizeEvent(QResizeEvent* event)
{
    QMainWindow::resizeEvent(event);
    // A saved layout from a larger screen, or a window made narrower: give the canvas its
    // third back once the layout has settled.
    if (!isVisible() || m_rearrangeQueued) return;
    m_rearrangeQueued = true;
    QMetaObject::invokeMethod(this, [this] {
        m_rearrangeQueued = false;
        if (centralWidget()->width() * 3 < width()) arrangeDocks();
    }, Qt::QueuedConnection);
}

QDockWidget* MainWindow::addDock(const QString& title, const QString& objectName, QWidget* widget, Qt::DockWidgetArea area)
{
    auto* dock = new QDockWidget(title, this);
    dock->setObjectName(objectName);
    dock->setWidget(widget);
    addDockWidget(area, dock);
    m_docks.push_back(dock);
    return dock;
}

void MainWindow::askFineTuneLastLayers()
{
    const auto weighted = core::layersWithWeights(m_doc.analysis());
    if (!m_doc.analysis().ok() || weighted.empty()) {
        statusBar()->showMessage(!m_doc.analysis().ok() ? tr("Fine-tune: fix the model's analysis errors first")
                                                        : tr("Fine-tune: the model has no layers with weights"),
                                 8000);
        return;
    }
    // Offered first: how many train now when those are the last ones, else three.
    std::size_t trailing = 0;
    for (auto it = weighted.rbegin(); it != weighted.rend() && m_doc.graph().find(*it)->trainable; ++it) ++trailing;
    const int count = static_cast<int>(weighted.size());
    QInputDialog dialog(this);
    dialog.setObjectName(QStringLiteral("FineTuneDialog"));
    dialog.setWindowTitle(tr("Fine-tune the last layers"));
    dialog.setLabelText(tr("Train the last N of the %n layer(s) with weights and freeze the others:", nullptr, count));
    dialog.setInputMode(QInputDialog::IntInput);
    dialog.setIntRange(1, count);
    dialog.setIntValue(trailing > 0 && trailing < weighted.size() ? static_cast<int>(trailing) : std::min(3, count));
    if (dialog.exec() != QDialog::Accepted) return;
    QString error;
    if (!ui::fineTuneLastLayers(m_doc, static_cast<std::size_t>(dialog.intValue()), &error))
        statusBar()->showMessage(error, 8000);
}

void MainWindow::createActions()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    new ui::FileMenu(file, this, m_doc, *m_files, *m_recent, *m_memory, m_options);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    m_editMenu = edit;
    QAction* undo = m_doc.undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    undo->setIcon(ui::Icons::get(QStringLiteral("undo")));
    QAction* redo = m_doc.undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    redo->setIcon(ui::Icons::get(QStringLiteral("redo")));
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    auto* canvas = new ui::CanvasActions(*m_view, this);
    edit->addActions({canvas->cut(), canvas->copy(), canvas->paste(), canvas->duplicate()});
    edit->addSeparator();
    edit->addActions({canvas->remove(), canvas->selectAll()});
    edit->addSeparator();
    edit->addAction(canvas->find());
    edit->addSeparator();
    m_fineTune = edit->addAction(tr("Fine-tune the &last layers…"), this, &MainWindow::askFineTuneLastLayers);
    m_fineTune->setObjectName(QStringLiteral("FineTuneLastAction"));
    m_fineTune->setStatusTip(tr("Train only the last N layers with weights and freeze the others (one undo step)"));
    edit->addActions({canvas->group(), canvas->ungroup(), canvas->groupByModules()});
    edit->addSeparator();
    QAction* preferences = edit->addAction(tr("&Preferences…"), this, [this] {
        ui::PreferencesDialog dialog(ui::AppSettings::instance(), this);
        dialog.exec();
    });
    preferences->setShortcut(QKeySequence::Preferences);
    preferences->setMenuRole(QAction::PreferencesRole);
    preferences->setObjectName(QStringLiteral("PreferencesAction"));
    QStatusBar* status = statusBar();
    connect(m_scene->clipboard(), &ui::CanvasClipboard::message, status,
            [status](const QString& text) { status->showMessage(text, 5000); });
    connect(m_view->keyboard(), &ui::CanvasKeyboard::message, status, [status](const QString& text) { status->showMessage(text, 8000); });
    connect(m_scene, &ui::GraphScene::connectionRefused, status,
            [status](const QString& reason) { status->showMessage(tr("Not connected: %1").arg(reason), 8000); });

    QMenu* model = menuBar()->addMenu(tr("&Model"));
    QAction* properties = model->addAction(tr("&Properties…"), this, &MainWindow::editModelProperties);
    properties->setObjectName(QStringLiteral("ModelPropertiesAction"));
    properties->setStatusTip(tr("Edit the model's name and description (saved with the model)"));
    connect(m_header, &ui::ModelHeader::propertiesRequested, this, &MainWindow::editModelProperties);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addActions({canvas->zoomIn(), canvas->zoomOut(), canvas->fitToView(), canvas->zoomToSelection(),
                      canvas->autoLayout()});
    view->addAction(canvas->miniMap());
    view->addSeparator();
    QAction* decimal = view->addAction(tr("&Decimal units (MB, GB)"));
    decimal->setCheckable(true);
    connect(decimal, &QAction::toggled, &m_options,
            [this](bool on) { m_options.setUnits(on ? core::ByteUnits::Decimal : core::ByteUnits::Binary); });
    connect(&m_options, &ui::DisplayOptions::changed, decimal,
            [this, decimal] { decimal->setChecked(m_options.units() == core::ByteUnits::Decimal); });
    view->addSeparator();
    QAction* stepThrough = m_stepDock->toggleViewAction();
    stepThrough->setObjectName(QStringLiteral("StepThroughAction"));
    stepThrough->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));
    stepThrough->setStatusTip(tr("Play one training step and the next, event by event: what each allocates and frees"));
    connect(stepThrough, &QAction::triggered, this, [this](bool on) {
        if (on) showStepThrough();
    });
    for (QDockWidget* dock : m_docks) view->addAction(dock->toggleViewAction());

    QToolBar* bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("MainToolBar"));
    bar->addAction(undo);
    bar->addAction(redo);
    bar->addSeparator();
    bar->addActions({canvas->cut(), canvas->copy(), canvas->paste(), canvas->duplicate(), canvas->remove()});
    bar->addSeparator();
    bar->addActions({canvas->zoomIn(), canvas->zoomOut(), canvas->fitToView(), canvas->zoomToSelection(),
                     canvas->autoLayout(), canvas->find()});

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    new ui::HelpMenu(help, this);

    // The lesson player: its dock sits over the Explain panel while a lesson runs.
    m_lessonPlayer = new ui::LessonPlayer({this, &m_doc, m_files, &m_options, m_scene, m_view, m_memory}, this);
    m_lessonDock = new QDockWidget(tr("Lesson"), this);
    m_lessonDock->setObjectName(QStringLiteral("LessonDock"));
    m_lessonDock->setWidget(m_lessonPlayer);
    addDockWidget(Qt::RightDockWidgetArea, m_lessonDock);
    tabifyDockWidget(m_explainDock, m_lessonDock);
    m_lessonDock->hide();
    connect(m_lessonPlayer, &ui::LessonPlayer::runningChanged, this, [this](bool running) {
        m_lessonDock->setVisible(running);
        if (!running) return;
        m_lessonDock->raise();
        // Room for the text and a question: half the right column.
        resizeDocks({m_memoryDock, m_lessonDock}, {height() / 2, height() / 2}, Qt::Vertical);
    });
    connect(m_lessonDock->toggleViewAction(), &QAction::toggled, this, [this](bool shown) {
        if (!shown && m_lessonPlayer->isRunning()) m_lessonPlayer->leave(); // closing the dock leaves
    });
    m_lessonMenu = new ui::LessonMenu(help, file, m_lessonPlayer, this);
}

void MainWindow::wireSelection()
{
    ui::LayerBarsChart* bars = m_memory->barsChart();
    auto show = [this, bars](const std::vector<core::LayerId>& ids) {
        m_properties->setLayer(ids.size() == 1 ? std::optional<core::LayerId>(ids.front()) : std::nullopt);
        m_explain->setLayer(ids.size() == 1 ? std::optional<core::LayerId>(ids.front()) : std::nullopt);
        bars->setHighlightedLayers(ids);
        bars->replot(QCustomPlot::rpQueuedReplot);
    };
    connect(m_scene, &ui::GraphScene::layerSelectionChanged, this, [this, show](const std::vector<core::LayerId>& ids) {
        m_table->selectLayers(ids);
        show(ids);
    });
    auto selectElsewhere = [this, show](const std::vector<core::LayerId>& ids) {
        m_scene->selectLayers(ids);
        if (ids.size() == 1)
            if (ui::NodeItem* n = m_scene->node(ids.front())) m_view->centerOn(n);
        show(ids);
    };
    connect(m_table, &ui::LayerTableView::selectionChangedByUser, this, selectElsewhere);
    // A click on a bar selects its layer, as a click on its row does.
    auto selectOne = [this, selectElsewhere](core::LayerId id) {
        m_table->selectLayers({id});
        selectElsewhere({id});
    };
    connect(bars, &ui::LayerBarsChart::layerClicked, this, selectOne);
    // A layer named in an explanation card selects it, as a bar does; a summary total opens.
    connect(m_explain, &ui::ExplainPanel::layerActivated, this, selectOne);
    // The Step through panel marks the layer it is at and moves the training-step chart's cursor.
    auto* mark = new ui::StepCanvasMark(*m_scene, *m_view, this);
    ui::TimelineChart* timeline = m_memory->timelineChart();
    connect(m_step, &ui::StepPanel::eventShown, this,
            [mark, timeline](std::optional<core::LayerId> layer, const QString& tag, int timelineEvent, int iteration) {
                mark->mark(layer, tag);
                timeline->setStepCursor(timelineEvent, iteration);
            });
    auto* totals = new ui::SummaryClicks(m_memory->summary(), this);
    connect(totals, &ui::SummaryClicks::componentClicked, m_explain, &ui::ExplainPanel::showComponent);
    connect(totals, &ui::SummaryClicks::peakClicked, m_explain, &ui::ExplainPanel::showPeak);
}

void MainWindow::showStepThrough()
{
    // The right column's lower part is short on a small screen: give the panel half of the
    // column (measured before the dock shows: a hidden dock's height is stale).
    const int h = m_memoryDock->height() + std::max(m_explainDock->height(), m_stepDock->height());
    m_stepDock->show();
    m_stepDock->raise();
    resizeDocks({m_memoryDock, m_stepDock}, {h - h / 2, h / 2}, Qt::Vertical);
    // The training-step chart above shows the panel's cursor: bring it to the front.
    m_memory->showTopChart(ui::MemoryView::Timeline);
    m_step->setFocus(Qt::ShortcutFocusReason);
}

void MainWindow::appendKind(const QString& kindId)
{
    const core::LayerKind* kind = core::KindRegistry::builtin().find(kindId.toStdString());
    if (!kind) return;
    if (const auto id = m_scene->appendLayer(*kind, m_view->mapToScene(m_view->viewport()->rect().center())))
        if (ui::NodeItem* n = m_scene->node(*id)) m_view->ensureVisible(n);
}

void MainWindow::restoreLayout()
{
    QSettings s;
    restoreGeometry(s.value(QStringLiteral("window/geometry")).toByteArray());
    m_restoredState = restoreState(s.value(QStringLiteral("window/state")).toByteArray());
    m_lessonDock->setVisible(m_lessonPlayer->isRunning()); // only while a lesson runs
}

void MainWindow::saveLayout() const
{
    QSettings s;
    s.setValue(QStringLiteral("window/geometry"), saveGeometry());
    s.setValue(QStringLiteral("window/state"), saveState());
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    m_lessonPlayer->leave(); // the person's own work is what may need saving
    if (!m_files->maybeSave()) {
        event->ignore();
        return;
    }
    saveLayout();
    event->accept();
}

void MainWindow::editModelProperties()
{
    ui::ModelPropertiesDialog dialog(*m_files, this);
    dialog.exec();
}

void MainWindow::updateTitle()
{
    // "CNN 180×50 (cnn_180x50.json)" when the model's name says more than the file's.
    const QString file = m_files->displayName(), name = QString::fromStdString(m_doc.graph().name);
    const QString shown = name.isEmpty() || name == file ? file : tr("%1 (%2)").arg(name, file);
    setWindowTitle(QStringLiteral("%1[*] — NetSizer").arg(shown));
    setWindowModified(m_doc.isModified());
}

} // namespace netsizer::app
