#pragma once
// NETSIZER_CHECK(condition, message): a guard that holds in every build, unlike assert, for the
// programming errors that would otherwise read or write out of bounds (a kind or attribute
// looked up by a name that is not registered). A failure prints one line and aborts; input
// errors never reach it (they are Error values, ARCHITECTURE.md rule 6).

#include <cstdio>
#include <cstdlib>

namespace netsizer::core {

[[noreturn]] inline void checkFailed(const char* message, const char* file, int line)
{
    std::fprintf(stderr, "netsizer: internal check failed: %s (%s:%d)\n", message, file, line);
    std::abort();
}

} // namespace netsizer::core

#define NETSIZER_CHECK(condition, message) \
    ((condition) ? static_cast<void>(0) : ::netsizer::core::checkFailed(message, __FILE__, __LINE__))
