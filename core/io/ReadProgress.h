#pragma once
// How far the reading of one model file has got, and the way to stop it. Qt-free: the designer
// turns it into a progress dialog (ui/files/BackgroundRead), the CLI passes none.
//
// Contracts:
// - Phases follow each other in the order of ReadPhase. In Reading, `done` / `total` are the
//   bytes of the file consumed so far / the file's size: the bytes handed to the protobuf parser
//   (ONNX, streamed) or read into memory (JSON and prototxt, parsed once whole). In Analysing,
//   `done` / `total` count work items when the reader knows them (ONNX: nodes mapped / nodes),
//   else both are 0. LayingOut is the designer's (no counts).
// - Within a phase `done` never decreases and never exceeds `total`; a Reading phase that
//   finishes reports done == total once.
// - The callback is called from the reading thread, throttled: at a phase's start, then only
//   when `done` moved by at least 1/1024 of `total` (and at least 64 KiB in Reading) since the
//   last call, and at the end. The readers call advance() per chunk (64 KiB or more) or per
//   item, never per byte.
// - The callback returns false to stop. From then on every call returns false without calling
//   it again; the reader gives up at its next report and returns cancelledError(), which is not
//   a failure of the file: callers show no error for it (isCancelled).

#include "core/util/Result.h"

#include <cstdint>
#include <functional>
#include <string>

namespace netsizer::core {

enum class ReadPhase : std::uint8_t { Reading, Analysing, LayingOut };

struct ReadStatus {
    ReadPhase phase = ReadPhase::Reading;
    std::uint64_t done = 0;
    std::uint64_t total = 0;
};

class ReadProgress {
public:
    using Callback = std::function<bool(const ReadStatus&)>;

    ReadProgress() = default;
    explicit ReadProgress(Callback callback) : m_callback(std::move(callback)) {}

    // Starts `phase` (done = 0) and reports it. False when stopped.
    bool begin(ReadPhase phase, std::uint64_t total = 0);
    // `done` of the current phase's total (clamped to it; a smaller value than the last is
    // ignored); reports when it moved far enough. False when stopped.
    bool advance(std::uint64_t done);
    // done = total, reported unless it already was. False when stopped.
    bool finish();
    // Passes `status` to the callback unthrottled (a wrapper forwarding another progress's
    // reports). False when stopped.
    bool report(const ReadStatus& status);

    bool stopped() const { return m_stopped; }
    const ReadStatus& status() const { return m_status; }

private:
    Callback m_callback;
    ReadStatus m_status;
    std::uint64_t m_reported = 0; // `done` at the last call of the callback in this phase
    std::uint64_t m_step = 1;
    bool m_stopped = false;
};

// The error a reader returns when its ReadProgress was stopped; `path` is the file's.
Error cancelledError(const std::string& path);
bool isCancelled(const Error& error);

} // namespace netsizer::core
