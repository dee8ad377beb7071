// GRU: reset, update and new gates per step. See RecurrentCommon.cpp.
#include "core/layers/RecurrentCommon.h"

namespace netsizer::core::kinds {

LayerKind makeGRUKind()
{
    return makeRecurrentKind(Cell::Gru, "GRU", "GRU",
                             "Gated recurrent unit over a [T, features] sequence, as PyTorch's nn.GRU: 3 gates per step.");
}

} // namespace netsizer::core::kinds
