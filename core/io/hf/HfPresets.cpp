#include "core/io/hf/HfPresets.h"

#include "core/io/hf/HfPresetsData.h" // generated from resources/presets by CMake

#include <cctype>

namespace netsizer::core {
namespace {
bool sameIgnoringCase(std::string_view a, std::string_view b)
{
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
    return true;
}
} // namespace

std::span<const HfPreset> hfPresets() { return kHfPresets; }

const HfPreset* findHfPreset(std::string_view name)
{
    for (const HfPreset& p : kHfPresets)
        if (sameIgnoringCase(p.name, name)) return &p;
    return nullptr;
}

std::string hfPresetNames()
{
    std::string s;
    for (const HfPreset& p : kHfPresets) s += (s.empty() ? "" : ", ") + std::string(p.name);
    return s;
}

Result<ModelFile> readHfPreset(std::string_view name, const HfImportOptions& options)
{
    const HfPreset* preset = findHfPreset(name);
    if (!preset) return makeError("io", "no such file, nor a preset (presets: " + hfPresetNames() + ")", std::string(name));
    auto model = readHuggingFaceConfig(preset->json, std::string("preset ") + preset->name, options);
    if (model) model->notes.insert(model->notes.begin(), std::string("preset '") + preset->name + "' (resources/presets/" + preset->name + ".json)");
    return model;
}

} // namespace netsizer::core
