#pragma once
// The tensors on one layer's output ports, as the analyser tracks them (core/analysis/Analyzer.cpp
// only).

#include "core/graph/TensorInfo.h"
#include "core/util/Checked.h"

#include <cstddef>
#include <vector>

namespace netsizer::core {

// Where the tensor on an output port lives.
struct PortTensor {
    // The producing layer's LayerAnalysis::result.outputs entry: stable, Analysis::layers is
    // reserved for every layer before the first is analysed.
    const TensorInfo* info = nullptr;
    Count numel = 0; // info->shape.numel(), checked once by checkOutputs
    int storage = -1;
    bool needsGrad = false;
};

// The tensors on a layer's output ports. Output 0 is stored inline: almost every layer has
// exactly one output, and a vector per layer was one allocation per layer per analysis.
// Elements never move once added (the analyser keeps pointers to upstream outputs).
class LayerOutputs {
public:
    bool empty() const { return m_count == 0; }
    std::size_t size() const { return m_count; }
    const PortTensor& operator[](std::size_t i) const { return i == 0 ? m_first : m_more[i - 1]; }
    void push_back(const PortTensor& t)
    {
        if (m_count == 0) m_first = t;
        else m_more.push_back(t);
        ++m_count;
    }

private:
    PortTensor m_first;
    std::vector<PortTensor> m_more; // outputs 1, 2, ...
    std::size_t m_count = 0;
};

} // namespace netsizer::core
