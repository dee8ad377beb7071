#pragma once

#include "core/graph/AttrValue.h"
#include "core/graph/TensorInfo.h"

#include <cassert>
#include <cstdint>
#include <span>
#include <string_view>
#include <variant>

namespace netsizer::core {

// What a kind's analyze()/explain() sees of one layer: its validated attributes, in the order
// of the kind's `params`, and the tensors arriving at its input ports (port order).
// A view; it lives only for the duration of the call.
struct LayerContext {
    std::span<const AttrValue> attrs;
    std::span<const TensorInfo> inputs;
    std::string_view name;

    std::int64_t i(int idx) const { return std::get<std::int64_t>(at(idx)); }
    double f(int idx) const { return std::get<double>(at(idx)); }
    bool b(int idx) const { return std::get<bool>(at(idx)); }
    const std::string& s(int idx) const { return std::get<std::string>(at(idx)); }
    const IntList& list(int idx) const { return std::get<IntList>(at(idx)); }

    // The idx-th list attribute expanded to `n` values: a one-element list repeats its value.
    // Lists of another length are returned as they are (the kind reports the mismatch).
    IntList listN(int idx, int n) const
    {
        const IntList& l = list(idx);
        if (l.size() == 1) return IntList(static_cast<std::size_t>(n), l[0]);
        return l;
    }

    const TensorInfo& in(int port = 0) const
    {
        assert(port >= 0 && static_cast<std::size_t>(port) < inputs.size());
        return inputs[static_cast<std::size_t>(port)];
    }

private:
    const AttrValue& at(int idx) const
    {
        assert(idx >= 0 && static_cast<std::size_t>(idx) < attrs.size());
        return attrs[static_cast<std::size_t>(idx)];
    }
};

} // namespace netsizer::core
