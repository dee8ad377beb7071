#include "core/layers/TensorFlowOps.h"

#include "core/layers/TfExclusionsData.h" // generated from resources/tensorflow/gradient_exclusions.json

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cassert>
#include <string>

namespace netsizer::core {
namespace {

constexpr std::array<const char*, kTfOpCount> kNames = {
    "AddV2", "AvgPool", "BiasAdd", "ConcatV2", "Conv2D", "Conv2DBackpropInput", "Conv3D", "DepthwiseConv2dNative", "Elu",
    "ExpandDims", "FusedBatchNormV3", "LeakyRelu", "MatMul", "MaxPool", "Mean", "Mul", "Pad", "Relu", "Relu6", "Reshape",
    "ResizeBilinear", "ResizeNearestNeighbor", "ResourceGather", "Rsqrt", "Sigmoid", "Softmax", "SquaredDifference",
    "Squeeze", "Sub", "Tanh",
};

// Operands beyond this index share one label ("ConcatV2.inputs[15+]").
constexpr int kLabelled = 16;

struct Tables {
    std::array<TfGradientRule, kTfOpCount> rules{};
    // labels[op][0 = inputs, 1 = outputs][index]: stable strings for SavedTensor::label.
    std::array<std::array<std::array<std::string, kLabelled>, 2>, kTfOpCount> labels;
};

// null: absent from the table; "all": listed without indices; [i, ...]: the unused indices.
void readListed(const nlohmann::json& v, TfGradientRule::Listed& listed, std::uint32_t& mask)
{
    if (v.is_null()) {
        listed = TfGradientRule::Listed::Absent;
    } else if (v.is_string()) {
        assert(v == "all");
        listed = TfGradientRule::Listed::All;
    } else {
        listed = TfGradientRule::Listed::Some;
        for (const auto& i : v)
            if (i.is_number_integer() && i.get<int>() >= 0 && i.get<int>() < 32) mask |= 1u << i.get<int>();
    }
}

Tables buildTables()
{
    Tables t;
    const auto doc = nlohmann::json::parse(kTfGradientExclusionsJson, nullptr, false);
    assert(!doc.is_discarded() && doc.contains("ops"));
    std::array<bool, kTfOpCount> found{};
    if (!doc.is_discarded() && doc.contains("ops"))
        for (const auto& row : doc["ops"]) {
            const std::string name = row.value("op", "");
            for (int k = 0; k < kTfOpCount; ++k) {
                if (name != kNames[static_cast<std::size_t>(k)]) continue;
                TfGradientRule& r = t.rules[static_cast<std::size_t>(k)];
                readListed(row.value("unused_inputs", nlohmann::json()), r.inputs, r.unusedInputs);
                readListed(row.value("unused_outputs", nlohmann::json()), r.outputs, r.unusedOutputs);
                found[static_cast<std::size_t>(k)] = true;
            }
        }
    for (int k = 0; k < kTfOpCount; ++k) {
        assert(found[static_cast<std::size_t>(k)] && "every TfOp has a row in gradient_exclusions.json");
        for (int side = 0; side < 2; ++side)
            for (int i = 0; i < kLabelled; ++i)
                t.labels[static_cast<std::size_t>(k)][static_cast<std::size_t>(side)][static_cast<std::size_t>(i)] =
                    std::string(kNames[static_cast<std::size_t>(k)]) + (side == 0 ? ".inputs[" : ".outputs[") +
                    std::to_string(i) + (i == kLabelled - 1 ? "+]" : "]");
    }
    return t;
}

const Tables& tables()
{
    static const Tables t = buildTables();
    return t;
}

SavedTensor savedFor(const TfOperand& o, const char* label)
{
    SavedTensor t;
    t.ref = o.ref;
    t.index = o.index;
    t.elem = o.elem;
    t.numelPerSample = o.numelPerSample;
    t.numelFixed = o.numelFixed;
    t.label = label;
    return t;
}

} // namespace

const char* tfOpName(TfOp op) { return kNames[static_cast<std::size_t>(op)]; }

const TfGradientRule& tfGradientRule(TfOp op) { return tables().rules[static_cast<std::size_t>(op)]; }

void keepTensorFlowOp(KindResult& r, TfOp op, std::span<const TfOperand> inputs, std::span<const TfOperand> outputs)
{
    const Tables& t = tables();
    const auto k = static_cast<std::size_t>(op);
    const TfGradientRule& rule = t.rules[k];
    r.tensorflowRule = true;
    int i = 0;
    for (const TfOperand& o : inputs) {
        if (rule.keepsInput(i))
            r.keep(Profile::TensorFlow, savedFor(o, t.labels[k][0][static_cast<std::size_t>(std::min(i, kLabelled - 1))].c_str()));
        ++i;
    }
    i = 0;
    for (const TfOperand& o : outputs) {
        if (rule.keepsOutput(i))
            r.keep(Profile::TensorFlow, savedFor(o, t.labels[k][1][static_cast<std::size_t>(std::min(i, kLabelled - 1))].c_str()));
        ++i;
    }
}

} // namespace netsizer::core
