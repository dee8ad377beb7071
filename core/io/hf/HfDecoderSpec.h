#pragma once
// The sizes and choices a Hugging Face config.json decides, after validation
// (HfConfigReader.cpp), and the builders that turn them into graphs named as Hugging Face's
// modules (HfLlamaBuilder.cpp, HfGpt2Builder.cpp).

#include "core/graph/Graph.h"

#include <cstdint>
#include <string>

namespace netsizer::core {

// LlamaForCausalLM and the architectures that share its decoder layer (Mistral, Qwen2):
// RMSNorm - q/k/v projections - rotary - (grouped-query) attention - o_proj - residual -
// RMSNorm - gated MLP (act(gate_proj) · up_proj - down_proj) - residual.
struct HfLlamaSpec {
    std::int64_t vocab = 0, hidden = 0, intermediate = 0, layers = 0, heads = 0, kvHeads = 0, headDim = 0;
    std::int64_t maxPositions = 0, sequence = 0;
    double rmsEps = 1e-6, ropeTheta = 10000.0, attentionDropout = 0.0;
    bool qkvBias = false, outputBias = false, mlpBias = false, tiedEmbeddings = false, flash = false;
    std::string activation = "SiLU";     // a kind id: SiLU (SwiGLU) or GELU (GeGLU)
    std::string geluApproximate = "none"; // with GELU: "none" or "tanh"
};
Graph buildHfLlamaDecoder(const HfLlamaSpec& spec);

// GPT2LMHeadModel: wte + wpe - dropout - pre-norm blocks (LayerNorm - c_attn - split - causal
// attention - c_proj - dropout - residual - LayerNorm - c_fc - GELU - c_proj - dropout -
// residual) - ln_f - lm_head tied to wte.
struct HfGpt2Spec {
    std::int64_t vocab = 0, width = 0, layers = 0, heads = 0, inner = 0, positions = 0, sequence = 0;
    double residDropout = 0.1, embdDropout = 0.1, attnDropout = 0.1, eps = 1e-5;
    std::string geluApproximate = "gelu_new";
    bool flash = false;
};
Graph buildHfGpt2(const HfGpt2Spec& spec);

} // namespace netsizer::core
