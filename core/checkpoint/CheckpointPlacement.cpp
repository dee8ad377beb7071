#include "core/checkpoint/CheckpointPlacement.h"

#include "core/checkpoint/CheckpointScopes.h"
#include "core/checkpoint/CutFront.h"
#include "core/checkpoint/CutPoints.h"
#include "core/estimate/Estimator.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <unordered_map>
#include <utility>

namespace netsizer::core {
namespace {

using U = std::uint64_t;
constexpr U kNone = 0; // "no constraint" for X terms (every event total is >= 0)

using State = PlacementState;

bool cheaper(const State& a, const State& b) { return a.cost < b.cost; }

// The cost of a placement as one number: recomputed MACs, then among placements of equal MACs
// the fewest recomputed layers (no free ReLU segments): MACs × (layers + 1) + recomputed layers.
// When that could exceed 64 bits the cost is the MACs alone.
struct CostScale {
    U scale = 1;
    CostScale(U totalMacs, std::size_t layers)
    {
        const U n = static_cast<U>(layers) + 1;
        if (totalMacs <= (kSaturated - n) / n) scale = n;
    }
    U of(U macs, std::uint32_t layers) const { return scale == 1 ? macs : macs * scale + layers; }
    U macs(U cost) const { return cost / scale; }
};

// The network's per-position figures the DP reads (see the header).
struct Terms {
    std::size_t n = 0;
    std::vector<U> prefixKept; // [i] = kept by positions 0..i-1
    std::vector<U> prefixMacs;
    std::vector<U> xFwd, xBwd; // kNone: no event
    std::vector<U> tensorBytes; // output bytes of each position at the batch
    std::vector<char> source;   // model input or not analysed: never in a segment
    U xLoss = 0, steadyMax = 0;
};

U sat(U a, U b) { return saturatingAdd(a, b); }

Terms terms(const Analysis& a, const MemoryBreakdown& b)
{
    Terms t;
    const std::size_t n = t.n = a.layers.size();
    const U batch = b.config.batch;
    const U act = precisionInfo(b.config.precision).activationBytes;
    t.prefixKept.assign(n + 1, 0);
    t.prefixMacs.assign(n + 1, 0);
    t.xFwd.assign(n, kNone);
    t.xBwd.assign(n, kNone);
    t.tensorBytes.assign(n, 0);
    t.source.assign(n, 0);
    std::unordered_map<std::uint32_t, std::size_t> posOf;
    posOf.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        const LayerAnalysis& la = a.layers[i];
        posOf.emplace(toIndex(la.id), i);
        const U kept = i < b.layers.size() ? b.layers[i].owned[static_cast<std::size_t>(Component::Activations)].at(batch) : 0;
        t.prefixKept[i + 1] = sat(t.prefixKept[i], kept);
        t.prefixMacs[i + 1] = sat(t.prefixMacs[i], la.result.macs);
        t.tensorBytes[i] = saturatingMul(saturatingMulAdd(la.outputActivationNumel, act, la.outputOtherBytes), batch);
        t.source[i] = la.modelInput || !la.analysed;
    }
    for (const TimelineEvent& e : b.timeline.events) {
        const U total = e.total.at(batch);
        if (e.phase == StepPhase::Loss) t.xLoss = std::max(t.xLoss, total - std::min(total, t.prefixKept[n]));
        if (!e.layer || (e.phase != StepPhase::Forward && e.phase != StepPhase::Backward)) {
            if (e.phase != StepPhase::Loss) t.steadyMax = std::max(t.steadyMax, total);
            continue;
        }
        const auto it = posOf.find(toIndex(*e.layer));
        if (it == posOf.end()) continue;
        const std::size_t k = it->second;
        const U x = total - std::min(total, t.prefixKept[k + 1]);
        U& slot = e.phase == StepPhase::Forward ? t.xFwd[k] : t.xBwd[k];
        slot = std::max(slot, x);
    }
    return t;
}

// The checkpointed segments that may start at a DP cut: (c, d] to every later cut d while its
// terms can still fit. Cut 0 is the virtual start (before position 0); cut j + 1 is cuts[j].
struct SegmentScan {
    const Terms& t;
    const Analysis& a;
    const std::vector<CutPoint>& cuts;
    const std::vector<int>& cutAt; // position → the DP cut ending there, or -1
    U budget;

