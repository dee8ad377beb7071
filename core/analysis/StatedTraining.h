#pragma once
// What a model file cannot say about training and the user states instead: an eval-mode ONNX
// export has no Dropout (torch.onnx removes it), and no file format records that a PyTorch
// LeakyReLU / ELU / ReLU runs in place. `--dropout LAYER=p` and `--inplace LAYER` in the CLI,
// the same edits in the designer. Each names a layer exactly (Layer::name).

#include "core/graph/Graph.h"
#include "core/util/Result.h"

#include <string>
#include <string_view>

namespace netsizer::core {

// Adds a Dropout of rate `p` after the layer named `layer`: it takes that layer's output 0 and
// feeds everything output 0 fed before (on a network output, the dropout becomes the output).
// The new layer is named "<layer>/dropout" (made unique) and trains as the layer does. Errors
// ("usage") when no layer has that name or `p` is outside [0, 1).
Result<LayerId> insertDropoutAfter(Graph& graph, std::string_view layer, double p);

// Sets the `inplace` attribute of the layer named `layer`. Errors ("usage") when no layer has
// that name or its kind has no in-place form.
Status setInplace(Graph& graph, std::string_view layer);

} // namespace netsizer::core
