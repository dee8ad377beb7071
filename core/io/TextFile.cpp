#include "core/io/TextFile.h"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace netsizer::core {

namespace {

constexpr std::size_t kChunkBytes = std::size_t{1} << 20;

} // namespace

Result<std::string> readTextFile(const std::string& path, ReadProgress* progress)
{
    std::ifstream in(path, std::ios::binary);
    if (!in) return makeError("io", "cannot open the file", path);
    std::error_code ec;
    const bool regular = std::filesystem::is_regular_file(path, ec);
    const std::uintmax_t size = regular ? std::filesystem::file_size(path, ec) : 0;
    if (!progress || !regular || ec) {
        std::ostringstream ss;
        ss << in.rdbuf();
        if (in.bad()) return makeError("io", "cannot read the file", path);
        return ss.str();
    }
    if (!progress->begin(ReadPhase::Reading, size)) return cancelledError(path);
    std::string text;
    text.resize(size);
    std::size_t got = 0;
    while (got < text.size()) {
        in.read(text.data() + got, static_cast<std::streamsize>(std::min(kChunkBytes, text.size() - got)));
        const auto n = static_cast<std::size_t>(in.gcount());
        if (in.bad()) return makeError("io", "cannot read the file", path);
        if (n == 0) break; // the file shrank while being read
        got += n;
        if (!progress->advance(got)) return cancelledError(path);
    }
    text.resize(got);
    // A file that grew while being read: the rest, as the whole-file read would take it.
    if (in && in.peek() != std::ifstream::traits_type::eof()) {
        std::ostringstream rest;
        rest << in.rdbuf();
        text += rest.str();
    }
    if (!progress->finish()) return cancelledError(path);
    return text;
}

} // namespace netsizer::core
