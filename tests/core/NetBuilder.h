#pragma once
// A thin wrapper over GraphBuilder so reference networks read like their PyTorch modules
// (tests/core/ReferenceNets*.cpp). Test code only.

#include "core/graph/GraphBuilder.h"

#include <string>
#include <vector>

namespace netsizer::testing {

using core::IntList;
using core::LayerId;
using I = std::int64_t;

class Net {
public:
    LayerId input(IntList shape) { return b.add("Input", "input", {}, {{"shape", shape}}); }
    LayerId conv(const std::string& n, LayerId x, I filters, I k, I stride = 1, I pad = 0, bool bias = true, I groups = 1)
    {
        return b.add("Conv2D", n, {x},
                     {{"filters", filters}, {"kernel_size", IntList{k}}, {"stride", IntList{stride}},
                      {"padding", IntList{pad}}, {"bias", bias}, {"groups", groups}});
    }
    LayerId bn(const std::string& n, LayerId x) { return b.add("BatchNorm", n, {x}); }
    LayerId relu(const std::string& n, LayerId x, bool inplace = true) { return b.add("ReLU", n, {x}, {{"inplace", inplace}}); }
    LayerId relu6(const std::string& n, LayerId x) { return b.add("ReLU6", n, {x}, {{"inplace", true}}); }
    LayerId silu(const std::string& n, LayerId x) { return b.add("SiLU", n, {x}, {{"inplace", true}}); }
    LayerId sigmoid(const std::string& n, LayerId x) { return b.add("Sigmoid", n, {x}); }
    LayerId tanh(const std::string& n, LayerId x) { return b.add("Tanh", n, {x}); }
    LayerId maxpool(const std::string& n, LayerId x, I k, I stride, I pad = 0, bool ceil = false)
    {
        return b.add("MaxPool2D", n, {x},
                     {{"kernel_size", IntList{k}}, {"stride", IntList{stride}}, {"padding", IntList{pad}}, {"ceil_mode", ceil}});
    }
    LayerId avgpool(const std::string& n, LayerId x, I k) { return b.add("AvgPool2D", n, {x}, {{"kernel_size", IntList{k}}}); }
    LayerId adaptive(const std::string& n, LayerId x, I size)
    {
        return b.add("AdaptiveAvgPool2D", n, {x}, {{"output_size", IntList{size}}});
    }
    LayerId flatten(const std::string& n, LayerId x) { return b.add("Flatten", n, {x}); }
    LayerId dense(const std::string& n, LayerId x, I units) { return b.add("Dense", n, {x}, {{"units", units}}); }
    LayerId dropout(const std::string& n, LayerId x, double p, bool inplace = false)
    {
        return b.add("Dropout", n, {x}, {{"p", p}, {"inplace", inplace}});
    }
    LayerId add(const std::string& n, LayerId a, LayerId c) { return b.add("Add", n, {a, c}); }
    LayerId multiply(const std::string& n, LayerId a, LayerId c) { return b.add("Multiply", n, {a, c}); }
    LayerId concat(const std::string& n, const std::vector<LayerId>& xs)
    {
        std::vector<core::PortRef> refs;
        for (LayerId x : xs) refs.push_back(core::PortRef{x, 0});
        return b.add("Concat", n, refs, {{"axis", I{1}}});
    }
    // conv (no bias) → BN → ReLU(inplace): torchvision's and UNet's basic unit.
    LayerId convBnRelu(const std::string& n, LayerId x, I filters, I k, I stride, I pad)
    {
        return relu(n + ".relu", bn(n + ".bn", conv(n + ".conv", x, filters, k, stride, pad, false)));
    }

    core::GraphBuilder b;
};

} // namespace netsizer::testing
