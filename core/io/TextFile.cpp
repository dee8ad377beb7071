#include "core/io/TextFile.h"

#include <fstream>
#include <sstream>

namespace netsizer::core {

Result<std::string> readTextFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in) return makeError("io", "cannot open the file", path);
    std::ostringstream ss;
    ss << in.rdbuf();
    if (in.bad()) return makeError("io", "cannot read the file", path);
    return ss.str();
}

} // namespace netsizer::core
