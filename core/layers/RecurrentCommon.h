#pragma once
// Shared description of the recurrent kinds RNN, LSTM and GRU (core/layers/RNN.cpp, LSTM.cpp,
// GRU.cpp): attributes, shapes, PyTorch's parameter tensors and what each framework keeps.

#include "core/layers/LayerKind.h"

namespace netsizer::core::kinds {

enum class Cell { Rnn, Lstm, Gru };

// Gate blocks per direction and layer: RNN 1, GRU 3, LSTM 4 (rows of weight_ih = gates × H).
int gateCount(Cell cell);

LayerKind makeRecurrentKind(Cell cell, const char* id, const char* displayName, const char* description);

} // namespace netsizer::core::kinds
