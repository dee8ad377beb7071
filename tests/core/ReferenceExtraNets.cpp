// The networks of tests/truth/extra_models.py, layer for layer (see that file for the PyTorch
// modules). Modelling notes:
// - `x.mean(dim=...)` over every spatial axis is GlobalAvgPool (MeanBackward1 keeps nothing but
//   sizes in torch 1.13 — the kind's rule decides); over the time axis of [T, F] it is Mean.
// - SE gating `y * s + x` is Multiply then Add; ResNet-style ReLU(inplace) follows.
// - nn.Flatten after AdaptiveAvgPool2d is Flatten (a view).
// - Frozen layers (FrozenMLP fc1, fc3) have trainable = false, as requires_grad_(False).
#include "tests/core/ReferenceExtraNets.h"

#include "tests/core/NetBuilder.h"

#include <cassert>
#include <functional>

namespace netsizer::testing {
using namespace netsizer::core;
namespace {

LayerId tokens(Net& n, I length)
{
    return n.b.add("Input", "tokens", {}, {{"shape", IntList{length}}, {"dtype", std::string("int64")}});
}

LayerId conv(Net& n, const char* kind, const std::string& name, LayerId x, I filters, IntList k, IntList stride,
             IntList pad, bool bias = true)
{
    return n.b.add(kind, name, {x},
                   {{"filters", filters}, {"kernel_size", k}, {"stride", stride}, {"padding", pad}, {"bias", bias}});
}

LayerId groupNorm(Net& n, const std::string& name, LayerId x, I groups)
{
    return n.b.add("GroupNorm", name, {x}, {{"groups", groups}});
}

// Conv1dSignal, [2, 256] → 10 classes.
Graph conv1dSignal()
{
    Net n;
    auto x = n.input({2, 256});
    x = conv(n, "Conv1D", "conv1", x, 16, {7}, {2}, {3});
    x = n.b.add("PReLU", "act1", {n.bn("bn1", x)}, {{"num_parameters", I{16}}});
    x = n.b.add("MaxPool1D", "pool1", {x}, {{"kernel_size", IntList{2}}});
    x = groupNorm(n, "gn2", conv(n, "Conv1D", "conv2", x, 32, {5}, {1}, {2}), 4);
    x = n.b.add("ELU", "act2", {x});
    x = n.b.add("AvgPool1D", "pool2", {x}, {{"kernel_size", IntList{2}}});
    x = conv(n, "Conv1D", "conv3", x, 32, {3}, {1}, {1}, false);
    x = n.b.add("LeakyReLU", "act3", {x}, {{"negative_slope", 0.1}});
    x = n.b.add("GlobalAvgPool", "mean", {x});
    n.dense("fc", n.dropout("drop", x, 0.2), 10);
    return n.b.take();
}

// Conv3dClip, [3, 8, 32, 32] → 5 classes.
Graph conv3dClip()
{
    Net n;
    auto x = n.input({3, 8, 32, 32});
    x = n.relu("relu1", n.bn("bn1", conv(n, "Conv3D", "conv1", x, 8, {3}, {1}, {1})));
    x = groupNorm(n, "gn2", conv(n, "Conv3D", "conv2", x, 16, {3}, {2}, {1}, false), 4);
    x = n.b.add("SiLU", "act2", {x});
    x = conv(n, "Conv3D", "conv3", x, 16, {1, 3, 3}, {1, 2, 2}, {0, 1, 1});
    x = n.b.add("HardSwish", "act3", {x});
    x = n.b.add("GlobalAvgPool", "mean", {x});
    n.dense("fc", x, 5);
    return n.b.take();
}

// GRUTagger, int64 [24] → [24, 17].
Graph gruTagger()
{
    Net n;
    auto x = n.b.add("Embedding", "embed", {tokens(n, 24)}, {{"num_embeddings", I{1000}}, {"embedding_dim", I{64}}});
    x = n.dropout("drop", x, 0.1);
    x = n.b.add("GRU", "gru", {x},
                {{"hidden_size", I{96}}, {"num_layers", I{2}}, {"bidirectional", true}, {"dropout", 0.2}});
    n.dense("head", x, 17);
    return n.b.take();
}

// RNNThenBiLSTM, [30, 16] → 5.
Graph rnnBiLstm()
{
    Net n;
    auto x = n.input({30, 16});
    x = n.b.add("RNN", "rnn", {x}, {{"hidden_size", I{32}}, {"num_layers", I{2}}});
    x = n.b.add("LSTM", "lstm", {x}, {{"hidden_size", I{48}}, {"bidirectional", true}});
    x = n.b.add("Mean", "mean", {x}, {{"axis", I{1}}});
    n.dense("head", n.tanh("act", x), 5);
    return n.b.take();
}

// SEResNetTiny, [3, 32, 32] → 10.
Graph seResNetTiny()
{
    Net n;
    auto x = n.input({3, 32, 32});
    x = n.b.add("ZeroPadding", "pad", {x}, {{"padding", IntList{1}}});
    x = n.relu("stem_relu", n.bn("stem_bn", n.conv("stem", x, 16, 3)));
    auto y = n.relu("relu1", n.bn("bn1", n.conv("conv1", x, 16, 3, 1, 1, false)));
    y = n.bn("bn2", n.conv("conv2", y, 16, 3, 1, 1, false));
    auto s = n.relu("se_relu", n.conv("se_fc1", n.adaptive("se_pool", y, 1), 4, 1));
    s = n.sigmoid("se_gate", n.conv("se_fc2", s, 16, 1));
    x = n.relu("relu2", n.add("add", n.multiply("se_mul", y, s), x));
    auto b1 = n.tanh("branch_act", n.conv("branch_conv", x, 8, 1));
    auto b2 = n.maxpool("branch_pool", x, 3, 1, 1);
    x = n.flatten("flatten", n.adaptive("pool", n.concat("cat", {b1, b2}), 2));
    n.dense("fc", x, 10);
    return n.b.take();
}

// UNetUpsample, [3, 32, 32] → [1, 32, 32].
Graph unetUpsample()
{
    Net n;
    auto x = n.input({3, 32, 32});
    auto e = n.b.add("GELU", "enc_act", {groupNorm(n, "enc_gn", n.conv("enc", x, 16, 3, 1, 1), 4)});
    auto d = n.conv("down", e, 32, 3, 2, 1);
    d = n.b.add("LayerNorm", "down_ln", {d}, {{"normalized_dims", I{3}}});
    d = n.b.add("LeakyReLU", "down_act", {d}, {{"negative_slope", 0.2}});
    auto a = n.relu("a_relu", n.conv("a_conv", n.maxpool("a_pool", d, 2, 2), 32, 3, 1, 1), false);
    a = n.b.add("Upsample", "a_up", {a}, {{"mode", std::string("bilinear")}, {"scale_factor", 2.0}});
    auto b = n.b.add("Upsample", "b_up", {n.b.add("AvgPool2D", "b_pool", {d}, {{"kernel_size", IntList{2}}})},
                     {{"mode", std::string("nearest")}, {"scale_factor", 2.0}});
    auto u = n.b.add("ConvTranspose2D", "up", {n.concat("cat1", {d, a, b})},
                     {{"filters", I{16}}, {"kernel_size", IntList{3}}, {"stride", IntList{2}}, {"padding", IntList{1}},
                      {"output_padding", IntList{1}}});
    u = n.b.add("ELU", "up_act", {u});
    n.conv("out", n.concat("cat2", {e, u}), 1, 1);
    return n.b.take();
}

// AttentionSoftmax, int64 [16] → 10.
Graph attentionSoftmax()
{
    Net n;
    auto x = n.b.add("Embedding", "embed", {tokens(n, 16)}, {{"num_embeddings", I{500}}, {"embedding_dim", I{64}}});
    x = n.dropout("drop", x, 0.1);
    auto a = n.b.add("MultiHeadAttention", "attn", {x},
                     {{"embed_dim", I{64}}, {"num_heads", I{4}}, {"dropout", 0.1}, {"need_weights", true}});
    x = n.b.add("LayerNorm", "norm", {n.add("add", x, a)});
    x = n.b.add("GELU", "act", {n.dense("fc1", x, 128)}, {{"approximate", std::string("tanh")}});
    x = n.dense("fc2", n.dropout("drop2", x, 0.1), 64);
    x = n.b.add("Softmax", "softmax", {x}, {{"axis", I{-1}}});
    x = n.b.add("Mean", "mean", {x}, {{"axis", I{1}}});
    n.dense("head", x, 10);
    return n.b.take();
}

// FrozenMLP, [256] → 10, fc1 and fc3 frozen.
Graph frozenMlp()
{
    Net n;
    auto x = n.dropout("drop_in", n.input({256}), 0.1);
    const LayerId fc1 = n.dense("fc1", x, 128);
    x = n.dropout("drop1", n.sigmoid("act1", fc1), 0.5);
    x = n.tanh("act2", n.dense("fc2", x, 128));
    const LayerId fc3 = n.dense("fc3", x, 64);
    x = n.b.add("Softmax", "softmax", {fc3}, {{"axis", I{1}}});
    n.dense("fc4", n.dropout("drop3", x, 0.2), 10);
    n.b.graph().find(fc1)->trainable = false;
    n.b.graph().find(fc3)->trainable = false;
    return n.b.take();
}

struct Entry {
    const char* name;
    Graph (*build)();
    Count params;          // extra_models.py's count (sum of p.numel(), checked against the truth)
    const char* lastTrainable; // truth's finetune_last_linear.trainable_module
};

// Parameter counts by hand, layer by layer (weights + biases):
const Entry kEntries[] = {
    // conv1 2·16·7+16, bn1 32, act1 16, conv2 16·32·5+32, gn2 64, conv3 32·32·3, fc 330
    {"x_conv1d_signal", conv1dSignal, 240 + 32 + 16 + 2592 + 64 + 3072 + 330, "fc"},
    // conv1 3·8·27+8, bn1 16, conv2 8·16·27, gn2 32, conv3 16·16·9+16, fc 85
    {"x_conv3d_clip", conv3dClip, 656 + 16 + 3456 + 32 + 2320 + 85, "fc"},
    // embed 64,000; GRU per direction l0 3·96·(64+96+2), l1 3·96·(192+96+2); head 192·17+17
    {"x_gru_tagger", gruTagger, 64000 + 2 * (3 * 96 * 162 + 3 * 96 * 290) + 3281, "head"},
    // RNN l0 32·(16+32+2), l1 32·(32+32+2); bi-LSTM 2 · 4·48·(32+48+2); head 96·5+5
    {"x_rnn_bilstm", rnnBiLstm, 1600 + 2112 + 2 * 15744 + 485, "head"},
    // stem 448, bn 32, conv1/conv2 2304 each, bn 32 each, se 68 + 80, branch 136, fc 970
    {"x_se_resnet_tiny", seResNetTiny, 448 + 32 + 2304 + 32 + 2304 + 32 + 68 + 80 + 136 + 970, "fc"},
    // enc 448, gn 32, down 4640, ln 2·8192, a_conv 9248, up 96·16·9+16, out 33
    {"x_unet_upsample", unetUpsample, 448 + 32 + 4640 + 16384 + 9248 + 13840 + 33, "out"},
    // embed 32,000, attn 4·64·64+4·64, norm 128, fc1 8320, fc2 8256, head 650
    {"x_attention_softmax", attentionSoftmax, 32000 + 16640 + 128 + 8320 + 8256 + 650, "head"},
    // fc1 32,896, fc2 16,512, fc3 8,256, fc4 650
    {"x_frozen_mlp", frozenMlp, 32896 + 16512 + 8256 + 650, "fc4"},
};

} // namespace

const std::vector<std::string>& extraReferenceNetNames()
{
    static const std::vector<std::string> names = [] {
        std::vector<std::string> v;
        for (const Entry& e : kEntries) v.push_back(e.name);
        return v;
    }();
    return names;
}

ReferenceNet extraReferenceNet(const std::string& truthName)
{
    for (const Entry& e : kEntries)
        if (truthName == e.name) return ReferenceNet{e.name, e.build(), e.params, e.lastTrainable};
    assert(false && "unknown extra reference network");
    return {};
}

} // namespace netsizer::testing
