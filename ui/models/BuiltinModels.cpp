#include "ui/models/BuiltinModels.h"

#include "core/graph/GraphBuilder.h"

#include <string>

namespace netsizer::ui {

using core::IntList;

core::Graph vgg16()
{
    core::GraphBuilder b;
    const core::LayerKind* poolKind = core::KindRegistry::builtin().find("MaxPool2D");
    const bool havePool = poolKind && poolKind->paramIndex("kernel_size") >= 0 && poolKind->paramIndex("stride") >= 0;
    core::LayerId x = b.add("Input", "input", {}, {{"shape", IntList{3, 224, 224}}});
    const int blocks[5][2] = {{2, 64}, {2, 128}, {3, 256}, {3, 512}, {3, 512}};
    for (int blk = 0; blk < 5; ++blk) {
        const int convs = blocks[blk][0];
        const std::int64_t ch = blocks[blk][1];
        for (int i = 0; i < convs; ++i) {
            const std::string suffix = std::to_string(blk + 1) + "_" + std::to_string(i + 1);
            x = b.add("Conv2D", "conv" + suffix, {x},
                      {{"filters", ch}, {"kernel_size", IntList{3}}, {"padding", IntList{1}}});
            x = b.add("ReLU", "relu" + suffix, {x}, {{"inplace", true}});
        }
        const std::string pool = "pool" + std::to_string(blk + 1);
        if (havePool)
            x = b.add("MaxPool2D", pool, {x}, {{"kernel_size", IntList{2}}, {"stride", IntList{2}}});
        else
            x = b.add("Conv2D", pool, {x},
                      {{"filters", ch}, {"kernel_size", IntList{2}}, {"stride", IntList{2}}, {"groups", ch},
                       {"bias", false}});
    }
    x = b.add("Flatten", "flatten", {x});
    x = b.add("Dense", "fc6", {x}, {{"units", std::int64_t{4096}}});
    x = b.add("ReLU", "relu6", {x}, {{"inplace", true}});
    x = b.add("Dropout", "drop6", {x});
    x = b.add("Dense", "fc7", {x}, {{"units", std::int64_t{4096}}});
    x = b.add("ReLU", "relu7", {x}, {{"inplace", true}});
    x = b.add("Dropout", "drop7", {x});
    b.add("Dense", "fc8", {x}, {{"units", std::int64_t{1000}}});
    core::Graph g = b.take();
    g.name = "VGG-16";
    return g;
}

core::Graph denseChain(std::size_t layers, std::int64_t width)
{
    core::GraphBuilder b;
    core::LayerId x = b.add("Input", "input", {}, {{"shape", IntList{width}}});
    for (std::size_t i = 1; i < layers; ++i) {
        if (i % 2 == 1)
            x = b.add("Dense", "fc" + std::to_string(i), {x}, {{"units", width}});
        else
            x = b.add("ReLU", "relu" + std::to_string(i), {x});
    }
    core::Graph g = b.take();
    g.name = "chain-" + std::to_string(layers);
    return g;
}

} // namespace netsizer::ui
