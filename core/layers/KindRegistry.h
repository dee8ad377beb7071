#pragma once

#include "core/layers/LayerKind.h"

#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace netsizer::core {

// All layer kinds, looked up by id or alias. Kinds live as long as the registry and never move
// (graphs hold `const LayerKind*`). The built-in registry is immutable once built.
class KindRegistry {
public:
    // The registry holding every built-in kind (core/layers/BuiltinKinds.cpp). Thread-safe.
    static const KindRegistry& builtin();

    // Adds a kind. Asserts that its id and aliases are new and that it has an analyze function.
    void add(LayerKind kind);

    // The kind whose id or alias is `name` (case-sensitive), or nullptr.
    const LayerKind* find(std::string_view name) const;

    // Every kind, in registration order (the palette's order within a category).
    std::vector<const LayerKind*> all() const;

private:
    std::deque<LayerKind> m_kinds;
    std::unordered_map<std::string, const LayerKind*> m_byName;
};

} // namespace netsizer::core
