#include "core/io/TrainingConfigJson.h"

#include <nlohmann/json.hpp>

namespace netsizer::core {

using nlohmann::json;

namespace {

// "overheads": {"context_bytes": N, "conv_workspace_cap_bytes": N, "allocator_rounding": bool,
// "fragmentation": 0..1}; every key optional (TrainingConfig::OverheadSettings).
std::optional<Error> overheadsFromJson(const json& o, const std::string& at, OverheadSettings& out)
{
    if (!o.is_object()) return makeError("type", "training 'overheads' must be an object", at);
    auto bytes = [&](const char* key, std::optional<std::uint64_t>& into) -> std::optional<Error> {
        const auto it = o.find(key);
        if (it == o.end() || it->is_null()) return std::nullopt;
        if (!it->is_number_unsigned())
            return makeError("type", std::string("overheads '") + key + "' must be a non-negative integer", at + "/" + key);
        into = it->get<std::uint64_t>();
        return std::nullopt;
    };
    if (auto e = bytes("context_bytes", out.contextBytes)) return e;
    if (auto e = bytes("conv_workspace_cap_bytes", out.convWorkspaceCapBytes)) return e;
    if (const auto it = o.find("allocator_rounding"); it != o.end() && !it->is_null()) {
        if (!it->is_boolean()) return makeError("type", "overheads 'allocator_rounding' must be true or false", at + "/allocator_rounding");
        out.allocatorRounding = it->get<bool>();
    }
    if (const auto it = o.find("fragmentation"); it != o.end() && !it->is_null()) {
        if (!it->is_number() || it->get<double>() < 0.0 || it->get<double>() > 1.0)
            return makeError("bad_attribute", "overheads 'fragmentation' must be a fraction from 0 to 1", at + "/fragmentation");
        out.fragmentationFraction = it->get<double>();
    }
    return std::nullopt;
}

// "parallel": {"gpus": N, "nodes": N, "strategy": "zero3", "tensor_parallel": N,
// "pipeline_parallel": N, "sequence_parallel": bool, "microbatches": N, "schedule": "1f1b",
// "virtual_stages": N, "context_parallel": N, "offload": "none"}; every key optional (ParallelConfig's defaults). Only types and ranges are
// checked here: the settings' consistency with each other and with the batch is checked when
// they are estimated (validateParallel), since options may still change them.
std::optional<Error> parallelFromJson(const json& o, const std::string& at, ParallelConfig& out)
{
    if (!o.is_object()) return makeError("type", "training 'parallel' must be an object", at);
    auto count = [&](const char* key, std::uint32_t limit, std::uint32_t& into) -> std::optional<Error> {
        const auto it = o.find(key);
        if (it == o.end()) return std::nullopt;
        if (!it->is_number_unsigned() || it->get<std::uint64_t>() < 1 || it->get<std::uint64_t>() > limit)
            return makeError("bad_attribute", std::string("parallel '") + key + "' must be an integer from 1 to " + std::to_string(limit),
                             at + "/" + key);
        into = static_cast<std::uint32_t>(it->get<std::uint64_t>());
        return std::nullopt;
    };
    for (const auto& [key, into] : {std::pair<const char*, std::uint32_t*>{"gpus", &out.gpus}, {"nodes", &out.nodes},
                                    {"tensor_parallel", &out.tensorParallel}, {"pipeline_parallel", &out.pipelineParallel},
                                    {"context_parallel", &out.contextParallel}})
        if (auto e = count(key, ParallelConfig::kMaxGpus, *into)) return e;
    if (auto e = count("microbatches", ParallelConfig::kMaxMicrobatches, out.microbatches)) return e;
    if (auto e = count("virtual_stages", ParallelConfig::kMaxMicrobatches, out.virtualStages)) return e;
    if (const auto it = o.find("sequence_parallel"); it != o.end()) {
        if (!it->is_boolean()) return makeError("type", "parallel 'sequence_parallel' must be true or false", at + "/sequence_parallel");
        out.sequenceParallel = it->get<bool>();
    }
    auto name = [&](const char* key, auto parse, auto& into, const std::string& names) -> std::optional<Error> {
        const auto it = o.find(key);
        if (it == o.end()) return std::nullopt;
        const auto v = it->is_string() ? parse(it->template get<std::string>()) : std::nullopt;
        if (!v) return makeError("bad_attribute", std::string("parallel '") + key + "' must be one of " + names, at + "/" + key);
        into = *v;
        return std::nullopt;
    };
    if (auto e = name("strategy", parseStrategy, out.strategy, strategyNameList())) return e;
    if (auto e = name("schedule", parseSchedule, out.schedule, "gpipe, 1f1b, interleaved")) return e;
    if (auto e = name("offload", parseOffload, out.offload, "none, optimizer, params, both")) return e;
    return std::nullopt;
}

json parallelToJson(const ParallelConfig& p)
{
    json j{{"gpus", p.gpus},
                {"nodes", p.nodes},
                {"strategy", strategyName(p.strategy)},
                {"tensor_parallel", p.tensorParallel},
                {"pipeline_parallel", p.pipelineParallel},
                {"sequence_parallel", p.sequenceParallel},
                {"microbatches", p.microbatches},
                {"schedule", scheduleName(p.schedule)},
                {"offload", offloadName(p.offload)}};
    if (p.virtualStages != 1) j["virtual_stages"] = p.virtualStages; // files stay as before without it
    if (p.contextParallel != 1) j["context_parallel"] = p.contextParallel;
    return j;
}

// "frozen_weights": {"base": "bf16", "quantize": "nf4", "double_quant": true}; every key
// optional (FrozenWeights' defaults). `base` is none / fp32 / bf16 / fp16, `quantize` none / nf4
// / int8.
std::optional<Error> frozenWeightsFromJson(const json& o, const std::string& at, FrozenWeights& out)
{
    if (!o.is_object()) return makeError("type", "training 'frozen_weights' must be an object", at);
    auto format = [&](const char* key, bool quantised, WeightFormat& into) -> std::optional<Error> {
        const auto it = o.find(key);
        if (it == o.end()) return std::nullopt;
        const auto f = it->is_string() ? parseWeightFormat(it->get<std::string>()) : std::nullopt;
        if (!f || (*f != WeightFormat::Native && weightFormatInfo(*f).quantised != quantised))
            return makeError("bad_attribute",
                             std::string("frozen_weights '") + key + "' must be one of " + (quantised ? "none, nf4, int8" : "none, fp32, bf16, fp16"),
                             at + "/" + key);
        into = *f;
        return std::nullopt;
    };
    if (auto e = format("base", false, out.base)) return e;
    if (auto e = format("quantize", true, out.quantize)) return e;
    if (const auto it = o.find("double_quant"); it != o.end()) {
        if (!it->is_boolean()) return makeError("type", "frozen_weights 'double_quant' must be true or false", at + "/double_quant");
        out.doubleQuant = it->get<bool>();
    }
    return std::nullopt;
}

} // namespace

Result<TrainingConfig> trainingConfigFromJson(const json& j, const std::string& at, const GpuCatalog& gpus)
{
    if (!j.is_object()) return makeError("type", "\"training\" must be an object", at);
    TrainingConfig c;
    auto str = [&](const char* key, std::string& out) -> std::optional<Error> {
        const auto it = j.find(key);
        if (it == j.end()) return std::nullopt;
        if (!it->is_string()) return makeError("type", std::string("training '") + key + "' must be a string", at + "/" + key);
        out = it->get<std::string>();
        return std::nullopt;
    };
    if (const auto b = j.find("batch"); b != j.end()) {
        if (!b->is_number_unsigned() || b->get<std::uint64_t>() < 1 || b->get<std::uint64_t>() > TrainingConfig::kMaxBatch)
            return makeError("bad_attribute", "training batch must be an integer from 1 to 65,536", at + "/batch");
        c.batch = b->get<std::uint64_t>();
    }
    if (const auto k = j.find("accumulation_steps"); k != j.end()) {
        if (!k->is_number_unsigned() || k->get<std::uint64_t>() < 1 || k->get<std::uint64_t>() > TrainingConfig::kMaxAccumulationSteps)
            return makeError("bad_attribute", "training accumulation_steps must be an integer from 1 to 4,096",
                             at + "/accumulation_steps");
        c.accumulationSteps = static_cast<std::uint32_t>(k->get<std::uint64_t>());
    }
    std::string s;
    if (auto e = str("mode", s)) return *e;
    if (!s.empty()) {
        const auto m = parseMode(s);
        if (!m) return makeError("bad_attribute", "unknown mode '" + s + "' (train or inference)", at + "/mode");
        c.mode = *m;
    }
    s.clear();
    if (auto e = str("optimizer", s)) return *e;
    if (!s.empty()) {
        const auto o = parseOptimizer(s);
        if (!o) return makeError("bad_attribute", "unknown optimizer '" + s + "'", at + "/optimizer");
        c.optimizer = *o;
    }
    s.clear();
    if (auto e = str("precision", s)) return *e;
    if (!s.empty()) {
        const auto p = parsePrecision(s);
        if (!p) return makeError("bad_attribute", "unknown precision '" + s + "'", at + "/precision");
        c.precision = *p;
    }
    s.clear();
    if (auto e = str("framework", s)) return *e;
    if (!s.empty()) {
        const auto f = parseFramework(s);
        if (!f) return makeError("bad_attribute", "unknown framework '" + s + "' (" + frameworkNameList() + ")", at + "/framework");
        c.framework = *f;
    }
    if (const auto g = j.find("gpu"); g != j.end() && !g->is_null()) {
        if (g->is_string()) {
            const auto spec = gpus.find(g->get<std::string>());
            if (!spec) return makeError("bad_attribute", "unknown GPU preset '" + g->get<std::string>() + "' (netsizer-cli gpus lists them)", at + "/gpu");
            c.gpu = *spec;
        } else if (g->is_object()) {
            GpuSpec spec;
            const auto name = g->find("name");
            const auto mem = g->find("memory_bytes");
            if (name == g->end() || !name->is_string()) return makeError("type", "gpu 'name' must be a string", at + "/gpu/name");
            if (mem == g->end() || !mem->is_number_unsigned() || mem->get<std::uint64_t>() == 0)
                return makeError("type", "gpu 'memory_bytes' must be a positive integer", at + "/gpu/memory_bytes");
            spec.name = name->get<std::string>();
            spec.memoryBytes = mem->get<std::uint64_t>();
            const auto preset = gpus.find(spec.name);
            spec.contextBytes = preset ? preset->contextBytes : gpus.defaultContextBytes();
            spec.architecture = preset ? preset->architecture : "";
            if (const auto ctx = g->find("context_bytes"); ctx != g->end()) {
                if (!ctx->is_number_unsigned()) return makeError("type", "gpu 'context_bytes' must be a non-negative integer", at + "/gpu/context_bytes");
                spec.contextBytes = ctx->get<std::uint64_t>();
            }
            c.gpu = spec;
        } else {
            return makeError("type", "gpu must be a preset name or an object", at + "/gpu");
        }
    }
    if (const auto o = j.find("overheads"); o != j.end() && !o->is_null()) {
        if (auto e = overheadsFromJson(*o, at + "/overheads", c.overheads)) return *e;
    }
    if (const auto p = j.find("parallel"); p != j.end() && !p->is_null()) {
        if (auto e = parallelFromJson(*p, at + "/parallel", c.parallel)) return *e;
    }
    if (const auto f = j.find("frozen_weights"); f != j.end() && !f->is_null()) {
        if (auto e = frozenWeightsFromJson(*f, at + "/frozen_weights", c.frozenWeights)) return *e;
    }
    // "loss": "none" | "cross-entropy" | "chunked-cross-entropy" | "fused-linear-cross-entropy".
    if (const auto l = j.find("loss"); l != j.end() && !l->is_null()) {
        const auto k = l->is_string() ? parseLossKind(l->get<std::string>()) : std::nullopt;
        if (!k) return makeError("bad_attribute", "training 'loss' must be one of " + lossKindNameList(), at + "/loss");
        c.loss = *k;
    }
    return c;
}

json trainingConfigToJson(const TrainingConfig& c)
{
    json j = json::object();
    j["batch"] = c.batch;
    if (c.accumulationSteps > 1) j["accumulation_steps"] = c.accumulationSteps; // files without it stay byte-identical
    j["mode"] = modeName(c.mode);
    j["optimizer"] = optimizerInfo(c.optimizer).name;
    j["precision"] = precisionInfo(c.precision).name;
    j["framework"] = frameworkInfo(c.framework).name;
    if (c.gpu) j["gpu"] = json{{"name", c.gpu->name}, {"memory_bytes", c.gpu->memoryBytes}, {"context_bytes", c.gpu->contextBytes}};
    // Only the overhead settings that are set (files without them stay byte-identical).
    json o = json::object();
    if (c.overheads.contextBytes) o["context_bytes"] = *c.overheads.contextBytes;
    if (c.overheads.convWorkspaceCapBytes) o["conv_workspace_cap_bytes"] = *c.overheads.convWorkspaceCapBytes;
    if (c.overheads.allocatorRounding) o["allocator_rounding"] = *c.overheads.allocatorRounding;
    if (c.overheads.fragmentationFraction) o["fragmentation"] = *c.overheads.fragmentationFraction;
    if (!o.empty()) j["overheads"] = o;
    if (c.parallel.active()) j["parallel"] = parallelToJson(c.parallel); // one GPU: no key (version 1 or 2 files)
    if (c.frozenWeights.active()) // stored as trained: no key (version 1 to 3 files)
        j["frozen_weights"] = json{{"base", weightFormatInfo(c.frozenWeights.base).name},
                                   {"quantize", weightFormatInfo(c.frozenWeights.quantize).name},
                                   {"double_quant", c.frozenWeights.doubleQuant}};
    if (c.loss != LossKind::None) j["loss"] = lossKindName(c.loss); // none: no key (earlier files)
    return j;
}

} // namespace netsizer::core
