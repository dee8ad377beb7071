// RNN (Elman): h_t = tanh or relu(W_ih x_t + b_ih + W_hh h_{t-1} + b_hh). See RecurrentCommon.cpp.
#include "core/layers/RecurrentCommon.h"

namespace netsizer::core::kinds {

LayerKind makeRNNKind()
{
    return makeRecurrentKind(Cell::Rnn, "RNN", "RNN",
                             "Simple recurrent layer over a [T, features] sequence (tanh or relu), as PyTorch's nn.RNN.");
}

} // namespace netsizer::core::kinds
