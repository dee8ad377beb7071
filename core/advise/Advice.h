#pragma once
// What to change so that a training configuration fits its GPU (core::advise): each suggestion
// is the configuration (and, for freezing or a smaller input, the graph) with one change — or a
// combination — applied and re-estimated by the same engine, never a rule of thumb.

#include "core/estimate/TrainingConfig.h"
#include "core/graph/LayerId.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace netsizer::core {

// The kinds of change, cheapest for the user first (the order suggestions are ranked in when
// their costs tie): the same training, only slower — accumulation, then gradient checkpointing
// (which also recomputes part of the forward); the same model and data,
// numerics change — mixed precision; more hardware of the same kind — data parallelism; the
// training dynamics change — a cheaper optimizer; what is learned changes — freezing; the data
// changes — a smaller input; another GPU — a larger one; several at once — a combination.
enum class SuggestionKind {
    Accumulation,
    Checkpointing,
    MixedPrecision,
    DataParallel,
    CheaperOptimizer,
    Freeze,
    SmallerInput,
    LargerGpu,
    Combination,
    // Many GPUs (core::adviseParallel): shard the model states further (ZeRO / FSDP); split the
    // model over the same GPUs another way (tensor, sequence, pipeline, context parallel); move
    // state to host memory (CPU offload).
    ShardStates,
    ModelParallel,
    Offload,
};
const char* suggestionKindName(SuggestionKind k); // "accumulation", "mixed_precision", …

// An edit of the graph a suggestion needs besides the configuration: train only the last
// `trainLast` layers with weights, and / or give the input `inputName` the per-sample shape
// `inputShape` (channels first, no batch axis).
struct GraphChange {
    std::optional<std::size_t> trainLast;
    std::string inputName;
    std::vector<std::int64_t> inputShape; // empty: unchanged
    // Gradient checkpointing: every layer's Layer::checkpoint after the change (layers absent
    // here are not checkpointed); empty: unchanged.
    std::vector<std::pair<LayerId, std::string>> checkpoint;
};

struct Suggestion {
    SuggestionKind kind = SuggestionKind::Accumulation;
    std::string description;   // one or two sentences: the change, what it keeps, what it costs
    TrainingConfig config;     // the configuration with the change applied
    GraphChange graphChange;   // and the graph edits, if any
    // netsizer-cli options that reproduce it with `estimate` (besides the model and the
    // original options): e.g. {"--batch", "10", "--accumulate", "5"}.
    std::vector<std::string> changes;
    std::uint64_t peakBytes = 0; // re-estimated
    bool fits = false;           // by the peak, as MemoryBreakdown::fits()
    // Extra compute against the original step, in % of its MACs (forward + backward ≈ 3 ×
    // forward): negative when the change saves compute (a frozen layer has no weight gradient
    // to compute, a smaller input has fewer positions).
    double extraComputePct = 0.0;
    int rank = 0; // what it costs the user; lower first
};

struct Advice {
    std::uint64_t peakBytes = 0; // the configuration as given
    bool fits = false;
    std::vector<Suggestion> suggestions; // each fits, cheapest first
    // What the advisor checked and will not suggest, with the reason (e.g. freezing in Caffe
    // saves nothing; no fast fp16 on a Kepler GPU).
    std::vector<std::string> notes;
};

} // namespace netsizer::core
