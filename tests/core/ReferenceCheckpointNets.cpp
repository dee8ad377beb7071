// The networks of tests/truth/checkpoint_models.py, layer for layer (see that file for the
// PyTorch modules). Layer names carry the module scopes ("stage2.conv1"), and the checkpointed
// variants mark their segments with core::checkpointScope, as `--checkpoint stage2.` does.
#include "tests/core/ReferenceCheckpointNets.h"

#include "core/checkpoint/CheckpointScopes.h"
#include "tests/core/NetBuilder.h"

#include <cassert>

namespace netsizer::testing {
using namespace netsizer::core;
namespace {

// torchvision's BasicBlock: y = bn2(conv2(relu(bn1(conv1(x))))); y += down(x) or x; relu.
LayerId basicBlock(Net& n, const std::string& p, LayerId x, I inC, I outC, I stride)
{
    LayerId y = n.relu(p + ".relu1", n.bn(p + ".bn1", n.conv(p + ".conv1", x, outC, 3, stride, 1, false)));
    y = n.bn(p + ".bn2", n.conv(p + ".conv2", y, outC, 3, 1, 1, false));
    LayerId identity = x;
    if (stride != 1 || inC != outC) identity = n.bn(p + ".down.1", n.conv(p + ".down.0", x, outC, 1, stride, 0, false));
    return n.relu(p + ".relu2", n.add(p + ".add", y, identity));
}

Graph resnetStages()
{
    Net n;
    auto x = n.relu("stem.2", n.bn("stem.1", n.conv("stem.0", n.input({3, 32, 32}), 16, 3, 1, 1, false)));
    x = basicBlock(n, "stage1", x, 16, 16, 1);
    x = basicBlock(n, "stage2", x, 16, 32, 2);
    x = basicBlock(n, "stage3", x, 32, 64, 2);
    n.dense("fc", n.flatten("flatten", n.adaptive("pool", x, 1)), 10);
    return n.b.take();
}

Graph transformerBlocks()
{
    Net n;
    auto tokens = n.b.add("Input", "tokens", {}, {{"shape", IntList{16}}, {"dtype", std::string("int64")}});
    auto x = n.b.add("Embedding", "embed", {tokens}, {{"num_embeddings", I{500}}, {"embedding_dim", I{64}}});
    for (int i = 0; i < 3; ++i) {
        const std::string p = "blocks." + std::to_string(i);
        auto h = n.b.add("LayerNorm", p + ".ln1", {x});
        auto a = n.b.add("MultiHeadAttention", p + ".attn", {h},
                         {{"embed_dim", I{64}}, {"num_heads", I{4}}, {"dropout", 0.1}, {"need_weights", true}});
        x = n.add(p + ".add1", x, a);
        auto f = n.b.add("GELU", p + ".act", {n.dense(p + ".fc1", n.b.add("LayerNorm", p + ".ln2", {x}), 128)});
        x = n.add(p + ".add2", x, n.dense(p + ".fc2", f, 64));
    }
    x = n.b.add("Mean", "mean", {n.b.add("LayerNorm", "norm", {x})}, {{"axis", I{1}}});
    n.dense("head", x, 10);
    return n.b.take();
}

LayerId convT(Net& n, const std::string& name, LayerId x, I filters)
{
    return n.b.add("ConvTranspose2D", name, {x},
                   {{"filters", filters}, {"kernel_size", IntList{2}}, {"stride", IntList{2}}, {"padding", IntList{0}},
                    {"output_padding", IntList{0}}});
}

Graph unetSmall()
{
    Net n;
    auto e1 = n.convBnRelu("enc1", n.input({3, 32, 32}), 16, 3, 1, 1);
    auto e2 = n.convBnRelu("enc2.c2", n.convBnRelu("enc2.c1", n.maxpool("enc2.pool", e1, 2, 2), 32, 3, 1, 1), 32, 3, 1, 1);
    auto b = convT(n, "bott.up", n.convBnRelu("bott.c1", n.maxpool("bott.pool", e2, 2, 2), 64, 3, 1, 1), 32);
    auto d2 = convT(n, "dec2.up", n.convBnRelu("dec2.c1", n.concat("cat2", {e2, b}), 32, 3, 1, 1), 16);
    n.conv("dec1.out", n.convBnRelu("dec1.c1", n.concat("cat1", {e1, d2}), 16, 3, 1, 1), 1, 1);
    return n.b.take();
}

struct Entry {
    const char* name;
    Graph (*build)();
    Count params; // checkpoint_models.py's hand count (truth.py checked it against sum of p.numel())
    std::vector<const char*> scopes; // checkpointed modules; empty for the plain twins
};

// stem 432+32; stage1 2·2304+2·32; stage2 4608+9216+2·64+512+64; stage3 18432+36864+2·128+2048+128; fc 650
constexpr Count kResNet = 464 + 4672 + 14528 + 57728 + 650;
// embed 32,000; per block 2·128 + 16,640 + 8,320 + 8,256; norm 128; head 650
constexpr Count kTransformer = 32000 + 3 * (256 + 16640 + 8320 + 8256) + 128 + 650;
// enc1 432+32; enc2 4608+64+9216+64; bott 18432+128+8224; dec2 18432+64+2064; dec1 4608+32+17
constexpr Count kUNet = 464 + 13952 + 26784 + 20560 + 4657;

const Entry kEntries[] = {
    {"ck_resnet_stages", resnetStages, kResNet, {"stage1.", "stage2.", "stage3."}},
    {"ck_resnet_plain", resnetStages, kResNet, {}},
    {"ck_transformer_blocks", transformerBlocks, kTransformer, {"blocks.0.", "blocks.1.", "blocks.2."}},
    {"ck_transformer_plain", transformerBlocks, kTransformer, {}},
    {"ck_unet_small", unetSmall, kUNet, {"enc2.", "bott.", "dec2.", "dec1."}},
    {"ck_unet_plain", unetSmall, kUNet, {}},
};

} // namespace

const std::vector<std::string>& checkpointReferenceNetNames()
{
    static const std::vector<std::string> names = [] {
        std::vector<std::string> v;
        for (const Entry& e : kEntries) v.push_back(e.name);
        return v;
    }();
    return names;
}

ReferenceNet checkpointReferenceNet(const std::string& truthName)
{
    for (const Entry& e : kEntries) {
        if (truthName != e.name) continue;
        ReferenceNet net{e.name, e.build(), e.params, ""};
        for (const char* scope : e.scopes) {
            const auto marked = checkpointScope(net.graph, scope);
            assert(marked);
            (void)marked;
        }
        return net;
    }
    assert(false && "unknown checkpoint reference net");
    return {};
}

} // namespace netsizer::testing
