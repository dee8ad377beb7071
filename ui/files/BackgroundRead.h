#pragma once
// Reading a model file off the UI thread: the read runs on a worker thread while the caller's
// event loop keeps turning, so the window keeps painting and stays responsive however long a
// large file takes to parse. When the read lasts longer than `showAfterMs`, a busy progress
// dialog ("Opening <file>…", application-modal) with a Cancel button appears.
//
// Contracts:
// - run() returns when the read finished (its result) or the person pressed Cancel (nullopt).
// - A cancelled read is abandoned, not interrupted: the worker finishes on its own, its result is
//   dropped and the worker deletes itself. Nothing it read reaches the caller.
// - `read` must not touch UI objects (it runs on the worker thread).

#include "core/io/ModelFile.h"
#include "core/util/Result.h"

#include <QString>

#include <functional>
#include <optional>

class QWidget;

namespace netsizer::ui {

class BackgroundRead {
public:
    using ReadFunction = std::function<core::Result<core::ModelFile>()>;

    static std::optional<core::Result<core::ModelFile>> run(ReadFunction read, const QString& fileName, QWidget* parent = nullptr,
                                                            int showAfterMs = 300);
};

} // namespace netsizer::ui
