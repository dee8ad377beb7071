#include "core/estimate/GpuCatalog.h"

#include "core/estimate/GpuPresetsData.h" // generated from resources/gpus.json by CMake

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cassert>
#include <cctype>

namespace netsizer::core {
namespace {

std::string squash(std::string_view s)
{
    std::string out;
    for (char c : s)
        if (std::isalnum(static_cast<unsigned char>(c))) out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    return out;
}

constexpr std::uint64_t kMiB = 1024ull * 1024ull;

} // namespace

const GpuCatalog& GpuCatalog::builtin()
{
    static const GpuCatalog catalog = [] {
        auto r = fromJson(kGpuPresetsJson);
        assert(r.ok() && "resources/gpus.json is invalid");
        return r.ok() ? std::move(r).value() : GpuCatalog{};
    }();
    return catalog;
}

Result<GpuCatalog> GpuCatalog::fromJson(std::string_view text)
{
    nlohmann::json doc = nlohmann::json::parse(text, nullptr, false);
    if (doc.is_discarded() || !doc.is_object()) return makeError("json", "GPU presets are not a JSON object", "");
    GpuCatalog c;
    const auto dc = doc.find("default_context_mib");
    if (dc == doc.end() || !dc->is_number_unsigned()) return makeError("json", "missing or negative default_context_mib", "/default_context_mib");
    c.m_defaultContextBytes = dc->get<std::uint64_t>() * kMiB;
    const auto gpus = doc.find("gpus");
    if (gpus == doc.end() || !gpus->is_array()) return makeError("json", "missing array 'gpus'", "/gpus");
    for (std::size_t i = 0; i < gpus->size(); ++i) {
        const auto& g = (*gpus)[i];
        const std::string at = "/gpus/" + std::to_string(i);
        if (!g.is_object() || !g.contains("name") || !g["name"].is_string()) return makeError("json", "a GPU needs a string 'name'", at + "/name");
        for (const char* key : {"memory_mib", "context_mib"})
            if (!g.contains(key) || !g[key].is_number_unsigned()) return makeError("json", std::string("'") + key + "' must be a non-negative integer", at + "/" + key);
        GpuSpec spec;
        spec.name = g["name"].get<std::string>();
        spec.memoryBytes = g["memory_mib"].get<std::uint64_t>() * kMiB;
        spec.contextBytes = g["context_mib"].get<std::uint64_t>() * kMiB;
        spec.architecture = g.value("architecture", "");
        if (const auto cc = g.find("compute_capability"); cc != g.end()) {
            // "8.6" → 86: one digit after the point, as NVIDIA writes them.
            const std::string text = cc->is_string() ? cc->get<std::string>() : std::string();
            const bool ok = text.size() >= 3 && text[text.size() - 2] == '.' &&
                            std::all_of(text.begin(), text.end() - 2, [](unsigned char ch) { return std::isdigit(ch) != 0; }) &&
                            std::isdigit(static_cast<unsigned char>(text.back())) != 0 && text.size() <= 4;
            if (!ok) return makeError("json", "'compute_capability' must be a string such as \"8.6\"", at + "/compute_capability");
            spec.computeCapability = std::stoi(text.substr(0, text.size() - 2)) * 10 + (text.back() - '0');
        }
        c.m_gpus.push_back(std::move(spec));
    }
    return c;
}

std::optional<GpuSpec> GpuCatalog::find(std::string_view name) const
{
    const std::string key = squash(name);
    for (const auto& g : m_gpus)
        if (squash(g.name) == key) return g;
    return std::nullopt;
}

} // namespace netsizer::core
