// readOnnxModel: protobuf parsing with a size limit, ONNX shape inference, the node walk
// (OnnxNodeMapper), and the import report: opaque operators, weights no layer consumed, and
// every layer whose NetSizer shape disagrees with ONNX's inferred one.
#include "core/io/onnx/OnnxImport.h"
#include "core/io/TextFile.h"

#include "core/analysis/Analysis.h"
#include "core/io/onnx/OnnxBatchShapes.h"
#include "core/io/onnx/OnnxNodeMapper.h"
#include "core/io/onnx/OnnxProgressStream.h"
#include "core/io/onnx/OnnxTensors.h"
#include "core/io/onnx/OnnxTrainingMode.h"
#include "core/io/onnx/OnnxValidation.h"
#include "core/util/NumberFormat.h"

#include <google/protobuf/arena.h>
#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <onnx/onnx_pb.h>
#include <onnx/shape_inference/implementation.h>

#include <algorithm>
#include <exception>
#include <filesystem>
#include <fstream>
#include <functional>
#include <queue>
#include <set>
#include <unordered_map>
#include <sstream>

namespace netsizer::core {
namespace {

using onnximport::OnnxNodeMapper;
using onnximport::OnnxTensors;

std::string baseName(const std::string& path)
{
    const auto slash = path.find_last_of("/\\");
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

bool isFloating(int type)
{
    using TP = onnx::TensorProto;
    return type == TP::FLOAT || type == TP::DOUBLE || type == TP::FLOAT16 || type == TP::BFLOAT16;
}

// Adds the import report to `notes`.
void report(const std::string& file, OnnxNodeMapper& mapper, const OnnxTensors& tensors, const Graph& graph,
            std::vector<std::string>& notes)
{
    if (!mapper.opaqueOps().empty()) {
        int total = 0;
        std::string list;
        for (const auto& [op, count] : mapper.opaqueOps()) {
            total += count;
            list += (list.empty() ? "" : ", ") + op + " × " + std::to_string(count);
        }
        notes.push_back(std::to_string(total) + " ONNX operator(s) became opaque layers (shape and weights kept, "
                        "nothing counted as saved for backward): " + list);
    }
    if (mapper.guessedShapes() > 0)
        notes.push_back(std::to_string(mapper.guessedShapes()) + " layer(s) have output shapes ONNX shape inference could not "
                        "give; NetSizer assumed the shape of their first input (or a MatMul's product shape)");
    const auto unused = tensors.unclaimed();
    if (!unused.empty()) {
        Count n = 0;
        for (const auto& w : unused) n += tensors.weight(w)->numel;
        notes.push_back(std::to_string(unused.size()) + " weight tensor(s) with " + withThousands(n) +
                        " elements feed no layer and are not counted (first: '" + unused.front() + "')");
    }
    const Analysis a = analyze(graph);
    for (const auto& e : a.errors) notes.push_back("analysis: " + e.describe());
    // The bytes at risk: an operator keeps at most its inputs and output for backward, and a kept
    // input is another layer's output, so the opaque layers' outputs bound what is not counted.
    CheckedCount atRisk{0};
    for (const auto& la : a.layers) {
        const Layer* l = graph.find(la.id);
        if (!l || l->kind->id != "Opaque" || !la.analysed || la.result.outputs.empty()) continue;
        atRisk += la.result.outputs[0].shape.numel() * Count{4};
    }
    if (!mapper.opaqueOps().empty() && atRisk.ok())
        notes.push_back("the opaque layers may keep up to " + formatBytes(static_cast<double>(atRisk.value())) +
                        " per sample (fp32: their outputs) that the estimate does not count");
    std::unordered_map<LayerId, const LayerAnalysis*> byId;
    for (const auto& la : a.layers) byId[la.id] = &la;
    for (const auto& [id, value] : mapper.checkedOutputs()) {
        auto it = byId.find(id);
        const auto onnxShape = tensors.perSample(value);
        if (it == byId.end() || !it->second->analysed || it->second->result.outputs.empty() || !onnxShape) continue;
        const Shape& ours = it->second->result.outputs[0].shape;
        if (ours.numel().value() != onnxShape->numel().value())
            notes.push_back(file + ": layer '" + graph.find(id)->name + "': NetSizer infers " + ours.toString() +
                            " per sample, ONNX shape inference " + onnxShape->toString());
    }
}

// Puts the nodes in topological order (ONNX requires it; some exporters write them backwards,
// and shape inference needs it): Kahn's algorithm over the value → consumer edges, O(E log N),
// taking the ready node that comes first in the file, so a sorted graph keeps its order. A
// value produced by two nodes and a cycle are errors naming a node; nodes reading values
// nothing produces stay where they are, and the mapper reports them.
Status sortNodes(onnx::GraphProto& g, const std::string& fileName)
{
    const int count = g.node_size();
    const auto where = [&](int i) {
        return fileName + ":" + (g.node(i).name().empty() ? g.node(i).op_type() + " #" + std::to_string(i) : g.node(i).name());
    };
    std::unordered_map<std::string, int> producer;
    for (int i = 0; i < count; ++i)
        for (const auto& o : g.node(i).output())
            if (!o.empty() && !producer.emplace(o, i).second)
                return makeError("onnx", "value '" + o + "' is produced by two nodes (" + g.node(producer[o]).op_type() + " and " +
                                             g.node(i).op_type() + "); ONNX values have one producer", where(i));
    std::vector<int> pending(static_cast<std::size_t>(count), 0);
    std::vector<std::vector<int>> consumers(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i)
        for (const auto& in : g.node(i).input()) {
            auto it = in.empty() ? producer.end() : producer.find(in);
            if (it == producer.end()) continue;
            ++pending[static_cast<std::size_t>(i)];
            consumers[static_cast<std::size_t>(it->second)].push_back(i);
        }
    std::priority_queue<int, std::vector<int>, std::greater<int>> ready;
    for (int i = 0; i < count; ++i)
        if (pending[static_cast<std::size_t>(i)] == 0) ready.push(i);
    std::vector<int> order;
    order.reserve(static_cast<std::size_t>(count));
    while (!ready.empty()) {
        const int i = ready.top();
        ready.pop();
        order.push_back(i);
        for (int c : consumers[static_cast<std::size_t>(i)])
            if (--pending[static_cast<std::size_t>(c)] == 0) ready.push(c);
    }
    for (int i = 0; i < count; ++i)
        if (pending[static_cast<std::size_t>(i)] > 0)
            return makeError("cycle", g.node(i).op_type() + " node is on a cycle: its inputs depend on its own output", where(i));
    bool sorted = true;
    for (int i = 0; i < count; ++i) sorted = sorted && order[static_cast<std::size_t>(i)] == i;
    if (sorted) return Ok{};
    google::protobuf::RepeatedPtrField<onnx::NodeProto> nodes;
    for (int i : order) nodes.Add()->Swap(g.mutable_node(i));
    g.mutable_node()->Swap(&nodes);
    return Ok{};
}

// Replaces the dimensions after the batch axis of the named graph inputs ("" = the only one);
// the batch axis (dim 0) is kept, or becomes the symbol "N" when the input states no shape.
Status applyInputShapes(onnx::GraphProto& g, const std::set<std::string>& initializers,
                        const std::map<std::string, Shape>& shapes, const std::string& fileName)
{
    if (shapes.empty()) return Ok{};
    std::vector<onnx::ValueInfoProto*> inputs;
    std::string names;
    for (auto& in : *g.mutable_input())
        if (!initializers.count(in.name())) {
            inputs.push_back(&in);
            names += (names.empty() ? "'" : ", '") + in.name() + "'";
        }
    for (const auto& [name, shape] : shapes) {
        onnx::ValueInfoProto* target = nullptr;
        for (auto* in : inputs)
            if (name.empty() ? inputs.size() == 1 : in->name() == name) target = in;
        if (!target)
            return makeError("input_shape",
                             name.empty() ? "the model has " + std::to_string(inputs.size()) + " graph inputs (" + names + "): name the one to shape"
                                          : "the model has no graph input named '" + name + "' (inputs: " + names + ")",
                             fileName);
        auto* dims = target->mutable_type()->mutable_tensor_type()->mutable_shape();
        onnx::TensorShapeProto_Dimension batch;
        if (dims->dim_size() > 0) batch = dims->dim(0);
        else batch.set_dim_param("N");
        dims->clear_dim();
        *dims->add_dim() = batch;
        for (int i = 0; i < shape.rank(); ++i) dims->add_dim()->set_dim_value(shape[i]);
    }
    return Ok{};
}

// ONNX shape inference, strict first (error_mode 1): a shape the file declares that contradicts
// the inferred one, and an input shape the user gave that the graph cannot take, are errors
// naming the node. Any other failure (an operator libonnx cannot infer) falls back to the
// lenient mode, which keeps what it could infer; what it could not is guessed, and noted.
Status inferShapes(onnx::ModelProto& model, bool userShapes, const std::string& fileName, std::vector<std::string>& notes)
{
    try {
        onnx::ShapeInferenceOptions strict(false, 1, true);
        onnx::shape_inference::InferShapes(model, onnx::OpSchemaRegistry::Instance(), strict);
        return Ok{};
    } catch (const std::exception& e) {
        const std::string what = e.what();
        if (userShapes) return makeError("input_shape", "ONNX shape inference rejects the given input shape: " + what, fileName);
        if (what.find("existing shape differ") != std::string::npos || what.find("existing elem type") != std::string::npos) {
            std::string where = fileName;
            if (const auto at = what.find("node name: "); at != std::string::npos)
                where += ":" + what.substr(at + 11, what.find(')', at) == std::string::npos ? std::string::npos : what.find(')', at) - at - 11);
            return makeError("onnx", "the shapes the file declares contradict ONNX shape inference: " + what, where);
        }
    }
    try {
        onnx::ShapeInferenceOptions lenient(false, 0, true);
        onnx::shape_inference::InferShapes(model, onnx::OpSchemaRegistry::Instance(), lenient);
    } catch (const std::exception& e) {
        notes.push_back("ONNX shape inference failed (" + std::string(e.what()) +
                        "); shapes the file does not state were guessed and mapped to opaque layers");
    }
    return Ok{};
}

// Parses a ModelProto from `input` (at most kMaxOnnxBytes).
Result<Ok> parseModel(google::protobuf::io::ZeroCopyInputStream& input, onnx::ModelProto& model, const std::string& fileName)
{
    google::protobuf::io::CodedInputStream coded(&input);
    coded.SetTotalBytesLimit(static_cast<int>(kMaxOnnxBytes));
    if (!model.ParseFromCodedStream(&coded) || !coded.ConsumedEntireMessage())
        return makeError("onnx", "not an ONNX model: the protobuf message does not parse (truncated or another format)", fileName);
    return Ok{};
}

// Float initializers larger than this have their payload dropped once validated: the importer
// needs only their dims, and a weightful file then holds its weights in memory once, briefly.
constexpr std::size_t kKeptPayloadBytes = std::size_t{1} << 20;

// Float32 initializers of two or more elements, all of one value (zero biases, unit LayerNorm
// weights of an untrained model). torch.onnx merges equal-valued parameters into one initializer
// and names the others through Identity nodes; for these the Identities are distinct parameters
// (OnnxNodeMapper::addStatic). A tensor of varied values is shared only when the model ties it.
std::set<std::string> uniformFloatInitializers(const onnx::GraphProto& g)
{
    std::set<std::string> uniform;
    for (const auto& init : g.initializer()) {
        if (init.data_type() != onnx::TensorProto::FLOAT) continue;
        bool same = false;
        if (const std::string& raw = init.raw_data(); raw.size() >= 8 && raw.size() % 4 == 0) {
            same = true;
            for (std::size_t i = 4; same && i < raw.size(); i += 4) same = raw.compare(i, 4, raw, 0, 4) == 0;
        } else if (init.float_data_size() >= 2) {
            same = std::all_of(init.float_data().begin(), init.float_data().end(), [&](float v) { return v == init.float_data(0); });
        }
        if (same) uniform.insert(init.name());
    }
    return uniform;
}

void dropLargeFloatPayloads(onnx::GraphProto& g)
{
    for (auto& init : *g.mutable_initializer())
        if (isFloating(init.data_type()) && init.raw_data().size() > kKeptPayloadBytes) std::string().swap(*init.mutable_raw_data());
}

// Imports a parsed model (readFromStream). `progress` (may be null) is in its Analysing phase
// and counts the nodes mapped; a stop ends the import with cancelledError.
Result<ModelFile> importModel(onnx::ModelProto& model, const std::string& fileName, const std::map<std::string, Shape>& inputShapes,
                              ReadProgress* progress)
{
    try {
        const onnx::GraphProto& g = model.graph();
        if (!model.has_graph() || g.node_size() == 0 || g.input_size() == 0)
            return makeError("onnx", "not an ONNX model: it holds no graph with nodes and inputs", fileName);
        std::int64_t opset = -1;
        for (const auto& o : model.opset_import())
            if (o.domain().empty() || o.domain() == "ai.onnx") opset = o.version();
        if (opset < 1) return makeError("onnx", "the model imports no version of the default ONNX operator set", fileName);
        if (opset > 1000)
            return makeError("onnx", "the model imports default operator set version " + std::to_string(opset) +
                                         ", which no ONNX release has defined", fileName);
        // Before anything evaluates the graph: libonnx's shape inference crashes on some
        // malformed tensors and attributes (core/io/onnx/OnnxValidation.h).
        if (auto s = onnximport::validateOnnxGraph(g, fileName); !s) return s.error();
        const std::set<std::string> uniform = uniformFloatInitializers(g);
        dropLargeFloatPayloads(*model.mutable_graph());

        OnnxTensors tensors;
        std::set<std::string> initializers;
        for (const auto& init : g.initializer()) {
            initializers.insert(init.name());
            std::vector<std::int64_t> dims(init.dims().begin(), init.dims().end());
            if (!tensors.addWeight(init.name(), dims, isFloating(init.data_type())))
                return makeError("overflow", "initializer '" + init.name() + "' has a negative dimension or more than 2^64 elements",
                                 fileName + ":" + init.name());
            if (!isFloating(init.data_type()))
                if (auto v = onnximport::tensorValues(init)) tensors.setConstant(init.name(), *v);
            if (uniform.count(init.name())) tensors.markUniform(init.name());
        }
        if (auto s = applyInputShapes(*model.mutable_graph(), initializers, inputShapes, fileName); !s) return s.error();
        std::optional<std::uint64_t> fixedBatch;
        for (const auto& in : g.input()) {
            if (initializers.count(in.name()) || !in.type().tensor_type().has_shape()) continue;
            const auto& shape = in.type().tensor_type().shape();
            if (shape.dim_size() == 0) continue;
            if (shape.dim(0).has_dim_param()) tensors.addBatchSymbol(shape.dim(0).dim_param());
            else if (shape.dim(0).has_dim_value() && shape.dim(0).dim_value() >= 1 && !fixedBatch)
                fixedBatch = static_cast<std::uint64_t>(shape.dim(0).dim_value());
        }
        if (auto s = sortNodes(*model.mutable_graph(), fileName); !s) return s.error();
        std::vector<std::string> notes;
        if (progress && progress->stopped()) return cancelledError(fileName);
        if (auto s = inferShapes(model, !inputShapes.empty(), fileName, notes); !s) return s.error();
        if (progress && !progress->advance(1)) return cancelledError(fileName);
        for (const auto& v : g.input()) tensors.addShape(v.name(), v.type());
        for (const auto& v : g.value_info()) tensors.addShape(v.name(), v.type());
        for (const auto& v : g.output()) tensors.addShape(v.name(), v.type());
        // What libonnx could not infer (shapes computed at run time by Shape nodes), evaluated.
        onnximport::fillEvaluatedShapes(g, opset, tensors);

        OnnxNodeMapper mapper(fileName, g, opset, tensors);
        for (const auto& in : g.input())
            if (!initializers.count(in.name()))
                if (auto s = mapper.addInput(in); !s) return s.error();
        for (int i = 0; i < g.node_size(); ++i) {
            if (auto s = mapper.mapNode(i); !s) return s.error();
            if (progress && !progress->advance(static_cast<std::uint64_t>(i) + 2)) return cancelledError(fileName);
        }

        ModelFile file;
        file.graph = mapper.takeGraph();
        file.graph.name = g.name();
        file.description = "Imported from ONNX " + fileName + " (opset " + std::to_string(opset) +
                           (model.producer_name().empty() ? "" : ", produced by " + model.producer_name()) + ")";
        report(fileName, mapper, tensors, file.graph, notes);
        for (auto& n : mapper.notes()) notes.push_back(std::move(n));
        for (auto& n : onnximport::unrecordedTrainingNotes(g)) notes.push_back(std::move(n));
        file.notes = std::move(notes);
        if (fixedBatch) {
            TrainingConfig config;
            config.batch = std::clamp<std::uint64_t>(*fixedBatch, 1, TrainingConfig::kMaxBatch);
            if (config.batch != *fixedBatch)
                file.notes.push_back("the graph input's batch of " + std::to_string(*fixedBatch) + " is above NetSizer's largest (" +
                                     std::to_string(TrainingConfig::kMaxBatch) + "); the estimate uses " + std::to_string(config.batch));
            file.training = config;
        }
        return file;
    } catch (const std::exception& e) {
        return makeError("onnx", std::string("the ONNX library failed: ") + e.what(), fileName);
    }
}

// Parses the model from `input` and imports it (readOnnxModel and readOnnxFile). With a
// `progress` (in its Reading phase, total = the stream's size) the parse reports the bytes it
// consumed, then the import is its Analysing phase: shape inference counts as one item, each
// node as one more.
Result<ModelFile> readFromStream(google::protobuf::io::ZeroCopyInputStream& input, const std::string& fileName,
                                 const std::map<std::string, Shape>& inputShapes, ReadProgress* progress = nullptr)
{
    // On an arena: a 7,000-node graph's messages are allocated in blocks and freed at once
    // (message-by-message destruction took as long as the parse).
    google::protobuf::Arena arena;
    auto* model = google::protobuf::Arena::CreateMessage<onnx::ModelProto>(&arena);
    try {
        if (progress) {
            onnximport::OnnxProgressStream counted(input, *progress);
            auto s = parseModel(counted, *model, fileName);
            if (progress->stopped()) return cancelledError(fileName);
            if (!s) return s.error();
            if (!progress->finish() || !progress->begin(ReadPhase::Analysing, static_cast<std::uint64_t>(model->graph().node_size()) + 1))
                return cancelledError(fileName);
        } else if (auto s = parseModel(input, *model, fileName); !s) {
            return s.error();
        }
    } catch (const std::exception& e) {
        return makeError("onnx", std::string("the ONNX library failed: ") + e.what(), fileName);
    }
    return importModel(*model, fileName, inputShapes, progress);
}

} // namespace

Result<ModelFile> readOnnxModel(std::string_view bytes, const std::string& fileName,
                                const std::map<std::string, Shape>& inputShapes)
{
    if (bytes.empty()) return makeError("onnx", "the file is empty", fileName);
    if (bytes.size() > kMaxOnnxBytes)
        return makeError("onnx", "the file is larger than " + withThousands(kMaxOnnxBytes) + " bytes", fileName);
    google::protobuf::io::ArrayInputStream raw(bytes.data(), static_cast<int>(bytes.size()));
    return readFromStream(raw, fileName, inputShapes);
}

Result<ModelFile> readOnnxFile(const std::string& path, const std::map<std::string, Shape>& inputShapes, ReadProgress* progress)
{
    // Streamed from the file (64 KiB at a time), never held whole: a weightful model's payloads
    // are in memory once, while they are parsed and validated.
    const std::string fileName = baseName(path);
    std::ifstream in(path, std::ios::binary);
    if (!in) return makeError("io", "cannot open the file", path);
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (ec) return makeError("io", "cannot read the file", path);
    if (size == 0) return makeError("onnx", "the file is empty", fileName);
    if (size > kMaxOnnxBytes) return makeError("onnx", "the file is larger than " + withThousands(kMaxOnnxBytes) + " bytes", fileName);
    if (progress && !progress->begin(ReadPhase::Reading, size)) return cancelledError(fileName);
    google::protobuf::io::IstreamInputStream stream(&in, 1 << 16);
    return readFromStream(stream, fileName, inputShapes, progress);
}

} // namespace netsizer::core