    long long after(std::size_t j) const { return j == 0 ? -1LL : static_cast<long long>(cuts[j - 1].after); }

    // The position of the layer before cut j that keeps the tensor crossing it (its first
    // saver), or -1 (a model input, or no saver before the cut). A segment from cut j keeps
    // that tensor itself when the placement has recomputed the saver: when the transition into
    // cut j was a segment containing it.
    long long inputSaverBefore(std::size_t j) const
    {
        const std::int32_t producer = j == 0 ? -1 : cuts[j - 1].producer;
        if (producer < 0) return -1;
        const LayerAnalysis& in = a.layers[static_cast<std::size_t>(producer)];
        return !in.modelInput && in.outputFirstSaver >= 0 && in.outputFirstSaver <= after(j) ? in.outputFirstSaver : -1;
    }

    // Calls visit(d, need, added, macs, layers, input, outputKept) for each segment from cut j to a cut d,
    // in order, while minKept + need <= budget: `need` is what its events hold besides the kept
    // bytes before it, `added` the bytes it keeps in forward (its input, unless a layer before
    // keeps it, and its output when a later layer saves it), `macs` and `layers` what its
    // recomputation costs per sample, `input` the bytes of its input tensor (which `need` and
    // `added` leave out when inputSaverBefore(j) >= 0), `outputKept` whether it keeps its output.
    template <class Visit>
    void from(std::size_t j, U minKept, Visit&& visit) const
    {
        const std::int32_t producer = j == 0 ? -1 : cuts[j - 1].producer;
        if (j == 0 || producer < 0 || minKept == kSaturated) return; // a segment needs its one input tensor
        const long long c = after(j);
        const std::size_t begin = static_cast<std::size_t>(c + 1);
        const LayerAnalysis& in = a.layers[static_cast<std::size_t>(producer)];
        const long long firstSaver = in.outputFirstSaver;
        const bool keptBefore = in.modelInput || inputSaverBefore(j) >= 0;
        const U inBytes = keptBefore ? 0 : t.tensorBytes[static_cast<std::size_t>(producer)];
        U term = 0;
        bool anyGrad = false;
        for (std::size_t k = begin; k < t.n; ++k) {
            if (t.source[k]) break;
            anyGrad |= a.layers[k].outputNeedsGrad;
            U recomputed = t.prefixKept[k + 1] - t.prefixKept[begin];
            if (!keptBefore && firstSaver > c && static_cast<std::size_t>(firstSaver) <= k)
                recomputed -= std::min(recomputed, inBytes); // that save is the checkpoint's input
            if (t.xFwd[k] != kNone) term = std::max(term, t.xFwd[k]);
            if (t.xBwd[k] != kNone) term = std::max(term, sat(t.xBwd[k], recomputed));
            const U need = sat(inBytes, term);
            if (sat(minKept, need) > budget) break;
            const int d = cutAt[k];
            if (d < 0 || !anyGrad) continue;
            const std::int32_t q = cuts[static_cast<std::size_t>(d) - 1].producer;
            if (q >= 0 && q <= c) continue; // the segment's outputs are not used later
            U outBytes = 0;
            if (q >= 0) {
                const LayerAnalysis& out = a.layers[static_cast<std::size_t>(q)];
                if (out.outputFirstSaver > c && out.outputFirstSaver <= static_cast<long long>(k) && out.outputLastSaver > static_cast<long long>(k))
                    outBytes = t.tensorBytes[static_cast<std::size_t>(q)];
            }
            visit(static_cast<std::size_t>(d), need, sat(inBytes, outBytes), t.prefixMacs[k + 1] - t.prefixMacs[begin],
                  static_cast<std::uint32_t>(k + 1 - begin), t.tensorBytes[static_cast<std::size_t>(producer)], outBytes > 0);
        }
    }
};

// The dynamic programme over the cut points for one budget (see the header). Cut 0 is the
// virtual start (before position 0); cut j + 1 is cuts[j].
class BudgetProgramme {
public:
    BudgetProgramme(const Terms& t, const SegmentScan& scan, std::size_t cuts)
        : t_(t), scan_(scan), budget_(scan.budget), m_(cuts + 1), costScale_(t.prefixMacs[t.n], t.n), suffixY_(t.n + 1)
    {
        // suffixY_[k] = max over positions >= k of the plain event terms + prefix kept.
        suffixY_[t.n] = sat(t.xLoss, t.prefixKept[t.n]);
        for (std::size_t k = t.n; k-- > 0;) {
            U y = suffixY_[k + 1];
            if (t.xFwd[k] != kNone) y = std::max(y, sat(t.xFwd[k], t.prefixKept[k + 1]));
            if (t.xBwd[k] != kNone) y = std::max(y, sat(t.xBwd[k], t.prefixKept[k + 1]));
            suffixY_[k] = y;
        }
    }

