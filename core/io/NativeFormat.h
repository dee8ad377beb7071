#pragma once
// The native model format, `netsizer-model` versions 1 to 4 (docs/native-format.md). The only
// code that reads or writes it. Version 2 adds each layer's "checkpoint" (the name of its
// gradient-checkpointing segment); version 3 adds "training/parallel" (many GPUs,
// core/parallel/ParallelConfig.h); version 4 adds "training/frozen_weights" (the storage of
// frozen weights: base dtype, NF4 / int8, core/estimate/FrozenWeights.h). An older file is a
// newer one without those, so it reads unchanged. The writer writes the lowest version that
// holds the model: 4 when frozen weights are stored otherwise than trained, else 3 when the
// training runs on many GPUs, else 2 when a layer is checkpointed, else 1 (an older NetSizer then
// refuses the file instead of dropping what it cannot hold).

#include "core/estimate/GpuCatalog.h"
#include "core/io/ModelFile.h"
#include "core/layers/KindRegistry.h"
#include "core/util/Result.h"

#include <string>
#include <string_view>

namespace netsizer::core {

inline constexpr int kNativeFormatVersion = 4;
inline constexpr int kNativeFormatFirstCheckpointVersion = 2;
inline constexpr int kNativeFormatFirstParallelVersion = 3;
inline constexpr int kNativeFormatFirstFrozenWeightsVersion = 4;

// Parses a model document. Errors carry a JSON pointer (or "line L, column C" for syntax
// errors) in `path` and name the layer in the message. Never throws, never crashes: deeply
// nested or huge input is refused with an error.
Result<ModelFile> readNativeModel(std::string_view text, const KindRegistry& kinds = KindRegistry::builtin(),
                                  const GpuCatalog& gpus = GpuCatalog::builtin());

// Reads `path` and parses it; error paths are prefixed with the file name ("vgg.json: /layers/3").
Result<ModelFile> readNativeModelFile(const std::string& path, const KindRegistry& kinds = KindRegistry::builtin(),
                                      const GpuCatalog& gpus = GpuCatalog::builtin());
// The same for a file's content already read: `text` is the file at `path`.
Result<ModelFile> readNativeModelText(std::string_view text, const std::string& path, const KindRegistry& kinds = KindRegistry::builtin(),
                                      const GpuCatalog& gpus = GpuCatalog::builtin());

// Serialises a model (deterministic: same model, same bytes). Layers in graph order.
std::string writeNativeModel(const ModelFile& model);

} // namespace netsizer::core
