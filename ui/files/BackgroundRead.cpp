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

constexpr int kNoPhaseYet = -1;

// What the worker hands back; shared so that an abandoned worker writes into memory it owns.
struct ReadState {
    std::optional<core::Result<core::ModelFile>> result;
    std::atomic<bool> done{false};
    std::atomic<bool> cancel{false};
    std::atomic<int> phase{kNoPhaseYet};
    std::atomic<int> percent{0}; // of the file's bytes consumed; only grows
};

QString phaseText(int phase, const QString& fileName)
{
    switch (phase) {
    case int(core::ReadPhase::Reading): return QCoreApplication::translate("BackgroundRead", "Reading %1…").arg(fileName);
    case int(core::ReadPhase::Analysing): return QCoreApplication::translate("BackgroundRead", "Analysing %1…").arg(fileName);
    case int(core::ReadPhase::LayingOut): return QCoreApplication::translate("BackgroundRead", "Laying out %1…").arg(fileName);
    default: return QCoreApplication::translate("BackgroundRead", "Opening %1…").arg(fileName);
    }
}

// Runs on the worker: records the phase and the share of bytes read, and answers Cancel.
bool record(ReadState& state, const core::ReadStatus& s)
{
    state.phase.store(int(s.phase), std::memory_order_relaxed);
    const int percent = s.phase != core::ReadPhase::Reading ? 100
                        : s.total == 0                    ? 0
                                                          : static_cast<int>(static_cast<double>(s.done) * 100.0 / static_cast<double>(s.total));
    int seen = state.percent.load(std::memory_order_relaxed);
    while (percent > seen && !state.percent.compare_exchange_weak(seen, percent, std::memory_order_relaxed)) {
    }
    return !state.cancel.load(std::memory_order_relaxed);
}

} // namespace

std::optional<core::Result<core::ModelFile>> BackgroundRead::run(ReadFunction read, const QString& fileName, QWidget* parent,
                                                                 int showAfterMs)
{
    auto state = std::make_shared<ReadState>();
    QThread* worker = QThread::create([state, read = std::move(read)] {
        core::ReadProgress progress([state](const core::ReadStatus& s) { return record(*state, s); });
        state->result.emplace(read(progress));
        state->done.store(true, std::memory_order_release);
    });
    QObject::connect(worker, &QThread::finished, worker, &QObject::deleteLater);

    QEventLoop loop;
    QObject::connect(worker, &QThread::finished, &loop, &QEventLoop::quit);
    QProgressDialog progress(phaseText(kNoPhaseYet, fileName), QCoreApplication::translate("BackgroundRead", "Cancel"), 0, 100, parent);
    progress.setWindowTitle(QCoreApplication::translate("BackgroundRead", "Opening model"));
    progress.setWindowModality(Qt::ApplicationModal);
    progress.setAutoClose(false);
    progress.setAutoReset(false);
    progress.cancel(); // stops QProgressDialog's own show timer: `show` below decides when it appears
    progress.reset();
    progress.hide();
    QObject::connect(&progress, &QProgressDialog::canceled, &loop, [&loop, state] {
        state->cancel.store(true, std::memory_order_relaxed);
        loop.quit();
    });
    int shownPhase = kNoPhaseYet;
    const auto update = [&] {
        const int phase = state->phase.load(std::memory_order_relaxed);
        if (phase != shownPhase) {
            shownPhase = phase;
            progress.setLabelText(phaseText(phase, fileName));
        }
        const int percent = state->percent.load(std::memory_order_relaxed);
        if (percent > progress.value()) progress.setValue(percent);
    };
    QTimer poll;
    poll.setInterval(50);
    QObject::connect(&poll, &QTimer::timeout, &progress, update);
    QTimer show;
    show.setSingleShot(true);
    QObject::connect(&show, &QTimer::timeout, &progress, [&] {
        progress.setValue(0);
        update();
        progress.show();
        poll.start();
    });
    show.start(showAfterMs);

    worker->start();
    if (!state->done.load(std::memory_order_acquire)) loop.exec();
    show.stop();
    poll.stop();
    progress.hide();
    // The loop ends when the worker finished or on Cancel. A read that finished just as Cancel was
    // pressed is used when complete (the caller treats a cancelled result as a cancel).
    if (!state->done.load(std::memory_order_acquire)) return std::nullopt;
    return std::move(state->result);
}

} // namespace netsizer::ui
