#pragma once
// A protobuf input stream that reports how many bytes the parser has been handed
// (core/io/ReadProgress.h, Reading phase) and ends the stream once the progress is stopped.
//
// Contracts:
// - advance(ByteCount()) once per chunk the inner stream hands out (64 KiB for the ONNX file
//   stream), never per byte; the inner stream keeps its own position (BackUp, Skip pass through).
// - Once the progress is stopped, Next returns false: the parser sees the end of the input. A
//   message that happens to parse up to there is not the file's: the caller checks stopped().
// - The progress must be in its Reading phase, with the file's size as total, before parsing.

#include "core/io/ReadProgress.h"

#include <google/protobuf/io/zero_copy_stream.h>

namespace netsizer::core::onnximport {

class OnnxProgressStream : public google::protobuf::io::ZeroCopyInputStream {
public:
    OnnxProgressStream(google::protobuf::io::ZeroCopyInputStream& inner, ReadProgress& progress)
        : m_inner(inner), m_progress(progress) {}

    bool Next(const void** data, int* size) override;
    void BackUp(int count) override { m_inner.BackUp(count); }
    bool Skip(int count) override;
    std::int64_t ByteCount() const override { return m_inner.ByteCount(); }

private:
    google::protobuf::io::ZeroCopyInputStream& m_inner;
    ReadProgress& m_progress;
};

} // namespace netsizer::core::onnximport
