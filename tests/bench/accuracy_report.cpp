// Accuracy report: for every network of ../shared/truth that NetSizer builds, the
// estimate of Framework::PyTorchCpu against what PyTorch 1.13 measured, per component, with the
// relative error — and torchinfo's "forward/backward pass size" (2 × outputs of layers with
// parameters, the truth's `torchinfo_forward_backward_pass_bytes_per_sample`) as the baseline.
// A program, not a test (ARCHITECTURE.md rule 12). Output: Markdown, kept in docs/accuracy.md;
// the sections measured elsewhere are docs/accuracy/*.md, appended verbatim.
// Run: build/tests/bench/netsizer-accuracy-report > docs/accuracy.md
#include "core/analysis/Analysis.h"
#include "core/estimate/Estimator.h"
#include "core/io/ModelReader.h"
#include "tests/core/ReferenceExtraNets.h"
#include "tests/core/ReferenceNets.h"
#include "tests/core/ReferenceSeqNets.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

using namespace netsizer::core;
using nlohmann::json;

namespace {

// Sections measured outside this program (TF.js runs, the language-model truth) are written by
// hand in `dir`/*.md and copied after the generated tables, in file-name order, so regenerating
// docs/accuracy.md keeps them.
void appendWrittenSections(const std::string& dir)
{
    std::vector<std::filesystem::path> files;
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator(dir, error))
        if (entry.path().extension() == ".md") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    for (const auto& file : files) {
        std::ifstream in(file, std::ios::binary);
        const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        std::printf("\n%s", text.c_str());
    }
}

struct Row {
    std::string name, truth;
    Graph graph;
};

// Mean absolute relative errors of a table, accumulated row by row.
struct Errors {
    double ours = 0, bf16 = 0, torchinfo = 0;
    int count = 0, bf16Count = 0;
};

double num(const json& j, const char* key) { return j.contains(key) && j.at(key).is_number() ? j.at(key).get<double>() : NAN; }

std::string pct(double ours, double truth)
{
    if (std::fabs(truth) < 0.5) truth = 0; // a fit's floating-point noise (-4.7e-10 B) is zero
    if (std::isnan(truth) || truth == 0) return ours == truth ? "0 %" : "—";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.2f %%", 100.0 * (ours - truth) / truth);
    return buf;
}

std::string mb(double bytes)
{
    if (std::isnan(bytes)) return "—";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", bytes / 1e6);
    return buf;
}

// The table's closing line: mean absolute errors over its rows. `what` names the rows
// ("networks", "ONNX files"); `bf16Rows` adds how many rows have a bf16 measurement.
void printMeanErrors(const Errors& e, const char* what, bool bf16Rows)
{
    if (!e.count) return;
    const double bf16 = e.bf16Count ? 100 * e.bf16 / e.bf16Count : 0.0;
    std::printf("\nMean absolute error of activations per sample over %d %s: NetSizer fp32 %.2f %%, NetSizer mixed bf16 %.2f %%",
                e.count, what, 100 * e.ours / e.count, bf16);
    if (bf16Rows) std::printf(" (%d networks)", e.bf16Count);
    std::printf(", torchinfo %.1f %%.\n", 100 * e.torchinfo / e.count);
}

MemoryBreakdown run(const Analysis& a, Precision p)
{
    TrainingConfig cfg;
    cfg.framework = Framework::PyTorchCpu;
    cfg.optimizer = Optimizer::Adam;
    cfg.precision = p;
    cfg.batch = 1;
    return estimate(a, cfg, 0);
}

