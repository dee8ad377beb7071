// RNN / LSTM / GRU over a [T, features] sequence (batch-first per sample, as every NetSizer shape).
//
// Parameters, as PyTorch's state_dict: per layer l and direction (suffix "_reverse"):
// weight_ih_l{l} [gates·H, in_l], weight_hh_l{l} [gates·H, H], bias_ih_l{l}, bias_hh_l{l}
// [gates·H]; in_0 = features, in_l = H × directions.
//
// What PyTorch 1.13 keeps for backward on the CPU (aten/src/ATen/native/RNN.cpp: FullLayer /
// FullBidirectionalLayer precompute `linear_ih(input)` for the whole sequence, then run the cell
// step by step with autograd recording every op). Derived from ../shared/truth lstm_lm
// (saved_storages_at_batch2) and measured with torch 1.13 for RNN/GRU/bidirectional/stacked
// variants (T=7, F=5, H=6: RNN 83, LSTM 329, GRU 329, bi-LSTM 658, 2-layer bi-LSTM 1,330, with
// dropout 1,414, 2-layer GRU 665, 2-layer RNN with dropout 215 elements per sample, all matched):
// - input projection of layer 0: with batch_first the [B, T, F] input is transposed, so matmul
//   copies it to time-major order and MmBackward0 keeps the copy, one per direction; with
//   batch_first = false the input itself is kept (AddmmBackward0.mat1). Layers > 0 keep their
//   input (the previous layer's stacked output, or its dropped-out copy plus the float noise when
//   dropout > 0), once for both directions.
// - per step and direction: LSTM keeps the gates [4H] (sigmoid_/tanh_ results, in place),
//   c_{t-1} [H] (MulBackward0.other), tanh(c_t) [H] and h_{t-1} [H] (AddmmBackward0.mat1, for
//   W_hh's gradient); GRU keeps h·W_hh + b [3H] (in-place gates), clones of the two tensors its
//   in-place mul_ overwrite [2H], the new gate [H] and h_{t-1} [H]; RNN keeps h_t [H] (tanh/relu
//   result, which is also the next step's h_{t-1}).
// - the zero initial states: h0 [layers·dirs, H] (for W_hh's gradient), LSTM's c0 likewise.
// CUDA (cuDNN, derivatives.yaml `_cudnn_rnn`): CudnnRnnBackward0 keeps input, hx, cx, the output
// sequence (result0), the flat weight buffer (result4, parameter storage) and cuDNN's reserve
// space (result3). cuDNN does not document the reserve layout: it is approximated as the gate
// activations plus h_t (and c_t for LSTM) per step, layer and direction, plus an inter-layer
// dropout mask — the tensors its backward needs, as on the CPU.
// Caffe (RecurrentLayer: LSTM, RNN) unrolls an internal net whose blobs all have data + diff:
// approximated per layer and direction as T × (3·gates·H + 3·H) elements, twice. Caffe has no GRU;
// the same rule is applied with 3 gates.
#include "core/layers/RecurrentCommon.h"

#include "core/layers/KindHelpers.h"

#include <mutex>
#include <set>

