#include "core/advise/Advisor.h"

#include "core/analysis/Analysis.h"
#include "core/analysis/LayerFreezing.h"
#include "core/checkpoint/CheckpointPlacement.h"
#include "core/estimate/Estimator.h"
#include "core/estimate/PrecisionSupport.h"
#include "core/layers/LayerKind.h"
#include "core/util/NumberFormat.h"

#include <algorithm>
#include <functional>

namespace netsizer::core {

const char* suggestionKindName(SuggestionKind k)
{
    switch (k) {
    case SuggestionKind::Accumulation: return "accumulation";
    case SuggestionKind::Checkpointing: return "checkpointing";
    case SuggestionKind::MixedPrecision: return "mixed_precision";
    case SuggestionKind::DataParallel: return "data_parallel";
    case SuggestionKind::CheaperOptimizer: return "cheaper_optimizer";
    case SuggestionKind::Freeze: return "freeze";
    case SuggestionKind::SmallerInput: return "smaller_input";
    case SuggestionKind::LargerGpu: return "larger_gpu";
    case SuggestionKind::Combination: return "combination";
    case SuggestionKind::ShardStates: return "shard_states";
    case SuggestionKind::ModelParallel: return "model_parallel";
    case SuggestionKind::Offload: return "offload";
    }
    return "";
}

namespace {

// The engine run for one candidate: the analysis it used and the breakdown.
struct Trial {
    Graph graph;
    Analysis analysis;
    MemoryBreakdown breakdown;
};

class AdviceSearch {
public:
    AdviceSearch(const Graph& graph, const TrainingConfig& config, const GpuCatalog& catalog)
        : m_graph(graph), m_config(config), m_catalog(catalog), m_analysis(analyze(graph)),
          m_base(estimate(m_analysis, config, catalog.defaultContextBytes()))
    {
    }

    Advice run()
    {
        Advice advice;
        advice.peakBytes = m_base.peakBytes();
        advice.fits = m_base.fits();
        if (!m_config.gpu) {
            advice.notes.push_back("no GPU given: nothing to fit");
            return advice;
        }
        if (!m_analysis.ok()) {
            advice.notes.push_back("the model has analysis errors: fix them first");
            return advice;
        }
        if (advice.fits) {
            advice.notes.push_back("batch " + withThousands(m_config.batch) + " already fits " + m_config.gpu->name);
            return advice;
        }
        const bool train = m_config.mode == Mode::Train;
        if (train) accumulation(m_config, m_analysis, {}, advice);
        if (train) checkpointing(advice);
        if (train) mixedPrecision(advice);
        dataParallel(advice);
        if (train) cheaperOptimizer(advice);
        if (train) freeze(m_config, advice);
        smallerInput(advice);
        largerGpu(advice);
        const bool single = std::any_of(advice.suggestions.begin(), advice.suggestions.end(), [](const Suggestion& s) {
            return s.kind != SuggestionKind::LargerGpu && s.kind != SuggestionKind::DataParallel;
        });
        if (!single && train) combinations(advice);
        std::stable_sort(advice.suggestions.begin(), advice.suggestions.end(),
                         [](const Suggestion& a, const Suggestion& b) { return a.rank < b.rank; });
        return advice;
    }

private:
    MemoryBreakdown estimateWith(const Analysis& a, const TrainingConfig& c) const
    {
        return estimate(a, c, m_catalog.defaultContextBytes());
    }

    // Step compute in MACs: forward + backward ≈ 3 × forward, per sample × the effective batch.
    double stepMacs(const Analysis& a, const TrainingConfig& c) const
    {
        return 3.0 * static_cast<double>(a.macs) * static_cast<double>(c.effectiveBatch());
    }

    Suggestion make(SuggestionKind kind, const TrainingConfig& c, const MemoryBreakdown& b, std::string description,
                    std::vector<std::string> changes) const
    {
        Suggestion s;
        s.kind = kind;
        s.config = c;
        s.description = std::move(description);
        s.changes = std::move(changes);
        s.peakBytes = b.peakBytes();
        s.fits = b.fits();
        s.rank = static_cast<int>(kind);
        return s;
    }

