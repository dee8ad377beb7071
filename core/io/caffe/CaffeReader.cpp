#include "core/io/caffe/CaffeImport.h"

#include "caffe_subset.pb.h"
#include "core/io/caffe/CaffeNetBuilder.h"
#include "core/io/caffe/CaffeTextParser.h"
#include "core/io/caffe/CaffeV1.h"

#include <cmath>

namespace netsizer::core {
namespace {

using netsizer_caffe::LayerParameter;
using netsizer_caffe::NetParameter;
using netsizer_caffe::NetStateRule;

// Caffe's Net::StateMeetsRule for the TRAIN phase at level 0 without stages: a layer is in the
// net when no include rule exists or one matches, and no exclude rule matches.
bool inTrainPhase(const google::protobuf::RepeatedPtrField<NetStateRule>& include,
                  const google::protobuf::RepeatedPtrField<NetStateRule>& exclude)
{
    auto matches = [](const NetStateRule& r) {
        if (r.has_phase() && r.phase() != netsizer_caffe::TRAIN) return false;
        if (r.has_min_level() && r.min_level() > 0) return false;
        if (r.has_max_level() && r.max_level() < 0) return false;
        return r.stage_size() == 0;
    };
    for (const auto& r : exclude)
        if (matches(r)) return false;
    if (include.empty()) return true;
    for (const auto& r : include)
        if (matches(r)) return true;
    return false;
}

int lineOf(const google::protobuf::TextFormat::ParseInfoTree& tree, const char* field, int index)
{
    const auto* f = NetParameter::descriptor()->FindFieldByName(field);
    const auto loc = tree.GetLocation(f, index);
    return loc.line >= 0 ? loc.line + 1 : 0;
}

// One note naming the fields the schema skipped (the first few, with their lines).
void noteUnknownFields(const std::vector<caffe::UnknownField>& unknown, const std::string& fileName,
                       std::vector<std::string>& notes)
{
    if (unknown.empty()) return;
    std::string list;
    for (std::size_t i = 0; i < unknown.size() && i < 5; ++i)
        list += (i ? ", '" : "'") + unknown[i].name + "' (" + fileName + ":" + std::to_string(unknown[i].line) + ")";
    if (unknown.size() > 5) list += " and " + std::to_string(unknown.size() - 5) + " more";
    notes.push_back(std::to_string(unknown.size()) + " field(s) NetSizer does not read were ignored (Caffe fields it does "
                    "not model, or misspelt ones): " + list);
}

bool looksLikeSolver(const std::vector<caffe::UnknownField>& unknown)
{
    for (const auto& f : unknown)
        for (const char* solverField : {"base_lr", "net", "train_net", "max_iter", "lr_policy", "solver_type", "snapshot_prefix"})
            if (f.name == solverField) return true;
    return false;
}

} // namespace

Result<ModelFile> readCaffeNet(std::string_view text, const std::string& fileName, const CaffeImportOptions& options)
{
    NetParameter net;
    google::protobuf::TextFormat::ParseInfoTree tree;
    std::vector<caffe::UnknownField> unknown;
    if (auto s = caffe::parseText(text, fileName, net, &tree, &unknown); !s) return s.error();
    if (net.layer_size() > 0 && net.layers_size() > 0)
        return makeError("caffe", "the file mixes `layer` and legacy `layers` blocks", fileName);

    caffe::CaffeNetBuilder builder(fileName, options);
    // Net-level inputs: `input:` with 4 `input_dim` each, or `input_shape` blocks.
    for (int i = 0; i < net.input_size(); ++i) {
        std::vector<std::int64_t> dims;
        if (i < net.input_shape_size()) dims.assign(net.input_shape(i).dim().begin(), net.input_shape(i).dim().end());
        else if (net.input_dim_size() >= 4 * (i + 1)) dims.assign(net.input_dim().begin() + 4 * i, net.input_dim().begin() + 4 * (i + 1));
        else return makeError("caffe", "input '" + net.input(i) + "' has no input_dim or input_shape", fileName + ":" + std::to_string(lineOf(tree, "input", i)));
        if (auto s = builder.addNetInput(net.input(i), dims, lineOf(tree, "input", i)); !s) return s.error();
    }
    const bool legacy = net.layers_size() > 0;
    const int count = legacy ? net.layers_size() : net.layer_size();
    int trained = 0;
    for (int i = 0; i < count; ++i) {
        const LayerParameter layer = legacy ? caffe::upgradeV1(net.layers(i)) : net.layer(i);
        if (!inTrainPhase(layer.include(), layer.exclude())) continue;
        ++trained;
        if (auto s = builder.addLayer(layer, lineOf(tree, legacy ? "layers" : "layer", i)); !s) return s.error();
    }
    // A net without a layer in the TRAIN phase has nothing to estimate: never a 0-byte answer.
    if (trained == 0) {
        if (looksLikeSolver(unknown))
            return makeError("caffe", "this is a Caffe solver, not a net (it sets '" + unknown.front().name +
                                          "'): give the net, and the solver with --solver", fileName);
        if (count > 0)
            return makeError("caffe", "all " + std::to_string(count) + " layers are excluded from the TRAIN phase "
                                      "(include { phase: TEST } or exclude rules); NetSizer estimates training", fileName);
        return makeError("caffe", net.input_size() > 0 ? "the net has inputs but no layers" : "the file defines no layers", fileName);
    }
    ModelFile model;
    noteUnknownFields(unknown, fileName, model.notes);
    model.graph = builder.takeGraph();
    model.graph.name = net.name();
    model.description = "Imported from Caffe prototxt " + fileName;
    for (auto& n : builder.notes()) model.notes.push_back(std::move(n));
    model.layerSource = std::move(builder.sources());
    TrainingConfig config;
    config.framework = Framework::Caffe;
    config.optimizer = Optimizer::SgdMomentum;
    if (builder.batch()) {
        config.batch = std::clamp<std::uint64_t>(*builder.batch(), 1, TrainingConfig::kMaxBatch);
        if (config.batch != *builder.batch())
            model.notes.push_back("the net's batch of " + std::to_string(*builder.batch()) + " is above NetSizer's largest (" +
                                  std::to_string(TrainingConfig::kMaxBatch) + "); the estimate uses " + std::to_string(config.batch));
    }
    model.training = config;
    return model;
}

Status applyCaffeSolver(std::string_view text, const std::string& fileName, TrainingConfig& config,
                        std::vector<std::string>& notes)
{
    netsizer_caffe::SolverParameter solver;
    google::protobuf::TextFormat::ParseInfoTree tree;
    if (auto s = caffe::parseText(text, fileName, solver, &tree); !s) return s;
    std::string type = solver.type();
    if (solver.has_solver_type() && !solver.has_type()) {
        static const char* names[] = {"SGD", "Nesterov", "AdaGrad", "RMSProp", "AdaDelta", "Adam"};
        type = names[static_cast<int>(solver.solver_type())];
    }
    const bool momentum = solver.momentum() != 0.0f;
    if (type == "SGD") config.optimizer = momentum ? Optimizer::SgdMomentum : Optimizer::Sgd;
    else if (type == "Nesterov") config.optimizer = Optimizer::Nesterov;
    else if (type == "AdaGrad") config.optimizer = Optimizer::Adagrad;
    else if (type == "RMSProp") config.optimizer = Optimizer::RmsProp;
    else if (type == "AdaDelta") config.optimizer = Optimizer::Adadelta;
    else if (type == "Adam") config.optimizer = Optimizer::Adam;
    else {
        // "solver.prototxt:7" when the file names the type (it may come from solver_type).
        const auto* field = netsizer_caffe::SolverParameter::descriptor()->FindFieldByName(solver.has_type() ? "type" : "solver_type");
        const int line = tree.GetLocation(field, -1).line;
        return makeError("caffe",
                         "unknown solver type '" + type + "' (Caffe 1.0 has SGD, Nesterov, AdaGrad, RMSProp, AdaDelta, Adam)",
                         line >= 0 ? fileName + ":" + std::to_string(line + 1) : fileName);
    }
    if (solver.iter_size() > 1)
        notes.push_back("solver iter_size " + std::to_string(solver.iter_size()) + ": gradients are accumulated over " +
                        std::to_string(solver.iter_size()) + " batches; memory follows the net's own batch");
    if (solver.solver_mode() == netsizer_caffe::SolverParameter::CPU) notes.push_back("the solver runs on the CPU (solver_mode: CPU)");
    return Ok{};
}

} // namespace netsizer::core
