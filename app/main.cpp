// netsizer: the designer. `netsizer [--recover] [MODEL]` opens the window; `netsizer --screenshot
// OUT.png [--size 1600x1000] [--theme light] [--select LAYER] [--chart TAB] [--step EVENT]
// [--lesson FILE [--lesson-step N]] [MODEL]` renders the window offscreen to a PNG and exits (0 on
// success, 2 on bad arguments or an unreadable model).
//
// The window autosaves unsaved work (ui/files/DocumentRecovery) and, at start, offers back what
// a designer that was killed or crashed left; --recover restores the newest such document
// without asking. NETSIZER_EDIT_SCRIPT=<file> applies the edits of <file> (ui/files/EditScript)
// after MODEL is open; one that cannot be applied quits with status 2.
#include "app/MainWindow.h"

#include "core/estimate/GpuCatalog.h"
#include "core/util/AllocatorTuning.h"
#include "ui/canvas/GraphScene.h"
#include "ui/canvas/GraphView.h"
#include "ui/charts/MemoryView.h"
#include "ui/document/Document.h"
#include "ui/files/DocumentFiles.h"
#include "ui/files/DocumentRecovery.h"
#include "ui/files/EditScript.h"
#include "ui/lessons/LessonLibrary.h"
#include "ui/lessons/LessonPlayer.h"
#include "ui/models/BuiltinModels.h"
#include "ui/settings/AppSettings.h"
#include "ui/settings/ThemePalette.h"
#include "ui/step/StepPanel.h"
#include "ui/style/DisplayOptions.h"
#include "ui/style/Icons.h"

#include <QAction>
#include <QApplication>
#include <QCommandLineParser>
#include <QFile>
#include <QFileInfo>
#include <QMenu>
#include <QPixmap>
#include <QRegularExpression>
#include <QStatusBar>

#include <qcustomplot.h>

#include <cstdio>
#include <optional>

using namespace netsizer;

namespace {

// Lets queued refreshes and replots run, then renders every plot now so the grab shows them.
void settle(QWidget& w)
{
    for (int i = 0; i < 5; ++i) QApplication::processEvents();
    for (QCustomPlot* plot : w.findChildren<QCustomPlot*>()) plot->replot(QCustomPlot::rpImmediateRefresh);
    QApplication::processEvents();
}

} // namespace