    // Gradient accumulation that keeps the effective batch: the fewest micro-batches whose size
    // fits, an exact divisor of the effective batch when one is near.
    bool accumulation(const TrainingConfig& from, const Analysis& a, const GraphChange& graphChange, Advice& advice,
                      std::vector<std::string> prefix = {}, SuggestionKind kind = SuggestionKind::Accumulation,
                      const std::string& lead = {})
    {
        const std::uint64_t effective = from.effectiveBatch();
        TrainingConfig c = from;
        c.accumulationSteps = 2; // any value > 1: the accumulating step's memory
        const std::uint64_t micro = estimateWith(a, c).maxBatch().value_or(0);
        if (micro == 0 || effective < 2) {
            if (kind == SuggestionKind::Accumulation)
                advice.notes.push_back("gradient accumulation cannot help: even a micro-batch of 1 does not fit");
            return false;
        }
        const std::uint64_t least = (effective + micro - 1) / micro;
        if (least < 2 || least > TrainingConfig::kMaxAccumulationSteps) return false;
        std::uint64_t steps = least;
        for (std::uint64_t k = least; k <= std::min<std::uint64_t>(2 * least, TrainingConfig::kMaxAccumulationSteps); ++k)
            if (effective % k == 0) {
                steps = k;
                break;
            }
        c.batch = (effective + steps - 1) / steps;
        c.accumulationSteps = static_cast<std::uint32_t>(steps);
        const MemoryBreakdown b = estimateWith(a, c);
        if (!b.fits()) return false;
        const bool caffe = c.framework == Framework::Caffe;
        std::string text = lead + "Accumulate gradients over " + withThousands(steps) + " micro-batches of " +
                           withThousands(c.batch) + " (effective batch " + withThousands(c.effectiveBatch()) +
                           (c.effectiveBatch() != effective ? ", " + withThousands(c.effectiveBatch() - effective) + " more than " +
                                                                  withThousands(effective)
                                                            : std::string()) +
                           "): one optimizer step per " + withThousands(c.effectiveBatch()) + " samples, as before" +
                           (caffe ? " (Caffe: batch_size " + withThousands(c.batch) + " in the data layer, iter_size " +
                                        withThousands(steps) + " in the solver)"
                                  : " (PyTorch: " + withThousands(steps) + " backward() calls before each step())") +
                           ". No extra compute; " + withThousands(steps) + " smaller passes per step.";
        if (std::any_of(a.layers.begin(), a.layers.end(), [&](const LayerAnalysis& la) {
                return la.analysed && m_graph.layers()[la.layerIndex].kind->id == "BatchNorm";
            }))
            text += " BatchNorm sees " + withThousands(c.batch) + " samples at a time, not " + withThousands(effective) + ".";
        prefix.insert(prefix.end(), {"--batch", std::to_string(c.batch), "--accumulate", std::to_string(steps)});
        Suggestion s = make(kind, c, b, text, prefix);
        s.graphChange = graphChange;
        if (kind == SuggestionKind::Combination) s.rank += 1;
        advice.suggestions.push_back(std::move(s));
        return true;
    }

