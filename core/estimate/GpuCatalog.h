#pragma once

#include "core/estimate/GpuSpec.h"
#include "core/util/Result.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace netsizer::core {

// The GPU presets of resources/gpus.json (compiled into the core, so the CLI, the designer and
// the tests read the same list without locating files at run time).
class GpuCatalog {
public:
    // The built-in presets. The file is validated by the tests; a broken file asserts here.
    static const GpuCatalog& builtin();

    // Parses a presets document (the format of resources/gpus.json). Errors carry a JSON pointer.
    static Result<GpuCatalog> fromJson(std::string_view text);

    const std::vector<GpuSpec>& gpus() const { return m_gpus; }

    // Case-insensitive match on the name, ignoring spaces and dashes ("grid-k520" finds
    // "GRID K520").
    std::optional<GpuSpec> find(std::string_view name) const;

    // The CUDA context reserve to assume when no GPU is named (documented in gpus.json).
    std::uint64_t defaultContextBytes() const { return m_defaultContextBytes; }

private:
    std::vector<GpuSpec> m_gpus;
    std::uint64_t m_defaultContextBytes = 0;
};

} // namespace netsizer::core
