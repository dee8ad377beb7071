#include "core/io/ReadProgress.h"

#include <algorithm>

namespace netsizer::core {

namespace {

constexpr std::uint64_t kMinReadingStep = std::uint64_t{64} << 10;
constexpr std::uint64_t kStepsPerPhase = 1024;

} // namespace

bool ReadProgress::report(const ReadStatus& status)
{
    if (m_stopped) return false;
    if (m_callback && !m_callback(status)) m_stopped = true;
    return !m_stopped;
}

bool ReadProgress::begin(ReadPhase phase, std::uint64_t total)
{
    m_status = ReadStatus{phase, 0, total};
    m_reported = 0;
    m_step = std::max<std::uint64_t>(total / kStepsPerPhase, phase == ReadPhase::Reading ? kMinReadingStep : 1);
    return report(m_status);
}

bool ReadProgress::advance(std::uint64_t done)
{
    if (m_stopped) return false;
    done = std::min(done, m_status.total);
    if (done <= m_status.done) return true;
    m_status.done = done;
    if (done - m_reported < m_step && done != m_status.total) return true;
    m_reported = done;
    return report(m_status);
}

bool ReadProgress::finish()
{
    if (m_stopped) return false;
    if (m_status.done == m_status.total && m_reported == m_status.total) return true;
    m_status.done = m_status.total;
    m_reported = m_status.total;
    return report(m_status);
}

Error cancelledError(const std::string& path)
{
    return makeError("cancelled", "reading was cancelled", path);
}

bool isCancelled(const Error& error)
{
    return error.code == "cancelled";
}

} // namespace netsizer::core
