#include "core/io/LibraryVersions.h"

#include <nlohmann/json.hpp>
#include <onnx/common/version.h>

namespace netsizer::core {

std::string onnxVersion() { return onnx::LAST_RELEASE_VERSION; }

std::string nlohmannJsonVersion()
{
    return std::to_string(NLOHMANN_JSON_VERSION_MAJOR) + "." + std::to_string(NLOHMANN_JSON_VERSION_MINOR) + "." +
           std::to_string(NLOHMANN_JSON_VERSION_PATCH);
}

} // namespace netsizer::core
