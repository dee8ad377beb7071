// More torchvision 0.14 reference networks (see ReferenceNets.h): GoogLeNet (aux_logits=False),
// DenseNet-121 and EfficientNet-B0, layer for layer from models/{googlenet,densenet,
// efficientnet}.py and ops/misc.py (SqueezeExcitation, Conv2dNormActivation) and
// ops/stochastic_depth.py. Modelling notes:
// - DenseNet's first layer of each block runs torch.cat on a single tensor (a copy that its
//   BatchNorm keeps); we feed the BatchNorm directly: the same one storage is kept.
// - EfficientNet's `result += input` is in place in PyTorch; Add here (same storages kept).
#include "tests/core/NetBuilder.h"

#include <algorithm>

namespace netsizer::testing {
using namespace netsizer::core;
namespace {

// BasicConv2d: conv (no bias), BatchNorm2d(eps=0.001), F.relu(inplace=True).
LayerId basic(Net& n, const std::string& p, LayerId x, I filters, I k, I stride = 1, I pad = 0)
{
    return n.convBnRelu(p, x, filters, k, stride, pad);
}

LayerId inception(Net& n, const std::string& p, LayerId x, I c1, I c3r, I c3, I c5r, I c5, I pool)
{
    auto b1 = basic(n, p + ".branch1", x, c1, 1);
    auto b2 = basic(n, p + ".branch2.1", basic(n, p + ".branch2.0", x, c3r, 1), c3, 3, 1, 1);
    // torchvision's "5 × 5" branch really uses a 3 × 3 kernel (kept for weight compatibility).
    auto b3 = basic(n, p + ".branch3.1", basic(n, p + ".branch3.0", x, c5r, 1), c5, 3, 1, 1);
    auto b4 = basic(n, p + ".branch4.1", n.maxpool(p + ".branch4.0", x, 3, 1, 1, true), pool, 1);
    return n.concat(p + ".cat", {b1, b2, b3, b4});
}

// Conv2dNormActivation with SiLU(inplace=True).
LayerId convBnSilu(Net& n, const std::string& p, LayerId x, I filters, I k, I stride, I groups = 1)
{
    return n.silu(p + ".2", n.bn(p + ".1", n.conv(p + ".0", x, filters, k, stride, (k - 1) / 2, false, groups)));
}

} // namespace

Graph googlenet()
{
    Net n;
    auto x = n.input({3, 224, 224});
    x = n.maxpool("maxpool1", basic(n, "conv1", x, 64, 7, 2, 3), 3, 2, 0, true);
    x = basic(n, "conv3", basic(n, "conv2", x, 64, 1), 192, 3, 1, 1);
    x = n.maxpool("maxpool2", x, 3, 2, 0, true);
    x = inception(n, "inception3a", x, 64, 96, 128, 16, 32, 32);
    x = inception(n, "inception3b", x, 128, 128, 192, 32, 96, 64);
    x = n.maxpool("maxpool3", x, 3, 2, 0, true);
    x = inception(n, "inception4a", x, 192, 96, 208, 16, 48, 64);
    x = inception(n, "inception4b", x, 160, 112, 224, 24, 64, 64);
    x = inception(n, "inception4c", x, 128, 128, 256, 24, 64, 64);
    x = inception(n, "inception4d", x, 112, 144, 288, 32, 64, 64);
    x = inception(n, "inception4e", x, 256, 160, 320, 32, 128, 128);
    x = n.maxpool("maxpool4", x, 2, 2, 0, true);
    x = inception(n, "inception5a", x, 256, 160, 320, 32, 128, 128);
    x = inception(n, "inception5b", x, 384, 192, 384, 48, 128, 128);
    x = n.flatten("flatten", n.adaptive("avgpool", x, 1));
    n.dense("fc", n.dropout("dropout", x, 0.2), 1000);
    return n.b.take();
}

Graph densenet121()
{
    Net n;
    auto x = n.input({3, 224, 224});
    x = n.maxpool("pool0", n.convBnRelu("conv0", x, 64, 7, 2, 3), 3, 2, 1);
    const I blocks[] = {6, 12, 24, 16}, growth = 32, bottleneck = 4 * 32;
    I features = 64;
    for (int b = 0; b < 4; ++b) {
        const std::string block = "denseblock" + std::to_string(b + 1);
        std::vector<LayerId> feats = {x};
        for (I l = 0; l < blocks[b]; ++l) {
            const std::string p = block + ".layer" + std::to_string(l + 1);
            const LayerId in = feats.size() == 1 ? feats[0] : n.concat(p + ".cat", feats);
            auto y = n.conv(p + ".conv1", n.relu(p + ".relu1", n.bn(p + ".norm1", in)), bottleneck, 1, 1, 0, false);
            y = n.conv(p + ".conv2", n.relu(p + ".relu2", n.bn(p + ".norm2", y)), growth, 3, 1, 1, false);
            feats.push_back(y);
        }
        features += blocks[b] * growth;
        x = n.concat(block + ".cat", feats);
        if (b == 3) break;
        const std::string t = "transition" + std::to_string(b + 1);
        features /= 2;
        x = n.conv(t + ".conv", n.relu(t + ".relu", n.bn(t + ".norm", x)), features, 1, 1, 0, false);
        x = n.avgpool(t + ".pool", x, 2);
    }
    x = n.relu("relu", n.bn("norm5", x)); // F.relu(features, inplace=True)
    x = n.flatten("flatten", n.adaptive("avgpool", x, 1));
    n.dense("classifier", x, 1000);
    return n.b.take();
}

Graph efficientnetB0()
{
    Net n;
    auto x = n.input({3, 224, 224});
    x = convBnSilu(n, "features.0", x, 32, 3, 2);
    struct Stage { I expand, k, stride, in, out, layers; };
    const Stage stages[] = {{1, 3, 1, 32, 16, 1},  {6, 3, 2, 16, 24, 2},  {6, 5, 2, 24, 40, 2},  {6, 3, 2, 40, 80, 3},
                            {6, 5, 1, 80, 112, 3}, {6, 5, 2, 112, 192, 4}, {6, 3, 1, 192, 320, 1}};
    const double totalBlocks = 16;
    int blockId = 0, f = 1;
    for (const Stage& s : stages) {
        for (I i = 0; i < s.layers; ++i, ++blockId) {
            const std::string p = "features." + std::to_string(f) + "." + std::to_string(i);
            const I inC = i == 0 ? s.in : s.out, stride = i == 0 ? s.stride : 1, exp = inC * s.expand;
            LayerId y = x;
            if (s.expand != 1) y = convBnSilu(n, p + ".expand", y, exp, 1, 1);
            y = convBnSilu(n, p + ".dw", y, exp, s.k, stride, exp);
            // SqueezeExcitation(exp, max(1, in // 4)): scale = sigmoid(fc2(silu(fc1(avgpool(x))))) * x
            auto se = n.conv(p + ".se.fc1", n.adaptive(p + ".se.avgpool", y, 1), std::max<I>(1, inC / 4), 1);
            se = n.sigmoid(p + ".se.scale", n.conv(p + ".se.fc2", n.silu(p + ".se.act", se), exp, 1));
            y = n.multiply(p + ".se.mul", se, y);
            y = n.bn(p + ".project.1", n.conv(p + ".project.0", y, s.out, 1, 1, 0, false));
            if (stride == 1 && inC == s.out) {
                y = n.b.add("StochasticDepth", p + ".stochastic_depth", {y}, {{"p", 0.2 * blockId / totalBlocks}});
                y = n.add(p + ".add", y, x);
            }
            x = y;
        }
        ++f;
    }
    x = convBnSilu(n, "features.8", x, 1280, 1, 1);
    x = n.flatten("flatten", n.adaptive("avgpool", x, 1));
    n.dense("classifier.1", n.dropout("classifier.0", x, 0.2, true), 1000);
    return n.b.take();
}

} // namespace netsizer::testing
