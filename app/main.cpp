// netsizer: the designer. `netsizer [MODEL]` opens the window; `netsizer --screenshot OUT.png
// [--size 1600x1000] [MODEL]` renders the window offscreen to a PNG and exits (0 on success,
// 2 on bad arguments or an unreadable model).
#include "app/MainWindow.h"

#include "core/util/AllocatorTuning.h"
#include "ui/canvas/GraphView.h"
#include "ui/document/Document.h"
#include "ui/files/DocumentFiles.h"
#include "ui/models/BuiltinModels.h"
#include "ui/style/DisplayOptions.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QPixmap>
#include <QRegularExpression>

#include <qcustomplot.h>

#include <cstdio>

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

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Design a neural network and see the GPU memory it needs to train."));
    parser.addHelpOption();
    QCommandLineOption shot(QStringLiteral("screenshot"), QStringLiteral("Render the window to OUT.png and exit."),
                            QStringLiteral("OUT.png"));
    QCommandLineOption size(QStringLiteral("size"), QStringLiteral("Window size for --screenshot (default 1600x1000)."),
                            QStringLiteral("WxH"), QStringLiteral("1600x1000"));
    parser.addOption(shot);
    parser.addOption(size);
    parser.addPositionalArgument(QStringLiteral("MODEL"), QStringLiteral("Model file to open."), QStringLiteral("[MODEL]"));
    parser.process(app);

    const QRegularExpression sizeRe(QStringLiteral("^(\\d{2,5})x(\\d{2,5})$"));
    const auto m = sizeRe.match(parser.value(size));
    if (!m.hasMatch()) {
        std::fprintf(stderr, "netsizer: --size wants WxH, e.g. 1600x1000\n");
        return 2;
    }
    if (parser.positionalArguments().size() > 1) {
        std::fprintf(stderr, "netsizer: at most one MODEL\n");
        return 2;
    }

    ui::Document doc;
    ui::DisplayOptions options;
    app::MainWindow window(doc, options);
    const QString model = parser.positionalArguments().value(0);
    // No file given, or one that cannot be read: the built-in example, opened exactly as
    // File ▸ Examples ▸ vgg16 opens it.
    window.files()->openExample(QString::fromLatin1(ui::kDefaultModelPath));
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
        settle(window);
        const QString out = parser.value(shot);
        if (!window.grab().save(out)) {
            std::fprintf(stderr, "netsizer: cannot write %s\n", qPrintable(out));
            return 2;
        }
        return 0;
    }
    window.resize(1600, 1000);
    window.restoreLayout();
    window.show();
    // A file that cannot be read leaves the default model open and says why (a dialog naming
    // file and place); one whose layers do not analyse opens with its errors listed.
    if (!model.isEmpty()) window.files()->openFile(model);
    QMetaObject::invokeMethod(window.canvas(), &ui::GraphView::fitAll, Qt::QueuedConnection);
    return app.exec();
}
