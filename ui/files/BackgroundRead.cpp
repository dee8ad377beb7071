#include "ui/files/BackgroundRead.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QProgressDialog>
#include <QThread>
#include <QTimer>

#include <atomic>
#include <memory>

namespace netsizer::ui {

namespace {

// What the worker hands back; shared so that an abandoned worker writes into memory it owns.
struct ReadState {
    std::optional<core::Result<core::ModelFile>> result;
    std::atomic<bool> done{false};
};

} // namespace

std::optional<core::Result<core::ModelFile>> BackgroundRead::run(ReadFunction read, const QString& fileName, QWidget* parent,
                                                                 int showAfterMs)
{
    auto state = std::make_shared<ReadState>();
    QThread* worker = QThread::create([state, read = std::move(read)] {
        state->result.emplace(read());
        state->done.store(true, std::memory_order_release);
    });
    QObject::connect(worker, &QThread::finished, worker, &QObject::deleteLater);

    QEventLoop loop;
    QObject::connect(worker, &QThread::finished, &loop, &QEventLoop::quit);
    QProgressDialog progress(QCoreApplication::translate("BackgroundRead", "Opening %1…").arg(fileName),
                             QCoreApplication::translate("BackgroundRead", "Cancel"), 0, 0, parent);
    progress.setWindowTitle(QCoreApplication::translate("BackgroundRead", "Opening model"));
    progress.setWindowModality(Qt::ApplicationModal);
    progress.setAutoClose(false);
    progress.setAutoReset(false);
    progress.cancel(); // stops QProgressDialog's own show timer: `show` below decides when it appears
    progress.reset();
    progress.hide();
    QObject::connect(&progress, &QProgressDialog::canceled, &loop, &QEventLoop::quit);
    QTimer show;
    show.setSingleShot(true);
    QObject::connect(&show, &QTimer::timeout, &progress, [&progress] { progress.show(); });
    show.start(showAfterMs);

    worker->start();
    if (!state->done.load(std::memory_order_acquire)) loop.exec();
    show.stop();
    progress.hide();
    // The loop ends when the worker finished or on Cancel. A read that finished just as Cancel was
    // pressed is used: its result is complete.
    if (!state->done.load(std::memory_order_acquire)) return std::nullopt;
    return std::move(state->result);
}

} // namespace netsizer::ui