    // Gradient checkpointing placed for the GPU's memory (core/checkpoint/CheckpointPlacement.h:
    // the fewest recomputed MACs whose peak fits), PyTorch only.
    void checkpointing(Advice& advice)
    {
        if (m_config.framework == Framework::Caffe) {
            advice.notes.push_back("gradient checkpointing is not offered: Caffe has none (every blob is allocated up front)");
            return;
        }
        if (m_config.framework == Framework::TensorFlow) {
            advice.notes.push_back("gradient checkpointing is not offered: tf.recompute_grad is not modelled");
            return;
        }
        if (!m_analysis.segments.empty()) return; // the user's own segments: --checkpoint-auto would replace them
        auto placed = checkpointForBudget(m_graph, m_config, m_config.gpu->memoryBytes, m_catalog.defaultContextBytes());
        if (!placed || placed->plan.segments.empty()) return;
        const Analysis a = analyze(placed->graph);
        const MemoryBreakdown b = estimateWith(a, m_config);
        if (!b.fits()) return;
        std::size_t layers = 0;
        for (const CheckpointSegment& seg : a.segments) layers += seg.last - seg.first + 1;
        Suggestion s = make(SuggestionKind::Checkpointing, m_config, b,
                            "Checkpoint " + withThousands(static_cast<std::uint64_t>(a.segments.size())) + " segment(s) of " +
                                withThousands(static_cast<std::uint64_t>(layers)) +
                                " layers (torch.utils.checkpoint): their activations are dropped in forward and "
                                "recomputed in backward, placed for the fewest recomputed MACs that fit. Same model and "
                                "training, the step runs the recomputed part of the forward again.",
                            {"--checkpoint-auto", "budget"});
        for (const Layer& l : placed->graph.layers())
            if (!l.checkpoint.empty()) s.graphChange.checkpoint.emplace_back(l.id, l.checkpoint);
        s.extraComputePct = m_analysis.macs ? 100.0 * static_cast<double>(a.recomputedMacs) * static_cast<double>(m_config.effectiveBatch()) /
                                                  stepMacs(m_analysis, m_config)
                                            : 0.0;
        advice.suggestions.push_back(std::move(s));
    }

    std::optional<Precision> supportedMixedPrecision(TrainingConfig c, Advice* advice) const
    {
        for (Precision p : {Precision::MixedBf16, Precision::MixedFp16}) {
            c.precision = p;
            const std::string why = precisionUnavailableReason(c.precision, c.framework, c.gpu);
            if (why.empty()) return p;
            if (advice && p == Precision::MixedFp16) advice->notes.push_back("mixed precision is not offered: " + why);
        }
        return std::nullopt;
    }

    void mixedPrecision(Advice& advice)
    {
        if (m_config.precision != Precision::Fp32) return;
        const auto p = supportedMixedPrecision(m_config, &advice);
        if (!p) return;
        TrainingConfig c = m_config;
        c.precision = *p;
        const MemoryBreakdown b = estimateWith(m_analysis, c);
        if (!b.fits()) return;
        advice.suggestions.push_back(make(SuggestionKind::MixedPrecision, c, b,
                                          std::string("Train in mixed precision (") + precisionInfo(*p).label +
                                              "): activations are kept in half precision, the fp32 master weights stay; "
                                              "usually the same accuracy, and faster on tensor cores.",
                                          {"--precision", precisionInfo(*p).name}));
    }

    void dataParallel(Advice& advice)
    {
        for (std::uint64_t gpus : {2u, 4u, 8u}) {
            const std::uint64_t per = (m_config.batch + gpus - 1) / gpus;
            if (per < 1 || per == m_config.batch) break;
            TrainingConfig c = m_config;
            c.batch = per;
            const MemoryBreakdown b = estimateWith(m_analysis, c);
            if (!b.fits()) continue;
            advice.suggestions.push_back(make(
                SuggestionKind::DataParallel, c, b,
                "Use " + withThousands(gpus) + " × " + m_config.gpu->name + " with data parallelism (PyTorch DDP, Caffe's "
                    "multi-GPU solver) and a batch of " + withThousands(per) + " on each" +
                    (per * gpus != m_config.batch ? " (" + withThousands(per * gpus) + " in all)" : std::string()) +
                    ": every GPU still holds the whole "
                    "model with its gradients and optimizer state, only the activations shrink. The figure is per GPU; "
                    "DDP's gradient buckets (25 MiB by default) are not in it.",
                {"--batch", std::to_string(per)}));
            return;
        }
    }

