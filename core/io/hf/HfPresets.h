#pragma once
// The built-in model presets: Hugging Face config.json files of published models
// (resources/presets/<name>.json, compiled in; sources in docs/llm.md), opened by name from the
// CLI and the designer and imported like any config.json (HfConfigImport.h).

#include "core/io/hf/HfConfigImport.h"

#include <span>
#include <string>
#include <string_view>

namespace netsizer::core {

struct HfPreset {
    const char* name; // the file's stem: "llama-2-7b"
    const char* json; // the config.json text
};

// All presets, sorted by name.
std::span<const HfPreset> hfPresets();
// The preset called `name` (case-insensitive), or null.
const HfPreset* findHfPreset(std::string_view name);
// "gpt2, gpt2-large, ..." for messages.
std::string hfPresetNames();
// Imports the preset called `name`; an unknown name is an error listing the presets.
Result<ModelFile> readHfPreset(std::string_view name, const HfImportOptions& options = {});

} // namespace netsizer::core
