#pragma once
// Walks a Keras model config — Sequential (a list, or {name, layers}) or functional
// (Model/Functional: layers with inbound_nodes, input_layers, output_layers) — calling the
// layer mapper in dependency order. Nested models are inlined with "model_name/" prefixed to
// their layers' names. Inbound references that never resolve (a cycle, a missing layer) are
// errors located at the first layer left waiting.

#include "core/io/keras/KerasLayerMapper.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace netsizer::core::keras {

class KerasModelBuilder {
public:
    KerasModelBuilder(KerasLayerMapper& mapper, std::vector<std::string>& notes) : m_mapper(mapper), m_notes(notes) {}

    // Builds `model` ({"class_name", "config"}) found at JSON pointer `at`. `inputs` feed the
    // model's inputs (empty at the top level: its inputs become Input layers). Returns the
    // model's outputs.
    Result<std::vector<KerasTensor>> build(const nlohmann::json& model, const std::string& at, const std::string& prefix,
                                           const std::vector<KerasTensor>& inputs, int depth = 0);

private:
    Result<std::vector<KerasTensor>> sequential(const nlohmann::json& layers, const std::string& at, const std::string& prefix,
                                                const std::vector<KerasTensor>& inputs, int depth);
    Result<std::vector<KerasTensor>> functional(const nlohmann::json& config, const std::string& at, const std::string& prefix,
                                                const std::vector<KerasTensor>& inputs, int depth);
    // One call of a layer (a model is inlined).
    Result<std::vector<KerasTensor>> call(const nlohmann::json& layer, const std::string& at, const std::string& prefix,
                                          const std::vector<KerasTensor>& inputs, int depth);

    KerasLayerMapper& m_mapper;
    std::vector<std::string>& m_notes;
};

// Whether a class name is a model (inlined when used as a layer).
bool isKerasModelClass(const std::string& className);

} // namespace netsizer::core::keras
