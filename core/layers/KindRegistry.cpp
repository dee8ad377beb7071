#include "core/layers/KindRegistry.h"

#include <cassert>

namespace netsizer::core {

void registerBuiltinKinds(KindRegistry& registry); // BuiltinKinds.cpp

const KindRegistry& KindRegistry::builtin()
{
    static const KindRegistry registry = [] {
        KindRegistry r;
        registerBuiltinKinds(r);
        return r;
    }();
    return registry;
}

void KindRegistry::add(LayerKind kind)
{
    assert(kind.analyze && "a layer kind needs an analyze function");
    assert(!m_byName.count(kind.id) && "duplicate layer kind id");
    m_kinds.push_back(std::move(kind));
    const LayerKind* k = &m_kinds.back();
    m_byName.emplace(k->id, k);
    for (const auto& a : k->aliases) {
        assert(!m_byName.count(a) && "duplicate layer kind alias");
        m_byName.emplace(a, k);
    }
}

const LayerKind* KindRegistry::find(std::string_view name) const
{
    auto it = m_byName.find(std::string(name));
    return it == m_byName.end() ? nullptr : it->second;
}

std::vector<const LayerKind*> KindRegistry::all() const
{
    std::vector<const LayerKind*> out;
    out.reserve(m_kinds.size());
    for (const auto& k : m_kinds) out.push_back(&k);
    return out;
}

} // namespace netsizer::core