    void cheaperOptimizer(Advice& advice)
    {
        const std::uint64_t now = m_base.peakBytes();
        for (Optimizer o : {Optimizer::SgdMomentum, Optimizer::Sgd}) {
            if (o == m_config.optimizer) return; // nothing cheaper than what is used
            TrainingConfig c = m_config;
            c.optimizer = o;
            const MemoryBreakdown b = estimateWith(m_analysis, c);
            if (b.peakBytes() >= now || !b.fits()) continue;
            advice.suggestions.push_back(make(SuggestionKind::CheaperOptimizer, c, b,
                                              std::string("Use ") + optimizerInfo(o).label + " instead of " +
                                                  optimizerInfo(m_config.optimizer).label + ": " +
                                                  formatBytes(static_cast<double>(now - b.peakBytes())) +
                                                  " less optimizer state; the training dynamics change (learning rate "
                                                  "and schedule need retuning).",
                                              {"--optimizer", optimizerInfo(o).name}));
            return;
        }
    }

    // Trial of training only the last `trainLast` layers with weights, under `c`.
    Trial frozenTrial(const TrainingConfig& c, std::size_t trainLast) const
    {
        Trial t{m_graph, {}, {}};
        trainLastLayers(t.graph, m_analysis, trainLast);
        t.analysis = analyze(t.graph);
        t.breakdown = estimateWith(t.analysis, c);
        return t;
    }

    // The fewest layers frozen from the input side that make `c` fit (binary search: the peak
    // falls as more layers freeze); nullopt when even training only the last one does not fit.
    std::optional<std::size_t> fewestFrozen(const TrainingConfig& c, std::size_t withWeights) const
    {
        if (withWeights < 2 || !frozenTrial(c, 1).breakdown.fits()) return std::nullopt;
        std::size_t lo = 1, hi = withWeights - 1; // frozen counts; hi fits
        while (lo < hi) {
            const std::size_t mid = (lo + hi) / 2;
            if (frozenTrial(c, withWeights - mid).breakdown.fits()) hi = mid;
            else lo = mid + 1;
        }
        return lo;
    }

    void freeze(const TrainingConfig& c, Advice& advice)
    {
        if (c.framework == Framework::Caffe) {
            advice.notes.push_back("freezing layers saves nothing in Caffe: it keeps a diff and solver history for every "
                                   "learnable blob, lr_mult: 0 ones included (Net::ClearParamDiffs, SGDSolver::PreSolve)");
            return;
        }
        const std::vector<LayerId> ids = layersWithWeights(m_analysis);
        const auto frozen = fewestFrozen(c, ids.size());
        if (!frozen) return;
        const std::size_t trainLast = ids.size() - *frozen;
        const Trial t = frozenTrial(c, trainLast);
        // Backward stops at the first trainable layer: the layers before it run forward only.
        double skipped = 0;
        const int firstTrainable = m_graph.indexOf(ids[*frozen]);
        for (const LayerAnalysis& la : m_analysis.layers) {
            if (static_cast<int>(la.layerIndex) == firstTrainable) break;
            skipped += static_cast<double>(la.result.macs);
        }
        const Layer* last = m_graph.find(ids[*frozen - 1]);
        Suggestion s = make(SuggestionKind::Freeze, c, t.breakdown,
                            "Freeze the first " + withThousands(*frozen) + " of " + withThousands(ids.size()) +
                                " layers with weights (up to '" + (last ? last->name : std::string()) + "') and fine-tune the last " +
                                withThousands(trainLast) + ": no gradients or optimizer state for the frozen ones, and backward "
                                "stops before them. Only the later layers adapt — usually fine for transfer learning, "
                                "worse when the new data differ much from the pretraining data.",
                            {"--train-last", std::to_string(trainLast)});
        s.graphChange.trainLast = trainLast;
        s.extraComputePct = m_analysis.macs ? -100.0 * 2.0 * skipped * static_cast<double>(c.effectiveBatch()) / stepMacs(m_analysis, c)
                                           : 0.0;
        advice.suggestions.push_back(std::move(s));
    }

