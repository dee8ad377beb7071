// The libFuzzer entry point of netsizer-fuzz-<format>: one compilation per format, the format
// given by NETSIZER_FUZZ_FORMAT (its name in FuzzInput.cpp). A reader's crash, leak, timeout or
// out-of-memory is libFuzzer's and the sanitizers' to report; a broken invariant (FuzzInput.h)
// is printed and aborts, so libFuzzer keeps the input as a crash artifact.

#include "tests/fuzz/FuzzInput.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace {

netsizer::fuzz::Format targetFormat()
{
    static const auto format = netsizer::fuzz::parseFormat(NETSIZER_FUZZ_FORMAT);
    if (!format) {
        std::fprintf(stderr, "netsizer-fuzz: unknown format '%s'\n", NETSIZER_FUZZ_FORMAT);
        std::abort();
    }
    return *format;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    const auto outcome = netsizer::fuzz::runInput(targetFormat(), bytes, "fuzz-input");
    if (!outcome.violations.empty()) {
        for (const auto& v : outcome.violations) std::fprintf(stderr, "netsizer-fuzz: %s\n", v.c_str());
        std::abort();
    }
    return 0;
}
