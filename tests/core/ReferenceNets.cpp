// Reference networks layer for layer. Sources: torchvision 0.14 models/{alexnet,vgg,resnet,
// mobilenetv2}.py and ops/misc.py (Conv2dNormActivation: padding (k − 1) / 2, bias only without
// a norm layer, activation built with inplace=True); ../shared/truth/models.py (LeNet5,
// UNetSmall). Where PyTorch does an in-place add (ResNet's `out += identity`) we use Add, a
// new tensor: the number of kept storages is the same (ReLU keeps the sum instead).
#include "tests/core/ReferenceNets.h"

#include "tests/core/NetBuilder.h"

#include <cassert>

namespace netsizer::testing {
using namespace netsizer::core;
namespace {

// models.py LeNet5: conv-tanh-avgpool ×2, flatten, fc-tanh ×2, fc.
Graph lenet5()
{
    Net n;
    auto x = n.input({1, 32, 32});
    x = n.avgpool("pool1", n.tanh("act1", n.conv("conv1", x, 6, 5)), 2);
    x = n.avgpool("pool2", n.tanh("act2", n.conv("conv2", x, 16, 5)), 2);
    x = n.flatten("flatten", x);
    x = n.tanh("act3", n.dense("fc1", x, 120));
    x = n.tanh("act4", n.dense("fc2", x, 84));
    n.dense("fc3", x, 10);
    return n.b.take();
}

// torchvision AlexNet: features, AdaptiveAvgPool2d((6, 6)), classifier Dropout, Linear, ReLU,
// Dropout, Linear, ReLU, Linear.
Graph alexnet()
{
    Net n;
    auto x = n.input({3, 224, 224});
    x = n.maxpool("features.2", n.relu("features.1", n.conv("features.0", x, 64, 11, 4, 2)), 3, 2);
    x = n.maxpool("features.5", n.relu("features.4", n.conv("features.3", x, 192, 5, 1, 2)), 3, 2);
    x = n.relu("features.7", n.conv("features.6", x, 384, 3, 1, 1));
    x = n.relu("features.9", n.conv("features.8", x, 256, 3, 1, 1));
    x = n.relu("features.11", n.conv("features.10", x, 256, 3, 1, 1));
    x = n.maxpool("features.12", x, 3, 2);
    x = n.flatten("flatten", n.adaptive("avgpool", x, 6));
    x = n.relu("classifier.2", n.dense("classifier.1", n.dropout("classifier.0", x, 0.5), 4096));
    x = n.relu("classifier.5", n.dense("classifier.4", n.dropout("classifier.3", x, 0.5), 4096));
    n.dense("classifier.6", x, 1000);
    return n.b.take();
}

// torchvision VGG: `cfg` channels, 0 = MaxPool2d(2, 2); conv 3 × 3 pad 1 (+ BatchNorm2d for
// the _bn variants), ReLU(inplace=True); AdaptiveAvgPool2d((7, 7)); classifier Linear, ReLU,
// Dropout, Linear, ReLU, Dropout, Linear.
Graph vgg(const std::vector<I>& cfg, bool batchNorm)
{
    Net n;
    auto x = n.input({3, 224, 224});
    int i = 0;
    for (I c : cfg) {
        if (c == 0) {
            x = n.maxpool("features." + std::to_string(i++), x, 2, 2);
            continue;
        }
        x = n.conv("features." + std::to_string(i++), x, c, 3, 1, 1);
        if (batchNorm) x = n.bn("features." + std::to_string(i++), x);
        x = n.relu("features." + std::to_string(i++), x);
    }
    x = n.flatten("flatten", n.adaptive("avgpool", x, 7));
    x = n.dropout("classifier.2", n.relu("classifier.1", n.dense("classifier.0", x, 4096)), 0.5);
    x = n.dropout("classifier.5", n.relu("classifier.4", n.dense("classifier.3", x, 4096)), 0.5);
    n.dense("classifier.6", x, 1000);
    return n.b.take();
}
const std::vector<I> kVgg11 = {64, 0, 128, 0, 256, 256, 0, 512, 512, 0, 512, 512, 0};
const std::vector<I> kVgg16 = {64, 64, 0, 128, 128, 0, 256, 256, 256, 0, 512, 512, 512, 0, 512, 512, 512, 0};

// torchvision BasicBlock (expansion 1) and Bottleneck (expansion 4, stride on the 3 × 3).
LayerId resnetBlock(Net& n, const std::string& p, LayerId x, I inC, I planes, I stride, bool bottleneck)
{
    const I outC = bottleneck ? planes * 4 : planes;
    LayerId y;
    if (bottleneck) {
        y = n.convBnRelu(p + ".1", x, planes, 1, 1, 0);
        y = n.convBnRelu(p + ".2", y, planes, 3, stride, 1);
        y = n.bn(p + ".bn3", n.conv(p + ".conv3", y, outC, 1, 1, 0, false));
    } else {
        y = n.convBnRelu(p + ".1", x, planes, 3, stride, 1);
        y = n.bn(p + ".bn2", n.conv(p + ".conv2", y, outC, 3, 1, 1, false));
    }
    LayerId identity = x;
    if (stride != 1 || inC != outC)
        identity = n.bn(p + ".downsample.1", n.conv(p + ".downsample.0", x, outC, 1, stride, 0, false));
    return n.relu(p + ".relu", n.add(p + ".add", y, identity));
}

Graph resnet(const I (&blocks)[4], bool bottleneck)
{
    Net n;
    auto x = n.input({3, 224, 224});
    x = n.maxpool("maxpool", n.convBnRelu("stem", x, 64, 7, 2, 3), 3, 2, 1);
    I inC = 64;
    for (int l = 0; l < 4; ++l) {
        const I planes = 64 << l;
        for (I blk = 0; blk < blocks[l]; ++blk) {
            const I stride = (l > 0 && blk == 0) ? 2 : 1;
            x = resnetBlock(n, "layer" + std::to_string(l + 1) + "." + std::to_string(blk), x, inC, planes, stride,
                            bottleneck);
            inC = bottleneck ? planes * 4 : planes;
        }
    }
    x = n.flatten("flatten", n.adaptive("avgpool", x, 1));
    n.dense("fc", x, 1000);
    return n.b.take();
}

// Conv2dNormActivation with ReLU6(inplace=True).
LayerId convBnRelu6(Net& n, const std::string& p, LayerId x, I filters, I k, I stride, I groups = 1)
{
    auto c = n.conv(p + ".0", x, filters, k, stride, (k - 1) / 2, false, groups);
    return n.relu6(p + ".2", n.bn(p + ".1", c));
}

Graph mobilenetV2()
{
    Net n;
    auto x = n.input({3, 224, 224});
    x = convBnRelu6(n, "features.0", x, 32, 3, 2);
    const I settings[][4] = {{1, 16, 1, 1}, {6, 24, 2, 2}, {6, 32, 3, 2}, {6, 64, 4, 2},
                             {6, 96, 3, 1}, {6, 160, 3, 2}, {6, 320, 1, 1}};
    I inC = 32;
    int f = 1;
    for (const auto& s : settings) {
        for (I i = 0; i < s[2]; ++i, ++f) {
            const std::string p = "features." + std::to_string(f);
            const I stride = i == 0 ? s[3] : 1, hidden = inC * s[0], outC = s[1];
            LayerId y = x;
            if (s[0] != 1) y = convBnRelu6(n, p + ".expand", y, hidden, 1, 1);
            y = convBnRelu6(n, p + ".dw", y, hidden, 3, stride, hidden);
            y = n.bn(p + ".project.bn", n.conv(p + ".project", y, outC, 1, 1, 0, false));
            x = (stride == 1 && inC == outC) ? n.add(p + ".add", x, y) : y;
            inC = outC;
        }
    }
    x = convBnRelu6(n, "features.18", x, 1280, 1, 1);
    x = n.flatten("flatten", n.adaptive("avgpool", x, 1)); // F.adaptive_avg_pool2d(x, (1, 1))
    n.dense("classifier.1", n.dropout("classifier.0", x, 0.2), 1000);
    return n.b.take();
}

LayerId doubleConv(Net& n, const std::string& p, LayerId x, I c)
{
    return n.convBnRelu(p + ".b", n.convBnRelu(p + ".a", x, c, 3, 1, 1), c, 3, 1, 1);
}

Graph unetSmall()
{
    Net n;
    auto x = n.input({1, 128, 128});
    const I c[] = {16, 32, 64, 128, 256};
    LayerId skips[5];
    skips[0] = doubleConv(n, "inc", x, c[0]);
    for (int i = 1; i < 5; ++i)
        skips[i] = doubleConv(n, "down" + std::to_string(i), n.maxpool("pool" + std::to_string(i), skips[i - 1], 2, 2),
                              c[i]);
    LayerId y = skips[4];
    for (int i = 1; i <= 4; ++i) {
        const std::string s = std::to_string(i);
        auto up = n.b.add("ConvTranspose2D", "up" + s, {y},
                          {{"filters", c[4 - i]}, {"kernel_size", IntList{2}}, {"stride", IntList{2}}});
        auto cat = n.b.add("Concat", "cat" + s, {skips[4 - i], up}, {{"axis", I{1}}});
        y = doubleConv(n, "conv" + s, cat, c[4 - i]);
    }
    n.conv("outc", y, 1, 1);
    return n.b.take();
}

} // namespace

// ReferenceNetsMore.cpp
core::Graph googlenet();
core::Graph densenet121();
core::Graph efficientnetB0();

const std::vector<std::string>& referenceNetNames()
{
    static const std::vector<std::string> names = {"lenet5", "alexnet", "vgg16", "resnet18", "resnet50",
                                                   "mobilenet_v2", "unet_small",
                                                   "vgg11", "vgg16_bn", "googlenet", "densenet121", "efficientnet_b0"};
    return names;
}

ReferenceNet referenceNet(const std::string& name)
{
    static const I r18[4] = {2, 2, 2, 2}, r50[4] = {3, 4, 6, 3};
    ReferenceNet r;
    if (name == "lenet5") r = {name, lenet5(), 61'706, "fc3"};
    else if (name == "alexnet") r = {name, alexnet(), 61'100'840, "classifier.6"};
    else if (name == "vgg11") r = {name, vgg(kVgg11, false), 132'863'336, "classifier.6"};
    else if (name == "vgg16") r = {name, vgg(kVgg16, false), 138'357'544, "classifier.6"};
    else if (name == "vgg16_bn") r = {name, vgg(kVgg16, true), 138'365'992, "classifier.6"};
    else if (name == "resnet18") r = {name, resnet(r18, false), 11'689'512, "fc"};
    else if (name == "resnet50") r = {name, resnet(r50, true), 25'557'032, "fc"};
    else if (name == "mobilenet_v2") r = {name, mobilenetV2(), 3'504'872, "classifier.1"};
    else if (name == "unet_small") r = {name, unetSmall(), 1'942'289, "outc"};
    else if (name == "googlenet") r = {name, googlenet(), 6'624'904, "fc"};
    else if (name == "densenet121") r = {name, densenet121(), 7'978'856, "classifier"};
    else if (name == "efficientnet_b0") r = {name, efficientnetB0(), 5'288'548, "classifier.1"};
    else assert(false && "unknown reference network");
    r.graph.name = name;
    return r;
}

void freezeAllBut(Graph& graph, const std::string& keep)
{
    for (const auto& layer : graph.layers()) graph.find(layer.id)->trainable = layer.name == keep;
}

} // namespace netsizer::testing