    // Runs the programme. With stride > 1, segments start and end only at every stride-th cut
    // (or the last): a restriction, whose optimum bounds the full one's from above. Placements
    // must be cheaper than `initialBound` when there is one. Returns the best end state, or
    // nullptr when nothing fits.
    //
    // Each cut has two fronts (front(j, lost)): states that arrived by a segment containing
    // the layer that keeps the tensor crossing the cut (SegmentScan::inputSaverBefore) no longer
    // keep that tensor, so a segment from them must keep it itself; neither kind of state
    // dominates the other.
    //
    // Pruning, exact: (1) a state at cut j whose kept bytes let every later layer stay plain
    // (kept <= plainRoom(j)) completes at its own cost, so among such states only the one with
    // the most kept bytes (the cheapest of them) matters; (2) its cost is then an upper bound of
    // the optimum: states that are not cheaper are dropped, and states as cheap only go on
    // plainly.
    const State* solve(std::size_t stride, const State* initialBound)
    {
        fronts_.assign(2 * m_, CutFront{});
        front(0, false).seed(State{});
        bool haveBound = initialBound != nullptr;
        State bound = haveBound ? *initialBound : State{};
        std::vector<std::size_t> aliveStates, extendableStates;
        for (std::size_t j = 0; j + 1 < m_; ++j) {
            bool completes = false;
            const U room = plainRoom(j, completes);
            for (const bool lost : {false, true}) {
                std::vector<State>& states = front(j, lost).settle();
                if (states.empty()) continue;
                if (completes) {
                    auto it = std::upper_bound(states.begin(), states.end(), room, [](U r, const State& a) { return r < a.kept; });
                    if (it != states.begin()) {
                        --it;
                        if (!haveBound || cheaper(*it, bound)) {
                            bound = *it;
                            haveBound = true;
                        }
                        // Entries before `it` keep less and cost more: `it` completes as well.
                        // (Erasing would shift back-pointers into this front; they are marked instead.)
                        for (auto e = states.begin(); e != it; ++e) e->cost = kSaturated;
                    }
                }
                // The states the plain layers and a segment may extend, kept ascending.
                aliveStates.clear();
                extendableStates.clear();
                for (std::size_t s = 0; s < states.size(); ++s) {
                    const State& st = states[s];
                    if (st.cost == kSaturated || (haveBound && cheaper(bound, st))) continue;
                    aliveStates.push_back(s);
                    if (!haveBound || cheaper(st, bound)) extendableStates.push_back(s);
                }
                // Plain layers to the next cut: whatever crosses it is kept as in the plain network.
                if (const auto [term, add] = plainStep(j); term <= budget_)
                    front(j + 1, false).offer(states, aliveStates.data(), aliveStates.data() + aliveStates.size(), {static_cast<int>(j), lost, false},
                                              add, 0, sat(budget_ - term, add));
                // A checkpointed segment (c, d] to every later cut d, while its terms can still fit.
                if (j % stride != 0 || extendableStates.empty()) continue;
                scan_.from(j, states[extendableStates.front()].kept, [&](std::size_t d, U need, U added, U macs, std::uint32_t layers, U input, bool outputKept) {
                    if (d % stride != 0 && d + 1 != m_) return;
                    if (lost) { // this state's last segment recomputes what keeps the segment's input
                        need = sat(need, input);
                        added = sat(added, input);
                    }
                    if (need > budget_) return;
                    const U cost = costScale_.of(macs, layers);
                    // The states it extends: those that it leaves cheaper than a placement that
                    // completes (cost descending: a suffix) and that fit (kept ascending: a prefix).
                    const std::size_t* first = extendableStates.data();
                    const std::size_t* last = first + extendableStates.size();
                    if (haveBound)
                        first = std::partition_point(first, last, [&](std::size_t s) { return sat(states[s].cost, cost) >= bound.cost; });
                    // The layer keeping its output is inside (the producer is), unless it keeps the output itself.
                    const bool lostAtEnd = scan_.inputSaverBefore(d) >= 0 && !outputKept;
                    front(d, lostAtEnd).offer(states, first, last, {static_cast<int>(j), lost, true}, added, cost, sat(budget_ - need, added));
                });
            }
        }
        // The cheapest end state whose loss event (and the steady events) fit.
        const State* best = nullptr;
        for (const bool lost : {false, true})
            for (const State& st : front(m_ - 1, lost).settle())
                if (sat(t_.xLoss, st.kept) <= budget_ && t_.steadyMax <= budget_ && (!best || cheaper(st, *best))) best = &st;
        return best;
    }

