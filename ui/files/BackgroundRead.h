#pragma once
// Reading a model file off the UI thread: the read runs on a worker thread while the caller's
// event loop keeps turning, so the window keeps painting and stays responsive however long a
// large file takes to parse. When the read lasts longer than `showAfterMs`, a progress dialog
// (application-modal) with a Cancel button appears: its bar is the share of the file's bytes the
// reader has consumed (core/io/ReadProgress.h), its text the phase ("Reading <file>…",
// "Analysing <file>…", "Laying out <file>…"; "Opening <file>…" before the first report).
//
// Contracts:
// - run() returns when the read finished (its result) or the person pressed Cancel (nullopt).
// - Cancel stops the reader: the progress given to `read` returns false from its next report,
//   so the reader ends with core::cancelledError soon after. run() does not wait for that: the
//   worker finishes on its own, its result is dropped and the worker deletes itself. Nothing it
//   read reaches the caller.
// - The dialog's value only grows, from 0 to 100, and is updated at most every 50 ms from what
//   the worker reported (no signal per report crosses threads).
// - `read` must not touch UI objects (it runs on the worker thread).

#include "core/io/ModelFile.h"
#include "core/io/ReadProgress.h"
#include "core/util/Result.h"

#include <QString>

#include <functional>
#include <optional>

class QWidget;

namespace netsizer::ui {

class BackgroundRead {
public:
    using ReadFunction = std::function<core::Result<core::ModelFile>(core::ReadProgress& progress)>;

    static std::optional<core::Result<core::ModelFile>> run(ReadFunction read, const QString& fileName, QWidget* parent = nullptr,
                                                            int showAfterMs = 300);
};

} // namespace netsizer::ui
