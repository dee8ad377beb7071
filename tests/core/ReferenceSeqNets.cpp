#include "ReferenceSeqNets.h"

using namespace netsizer::core;

namespace netsizer::test {
namespace {
using I = std::int64_t;
} // namespace

Graph lstmLanguageModel()
{
    GraphBuilder b;
    auto x = b.add("Input", "tokens", {}, {{"shape", IntList{35}}, {"dtype", std::string("int64")}});
    auto e = b.add("Embedding", "encoder", {x}, {{"num_embeddings", I{10000}}, {"embedding_dim", I{256}}});
    auto d = b.add("Dropout", "drop_in", {e}, {{"p", 0.2}});
    auto r = b.add("LSTM", "rnn", {d}, {{"hidden_size", I{512}}, {"num_layers", I{2}}, {"dropout", 0.2}});
    auto o = b.add("Dropout", "drop_out", {r}, {{"p", 0.2}});
    b.add("Dense", "decoder", {o}, {{"units", I{10000}}});
    return b.take();
}

LayerId transformerEncoderLayer(GraphBuilder& b, LayerId x, const std::string& prefix, I dModel, I heads, I ff,
                                double dropout)
{
    auto a = b.add("MultiHeadAttention", prefix + ".self_attn", {x},
                   {{"embed_dim", dModel}, {"num_heads", heads}, {"dropout", dropout}});
    auto d1 = b.add("Dropout", prefix + ".dropout1", {a}, {{"p", dropout}});
    auto s1 = b.add("Add", prefix + ".add1", {x, d1});
    auto n1 = b.add("LayerNorm", prefix + ".norm1", {s1});
    auto l1 = b.add("Dense", prefix + ".linear1", {n1}, {{"units", ff}});
    auto r = b.add("ReLU", prefix + ".relu", {l1});
    auto d = b.add("Dropout", prefix + ".dropout", {r}, {{"p", dropout}});
    auto l2 = b.add("Dense", prefix + ".linear2", {d}, {{"units", dModel}});
    auto d2 = b.add("Dropout", prefix + ".dropout2", {l2}, {{"p", dropout}});
    auto s2 = b.add("Add", prefix + ".add2", {n1, d2});
    return b.add("LayerNorm", prefix + ".norm2", {s2});
}

LayerId vitEncoderBlock(GraphBuilder& b, LayerId x, const std::string& prefix, I width, I heads, I mlp)
{
    auto n1 = b.add("LayerNorm", prefix + ".ln_1", {x}, {{"eps", 1e-6}});
    auto a = b.add("MultiHeadAttention", prefix + ".self_attention", {n1}, {{"embed_dim", width}, {"num_heads", heads}});
    auto d = b.add("Dropout", prefix + ".dropout", {a}, {{"p", 0.0}});
    auto s1 = b.add("Add", prefix + ".add1", {d, x});
    auto n2 = b.add("LayerNorm", prefix + ".ln_2", {s1}, {{"eps", 1e-6}});
    auto l1 = b.add("Dense", prefix + ".mlp.0", {n2}, {{"units", mlp}});
    auto g = b.add("GELU", prefix + ".mlp.1", {l1});
    auto d1 = b.add("Dropout", prefix + ".mlp.2", {g}, {{"p", 0.0}});
    auto l2 = b.add("Dense", prefix + ".mlp.3", {d1}, {{"units", width}});
    auto d2 = b.add("Dropout", prefix + ".mlp.4", {l2}, {{"p", 0.0}});
    return b.add("Add", prefix + ".add2", {s1, d2});
}

Graph transformerClassifier()
{
    GraphBuilder b;
    auto x = b.add("Input", "tokens", {}, {{"shape", IntList{128}}, {"dtype", std::string("int64")}});
    auto e = b.add("Embedding", "embed", {x}, {{"num_embeddings", I{10000}}, {"embedding_dim", I{512}}});
    auto h = b.add("PositionalEmbedding", "pos", {e}, {{"num_positions", I{128}}});
    for (int i = 0; i < 6; ++i)
        h = transformerEncoderLayer(b, h, "encoder.layers." + std::to_string(i), 512, 8, 2048, 0.1);
    auto m = b.add("Mean", "mean", {h}, {{"axis", I{1}}});
    b.add("Dense", "head", {m}, {{"units", I{10}}});
    return b.take();
}

Graph gpt2Small()
{
    return gpt2(Gpt2Config{});
}

Graph gpt2(const Gpt2Config& c)
{
    const I vocab = c.vocab, d = c.width, heads = c.heads;
    GraphBuilder b;
    auto x = b.add("Input", "input_ids", {}, {{"shape", IntList{c.seq}}, {"dtype", std::string("int64")}});
    auto wte = b.add("Embedding", "wte", {x}, {{"num_embeddings", vocab}, {"embedding_dim", d}});
    auto wpe = b.add("PositionalEmbedding", "wpe", {wte}, {{"num_positions", c.positions}, {"lookup", true}});
    auto h = b.add("Dropout", "drop", {wpe}, {{"p", 0.1}});
    for (int i = 0; i < c.layers; ++i) {
        const std::string p = "h." + std::to_string(i);
        auto n1 = b.add("LayerNorm", p + ".ln_1", {h});
        auto a = b.add("MultiHeadAttention", p + ".attn", {n1},
                       {{"embed_dim", d}, {"num_heads", heads}, {"dropout", 0.1}, {"causal", true}});
        auto ad = b.add("Dropout", p + ".attn.resid_dropout", {a}, {{"p", 0.1}});
        h = b.add("Add", p + ".add1", {h, ad});
        auto n2 = b.add("LayerNorm", p + ".ln_2", {h});
        auto fc = b.add("Dense", p + ".mlp.c_fc", {n2}, {{"units", 4 * d}});
        auto g = b.add("GELU", p + ".mlp.act", {fc}, {{"approximate", std::string("tanh")}});
        auto pr = b.add("Dense", p + ".mlp.c_proj", {g}, {{"units", d}});
        auto md = b.add("Dropout", p + ".mlp.dropout", {pr}, {{"p", 0.1}});
        h = b.add("Add", p + ".add2", {h, md});
    }
    auto lnf = b.add("LayerNorm", "ln_f", {h});
    b.add("TiedDense", "lm_head", {lnf}, {{"units", vocab}, {"tied_to", std::string("wte")}});
    return b.take();
}

} // namespace netsizer::test