namespace netsizer::core::kinds {
namespace {
enum Attr {
    kHidden, kLayers, kBidirectional, kDropout, kReturnSequences, kBias, kBatchFirst, kStateOutputs, kRecurrentBias,
    kNonlinearity
};

// ParamTensor::name must outlive the analysis; PyTorch's per-layer names are built once here.
const char* internName(const std::string& s)
{
    static std::mutex mutex;
    static std::set<std::string> names;
    std::lock_guard lock(mutex);
    return names.insert(s).first->c_str();
}

struct Geometry {
    Cell cell = Cell::Lstm;
    Count T = 0, F = 0, H = 0, L = 1, dirs = 1, G = 1;
    bool dropout = false, bias = true, recurrentBias = true, batchFirst = true, returnSeq = true, states = false;
    Count inAt(Count l) const { return l == 0 ? F : H * dirs; }
};

Result<Geometry> geometry(Cell cell, const LayerContext& ctx)
{
    if (auto e = expectRank(ctx, 2, "[T, features]")) return *e;
    if (auto e = expectFloat(ctx)) return *e;
    Geometry g;
    g.cell = cell;
    g.T = static_cast<Count>(ctx.in().shape[0]);
    g.F = static_cast<Count>(ctx.in().shape[1]);
    g.H = static_cast<Count>(ctx.i(kHidden));
    g.L = static_cast<Count>(ctx.i(kLayers));
    g.dirs = ctx.b(kBidirectional) ? 2 : 1;
    g.G = static_cast<Count>(gateCount(cell));
    g.dropout = ctx.f(kDropout) > 0.0 && g.L > 1; // PyTorch applies it between layers only
    g.bias = ctx.b(kBias);
    g.recurrentBias = ctx.b(kRecurrentBias);
    g.batchFirst = ctx.b(kBatchFirst);
    g.returnSeq = ctx.b(kReturnSequences);
    g.states = ctx.b(kStateOutputs);
    return g;
}

void keepCpu(const Geometry& g, KindResult& r)
{
    const Profile p = Profile::PyTorchCpu;
    const Count T = g.T, H = g.H, Hd = g.H * g.dirs, runs = g.L * g.dirs, prev = T - 1;
    if (g.batchFirst)
        r.keep(p, savedExtra(ElemKind::Activation, g.dirs * T * g.F, 0,
                             "MmBackward0.self (time-major copy of the input, one per direction)", SaveWhen::ParamsNeedGrad));
    else
        r.keep(p, savedInput(0, "AddmmBackward0.mat1 (the input)", SaveWhen::ParamsNeedGrad));
    if (g.L > 1) {
        if (g.dropout)
            r.keep(p, underAutocast(savedExtra(ElemKind::Activation, (g.L - 1) * T * Hd, 0,
                                               "MulBackward0.other (inter-layer dropout noise)"),
                                    g.cell == Cell::Rnn ? AutocastDtype::Op : AutocastDtype::Float));
        r.keep(p, savedExtra(ElemKind::Activation, (g.L - 1) * T * Hd, 0, "AddmmBackward0.mat1 (inputs of layers > 0)",
                             SaveWhen::ParamsNeedGrad));
    }
    switch (g.cell) {
    case Cell::Lstm:
        r.keep(p, savedExtra(ElemKind::Activation, runs * T * 4 * H, 0, "SigmoidBackward0/TanhBackward0.result (gates)"));
        r.keep(p, underAutocast(savedExtra(ElemKind::Activation, runs * prev * H, 0, "MulBackward0.other (c_{t-1})"),
                                AutocastDtype::Float));
        r.keep(p, underAutocast(savedExtra(ElemKind::Activation, runs * T * H, 0, "TanhBackward0.result (tanh(c_t))"),
                                AutocastDtype::Float));
        break;
    case Cell::Gru:
        r.keep(p, savedExtra(ElemKind::Activation, runs * T * 6 * H, 0,
                             "hidden gates [3H], in-place mul_ clones [2H], new gate [H] per step"));
        break;
    case Cell::Rnn:
        r.keep(p, savedExtra(ElemKind::Activation, runs * T * H, 0, "TanhBackward0/ReluBackward0.result (h_t)"));
        break;
    }
    // GRU under autocast: one float32 [H] per step (the state chain, promoted by the float32 h0).
    const AutocastDtype state = g.cell == Cell::Gru ? AutocastDtype::Float : AutocastDtype::Op;
    if (g.cell != Cell::Rnn) // RNN's h_{t-1} is the previous step's saved result
        r.keep(p, underAutocast(savedExtra(ElemKind::Activation, runs * prev * H, 0, "AddmmBackward0.mat1 (h_{t-1})",
                                           SaveWhen::ParamsNeedGrad),
                                state));
    r.keep(p, underAutocast(savedExtra(ElemKind::Activation, runs * H, 0, "AddmmBackward0.mat1 (zero h0)",
                                       SaveWhen::ParamsNeedGrad),
                            state));
    if (g.cell == Cell::Lstm)
        r.keep(p, underAutocast(savedExtra(ElemKind::Activation, runs * H, 0, "MulBackward0.other (zero c0)"),
                                AutocastDtype::Float));
    // Autocast on the CPU (torch 1.13 runs the cell in aten/src/ATen/native/RNN.cpp, op by op):
    // the linear projections are lowered (bf16 gates, bf16 copies of x, h_{t-1} and h0 saved
    // by addmm), but c0 is float32 zeros, so f * c_{t-1} promotes the whole cell chain — c_t,
    // tanh(c_t), h_t and the output — to float32 (measured on the truth's lstm_lm: 465,920 B
    // per sample of float32 = c_{t-1} + tanh(c_t) + the float32 dropout noise around the LSTM).
    // The float32 chain follows from nn.LSTM/nn.GRU.forward making the zero states in the
    // *input's* dtype (torch/nn/modules/rnn.py: zeros(..., dtype=input.dtype)): a float32 input
    // (an Embedding or Dropout output, as in lstm_lm) gives float32 states. Not modelled: a bf16
    // input (another recurrent layer's output, tests/truth x_rnn_bilstm) keeps the chain bf16.
    // GRU (tests/truth x_gru_tagger, measured per storage at batch 2): per step and direction the
    // tensors of the fp32 rule, of which one [H] — the h_{t-1} chain, h0 included — is float32,
    // the rest bf16; its output and the inter-layer dropout noise are float32 too. Not modelled:
    // a float32 input to layer > 0 is cast to bf16 once per direction (a second copy when
    // bidirectional: x_gru_tagger 4,608 B per sample). RNN is not measured: lowered, output in
    // the op's dtype (an assumption).
    r.autocast[static_cast<int>(p)].op = Autocast::Lower;
    if (g.cell != Cell::Rnn) r.autocast[static_cast<int>(p)].output = AutocastDtype::Float;
}

void keepCuda(const Geometry& g, KindResult& r)
{
    // Autocast on CUDA: lstm/gru/rnn_tanh/rnn_relu are on the lower_precision_fp list (cuDNN
    // runs in fp16 throughout, states included).
    r.autocast[static_cast<int>(Profile::PyTorchCuda)].op = Autocast::Lower;
    const Profile p = Profile::PyTorchCuda;
    const Count Hd = g.H * g.dirs, runs = g.L * g.dirs;
    r.keep(p, savedInput(0, "CudnnRnnBackward0.input"));
    r.keep(p, savedExtra(ElemKind::Activation, runs * g.H, 0, "CudnnRnnBackward0.hx (zeros)"));
    if (g.cell == Cell::Lstm) r.keep(p, savedExtra(ElemKind::Activation, runs * g.H, 0, "CudnnRnnBackward0.cx (zeros)"));
    if (g.returnSeq) r.keep(p, savedOutput(0, "CudnnRnnBackward0.result0 (output)"));
    else r.keep(p, savedExtra(ElemKind::Activation, g.T * Hd, 0, "CudnnRnnBackward0.result0 (output sequence)"));
    const Count perStep = (g.G + (g.cell == Cell::Lstm ? 2 : 1)) * g.H;
    const Count mask = g.dropout ? (g.L - 1) * g.T * Hd : 0;
    r.keep(p, savedExtra(ElemKind::Activation, runs * g.T * perStep + mask, 0,
                         "CudnnRnnBackward0.result3 (reserve space, approximated)"));
}

Result<KindResult> analyzeCell(Cell cell, const LayerContext& ctx)
{
    auto g = geometry(cell, ctx);
    if (!g) return g.error();
    KindResult r;
    const Count Hd = g->H * g->dirs;
    r.outputs.push_back(g->returnSeq ? TensorInfo{Shape{static_cast<std::int64_t>(g->T), static_cast<std::int64_t>(Hd)}}
                                     : TensorInfo{Shape{static_cast<std::int64_t>(Hd)}});
    if (g->states) {
        const TensorInfo state{Shape{static_cast<std::int64_t>(g->L * g->dirs), static_cast<std::int64_t>(g->H)}};
        r.outputs.push_back(state); // h_n
        if (cell == Cell::Lstm) r.outputs.push_back(state); // c_n
    }
    const Count rows = g->G * g->H;
    CheckedCount macs, check{1};
    check *= g->T;
    check *= rows;
    check *= g->F + Hd + g->H;
    check *= g->L * g->dirs;
    if (!check.ok()) return makeError("overflow", "parameter or MAC count overflows 64 bits");
    for (Count l = 0; l < g->L; ++l)
        for (Count d = 0; d < g->dirs; ++d) {
            const std::string suffix = "_l" + std::to_string(l) + (d ? "_reverse" : "");
            r.params.push_back(matrixShaped(castByAutocast({internName("weight_ih" + suffix), rows * g->inAt(l), true}), rows, g->inAt(l)));
            r.params.push_back(matrixShaped(castByAutocast({internName("weight_hh" + suffix), rows * g->H, true}), rows, g->H));
            if (g->bias) {
                r.params.push_back({internName("bias_ih" + suffix), rows, true});
                if (g->recurrentBias) r.params.push_back({internName("bias_hh" + suffix), rows, true});
            }
            macs += g->T * rows * (g->inAt(l) + g->H);
        }
    r.macs = macs.value();
    keepCpu(*g, r);
    keepCuda(*g, r);
    r.keep(Profile::Caffe, savedExtra(ElemKind::Activation, 2 * g->L * g->dirs * g->T * (3 * rows + 3 * g->H), 0,
                                      "unrolled net blobs, data + diff (approximated)"));
    return r;
}

std::vector<Formula> explainCell(Cell cell, const LayerContext& ctx, const KindResult& r)
{
    auto f = basicFormulas(r);
    auto g = geometry(cell, ctx);
    if (!g) return f;
    const auto G = static_cast<std::int64_t>(g->G), H = static_cast<std::int64_t>(g->H);
    const int biases = g->bias ? (g->recurrentBias ? 2 : 1) : 0;
    const std::string b = biases ? " + " + std::to_string(biases) : "";
    for (Count l = 0; l < std::min<Count>(g->L, 2); ++l) {
        const auto in = static_cast<std::int64_t>(g->inAt(l));
        const Count per = g->G * g->H * (g->inAt(l) + g->H + static_cast<Count>(biases));
        f.push_back(countFormula(l == 0 ? "weights, layer 0 (per direction)" : "weights, each layer > 0 (per direction)",
                                 "gates × H × (in + H" + b + ")",
                                 std::to_string(G) + " × " + withThousands(H) + " × (" + withThousands(in) + " + " +
                                     withThousands(H) + b + ")",
                                 per));
    }
    Count total = 0;
    for (const auto& p : r.params) total += p.numel;
    f.push_back(countFormula("weights", "Σ layers × directions", std::to_string(g->L) + " layers × " +
                                                                    std::to_string(g->dirs) + " directions", total));
    f.push_back(countFormula("MACs", "Σ T × gates × H × (in + H)", "T = " + withThousands(g->T) + ", gates = " +
                                                                     std::to_string(G), r.macs));
    const char* step = cell == Cell::Lstm ? "input copies + per step (gates 4H + c_{t-1} + tanh(c_t) + h_{t-1}) + h0, c0"
                       : cell == Cell::Gru ? "input copies + per step (h·W_hh 3H + 2 clones + new gate + h_{t-1}) + h0"
                                           : "input copies + per step h_t + h0";
    Count cpu = 0;
    for (const auto& t : r.saved[static_cast<int>(Profile::PyTorchCpu)]) cpu += t.numelPerSample;
    f.push_back(countFormula("saved for backward (PyTorch CPU, elements per sample)", step,
                             std::to_string(g->L * g->dirs) + " layer-directions × " + withThousands(g->T) + " steps, H = " +
                                 withThousands(H),
                             cpu));
    return f;
}

template <Cell C>
Result<KindResult> analyzeT(const LayerContext& ctx) { return analyzeCell(C, ctx); }
template <Cell C>
std::vector<Formula> explainT(const LayerContext& ctx, const KindResult& r) { return explainCell(C, ctx, r); }
} // namespace

int gateCount(Cell cell)
{
    switch (cell) {
    case Cell::Rnn: return 1;
    case Cell::Gru: return 3;
    case Cell::Lstm: return 4;
    }
    return 1;
}

LayerKind makeRecurrentKind(Cell cell, const char* id, const char* displayName, const char* description)
{
    LayerKind k;
    k.id = id;
    k.displayName = displayName;
    k.category = "Recurrent";
    k.description = description;
    k.params = {
        intParam("hidden_size", 128, 1, 1e9, "features", "Features of the hidden state h_t per direction"),
        intParam("num_layers", 1, 1, 64, "layers", "Stacked recurrent layers"),
        boolParam("bidirectional", false, "Also run the sequence backwards; outputs are concatenated (2 × hidden_size)"),
        floatParam("dropout", 0.0, 0.0, 0.999999, "Dropout between stacked layers (not after the last)"),
        boolParam("return_sequences", true, "true: the output at every step [T, H·dirs]; false: only the last [H·dirs]"),
        boolParam("bias", true, "bias_ih and bias_hh per layer and direction"),
        boolParam("batch_first", true,
                  "PyTorch batch_first: the input is transposed to time-major order, so the CPU path keeps a copy"),
        boolParam("state_outputs", false,
                  cell == Cell::Lstm ? "Adds outputs 1 = h_n and 2 = c_n [layers·dirs, H]" : "Adds output 1 = h_n [layers·dirs, H]"),
        // Keras's LSTM, SimpleRNN and GRU(reset_after=False) have one bias per gate block; Keras
        // GRU(reset_after=True, the TF2 default) and cuDNN/PyTorch have two.
        boolParam("recurrent_bias", true,
                  "With bias: also bias_hh (PyTorch, cuDNN, Keras GRU reset_after); off: one bias per gate block (Keras LSTM)"),
    };
    if (cell == Cell::Rnn) k.params.push_back(choiceParam("nonlinearity", "tanh", {"tanh", "relu"}, "Activation of h_t"));
    switch (cell) {
    case Cell::Rnn: k.analyze = analyzeT<Cell::Rnn>; k.explain = explainT<Cell::Rnn>; break;
    case Cell::Lstm: k.analyze = analyzeT<Cell::Lstm>; k.explain = explainT<Cell::Lstm>; break;
    case Cell::Gru: k.analyze = analyzeT<Cell::Gru>; k.explain = explainT<Cell::Gru>; break;
    }
    return k;
}

} // namespace netsizer::core::kinds
