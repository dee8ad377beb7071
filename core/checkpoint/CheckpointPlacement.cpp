#include "core/checkpoint/CheckpointPlacement.h"

#include "core/checkpoint/CheckpointScopes.h"
#include "core/checkpoint/CutPoints.h"
#include "core/estimate/Estimator.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <unordered_map>

namespace netsizer::core {
namespace {

using U = std::uint64_t;
constexpr U kNone = 0; // "no constraint" for X terms (every event total is >= 0)

// One state of the DP: a placement prefix up to a cut.
struct State {
    U kept = 0; // P': forward-kept bytes of the prefix
    U macs = 0; // recomputed MACs per sample
    U layers = 0; // recomputed layers: among placements of equal MACs, the fewest (no free ReLU segments)
    int prevCut = -1, prevState = -1;
    bool segment = false; // the transition into this state was a checkpointed segment
};

// The cost of a placement: recomputed MACs, then recomputed layers.
bool cheaper(const State& a, const State& b) { return a.macs != b.macs ? a.macs < b.macs : a.layers < b.layers; }

// The Pareto front of one cut: kept ascending, cost strictly descending.
void insert(std::vector<State>& front, const State& s)
{
    auto it = std::lower_bound(front.begin(), front.end(), s.kept, [](const State& a, U k) { return a.kept < k; });
    if (it != front.begin() && !cheaper(s, *std::prev(it))) return;
    if (it != front.end() && it->kept == s.kept && !cheaper(s, *it)) return;
    auto end = it;
    while (end != front.end() && !cheaper(*end, s)) ++end;
    it = front.erase(it, end);
    front.insert(it, s);
}

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

} // namespace

CheckpointPlan placeForBudget(const Graph& graph, const Analysis& a, const MemoryBreakdown& b, std::uint64_t budget)
{
    CheckpointPlan plan;
    const Terms t = terms(a, b);
    const std::size_t n = t.n;
    if (n == 0) return plan;
    const std::vector<CutPoint> cuts = cutPoints(graph, a);
    // Cut 0 of the DP is the virtual start (before position 0); cut j + 1 is cuts[j].
    const std::size_t m = cuts.size() + 1;
    auto after = [&](std::size_t j) { return j == 0 ? -1LL : static_cast<long long>(cuts[j - 1].after); };
    std::vector<std::vector<State>> fronts(m);
    fronts[0].push_back(State{});
    // Positions → the DP cut ending there, for the segment scan.
    std::vector<int> cutAt(n, -1);
    for (std::size_t j = 1; j < m; ++j) cutAt[cuts[j - 1].after] = static_cast<int>(j);

    // Pruning, exact: (1) a state at cut j whose kept bytes let every later layer stay plain
    // (kept <= plainRoom(j)) completes at its own cost, so among such states only the one with
    // the most kept bytes (the cheapest of them) matters; (2) its cost is then an upper bound
    // of the optimum: states that are not cheaper are dropped, and states as cheap only go on
    // plainly. suffixY[k] = max over positions >= k of the plain event terms + prefix kept.
    std::vector<U> suffixY(n + 1, sat(t.xLoss, t.prefixKept[n]));
    for (std::size_t k = n; k-- > 0;) {
        U y = suffixY[k + 1];
        if (t.xFwd[k] != kNone) y = std::max(y, sat(t.xFwd[k], t.prefixKept[k + 1]));
        if (t.xBwd[k] != kNone) y = std::max(y, sat(t.xBwd[k], t.prefixKept[k + 1]));
        suffixY[k] = y;
    }
    auto plainRoom = [&](std::size_t j, bool& any) {
        const std::size_t begin = static_cast<std::size_t>(after(j) + 1);
        const U room = sat(budget, t.prefixKept[begin]);
        any = room >= suffixY[begin] && t.steadyMax <= budget;
        return any ? room - suffixY[begin] : 0;
    };
    bool haveBound = false;
    State bound;
    std::vector<std::size_t> extendableStates;
    for (std::size_t j = 0; j + 1 < m; ++j) {
        std::vector<State>& front = fronts[j];
        if (front.empty()) continue;
        bool completes = false;
        const U room = plainRoom(j, completes);
        if (completes) {
            auto it = std::upper_bound(front.begin(), front.end(), room, [](U r, const State& a) { return r < a.kept; });
            if (it != front.begin()) {
                --it;
                if (!haveBound || cheaper(*it, bound)) {
                    bound = *it;
                    haveBound = true;
                }
                // Entries before `it` keep less and cost more: `it` completes as well.
                // (Erasing would shift back-pointers into this front; they are marked instead.)
                for (auto e = front.begin(); e != it; ++e) e->macs = kSaturated;
            }
        }
        const long long c = after(j);
        const std::size_t begin = static_cast<std::size_t>(c + 1);
        auto alive = [&](const State& st) { return st.macs != kSaturated && (!haveBound || !cheaper(bound, st)); };
        auto extendable = [&](const State& st) { return alive(st) && (!haveBound || cheaper(st, bound)); };
        // The states a segment may extend, kept ascending (a subsequence of the front).
        extendableStates.clear();
        for (std::size_t s = 0; s < front.size(); ++s)
            if (extendable(front[s])) extendableStates.push_back(s);
        const U minKept = extendableStates.empty() ? kSaturated : front[extendableStates.front()].kept;
        // Plain layers to the next cut.
        {
            const std::size_t end = static_cast<std::size_t>(after(j + 1));
            U term = 0;
            for (std::size_t k = begin; k <= end; ++k) {
                const U own = t.prefixKept[k + 1] - t.prefixKept[begin];
                if (t.xFwd[k] != kNone) term = std::max(term, sat(t.xFwd[k], own));
                if (t.xBwd[k] != kNone) term = std::max(term, sat(t.xBwd[k], own));
            }
            const U add = t.prefixKept[end + 1] - t.prefixKept[begin];
            for (std::size_t s = 0; s < front.size(); ++s)
                if (alive(front[s]) && sat(front[s].kept, term) <= budget)
                    insert(fronts[j + 1], State{sat(front[s].kept, add), front[s].macs, front[s].layers, static_cast<int>(j), static_cast<int>(s), false});
        }
        // A checkpointed segment (c, d] to every later cut d, while its terms can still fit.
        const std::int32_t producer = j == 0 ? -1 : cuts[j - 1].producer;
        if (j == 0 || producer < 0 || minKept == kSaturated) continue; // a segment needs its one input tensor
        const LayerAnalysis& in = a.layers[static_cast<std::size_t>(producer)];
        const long long firstSaver = in.outputFirstSaver;
        const bool keptBefore = in.modelInput || (firstSaver >= 0 && firstSaver <= c);
        const U inBytes = keptBefore ? 0 : t.tensorBytes[static_cast<std::size_t>(producer)];
        U term = 0;
        bool anyGrad = false;
        for (std::size_t k = begin; k < n; ++k) {
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
            const U macs = t.prefixMacs[k + 1] - t.prefixMacs[begin];
            for (const std::size_t s : extendableStates) {
                if (sat(front[s].kept, need) > budget) break; // kept ascending: the rest do not fit either
                insert(fronts[static_cast<std::size_t>(d)],
                           State{sat(sat(front[s].kept, inBytes), outBytes), sat(front[s].macs, macs), front[s].layers + (k + 1 - begin),
                                 static_cast<int>(j), static_cast<int>(s), true});
            }
        }
    }
    // The cheapest end state whose loss event (and the steady events) fit.
    const std::vector<State>& last = fronts[m - 1];
    int best = -1;
    for (std::size_t s = 0; s < last.size(); ++s)
        if (sat(t.xLoss, last[s].kept) <= budget && t.steadyMax <= budget && (best < 0 || cheaper(last[s], last[static_cast<std::size_t>(best)])))
            best = static_cast<int>(s);
    if (best < 0) {
        plan.feasible = false;
        return plan;
    }
    plan.recomputedMacs = last[static_cast<std::size_t>(best)].macs;
    plan.predictedPeak = std::max(sat(t.xLoss, last[static_cast<std::size_t>(best)].kept), t.steadyMax);
    for (int j = static_cast<int>(m - 1), s = best; j > 0;) {
        const State& st = fronts[static_cast<std::size_t>(j)][static_cast<std::size_t>(s)];
        if (st.segment)
            plan.segments.push_back({static_cast<std::size_t>(after(static_cast<std::size_t>(st.prevCut)) + 1), static_cast<std::size_t>(after(static_cast<std::size_t>(j)))});
        j = st.prevCut;
        s = st.prevState;
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