    // The model's only Input layer and its shape attribute index, when the shape is an image
    // (C×H×W) or a sequence (T or T×E).
    const Layer* singleInput(int& shapeIndex) const
    {
        const Layer* input = nullptr;
        for (const Layer& l : m_graph.layers())
            if (l.kind->id == "Input") {
                if (input) return nullptr;
                input = &l;
            }
        if (!input) return nullptr;
        shapeIndex = input->kind->paramIndex("shape");
        if (shapeIndex < 0 || !std::holds_alternative<IntList>(input->attrs[static_cast<std::size_t>(shapeIndex)])) return nullptr;
        return input;
    }

    void smallerInput(Advice& advice)
    {
        int shapeIndex = -1;
        const Layer* input = singleInput(shapeIndex);
        if (!input) return;
        const IntList shape = std::get<IntList>(input->attrs[static_cast<std::size_t>(shapeIndex)]);
        const bool image = shape.size() == 3;
        if (!image && shape.size() != 1 && shape.size() != 2) return;
        const std::int64_t full = image ? shape[1] : shape[0];
        // The shape with its height (image, width scaled alike) or length (sequence) set to `n`.
        const auto shaped = [&](std::int64_t n) {
            IntList s = shape;
            if (image) {
                s[1] = n;
                s[2] = std::max<std::int64_t>(1, (shape[2] * n + shape[1] / 2) / shape[1]);
            } else {
                s[0] = n;
            }
            return s;
        };
        const auto trial = [&](std::int64_t n, Trial& out) {
            out.graph = m_graph;
            Layer* l = out.graph.find(input->id);
            l->attrs[static_cast<std::size_t>(shapeIndex)] = shaped(n);
            out.analysis = analyze(out.graph);
            // Only where the weights do not depend on the input size (no Flatten → Dense sized by
            // it): otherwise a pretrained model would no longer load.
            if (!out.analysis.ok() || out.analysis.paramsTotal != m_analysis.paramsTotal) return false;
            out.breakdown = estimateWith(out.analysis, m_config);
            return out.breakdown.fits();
        };
        Trial t;
        if (full < 2 || !trial(1, t)) return;
        std::int64_t lo = 1, hi = full - 1; // lo fits
        while (lo < hi) {
            const std::int64_t mid = (lo + hi + 1) / 2;
            if (trial(mid, t)) lo = mid;
            else hi = mid - 1;
        }
        if (!trial(lo, t)) return;
        const IntList best = shaped(lo);
        std::string dims;
        for (std::size_t i = 0; i < best.size(); ++i) dims += (i ? "x" : "") + std::to_string(best[i]);
        Suggestion s = make(SuggestionKind::SmallerInput, m_config, t.breakdown,
                            std::string(image ? "Train at a smaller resolution: " : "Train on shorter sequences: ") + dims +
                                " per sample instead of the model's, the largest that fits; the weights are unchanged, "
                                "but the model then sees less detail (or context).",
                            {"--input-shape", input->name + "=" + dims});
        s.graphChange.inputName = input->name;
        s.graphChange.inputShape = best;
        s.extraComputePct = m_analysis.macs ? 100.0 * (static_cast<double>(t.analysis.macs) - static_cast<double>(m_analysis.macs)) /
                                                  static_cast<double>(m_analysis.macs)
                                            : 0.0;
        advice.suggestions.push_back(std::move(s));
    }

