#pragma once
// Sequence networks built with GraphBuilder exactly as ../shared/truth/models.py defines them
// (LSTMLanguageModel, TransformerClassifier), plus GPT-2 small (Hugging Face GPT2LMHeadModel
// with its head tied to the token embedding). Used by tst_truth_seq.

#include "core/graph/Graph.h"
#include "core/graph/GraphBuilder.h"

namespace netsizer::test {

// Embedding(10000, 256) - Dropout(0.2) - LSTM(256 -> 512, 2 layers, dropout 0.2, batch_first)
// - Dropout(0.2) - Linear(512, 10000); int64 input [35]. 11,368,208 parameters.
core::Graph lstmLanguageModel();

// Embedding(10000, 512) + learned positions [128, 512] - 6 × post-norm TransformerEncoderLayer
// (d_model 512, 8 heads, ff 2048, dropout 0.1, relu, batch_first) - mean over the sequence -
// Linear(512, 10); int64 input [128]. 24,104,970 parameters.
core::Graph transformerClassifier();

// One nn.TransformerEncoderLayer of PyTorch 1.13 (post-norm, training path), from primitives:
// MHA - Dropout - Add - LayerNorm - Dense - ReLU - Dropout - Dense - Dropout - Add - LayerNorm.
core::LayerId transformerEncoderLayer(core::GraphBuilder& b, core::LayerId x, const std::string& prefix,
                                      std::int64_t dModel, std::int64_t heads, std::int64_t ff, double dropout);

// One torchvision ViT EncoderBlock (pre-norm, dropout 0 as vit_b_16's defaults): LayerNorm -
// MHA - Dropout - Add - LayerNorm - Dense 4d - GELU - Dropout - Dense d - Dropout - Add.
core::LayerId vitEncoderBlock(core::GraphBuilder& b, core::LayerId x, const std::string& prefix, std::int64_t width,
                              std::int64_t heads, std::int64_t mlp);

// A GPT-2 shaped decoder: wte vocab × d, wpe positions × d (looked up), `layers` pre-norm blocks
// (LayerNorm - causal MHA - Dropout - Add - LayerNorm - Dense 4d - GELU tanh - Dense d - Dropout -
// Add), ln_f, lm_head tied to wte; int64 input [seq]. Parameters equal Hugging Face's
// GPT2LMHeadModel (its Conv1D c_attn/c_proj hold the same numbers as in_proj/out_proj); the
// activations model the blocks written with nn.MultiheadAttention (as measured in
// tst_truth_seq), not Hugging Face's own attention code.
struct Gpt2Config {
    std::int64_t vocab = 50257, positions = 1024, seq = 1024, width = 768, heads = 12, layers = 12;
};
core::Graph gpt2(const Gpt2Config& c);
// GPT-2 small (124,439,808 parameters).
core::Graph gpt2Small();

} // namespace netsizer::test
