#pragma once
// The descriptor of one layer kind (ARCHITECTURE.md rule 2): everything the palette, property
// panel, file formats, analyser and teaching view need to know about e.g. Conv2D lives in one
// `LayerKind` value built by one file under core/layers/, registered by one line in
// core/layers/BuiltinKinds.cpp.

#include "core/graph/TensorInfo.h"
#include "core/layers/ParamSpec.h"
#include "core/layers/LayerContext.h"
#include "core/layers/KindResult.h"
#include "core/util/Result.h"

#include <string>
#include <vector>

namespace netsizer::core {

// One line of a layer's teaching view: "weights = out × in/groups × kh × kw = 64 × 3 × 3 × 3
// = 1,728". `value` is the number the estimator really used.
struct Formula {
    std::string quantity;    // "weights", "output H", "MACs", "saved for backward"
    std::string symbolic;    // "out × in/groups × kh × kw"
    std::string substituted; // "64 × 3/1 × 3 × 3"
    std::string value;       // "1,728" (formatted, with unit where one applies)
};

struct LayerKind {
    std::string id;          // JSON "type", e.g. "Conv2D"; unique in the registry
    std::string displayName; // "Conv 2D"
    std::string category;    // palette group: "Input", "Core", "Convolution", "Pooling", ...
    std::string description; // one or two sentences for tooltips
    std::vector<std::string> aliases; // other accepted "type" spellings ("Linear" for Dense)
    std::vector<ParamSpec> params;
    int minInputs = 1;
    int maxInputs = 1; // kUnbounded for Add/Concat/...
    static constexpr int kUnbounded = -1;

    // Shape inference, parameters, MACs and what backward keeps, for one layer. Attributes have
    // already been validated against `params`; the inputs' count is within [minInputs,
    // maxInputs]. Errors name the problem; the analyser adds the layer's name as path.
    Result<KindResult> (*analyze)(const LayerContext& ctx) = nullptr;

    // The formulas behind the numbers, with this layer's values substituted. Called on demand
    // (teaching view, CLI), never on the estimate path. May be null for kinds with nothing to
    // explain beyond their output shape.
    std::vector<Formula> (*explain)(const LayerContext& ctx, const KindResult& result) = nullptr;

    // Index of the attribute named `name` in `params`, or -1.
    int paramIndex(const std::string& name) const;
};

} // namespace netsizer::core
