#pragma once

#include "core/io/ReadProgress.h"
#include "core/util/Result.h"

#include <string>

namespace netsizer::core {

// The whole content of a file (bytes, no newline translation), or an "io" error whose path is
// the file's. Shared by every reader that starts from a path. With a `progress`, a regular file
// is read 1 MiB at a time as its Reading phase (total = the file's size); a stop returns
// cancelledError (core/io/ReadProgress.h).
Result<std::string> readTextFile(const std::string& path, ReadProgress* progress = nullptr);

} // namespace netsizer::core