    CutFront& front(std::size_t cut, bool lost) { return fronts_[2 * cut + (lost ? 1 : 0)]; }
    const CostScale& costScale() const { return costScale_; }

private:
    // The most a state at cut j may keep for every later layer to stay plain (`any`: some state may).
    U plainRoom(std::size_t j, bool& any) const
    {
        const std::size_t begin = static_cast<std::size_t>(scan_.after(j) + 1);
        const U room = sat(budget_, t_.prefixKept[begin]);
        any = room >= suffixY_[begin] && t_.steadyMax <= budget_;
        return any ? room - suffixY_[begin] : 0;
    }

    // The plain transition from cut j to j + 1: what its events hold above the kept bytes at j,
    // and the bytes its layers keep.
    std::pair<U, U> plainStep(std::size_t j) const
    {
        const std::size_t begin = static_cast<std::size_t>(scan_.after(j) + 1);
        const std::size_t end = static_cast<std::size_t>(scan_.after(j + 1));
        U term = 0;
        for (std::size_t k = begin; k <= end; ++k) {
            const U own = t_.prefixKept[k + 1] - t_.prefixKept[begin];
            if (t_.xFwd[k] != kNone) term = std::max(term, sat(t_.xFwd[k], own));
            if (t_.xBwd[k] != kNone) term = std::max(term, sat(t_.xBwd[k], own));
        }
        return {term, t_.prefixKept[end + 1] - t_.prefixKept[begin]};
    }

    const Terms& t_;
    const SegmentScan& scan_;
    U budget_;
    std::size_t m_;
    CostScale costScale_;
    std::vector<U> suffixY_;
    std::vector<CutFront> fronts_; // front(j, lost) at 2 j + lost
};

} // namespace

CheckpointPlan placeForBudget(const Graph& graph, const Analysis& a, const MemoryBreakdown& b, std::uint64_t budget)
{
    CheckpointPlan plan;
    const Terms t = terms(a, b);
    const std::size_t n = t.n;
    if (n == 0) return plan;
    const std::vector<CutPoint> cuts = cutPoints(graph, a);
    std::vector<int> cutAt(n, -1);
    for (std::size_t j = 0; j < cuts.size(); ++j) cutAt[cuts[j].after] = static_cast<int>(j + 1);
    const SegmentScan scan{t, a, cuts, cutAt, budget};
    BudgetProgramme programme(t, scan, cuts.size());
    // A coarse pass first on long networks: its cost lets the full pass prune from the start.
    const std::size_t m = cuts.size() + 1;
    const std::size_t stride = std::max<std::size_t>(1, m / 32);
    State coarse;
    const State* initialBound = nullptr;
    if (stride > 1) {
        if (const State* best = programme.solve(stride, nullptr)) {
            coarse = *best;
            ++coarse.cost; // as cheap as the coarse optimum is good enough
            initialBound = &coarse;
        }
    }
    const State* best = programme.solve(1, initialBound);
    if (!best) {
        plan.feasible = false;
        return plan;
    }
    plan.recomputedMacs = programme.costScale().macs(best->cost);
    plan.predictedPeak = std::max(sat(t.xLoss, best->kept), t.steadyMax);
    std::size_t nextCut = m - 1;
    for (const State* st = best; st->from.cut >= 0;) {
        const std::size_t j = static_cast<std::size_t>(st->from.cut);
        if (st->from.segment) plan.segments.push_back({static_cast<std::size_t>(scan.after(j) + 1), static_cast<std::size_t>(scan.after(nextCut))});
        nextCut = j;
        st = &programme.front(j, st->from.lost).states()[static_cast<std::size_t>(st->prevState)];
    }
    std::reverse(plan.segments.begin(), plan.segments.end());
    return plan;
}

