#pragma once

#include "core/util/Result.h"

#include <string>

namespace netsizer::core {

// The whole content of a file (bytes, no newline translation), or an "io" error whose path is
// the file's. Shared by every reader that starts from a path.
Result<std::string> readTextFile(const std::string& path);

} // namespace netsizer::core
