// buildHfLlamaDecoder (HfDecoderSpec.h): Hugging Face's LlamaForCausalLM as it runs in training
// (transformers commit 002272831fba584eb30dca9729c1be456836960a, src/transformers/models/llama/
// modeling_llama.py, eager attention unless `flash`), layer for layer. Layers that are not
// Hugging Face modules (the attention product, the residual adds, the MLP's product) are named
// inside the module that runs them.
#include "core/io/hf/HfDecoderSpec.h"

#include "core/graph/GraphBuilder.h"

namespace netsizer::core {

Graph buildHfLlamaDecoder(const HfLlamaSpec& s)
{
    using I = std::int64_t;
    GraphBuilder b;
    const LayerId ids = b.add("Input", "input_ids", {}, {{"shape", IntList{s.sequence}}, {"dtype", std::string("int64")}});
    LayerId h = b.add("Embedding", "model.embed_tokens", {ids}, {{"num_embeddings", s.vocab}, {"embedding_dim", s.hidden}});
    for (I i = 0; i < s.layers; ++i) {
        const std::string p = "model.layers." + std::to_string(i) + ".";
        const LayerId n1 = b.add("RMSNorm", p + "input_layernorm", {h}, {{"eps", s.rmsEps}});
        const LayerId q = b.add("Dense", p + "self_attn.q_proj", {n1}, {{"units", s.heads * s.headDim}, {"bias", s.qkvBias}});
        const LayerId k = b.add("Dense", p + "self_attn.k_proj", {n1}, {{"units", s.kvHeads * s.headDim}, {"bias", s.qkvBias}});
        const LayerId v = b.add("Dense", p + "self_attn.v_proj", {n1}, {{"units", s.kvHeads * s.headDim}, {"bias", s.qkvBias}});
        const LayerId rope = b.add("RotaryEmbedding", p + "self_attn.rotary_emb", {q, k},
                                   {{"head_dim", s.headDim}, {"theta", s.ropeTheta}, {"max_position_embeddings", s.maxPositions}});
        const LayerId att = b.add("ScaledDotProductAttention", p + "self_attn.attention",
                                  std::vector<PortRef>{{rope, 0}, {rope, 1}, {v, 0}},
                                  {{"num_heads", s.heads}, {"num_kv_heads", s.kvHeads}, {"causal", true},
                                   {"dropout", s.attentionDropout}, {"flash", s.flash}, {"softmax_fp32", true},
                                   {"scale", std::string("float64")}});
        const LayerId o = b.add("Dense", p + "self_attn.o_proj", {att}, {{"units", s.hidden}, {"bias", s.outputBias}});
        h = b.add("Add", p + "residual_attn", {h, o});
        const LayerId n2 = b.add("RMSNorm", p + "post_attention_layernorm", {h}, {{"eps", s.rmsEps}});
        const LayerId gate = b.add("Dense", p + "mlp.gate_proj", {n2}, {{"units", s.intermediate}, {"bias", s.mlpBias}});
        const LayerId act = s.activation == "GELU"
                                ? b.add("GELU", p + "mlp.act_fn", {gate}, {{"approximate", s.geluApproximate}})
                                : b.add("SiLU", p + "mlp.act_fn", {gate});
        const LayerId up = b.add("Dense", p + "mlp.up_proj", {n2}, {{"units", s.intermediate}, {"bias", s.mlpBias}});
        const LayerId gated = b.add("Multiply", p + "mlp.gated", {act, up});
        const LayerId down = b.add("Dense", p + "mlp.down_proj", {gated}, {{"units", s.hidden}, {"bias", s.mlpBias}});
        h = b.add("Add", p + "residual_mlp", {h, down});
    }
    const LayerId norm = b.add("RMSNorm", "model.norm", {h}, {{"eps", s.rmsEps}});
    if (s.tiedEmbeddings)
        b.add("TiedDense", "lm_head", {norm}, {{"units", s.vocab}, {"tied_to", std::string("model.embed_tokens")}});
    else
        b.add("Dense", "lm_head", {norm}, {{"units", s.vocab}, {"bias", false}});
    return b.take();
}

} // namespace netsizer::core