// One Markdown table: every row of `rows` against `truthDir`<truth>.json.
Errors table(const std::vector<Row>& rows, const std::string& truthDir)
{
    std::printf("| network | weights | gradients | Adam state | act./sample MB (ours / truth) | err | act. fixed | "
                "bf16 act./sample MB (ours / truth) | err | bf16 fixed MB (ours / truth) | err | torchinfo MB | torchinfo err |\n");
    std::printf("|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    Errors e;
    for (const auto& r : rows) {
        std::ifstream f(truthDir + r.truth + ".json");
        if (!f) {
            std::printf("| %s | no truth file |||||||||||| \n", r.name.c_str());
            continue;
        }
        const json t = json::parse(f);
        const Analysis a = analyze(r.graph);
        const MemoryBreakdown m = run(a, Precision::Fp32), h = run(a, Precision::MixedBf16);
        const double w = num(t, "param_bytes") + num(t, "buffer_bytes");
        const double g = num(t, "grad_bytes");
        const double adam = num(t.at("optimizers").at("Adam"), "state_bytes_total");
        // The fit over batches 2..8 when batch 1 took another code path (x_gru_tagger).
        // (x_rnn_bilstm: only the fit without the model input has a residual there.) As TruthChecks.
        const json& all = t.at("train_forward").at("fits");
        const bool batch1Differs = num(all.at("saved_activation_bytes"), "max_abs_residual") > 0.5 ||
                                   num(all.at("saved_activation_excl_input_bytes"), "max_abs_residual") > 0.5;
        const json& fits = t.at("train_forward").at(batch1Differs ? "fits_batch2_to_8" : "fits");
        const double act = num(fits.at("saved_activation_excl_input_bytes"), "slope");
        const double actFixed = num(fits.at("saved_activation_bytes"), "intercept");
        const json& ac = t.at("autocast_bf16");
        const double bf = num(ac, "saved_per_sample_bytes"), bfFixed = num(ac, "saved_fixed_bytes"); // NaN: no run
        const double ti = num(t, "torchinfo_forward_backward_pass_bytes_per_sample");
        const double ours = static_cast<double>(m[Component::Activations].perSample);
        const double oursBf = static_cast<double>(h[Component::Activations].perSample);
        std::printf("| %s | %s | %s | %s | %s / %s | %s | %s | %s / %s | %s | %s / %s | %s | %s | %s |\n", r.name.c_str(),
                    pct(static_cast<double>(m[Component::Weights].fixed), w).c_str(),
                    pct(static_cast<double>(m[Component::Gradients].fixed), g).c_str(),
                    pct(static_cast<double>(m[Component::OptimizerState].fixed), adam).c_str(), mb(ours).c_str(),
                    mb(act).c_str(), pct(ours, act).c_str(),
                    pct(static_cast<double>(m[Component::Activations].fixed), actFixed).c_str(), mb(oursBf).c_str(),
                    mb(bf).c_str(), pct(oursBf, bf).c_str(), mb(static_cast<double>(h[Component::Activations].fixed)).c_str(),
                    mb(bfFixed).c_str(), pct(static_cast<double>(h[Component::Activations].fixed), bfFixed).c_str(),
                    mb(ti).c_str(), pct(ti, act).c_str());
        e.ours += std::fabs(ours - act) / act;
        e.torchinfo += std::fabs(ti - act) / act;
        ++e.count;
        if (!std::isnan(bf)) {
            e.bf16 += std::fabs(oursBf - bf) / bf;
            ++e.bf16Count;
        }
    }
    return e;
}

// Every `*.train.onnx` in `dir`, read at op level, sorted by name; files that do not read and
// Opaque layers are listed in `notes`.
std::vector<Row> onnxExports(const std::string& dir, std::string& notes)
{
    std::vector<std::string> exports;
    const std::string suffix = ".train.onnx";
    if (std::filesystem::is_directory(dir))
        for (const auto& f : std::filesystem::directory_iterator(dir)) {
            const std::string name = f.path().filename().string();
            if (name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
                exports.push_back(name.substr(0, name.size() - suffix.size()));
        }
    std::sort(exports.begin(), exports.end());
    std::vector<Row> rows;
    for (const auto& n : exports) {
        auto m = readModelFile(dir + n + suffix);
        if (!m) {
            notes += "- " + n + ": not read (" + m.error().describe() + ")\n";
            continue;
        }
        int opaque = 0;
        for (const auto& l : m->graph.layers()) opaque += l.kind->id == "Opaque" ? 1 : 0;
        if (opaque) notes += "- " + n + ": " + std::to_string(opaque) + " Opaque layer(s)\n";
        rows.push_back({n, n, std::move(m->graph)});
    }
    return rows;
}

} // namespace

int main()
{
    std::vector<Row> rows;
    for (const auto& n : netsizer::testing::referenceNetNames()) {
        auto r = netsizer::testing::referenceNet(n);
        rows.push_back({n, r.truthName, std::move(r.graph)});
    }
    rows.push_back({"lstm_lm", "lstm_lm", netsizer::test::lstmLanguageModel()});
    rows.push_back({"transformer_encoder_cls", "transformer_encoder_cls", netsizer::test::transformerClassifier()});

    std::printf("# Accuracy against PyTorch 1.13 (../shared/truth)\n\n");
    std::printf("Generated by `tests/bench/accuracy_report.cpp` (`netsizer-accuracy-report`). Profile "
                "`pytorch-cpu`, Adam. Activations = tensors saved for backward, model input excluded "
                "(truth: `saved_activation_excl_input_per_sample_bytes`); mixed bf16 = the truth's CPU "
                "`autocast_bf16` run (`saved_per_sample_bytes`, `saved_fixed_bytes`). Baseline: "
                "torchinfo's forward/backward pass size (2 × outputs of layers with parameters). "
                "MB = 10^6 B.\n\n");
    printMeanErrors(table(rows, std::string(NETSIZER_SHARED_DIR) + "/truth/out/"), "networks", false);
    std::printf("\nNot in this table: ViT-B/16 (no hand-built graph; its ONNX export is in the next table, and "
                "one encoder block is checked in tst_truth_seq), CUDA-only effects (no CUDA truth), the timeline peak (no measured peak "
                "exists in the truth). The truth's bf16 `saved_per_sample_bytes` includes the model input when a "
                "layer saves it (the int64 token ids of lstm_lm, 280 B, and transformer_encoder_cls, 1,024 B); "
                "NetSizer counts the input as its own component, hence their small negative bf16 errors.\n");

    // The ONNX path: the weightless training-mode exports of the same networks, read as a user's
    // file would be (the op-level mapping, no hand-built graph).
    std::string onnxNotes;
    std::vector<Row> onnxRows = onnxExports(std::string(NETSIZER_SHARED_DIR) + "/truth/onnx/", onnxNotes);
    std::printf("\n## The ONNX path (../shared/truth/onnx)\n\n"
                "The same networks through their `torch.onnx.export` training-mode files (`*.train.onnx`, opset 14, "
                "no weights), imported at op level: shapes evaluated at two batch sizes, torch.onnx's LayerNorm and "
                "GELU decompositions lifted, attention as MatMul / Permute / Narrow with views tracked. lstm_lm's "
                "export fell back to eval mode (torch 1.13 cannot export its training mode), so its file has no "
                "dropout: the -13 %% is the dropout the file does not contain (stated with `--dropout`, it is exact: "
                "docs/cli.md).\n\n");
    printMeanErrors(table(onnxRows, std::string(NETSIZER_SHARED_DIR) + "/truth/out/"), "ONNX files", false);
    if (!onnxNotes.empty()) std::printf("\n%s", onnxNotes.c_str());

    std::string localNotes;
    std::vector<Row> localOnnx = onnxExports(std::string(NETSIZER_ROOT) + "/tests/truth/onnx/", localNotes);
    std::printf("\n## The ONNX path on networks measured here (tests/truth/onnx)\n\n"
                "The exports of the networks `tests/truth` measured (the eight small ones and twelve torchvision "
                "0.14 models at small inputs; `tests/truth/README.md`), read the same way. Eval-mode fallback exports "
                "(stochastic depth or recurrent dropout cannot be exported in training mode by torch 1.13) lack their "
                "dropouts; x_frozen_mlp's frozen layers and deeplabv3's aux head (outside the harness's loss) are "
                "what a file cannot say, and are exact once stated (test_onnx_extra_truth).\n\n");
    printMeanErrors(table(localOnnx, std::string(NETSIZER_ROOT) + "/tests/truth/out/"), "ONNX files", false);
    if (!localNotes.empty()) std::printf("\n%s", localNotes.c_str());

    std::vector<Row> extra;
    for (const auto& n : netsizer::testing::extraReferenceNetNames()) {
        auto r = netsizer::testing::extraReferenceNet(n);
        extra.push_back({n, r.truthName, std::move(r.graph)});
    }
    std::printf("\n## Networks the team had not measured (tests/truth)\n\n"
                "The eight networks of `tests/truth/extra_models.py` (GRU, RNN, bi-LSTM, Conv1D/3D, 1-D pooling, "
                "GroupNorm, LayerNorm on conv features, the activation zoo, Upsample, ZeroPadding, strided "
                "ConvTranspose2d, SE gating, attention with need_weights, frozen layers), measured the same way "
                "with the same truth.py; `tests/truth/README.md` says how. A dash in the bf16 columns: torch 1.13 "
                "cannot run GroupNorm under CPU autocast, so there is no measurement.\n\n");
    printMeanErrors(table(extra, std::string(NETSIZER_ROOT) + "/tests/truth/out/"), "networks", true);
    std::printf(
        "\nRemaining differences (expected failures in tst_truth_extra, each explained from the truth's "
        "`saved_storages_at_batch2`):\n\n"
        "- **x_rnn_bilstm, fp32 +3.5 %%**: an LSTM whose input is the output of a batch_first recurrent layer keeps "
        "that output once (it is a transposed view of a time-major storage, so matmul needs no copy), shared by "
        "both directions; NetSizer counts a time-major copy per direction (+3,840 B per sample). A kind sees only "
        "its input's shape, not how it is laid out.\n"
        "- **x_rnn_bilstm, bf16 +35.6 %%**: nn.LSTM makes its zero h0/c0 in its input's dtype; here the input is "
        "the RNN's bf16 output, so the cell chain stays bf16, while NetSizer makes it float32 as for lstm_lm (whose "
        "LSTM input is float32). A kind cannot yet ask for its input's autocast dtype. Its bf16 fixed part is "
        "1,024 B high: mm keeps no bf16 copy of RNN layer 0's weight_ih, whose input (the model input) needs no "
        "gradient.\n"
        "- **x_gru_tagger, bf16 -4.5 %% (was -18 %%)**: the float32 state chain, output and inter-layer dropout noise "
        "are now modelled; left: layer 1's float32 input is cast to bf16 once per direction, NetSizer keeps one "
        "copy (-9,216 B per sample).\n"
        "- **x_gru_tagger, batch 1**: keeps 6,144 B less than the batch-2..8 line (the transpose of a [1, T, F] "
        "input is already contiguous, so no copy); NetSizer models batch ≥ 2 and is compared with that fit.\n\n"
        "Fixed while adding these networks: Adagrad's state for frozen parameters (PyTorch creates it eagerly for "
        "every parameter handed to it; x_frozen_mlp was -71 %% on Adagrad state) and the bf16 weight copy of a "
        "linear layer whose input needs no gradient (x_frozen_mlp bf16 fixed part was +186 %%), the float32 "
        "state chain of GRU under CPU autocast. Every other component of the eight networks matched to the byte "
        "on the first run.\n");
    appendWrittenSections(std::string(NETSIZER_ROOT) + "/docs/accuracy");
    return 0;
}
