// isHuggingFaceConfig and readHuggingFaceConfig (HfConfigImport.h): validates a config.json
// against what the architecture's modelling code requires and builds the decoder
// (HfDecoderSpec.h). Defaults are those of the transformers configuration classes
// (LlamaConfig, MistralConfig, Qwen2Config, GPT2Config) at commit
// 002272831fba584eb30dca9729c1be456836960a; each default the file relies on is named in a note.
#include "core/io/hf/HfConfigImport.h"

#include "core/io/JsonLimits.h"
#include "core/io/hf/HfConfigFields.h"
#include "core/io/hf/HfDecoderSpec.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace netsizer::core {
namespace {

using nlohmann::json;

enum class Family { Llama, Gpt2 };

struct Architecture {
    const char* name;      // "architectures"[0]
    const char* modelType; // "model_type"
    Family family;
};
constexpr Architecture kArchitectures[] = {
    {"LlamaForCausalLM", "llama", Family::Llama},
    {"MistralForCausalLM", "mistral", Family::Llama},
    {"Qwen2ForCausalLM", "qwen2", Family::Llama},
    {"GPT2LMHeadModel", "gpt2", Family::Gpt2},
};

std::string supportedList()
{
    std::string s;
    for (const auto& a : kArchitectures) s += (s.empty() ? "" : ", ") + std::string(a.name);
    return s;
}

Result<const Architecture*> architectureOf(const json& doc)
{
    const auto archs = doc.find("architectures");
    if (archs != doc.end() && !archs->is_null()) {
        if (!archs->is_array() || archs->empty() || !(*archs)[0].is_string())
            return makeError("config", "\"architectures\" must be a non-empty array of class names", "/architectures");
        const std::string name = (*archs)[0].get<std::string>();
        for (const auto& a : kArchitectures)
            if (name == a.name) return &a;
        return makeError("config", "architecture '" + name + "' is not supported (NetSizer imports " + supportedList() + ")",
                         "/architectures/0");
    }
    const auto type = doc.find("model_type");
    if (type == doc.end() || !type->is_string())
        return makeError("config", "neither \"architectures\" nor a \"model_type\" string says what the model is", "");
    for (const auto& a : kArchitectures)
        if (*type == a.modelType) return &a;
    return makeError("config", "model_type '" + type->get<std::string>() + "' is not supported (NetSizer imports " + supportedList() + ")",
                     "/model_type");
}

// The tokens per sample: the option, else min(default, maximum), with a note either way.
Result<std::int64_t> sequenceLength(const HfImportOptions& options, std::int64_t maximum, const char* maxKey,
                                    std::vector<std::string>& notes)
{
    if (options.sequenceLength) {
        if (*options.sequenceLength < 1 || *options.sequenceLength > maximum)
            return makeError("usage", "sequence length " + std::to_string(*options.sequenceLength) + " is outside 1.." +
                                          std::to_string(maximum) + " (the model's " + maxKey + ")",
                             "--seq-len");
        notes.push_back("sequence length " + std::to_string(*options.sequenceLength) + " tokens per sample (--seq-len)");
        return *options.sequenceLength;
    }
    const std::int64_t s = std::min(kHfDefaultSequenceLength, maximum);
    notes.push_back("sequence length " + std::to_string(s) + " tokens per sample: the import's default, min(" +
                    std::to_string(kHfDefaultSequenceLength) + ", " + maxKey + " = " + std::to_string(maximum) +
                    "); --seq-len N or the Input layer's shape sets another");
    return s;
}

// "_attn_implementation" as transformers writes it into saved configs: flash_attention_2 and
// sdpa (whose CUDA kernels are FlashAttention or memory-efficient attention in training) keep no
// S × S weights; eager (the default here) does.
Result<bool> flashAttention(const HfConfigFields& f, std::vector<std::string>& notes)
{
    auto impl = f.stringOr("_attn_implementation", "eager");
    if (!impl) return impl.error();
    if (*impl == "eager") {
        notes.push_back("attention: eager (keeps the heads × S × S weights); set a layer's 'flash' attribute, or "
                        "--attention flash, for FlashAttention");
        return false;
    }
    if (*impl == "flash_attention_2" || *impl == "sdpa") {
        notes.push_back("attention: " + *impl + " read as FlashAttention (no S × S weights kept)");
        return true;
    }
    return HfConfigFields::error("_attn_implementation", "is '" + *impl + "'; expected eager, sdpa or flash_attention_2");
}

template <class T>
Status take(Result<T> r, T& out)
{
    if (!r) return r.error();
    out = *r;
    return Ok{};
}

Result<Graph> readLlamaFamily(const HfConfigFields& f, const Architecture& arch, const HfImportOptions& options,
                              std::vector<std::string>& notes)
{
    HfLlamaSpec s;
    const bool qwen = std::string(arch.name) == "Qwen2ForCausalLM";
    const bool mistral = std::string(arch.name) == "MistralForCausalLM";
    for (auto status : {take(f.positive("vocab_size"), s.vocab), take(f.positive("hidden_size"), s.hidden),
                        take(f.positive("intermediate_size"), s.intermediate), take(f.positive("num_hidden_layers", 100000), s.layers),
                        take(f.positive("num_attention_heads", 1000000), s.heads),
                        take(f.positiveOr("max_position_embeddings", mistral ? 131072 : qwen ? 32768 : 2048), s.maxPositions),
                        take(f.numberOr("rms_norm_eps", 1e-6, 0.0, 1.0), s.rmsEps),
                        take(f.numberOr("rope_theta", 10000.0, 1.0, 1e12), s.ropeTheta),
                        take(f.numberOr("attention_dropout", 0.0, 0.0, 0.999999), s.attentionDropout),
                        take(f.boolOr("tie_word_embeddings", false), s.tiedEmbeddings),
                        take(f.boolOr("mlp_bias", false), s.mlpBias)})
        if (!status) return status.error();
    if (auto st = take(f.positiveOr("num_key_value_heads", s.heads, 1000000), s.kvHeads); !st) return st.error();
    if (!f.has("num_key_value_heads"))
        notes.push_back("num_key_value_heads not given: " + std::to_string(s.heads) + " (as num_attention_heads: no grouped-query attention)");
    if (s.heads % s.kvHeads != 0)
        return HfConfigFields::error("num_key_value_heads", "(" + std::to_string(s.kvHeads) + ") must divide num_attention_heads (" +
                                                                std::to_string(s.heads) + ")");
    if (f.has("head_dim")) {
        if (auto st = take(f.positive("head_dim"), s.headDim); !st) return st.error();
    } else {
        if (s.hidden % s.heads != 0)
            return HfConfigFields::error("hidden_size", "(" + std::to_string(s.hidden) + ") must be a multiple of num_attention_heads (" +
                                                            std::to_string(s.heads) + ")");
        s.headDim = s.hidden / s.heads;
    }
    if (s.headDim % 2 != 0) return HfConfigFields::error("head_dim", "is odd (" + std::to_string(s.headDim) + "): rotary needs pairs");
    if (f.has("rope_scaling"))
        notes.push_back("rope_scaling changes the rotation frequencies, not what is kept: ignored for memory");
    if (mistral && f.has("sliding_window"))
        notes.push_back("sliding_window: eager attention still keeps the full heads × S × S weights (masked)");
    // LLaMA's attention_bias sets all four projections; Qwen2 has q/k/v biases and no o_proj bias.
    bool bias = false;
    if (auto st = take(f.boolOr("attention_bias", false), bias); !st) return st.error();
    s.qkvBias = qwen || bias;
    s.outputBias = !qwen && bias;
    std::string act;
    if (auto st = take(f.stringOr("hidden_act", "silu"), act); !st) return st.error();
    if (act == "silu" || act == "swish") s.activation = "SiLU";
    else if (act == "gelu") { s.activation = "GELU"; s.geluApproximate = "none"; }
    else if (act == "gelu_pytorch_tanh") { s.activation = "GELU"; s.geluApproximate = "tanh"; }
    else return HfConfigFields::error("hidden_act", "is '" + act + "'; expected silu, gelu or gelu_pytorch_tanh");
    auto flash = flashAttention(f, notes);
    if (!flash) return flash.error();
    s.flash = *flash;
    auto seq = sequenceLength(options, s.maxPositions, "max_position_embeddings", notes);
    if (!seq) return seq.error();
    s.sequence = *seq;
    notes.push_back(std::string(arch.name) + ": " + std::to_string(s.layers) + " layers, " + std::to_string(s.heads) + " heads (" +
                    std::to_string(s.kvHeads) + " key/value), " + (s.tiedEmbeddings ? "lm_head tied to model.embed_tokens" : "untied lm_head") +
                    "; rotary cos/sin cache buffers per layer as in transformers 4.38");
    return buildHfLlamaDecoder(s);
}

Result<Graph> readGpt2(const HfConfigFields& f, const HfImportOptions& options, std::vector<std::string>& notes)
{
    HfGpt2Spec s;
    for (auto status : {take(f.positiveOr("vocab_size", 50257), s.vocab), take(f.positiveOr("n_embd", 768), s.width),
                        take(f.positiveOr("n_layer", 12, 100000), s.layers), take(f.positiveOr("n_head", 12, 1000000), s.heads),
                        take(f.positiveOr("n_positions", 1024), s.positions),
                        take(f.numberOr("resid_pdrop", 0.1, 0.0, 0.999999), s.residDropout),
                        take(f.numberOr("embd_pdrop", 0.1, 0.0, 0.999999), s.embdDropout),
                        take(f.numberOr("attn_pdrop", 0.1, 0.0, 0.999999), s.attnDropout),
                        take(f.numberOr("layer_norm_epsilon", 1e-5, 0.0, 1.0), s.eps)})
        if (!status) return status.error();
    if (s.width % s.heads != 0)
        return HfConfigFields::error("n_embd", "(" + std::to_string(s.width) + ") must be a multiple of n_head (" + std::to_string(s.heads) + ")");
    if (auto st = take(f.positiveOr("n_inner", 4 * s.width), s.inner); !st) return st.error();
    std::string act;
    if (auto st = take(f.stringOr("activation_function", "gelu_new"), act); !st) return st.error();
    if (act == "gelu_new") s.geluApproximate = "gelu_new";
    else if (act == "gelu_pytorch_tanh") s.geluApproximate = "tanh";
    else if (act == "gelu") s.geluApproximate = "none";
    else return HfConfigFields::error("activation_function", "is '" + act + "'; expected gelu_new, gelu_pytorch_tanh or gelu");
    bool tied = true;
    if (auto st = take(f.boolOr("tie_word_embeddings", true), tied); !st) return st.error();
    if (!tied) return HfConfigFields::error("tie_word_embeddings", "is false; GPT2LMHeadModel's lm_head is always tied to wte here");
    auto flash = flashAttention(f, notes);
    if (!flash) return flash.error();
    s.flash = *flash;
    auto seq = sequenceLength(options, s.positions, "n_positions", notes);
    if (!seq) return seq.error();
    s.sequence = *seq;
    notes.push_back("GPT2LMHeadModel: " + std::to_string(s.layers) + " blocks, " + std::to_string(s.heads) +
                    " heads, lm_head tied to transformer.wte; dropout " + json(s.residDropout).dump() + " as in training");
    return buildHfGpt2(s);
}

bool looksLikeOtherFormat(const json& doc)
{
    return doc.contains("format") || doc.contains("modelTopology") || (doc.contains("class_name") && doc.contains("config")) ||
           doc.contains("layers");
}

} // namespace

