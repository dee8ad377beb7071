// LSTM: four gates (input, forget, cell, output) per step, cell state c_t. See RecurrentCommon.cpp.
#include "core/layers/RecurrentCommon.h"

namespace netsizer::core::kinds {

LayerKind makeLSTMKind()
{
    return makeRecurrentKind(Cell::Lstm, "LSTM", "LSTM",
                             "Long short-term memory over a [T, features] sequence, as PyTorch's nn.LSTM: 4 gates per "
                             "step. On the CPU PyTorch keeps every step's gates and states for backward.");
}

} // namespace netsizer::core::kinds