int main(int argc, char** argv)
{
    netsizer::core::keepFreedHeapMemory(); // every edit re-analyses: no page faults per edit
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("NetSizer"));
    QApplication::setOrganizationName(QStringLiteral("NetSizer"));
    QGuiApplication::setDesktopFileName(QStringLiteral("netsizer")); // share/applications/netsizer.desktop
    QApplication::setWindowIcon(ui::Icons::application());

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Design a neural network and see the GPU memory it needs to train."));
    parser.addHelpOption();
    QCommandLineOption shot(QStringLiteral("screenshot"), QStringLiteral("Render the window to OUT.png and exit."),
                            QStringLiteral("OUT.png"));
    QCommandLineOption size(QStringLiteral("size"), QStringLiteral("Window size for --screenshot (default 1600x1000)."),
                            QStringLiteral("WxH"), QStringLiteral("1600x1000"));
    QCommandLineOption theme(QStringLiteral("theme"), QStringLiteral("Theme for this run: system, light or dark (default: Preferences)."),
                             QStringLiteral("THEME"));
    QCommandLineOption recover(QStringLiteral("recover"),
                               QStringLiteral("Restore the newest autosaved work of a designer that did not close properly, "
                                              "without asking."));
    QCommandLineOption select(QStringLiteral("select"),
                              QStringLiteral("For --screenshot: select the layer of this name (its properties show)."),
                              QStringLiteral("LAYER"));
    QCommandLineOption chart(QStringLiteral("chart"),
                             QStringLiteral("For --screenshot: the memory chart shown above: layers, step, gpus or sequence."),
                             QStringLiteral("TAB"));
    QCommandLineOption lesson(QStringLiteral("lesson"),
                              QStringLiteral("For --screenshot: play this lesson file (a path or :/lessons/<file>)."),
                              QStringLiteral("FILE"));
    QCommandLineOption lessonStep(QStringLiteral("lesson-step"),
                                  QStringLiteral("For --screenshot with --lesson: show step N (1 = the first)."), QStringLiteral("N"),
                                  QStringLiteral("1"));
    parser.addOption(lesson);
    parser.addOption(lessonStep);
    QCommandLineOption step(QStringLiteral("step"),
                            QStringLiteral("For --screenshot: show View ▸ Step through at event N (1-based) or at the peak."),
                            QStringLiteral("N|peak"));
    parser.addOption(step);
    parser.addOption(chart);
    parser.addOption(shot);
    parser.addOption(size);
    parser.addOption(select);
    parser.addOption(theme);
    parser.addOption(recover);
    parser.addPositionalArgument(QStringLiteral("MODEL"), QStringLiteral("Model file to open."), QStringLiteral("[MODEL]"));
    parser.process(app);

    const QRegularExpression sizeRe(QStringLiteral("^(\\d{2,5})x(\\d{2,5})$"));
    const auto m = sizeRe.match(parser.value(size));
    if (!m.hasMatch()) {
        std::fprintf(stderr, "netsizer: --size wants WxH, e.g. 1600x1000\n");
        return 2;
    }
    std::optional<ui::Theme> themeOverride;
    if (parser.isSet(theme)) {
        for (ui::Theme t : {ui::Theme::System, ui::Theme::Light, ui::Theme::Dark})
            if (parser.value(theme) == ui::AppSettings::themeName(t)) themeOverride = t;
        if (!themeOverride) {
            std::fprintf(stderr, "netsizer: --theme wants system, light or dark\n");
            return 2;
        }
    }
    if (parser.positionalArguments().size() > 1) {
        std::fprintf(stderr, "netsizer: at most one MODEL\n");
        return 2;
    }

    // Preferences: the theme before any window exists, the default GPU, the units (kept in
    // step both ways: Preferences and the View menu / memory view's switch).
    ui::AppSettings& settings = ui::AppSettings::instance();
    ui::ThemePalette::apply(themeOverride.value_or(settings.theme()));
    ui::Document doc;
    ui::DisplayOptions options;
    options.setUnits(settings.units());
    QObject::connect(&settings, &ui::AppSettings::unitsChanged, &options, &ui::DisplayOptions::setUnits);
    QObject::connect(&options, &ui::DisplayOptions::changed, &settings, [&] { settings.setUnits(options.units()); });
    app::MainWindow window(doc, options);
    const QString model = parser.positionalArguments().value(0);
    // No file given, or one that cannot be read: the built-in example, opened exactly as
    // File ▸ Examples ▸ vgg16 opens it.
    window.files()->openExample(QString::fromLatin1(ui::kDefaultModelPath));
    // The GPU chosen in Preferences, for the built-in example (which names none).
    if (const QString gpu = settings.defaultGpu(); !gpu.isEmpty() && !doc.config().gpu) {
        core::TrainingConfig config = doc.config();
        config.gpu = core::GpuCatalog::builtin().find(gpu.toStdString());
        if (config.gpu) doc.reset(doc.graph(), config);
    }
    if (parser.isSet(shot) && !model.isEmpty()) {
        // Same opening path as File ▸ Open, with the messages on stderr instead of dialogs: a
        // file that cannot be read fails (exit 2); one that reads but does not analyse renders
        // with its errors shown in the views.
        ui::FileInteraction console;
        console.askSaveChanges = [](const QString&) { return ui::SaveAnswer::Discard; };
        console.showError = [](const QString&, const QString& text) { std::fprintf(stderr, "netsizer: %s\n", qPrintable(text)); };
        console.showWarning = console.showError;
        window.files()->setInteraction(console);
        if (!window.files()->openFile(model)) return 2;
    }
    if (parser.isSet(shot)) {
        window.resize(m.captured(1).toInt(), m.captured(2).toInt());
        window.show();
        settle(window);
        window.canvas()->fitAll();
        if (parser.isSet(select)) {
            const core::Layer* l = doc.graph().findByName(parser.value(select).toStdString());
            if (!l) {
                std::fprintf(stderr, "netsizer: --select: no layer is named '%s'\n", qPrintable(parser.value(select)));
                return 2;
            }
            window.canvas()->graphScene()->selectLayers({l->id}, true);
        }
        if (parser.isSet(chart)) {
            const QStringList tabs = {QStringLiteral("layers"), QStringLiteral("step"), QStringLiteral("gpus"), QStringLiteral("sequence")};
            if (!tabs.contains(parser.value(chart))) {
                std::fprintf(stderr, "netsizer: --chart wants layers, step, gpus or sequence\n");
                return 2;
            }
            window.memoryView()->showTopChart(static_cast<int>(tabs.indexOf(parser.value(chart))));
        }
        if (parser.isSet(lesson)) {
            auto played = ui::LessonLibrary::load(parser.value(lesson));
            bool stepOk = false;
            const int step = parser.value(lessonStep).toInt(&stepOk);
            if (!played) {
                std::fprintf(stderr, "netsizer: %s\n", played.error().describe().c_str());
                return 2;
            }
            if (!stepOk || step < 1 || step > static_cast<int>(played->steps.size())) {
                std::fprintf(stderr, "netsizer: --lesson-step wants 1 to %d\n", static_cast<int>(played->steps.size()));
                return 2;
            }
            window.lessonPlayer()->start(std::move(*played), parser.value(lesson));
            settle(window);
            window.lessonPlayer()->jumpTo(step - 1);
            if (!window.lessonPlayer()->settingsProblem().isEmpty()) {
                std::fprintf(stderr, "netsizer: %s\n", qPrintable(window.lessonPlayer()->settingsProblem()));
                return 2;
            }
        }
        if (parser.isSet(step)) {
            bool number = false;
            const int n = parser.value(step).toInt(&number);
            if (parser.value(step) != QStringLiteral("peak") && (!number || n < 1)) {
                std::fprintf(stderr, "netsizer: --step wants an event number from 1, or peak\n");
                return 2;
            }
            window.showStepThrough();
            settle(window);
            if (number) window.stepPanel()->goTo(n - 1);
            else window.stepPanel()->goToPeak();
        }
        settle(window);
        const QString out = parser.value(shot);
        if (!window.grab().save(out)) {
            std::fprintf(stderr, "netsizer: cannot write %s\n", qPrintable(out));
            return 2;
        }
        return 0;
    }
    ui::DocumentRecovery recovery(doc, *window.files());
    QObject::connect(&recovery, &ui::DocumentRecovery::warning, &window,
                     [&window](const QString& text) { window.statusBar()->showMessage(text); });

    window.resize(1600, 1000);
    window.restoreLayout();
    window.show();
    // Work a killed or crashed designer left comes first; when it is restored, MODEL is not
    // opened over it.
    QString recoveryError;
    const bool restored = recovery.offerRestore(
        parser.isSet(recover) ? ui::DocumentRecovery::Question([](const ui::RecoveredDocument&) {
            return ui::DocumentRecovery::Answer::Restore;
        })
                              : ui::DocumentRecovery::dialog(&window),
        &recoveryError);
    if (!recoveryError.isEmpty() && window.files()->interaction().showError)
        window.files()->interaction().showError(QObject::tr("Cannot restore"), recoveryError);
    // A file that cannot be read leaves the default model open and says why (a dialog naming
    // file and place); one whose layers do not analyse opens with its errors listed.
    if (!model.isEmpty() && !restored) window.files()->openFile(model);
    if (const QString script = qEnvironmentVariable("NETSIZER_EDIT_SCRIPT"); !script.isEmpty()) {
        QFile file(script);
        const QString error = file.open(QIODevice::ReadOnly)
                                  ? ui::EditScript::apply(QString::fromUtf8(file.readAll()), QFileInfo(script).fileName(), doc)
                                  : QStringLiteral("%1: %2").arg(script, file.errorString());
        if (!error.isEmpty()) {
            std::fprintf(stderr, "netsizer: %s\n", qPrintable(error));
            return 2;
        }
    }
    QMetaObject::invokeMethod(window.canvas(), &ui::GraphView::fitAll, Qt::QueuedConnection);
    return app.exec();
}