    void largerGpu(Advice& advice)
    {
        std::vector<GpuSpec> presets = m_catalog.gpus();
        std::stable_sort(presets.begin(), presets.end(),
                         [](const GpuSpec& a, const GpuSpec& b) { return a.memoryBytes < b.memoryBytes; });
        for (const GpuSpec& g : presets) {
            if (g.memoryBytes <= m_config.gpu->memoryBytes) continue;
            TrainingConfig c = m_config;
            c.gpu = g;
            if (!precisionUnavailableReason(c.precision, c.framework, c.gpu).empty()) continue;
            const MemoryBreakdown b = estimateWith(m_analysis, c);
            if (!b.fits()) continue;
            advice.suggestions.push_back(make(SuggestionKind::LargerGpu, c, b,
                                              "Use a larger GPU: " + g.name + " (" + formatBytes(static_cast<double>(g.memoryBytes)) +
                                                  "), the smallest preset on which batch " + withThousands(c.batch) +
                                                  " fits as it is.",
                                              {"--gpu", g.name}));
            return;
        }
    }

    // No single change is enough: mixed precision and / or a cheaper optimizer to shrink what
    // does not scale with the batch, then accumulation for what does; freezing last.
    void combinations(Advice& advice)
    {
        const auto mixed = supportedMixedPrecision(m_config, nullptr);
        struct Step {
            std::optional<Precision> precision;
            std::optional<Optimizer> optimizer;
        };
        std::vector<Step> steps;
        if (mixed && m_config.precision == Precision::Fp32) steps.push_back({mixed, std::nullopt});
        if (m_config.optimizer != Optimizer::SgdMomentum && m_config.optimizer != Optimizer::Sgd) {
            steps.push_back({std::nullopt, Optimizer::SgdMomentum});
            if (mixed && m_config.precision == Precision::Fp32) steps.push_back({mixed, Optimizer::SgdMomentum});
        }
        steps.push_back({std::nullopt, std::nullopt}); // accumulation with freezing only
        for (const Step& step : steps) {
            TrainingConfig c = m_config;
            std::vector<std::string> changes;
            std::string lead;
            if (step.precision) {
                c.precision = *step.precision;
                changes.insert(changes.end(), {"--precision", precisionInfo(*step.precision).name});
                lead += std::string("Train in ") + precisionInfo(*step.precision).label + ". ";
            }
            if (step.optimizer) {
                c.optimizer = *step.optimizer;
                changes.insert(changes.end(), {"--optimizer", optimizerInfo(*step.optimizer).name});
                lead += std::string("Use ") + optimizerInfo(*step.optimizer).label + ". ";
            }
            if (step.precision || step.optimizer) {
                const MemoryBreakdown b = estimateWith(m_analysis, c);
                if (b.fits()) {
                    advice.suggestions.push_back(make(SuggestionKind::Combination, c, b, lead + "Together they fit.", changes));
                    return;
                }
                if (accumulation(c, m_analysis, {}, advice, changes, SuggestionKind::Combination, lead)) return;
            }
            if (c.framework == Framework::Caffe) continue;
            // Freezing from the input side, then accumulation when the batch still does not fit.
            const std::vector<LayerId> ids = layersWithWeights(m_analysis);
            TrainingConfig micro = c;
            micro.batch = 1;
            const auto frozen = fewestFrozen(micro, ids.size());
            if (!frozen) continue;
            const std::size_t trainLast = ids.size() - *frozen;
            const Trial t = frozenTrial(c, trainLast);
            GraphChange gc;
            gc.trainLast = trainLast;
            std::vector<std::string> withFreeze = changes;
            withFreeze.insert(withFreeze.end(), {"--train-last", std::to_string(trainLast)});
            const std::string freezeLead = lead + "Fine-tune only the last " + withThousands(trainLast) + " of " +
                                           withThousands(ids.size()) + " layers with weights. ";
            if (accumulation(c, t.analysis, gc, advice, withFreeze, SuggestionKind::Combination, freezeLead)) return;
        }
    }

    const Graph& m_graph;
    const TrainingConfig m_config;
    const GpuCatalog& m_catalog;
    const Analysis m_analysis;
    const MemoryBreakdown m_base;
};

} // namespace

Advice advise(const Graph& graph, const TrainingConfig& config, const GpuCatalog& catalog)
{
    return AdviceSearch(graph, config, catalog).run();
}

} // namespace netsizer::core
