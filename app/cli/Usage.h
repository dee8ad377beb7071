#pragma once

#include "core/util/Result.h"

#include <string>

namespace netsizer::cli {

// The --help text (several lines, ends with a newline).
std::string usageText();

// The one line netsizer-cli prints on stderr before exiting with status 2. File errors start
// with the file and the JSON pointer ("vgg.json: /layers/3/attrs/stride: ..."); command-line
// errors with the program and the option ("netsizer-cli: --batch: ...").
std::string errorLine(const core::Error& error);

} // namespace netsizer::cli
