#include "app/cli/ListCommands.h"

#include "app/cli/TextTable.h"
#include "core/estimate/GpuCatalog.h"
#include "core/util/JsonText.h"
#include "core/util/NumberFormat.h"

#include <nlohmann/json.hpp>

namespace netsizer::cli {

std::string listGpus(OutputFormat format)
{
    using namespace netsizer::core;
    const GpuCatalog& catalog = GpuCatalog::builtin();
    if (format == OutputFormat::Json) {
        nlohmann::ordered_json gpus = nlohmann::ordered_json::array();
        for (const GpuSpec& g : catalog.gpus())
            gpus.push_back({{"name", g.name},
                            {"architecture", g.architecture},
                            {"memory_bytes", g.memoryBytes},
                            {"context_bytes", g.contextBytes}});
        return dumpJson(nlohmann::ordered_json{{"default_context_bytes", catalog.defaultContextBytes()}, {"gpus", gpus}}, 2) + "\n";
    }
    TextTable t({"GPU", "Memory", "Architecture", "Context reserve", "Usable"});
    t.alignRight(1);
    t.alignRight(3);
    t.alignRight(4);
    for (const GpuSpec& g : catalog.gpus())
        t.addRow({g.name, formatBytes(static_cast<double>(g.memoryBytes)), g.architecture,
                  formatBytes(static_cast<double>(g.contextBytes)),
                  formatBytes(static_cast<double>(g.memoryBytes > g.contextBytes ? g.memoryBytes - g.contextBytes : 0))});
    return t.render() + "Context reserve: CUDA context + allocator reserve (overhead); " +
           formatBytes(static_cast<double>(catalog.defaultContextBytes())) + " with --gpu-memory or no GPU.\n";
}

} // namespace netsizer::cli
