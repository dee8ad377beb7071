// buildHfGpt2 (HfDecoderSpec.h): Hugging Face's GPT2LMHeadModel in training (transformers commit
// 002272831fba584eb30dca9729c1be456836960a, src/transformers/models/gpt2/modeling_gpt2.py, eager
// attention unless `flash`), layer for layer. c_attn's [S, 3E] output is split into q, k, v by
// three views (Narrow), as `.split(split_size, dim=2)`; its Conv1D layers are Dense layers with
// the same parameter counts.
#include "core/io/hf/HfDecoderSpec.h"

#include "core/graph/GraphBuilder.h"

namespace netsizer::core {

Graph buildHfGpt2(const HfGpt2Spec& s)
{
    using I = std::int64_t;
    GraphBuilder b;
    const LayerId ids = b.add("Input", "input_ids", {}, {{"shape", IntList{s.sequence}}, {"dtype", std::string("int64")}});
    const LayerId wte = b.add("Embedding", "transformer.wte", {ids}, {{"num_embeddings", s.vocab}, {"embedding_dim", s.width}});
    const LayerId wpe = b.add("PositionalEmbedding", "transformer.wpe", {wte}, {{"num_positions", s.positions}, {"lookup", true}});
    LayerId h = b.add("Dropout", "transformer.drop", {wpe}, {{"p", s.embdDropout}});
    for (I i = 0; i < s.layers; ++i) {
        const std::string p = "transformer.h." + std::to_string(i) + ".";
        const LayerId n1 = b.add("LayerNorm", p + "ln_1", {h}, {{"eps", s.eps}});
        const LayerId qkv = b.add("Dense", p + "attn.c_attn", {n1}, {{"units", 3 * s.width}});
        const LayerId q = b.add("Narrow", p + "attn.query", {qkv}, {{"axis", I{-1}}, {"start", I{0}}, {"length", s.width}});
        const LayerId k = b.add("Narrow", p + "attn.key", {qkv}, {{"axis", I{-1}}, {"start", s.width}, {"length", s.width}});
        const LayerId v = b.add("Narrow", p + "attn.value", {qkv}, {{"axis", I{-1}}, {"start", 2 * s.width}, {"length", s.width}});
        const LayerId att = b.add("ScaledDotProductAttention", p + "attn.attention", {q, k, v},
                                  {{"num_heads", s.heads}, {"num_kv_heads", s.heads}, {"causal", true}, {"dropout", s.attnDropout},
                                   {"flash", s.flash}, {"softmax_fp32", false}, {"scale", std::string("tensor")},
                                   {"mask_buffer_positions", s.positions}});
        const LayerId proj = b.add("Dense", p + "attn.c_proj", {att}, {{"units", s.width}});
        const LayerId drop = b.add("Dropout", p + "attn.resid_dropout", {proj}, {{"p", s.residDropout}});
        h = b.add("Add", p + "residual_attn", {drop, h});
        const LayerId n2 = b.add("LayerNorm", p + "ln_2", {h}, {{"eps", s.eps}});
        const LayerId fc = b.add("Dense", p + "mlp.c_fc", {n2}, {{"units", s.inner}});
        const LayerId act = b.add("GELU", p + "mlp.act", {fc}, {{"approximate", s.geluApproximate}});
        const LayerId out = b.add("Dense", p + "mlp.c_proj", {act}, {{"units", s.width}});
        const LayerId mdrop = b.add("Dropout", p + "mlp.dropout", {out}, {{"p", s.residDropout}});
        h = b.add("Add", p + "residual_mlp", {h, mdrop});
    }
    const LayerId lnf = b.add("LayerNorm", "transformer.ln_f", {h}, {{"eps", s.eps}});
    b.add("TiedDense", "lm_head", {lnf}, {{"units", s.vocab}, {"tied_to", std::string("transformer.wte")}});
    return b.take();
}

} // namespace netsizer::core
