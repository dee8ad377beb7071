#include "ui/charts/MemorySeries.h"

#include "ui/style/ComponentStyle.h"

namespace netsizer::ui {

namespace {
core::Component lineComponent(const std::string& name)
{
    return name == "conv_workspace" ? core::Component::Workspace : core::Component::Overhead;
}

std::size_t idx(core::Component c) { return static_cast<std::size_t>(c); }

bool nonZero(const core::AffineBytes& a) { return a.fixed > 0 || a.perSample > 0; }

// What of component `c` no overhead line accounts for; saturates at zero.
core::AffineBytes remainder(core::Component c, const core::AffineBytes& whole, const core::MemoryBreakdown& b)
{
    core::AffineBytes lines;
    for (const auto& l : b.overheadLines)
        if (lineComponent(l.name) == c) lines += l.bytes;
    return {whole.fixed > lines.fixed ? whole.fixed - lines.fixed : 0,
            whole.perSample > lines.perSample ? whole.perSample - lines.perSample : 0};
}
} // namespace

core::AffineBytes MemorySeries::bytes(const std::array<core::AffineBytes, core::kComponentCount>& components,
                                      const core::MemoryBreakdown& breakdown) const
{
    if (overheadLine.empty()) {
        const bool split = component == core::Component::Workspace || component == core::Component::Overhead;
        return split ? remainder(component, components[idx(component)], breakdown) : components[idx(component)];
    }
    for (const auto& l : breakdown.overheadLines)
        if (l.name == overheadLine) return l.bytes;
    return {};
}

std::vector<MemorySeries> memorySeries(const core::MemoryBreakdown& b)
{
    std::vector<MemorySeries> out;
    auto add = [&](MemorySeries s) {
        if (nonZero(s.bytes(b.components, b))) out.push_back(std::move(s));
    };
    for (core::Component c : core::kAllComponents) {
        add({ComponentStyle::label(c), ComponentStyle::color(c), c, {}});
        if (c != core::Component::Workspace && c != core::Component::Overhead) continue;
        for (const auto& l : b.overheadLines)
            if (lineComponent(l.name) == c)
                add({ComponentStyle::overheadLabel(l.name), ComponentStyle::overheadColor(l.name), c, l.name});
    }
    return out;
}

} // namespace netsizer::ui