bool isHuggingFaceConfig(std::string_view text)
{
    if (checkJsonLimits(text)) return false;
    const json doc = json::parse(text.begin(), text.end(), nullptr, false);
    if (doc.is_discarded() || !doc.is_object() || looksLikeOtherFormat(doc)) return false;
    const auto archs = doc.find("architectures");
    const auto type = doc.find("model_type");
    return (archs != doc.end() && archs->is_array()) || (type != doc.end() && type->is_string());
}

Result<ModelFile> readHuggingFaceConfig(std::string_view text, const std::string& fileName, const HfImportOptions& options)
{
    auto located = [&](Error e) {
        if (e.path.rfind("--", 0) == 0) return e; // an option's error names the option
        e.path = e.path.empty() ? fileName : fileName + ": " + e.path;
        return e;
    };
    if (auto e = checkJsonLimits(text)) return located(*e);
    const json doc = json::parse(text.begin(), text.end(), nullptr, false);
    if (doc.is_discarded()) return located(makeError("parse", "not valid JSON", ""));
    if (!doc.is_object()) return located(makeError("config", "a config.json must be a JSON object", ""));
    auto arch = architectureOf(doc);
    if (!arch) return located(arch.error());
    const HfConfigFields fields(doc);
    ModelFile file;
    auto graph = (*arch)->family == Family::Gpt2 ? readGpt2(fields, options, file.notes)
                                                 : readLlamaFamily(fields, **arch, options, file.notes);
    if (!graph) return located(graph.error());
    file.graph = std::move(*graph);
    std::string name = (*arch)->name;
    if (const auto n = doc.find("_name_or_path"); n != doc.end() && n->is_string() && !n->get<std::string>().empty())
        name = n->get<std::string>();
    file.graph.name = name;
    file.description = std::string("Hugging Face ") + (*arch)->name + " configuration (" + fileName + ")";
    return file;
}

} // namespace netsizer::core