CheckpointPlan placeSqrt(const Graph& graph, const Analysis& a)
{
    CheckpointPlan plan;
    const std::size_t n = a.layers.size();
    if (n == 0) return plan;
    const std::size_t groups = std::max<std::size_t>(1, static_cast<std::size_t>(std::lround(std::sqrt(static_cast<double>(n)))));
    const std::size_t length = (n + groups - 1) / groups;
    std::size_t first = 0;       // the group under way begins at this position
    std::int32_t input = -1;     // ... fed by this layer's output 0 (-1: not by one tensor)
    for (const CutPoint& cut : cutPoints(graph, a)) {
        if (cut.after + 1 == n) break; // the last group is not checkpointed (checkpoint_sequential)
        bool source = false;
        for (std::size_t k = first; k <= cut.after; ++k) source |= a.layers[k].modelInput || !a.layers[k].analysed;
        if (!source && cut.after + 1 - first < length) continue;
        if (!source && input >= 0) {
            plan.segments.push_back({first, cut.after});
            for (std::size_t k = first; k <= cut.after; ++k) plan.recomputedMacs += a.layers[k].result.macs;
        }
        first = cut.after + 1; // segments begin after the model inputs
        input = cut.producer;
    }
    return plan;
}

void applyPlan(Graph& graph, const Analysis& a, const CheckpointPlan& plan)
{
    clearCheckpoints(graph);
    std::vector<LayerId> ids;
    for (std::size_t s = 0; s < plan.segments.size(); ++s) {
        const std::string name = "auto." + std::to_string(s + 1);
        for (std::size_t k = plan.segments[s].first; k <= plan.segments[s].last && k < a.layers.size(); ++k)
            if (Layer* l = graph.find(a.layers[k].id)) l->checkpoint = name;
    }
}

namespace {

Result<CheckpointedGraph> place(const Graph& graph, const TrainingConfig& config, std::uint64_t defaultContextBytes, const std::uint64_t* budget)
{
    CheckpointedGraph out{graph, {}, 0};
    clearCheckpoints(out.graph);
    const Analysis base = analyze(out.graph);
    if (!base.ok()) return base.errors.front();
    const MemoryBreakdown plain = estimate(base, config, defaultContextBytes);
    std::uint64_t target = budget ? *budget : 0;
    for (int round = 0; round < 4; ++round) {
        out.plan = budget ? placeForBudget(out.graph, base, plain, target) : placeSqrt(out.graph, base);
        Graph g = out.graph;
        applyPlan(g, base, out.plan);
        const Analysis a = analyze(g);
        if (!a.ok()) return a.errors.front();
        out.peakBytes = estimate(a, config, defaultContextBytes).peakBytes();
        out.plan.recomputedMacs = a.recomputedMacs;
        if (!budget || !out.plan.feasible || out.peakBytes <= *budget || round == 3) {
            out.graph = std::move(g);
            break;
        }
        const std::uint64_t excess = out.peakBytes - *budget;
        if (excess >= target) {
            out.graph = std::move(g);
            break;
        }
        target -= excess;
    }
    return out;
}

} // namespace

Result<CheckpointedGraph> checkpointSqrt(const Graph& graph, const TrainingConfig& config, std::uint64_t defaultContextBytes)
{
    return place(graph, config, defaultContextBytes, nullptr);
}

Result<CheckpointedGraph> checkpointForBudget(const Graph& graph, const TrainingConfig& config, std::uint64_t budget,
                                              std::uint64_t defaultContextBytes)
{
    return place(graph, config, defaultContextBytes, &budget);
}

} // namespace netsizer::core
