#pragma once

#include "core/graph/LayerId.h"

#include <cstdint>

namespace netsizer::core {

// One end of a connection: output port `port` of a layer, or input port `port` of a layer.
struct PortRef {
    LayerId layer{};
    std::uint16_t port = 0;
    bool operator==(const PortRef&) const = default;
};

// A directed edge: the tensor of output port `from` feeds input port `to`. An output port may
// feed many inputs; an input port takes exactly one connection.
struct Connection {
    PortRef from;
    PortRef to;
    bool operator==(const Connection&) const = default;
};

} // namespace netsizer::core
