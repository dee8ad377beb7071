#include "core/io/onnx/OnnxProgressStream.h"

namespace netsizer::core::onnximport {

bool OnnxProgressStream::Next(const void** data, int* size)
{
    if (!m_progress.advance(static_cast<std::uint64_t>(m_inner.ByteCount()))) return false;
    return m_inner.Next(data, size);
}

bool OnnxProgressStream::Skip(int count)
{
    if (!m_progress.advance(static_cast<std::uint64_t>(m_inner.ByteCount()))) return false;
    return m_inner.Skip(count);
}

} // namespace netsizer::core::onnximport
