// netsizer: the designer. `netsizer [MODEL]` opens the window; `netsizer --screenshot OUT.png
// [--size 1600x1000] [MODEL]` renders the window offscreen to a PNG and exits (0 on success,
// 2 on bad arguments or an unreadable model).
#include "app/MainWindow.h"

#include "core/estimate/GpuCatalog.h"
#include "core/io/ModelReader.h"
#include "ui/canvas/GraphView.h"
#include "ui/document/Document.h"
#include "ui/models/BuiltinModels.h"
#include "ui/style/DisplayOptions.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QMessageBox>
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
    core::TrainingConfig config;
    config.gpu = core::GpuCatalog::builtin().find("RTX 3090");
    QString openError;
    if (!parser.positionalArguments().isEmpty()) {
        // A file that cannot be read: the screenshot mode fails (exit 2); the window opens with
        // the built-in example and says why. A file that reads but does not analyse opens, with
        // its errors shown in the views.
        auto file = core::readModelFile(parser.positionalArguments().front().toStdString());
        if (file.ok()) {
            // The file's own training settings when it has them, else the engine's defaults
            // (those of `netsizer-cli estimate`).
            doc.reset(std::move(file->graph), file->training.value_or(core::TrainingConfig{}));
        } else {
            openError = QString::fromStdString(file.error().describe());
            std::fprintf(stderr, "netsizer: %s\n", qPrintable(openError));
            if (parser.isSet(shot)) return 2;
        }
    }
    if (doc.graph().size() == 0) doc.reset(ui::vgg16(), config);

    ui::DisplayOptions options;
    app::MainWindow window(doc, options);
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
    QMetaObject::invokeMethod(window.canvas(), &ui::GraphView::fitAll, Qt::QueuedConnection);
    if (!openError.isEmpty()) QMessageBox::warning(&window, QObject::tr("Cannot open model"), openError);
    return app.exec();
}
