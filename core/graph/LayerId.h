#pragma once

#include <cstdint>

namespace netsizer::core {

// A layer's identity inside one Graph: stable across edits, never reused while the graph lives
// (ARCHITECTURE.md rule 1). Not saved to files: files name layers by their unique names.
enum class LayerId : std::uint32_t {};

inline constexpr std::uint32_t toIndex(LayerId id) { return static_cast<std::uint32_t>(id); }

} // namespace netsizer::core
