#include "core/io/export/PyTorchExporter.h"

#include "core/memory/Component.h"
#include "core/estimate/Estimator.h"
#include "core/estimate/GpuCatalog.h"
#include "core/io/export/ExportGraph.h"
#include "core/io/export/PyTorchHarness.h"
#include "core/io/export/PyTorchLayers.h"
#include "core/io/export/PythonLiterals.h"
#include "core/layers/LayerKind.h"
#include "core/util/JsonText.h"
#include "core/util/NumberFormat.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>

namespace netsizer::core {

namespace {

// NetSizer's estimate for one framework profile, affine in the batch, as a JSON object
// {component: {"fixed": B, "per_sample": B}, "total": {...}}.
nlohmann::ordered_json estimateJson(const Analysis& a, TrainingConfig config, Framework f)
{
    config.framework = f;
    config.mode = Mode::Train;
    const MemoryBreakdown m = estimate(a, config, GpuCatalog::builtin().defaultContextBytes());
    nlohmann::ordered_json j;
    for (Component c : kAllComponents)
        j[componentName(c)] = {{"fixed", m[c].fixed}, {"per_sample", m[c].perSample}};
    j["total"] = {{"fixed", m.componentMaximaSum.fixed}, {"per_sample", m.componentMaximaSum.perSample}};
    return j;
}

// The vocabulary of an int64 input: the smallest num_embeddings of the Embeddings it feeds.
std::int64_t vocabOf(const ExportGraph& g, const Layer& input)
{
    std::int64_t v = 0;
    for (const Connection& c : g.graph().outputsOf(input.id)) {
        const Layer& to = g.layer(c.to.layer);
        if (kindOf(to) == "Embedding") {
            const auto n = attrInt(to, "num_embeddings");
            v = v == 0 ? n : std::min(v, n);
        }
    }
    return v == 0 ? 2 : v;
}

// `s` safe inside a Python triple-quoted docstring.
std::string docText(std::string s)
{
    for (char& c : s)
        if (c == '"' || c == '\\') c = '\'';
    return s;
}

// A comment line holding `text` (a layer name may hold a line break: it must not end the
// comment and turn the rest of the name into code).
std::string commentLine(std::string text)
{
    for (char& c : text)
        if (c == '\n' || c == '\r') c = ' ';
    return "        # " + text + "\n";
}

} // namespace

Result<std::string> exportPyTorch(const Graph& graph, const TrainingConfig& config)
{
    auto prepared = ExportGraph::prepare(graph);
    if (!prepared) return prepared.error();
    const ExportGraph& g = *prepared;

    std::string init, forward;
    std::vector<std::string> helpers;
    std::vector<std::string> args;
    for (const Layer* l : g.order()) {
        const LayerAnalysis& la = g.analysisOf(*l);
        const std::string id = g.ident(*l);
        if (kindOf(*l) == "Input") {
            args.push_back(id);
            continue;
        }
        std::vector<std::string> ins;
        for (const Connection& c : g.inputsOf(*l)) ins.push_back(g.tensorName(c.from));
        auto code = pytorchLayerCode(g, *l, ins);
        if (!code) return code.error();
        for (const auto& h : code->helpers)
            if (std::find(helpers.begin(), helpers.end(), h) == helpers.end()) helpers.push_back(h);
        std::string shapes;
        for (std::size_t i = 0; i < la.result.outputs.size(); ++i)
            shapes += (i ? ", " : "") + la.result.outputs[i].shape.toString();
        const std::string note = l->name + " (" + kindOf(*l) + "): -> " + shapes + " per sample, " +
                                 withThousands(la.learnableParams) + " parameters" + (l->trainable ? "" : ", frozen");
        if (!code->init.empty() || !code->extraInit.empty()) {
            init += commentLine(note);
            if (!code->init.empty()) init += "        self." + id + " = " + code->init + "\n";
            for (const auto& line : code->extraInit) init += "        " + line + "\n";
        }
        std::string lhs = id;
        for (std::size_t i = 1; i < la.result.outputs.size(); ++i) lhs += ", " + id + "_" + std::to_string(i);
        forward += "        " + lhs + " = " + code->forward + "  # " + shapes + "\n";
    }
    // Frozen layers: requires_grad_(False) on their parameters.
    std::string freeze;
    for (const Layer* l : g.order())
        if (!l->trainable && g.analysisOf(*l).learnableParams > 0) {
            const std::string& k = kindOf(*l);
            if (k == "TiedDense") freeze += "        self." + g.ident(*l) + "_bias.requires_grad_(False)\n";
            else if ((k == "PositionalEmbedding" && !attrBool(*l, "lookup")) || k == "ClassToken") freeze += "        self." + g.ident(*l) + ".requires_grad_(False)\n";
            else freeze += "        for p in self." + g.ident(*l) + ".parameters():\n            p.requires_grad_(False)\n";
        }

    std::string returns;
    const auto outs = g.outputs();
    for (std::size_t i = 0; i < outs.size(); ++i) {
        const auto& la = g.analysisOf(*outs[i]);
        for (std::size_t p = 0; p < la.result.outputs.size(); ++p)
            returns += std::string(returns.empty() ? "" : ", ") + g.ident(*outs[i]) + (p ? "_" + std::to_string(p) : "");
    }

    std::string inputs;
    std::string signature;
    for (const Layer* in : g.inputs()) {
        const bool ids = attrString(*in, "dtype") == "int64";
        inputs += "    (" + pyString(in->name) + ", " + dumpJson(nlohmann::json(attrList(*in, "shape"))) + ", " +
                  (ids ? "\"int64\"" : "\"float32\"") + ", " + std::to_string(ids ? vocabOf(g, *in) : 0) + "),\n";
        signature += ", " + g.ident(*in);
    }

    nlohmann::ordered_json est;
    est["pytorch"] = estimateJson(g.analysis(), config, Framework::PyTorch);
    est["pytorch-cpu"] = estimateJson(g.analysis(), config, Framework::PyTorchCpu);
    nlohmann::ordered_json cfg = {{"batch", config.batch},
                                  {"optimizer", optimizerInfo(config.optimizer).name},
                                  {"precision", precisionInfo(config.precision).name}};

    std::string py;
    py += "#!/usr/bin/env python3\n";
    py += "\"\"\"" + docText(graph.name.empty() ? std::string("model") : graph.name) + " - exported by NetSizer.\n\n";
    py += "Defines the network as `Model` (PyTorch >= 1.13) and measures one training step:\n";
    py += "    python3 THIS_FILE --params-only       # the parameter count\n";
    py += "    python3 THIS_FILE [--batch B] [--optimizer O] [--precision P] [--device cuda|cpu] [--out M.json]\n";
    py += "The measurement JSON is described in NetSizer's docs/measurement-format.md.\n\"\"\"\n";
    py += "import argparse\nimport contextlib\nimport json\n\nimport torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n";
    py += "MODEL_NAME = " + pyString(graph.name) + "\n";
    py += "# (name, per-sample shape, dtype, vocabulary for int64 token ids)\nINPUTS = [\n" + inputs + "]\n";
    py += "CONFIG = json.loads(r'''" + dumpJson(cfg) + "''')\n";
    py += "# NetSizer's learnable parameter count (PyTorch's parameters()).\nNETSIZER_PARAMS = " +
          std::to_string(g.params()) + "\n";
    py += "# NetSizer's estimate per component in bytes: fixed + batch x per_sample, for PyTorch on CUDA\n"
          "# (\"pytorch\") and on the CPU (\"pytorch-cpu\"), at the optimizer and precision of CONFIG.\n";
    py += "NETSIZER_ESTIMATE = json.loads(r'''" + dumpJson(est) + "''')\n\n\n";
    for (const auto& h : helpers) py += pytorchHelperClass(h) + "\n\n";
    py += "class Model(nn.Module):\n";
    py += "    \"\"\"" + docText(graph.name.empty() ? std::string("The network") : graph.name) + ": " +
          withThousands(g.params()) + " parameters; shapes are per sample (batch axis first in forward()).\"\"\"\n\n";
    py += "    def __init__(self):\n        super().__init__()\n" + init + freeze;
    if (init.empty() && freeze.empty()) py += "        pass\n";
    py += "\n    def forward(self" + signature + "):\n" + forward;
    py += "        return " + (returns.empty() ? std::string("None") : returns) + "\n\n";
    py += pytorchHarness();
    return py;
}

} // namespace netsizer::core
