#pragma once
// Turns one call of a Keras layer into NetSizer layers: reads the layer's config (Keras 1 and 2
// spellings), converts between Keras's channels_last shapes and NetSizer's channels-first ones,
// adds the layers with GraphBuilder and analyses each as it is added, so that shapes are known
// and a bad layer is reported at its own place.

#include "core/graph/GraphBuilder.h"
#include "core/io/keras/KerasTensor.h"
#include "core/util/Result.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace netsizer::core::keras {

// One layer call being mapped: where it is, what it is called, what it receives.
struct KerasCall {
    std::string className;
    const nlohmann::json* config = nullptr; // the layer's "config" object (never null)
    std::string name;                       // NetSizer name (nested models prefix it)
    std::string at;                         // JSON pointer of the layer object
    std::vector<KerasTensor> inputs;
};

class KerasLayerMapper {
public:
    // `channelsLast`: the model's image layout (false when a layer says channels_first or
    // Keras 1 dim_ordering "th"). `notes` outlives the mapper.
    KerasLayerMapper(bool channelsLast, std::vector<std::string>& notes);

    // A model input. `batchShape` is Keras's batch_input_shape (batch axis first, nulls for
    // unknown sizes); `dtype` Keras's ("int32"/"int64" make token ids).
    Result<KerasTensor> addInput(const std::string& name, const nlohmann::json& batchShape, const std::string& dtype,
                                 const std::string& at);
    // Maps one call; returns Keras's outputs in order.
    Result<std::vector<KerasTensor>> map(const KerasCall& call);

    bool channelsLast() const { return m_channelsLast; }
    Graph take() { return m_builder.take(); }

private:
    using Attrs = std::initializer_list<GraphBuilder::Attr>;
    // Adds a layer, validates its attributes and analyses it; outputs get layout `permuted`.
    std::vector<KerasTensor> add(const std::string& kind, const std::string& name, const std::vector<KerasTensor>& inputs,
                                 Attrs attrs, bool permuted);
    KerasTensor add1(const std::string& kind, const std::string& name, const KerasTensor& input, Attrs attrs, bool permuted)
    {
        return add(kind, name, {input}, attrs, permuted).at(0);
    }
    // `t` in the wanted layout (a shape-only Reshape relabels it when needed: a view, no copy).
    KerasTensor layout(const KerasTensor& t, bool permuted, const std::string& name);
    // The Keras activation `activation` applied to `t` ("linear" adds nothing).
    KerasTensor activation(const std::string& activation, const KerasTensor& t, const std::string& name);

    std::vector<KerasTensor> mapCore(const KerasCall& c);
    std::vector<KerasTensor> mapConv(const KerasCall& c);
    std::vector<KerasTensor> mapPool(const KerasCall& c);
    std::vector<KerasTensor> mapNorm(const KerasCall& c);
    std::vector<KerasTensor> mapRecurrent(const KerasCall& c, const nlohmann::json& cfg, bool bidirectional,
                                          const std::string& mergeMode);
    std::vector<KerasTensor> mapMerge(const KerasCall& c, const std::string& mode, int axisWithBatch);
    std::vector<KerasTensor> mapShape(const KerasCall& c);
    // Whether image layers of this config are channels_last (data_format / dim_ordering).
    bool imageChannelsLast(const nlohmann::json& cfg) const;

    bool m_channelsLast;
    std::vector<std::string>& m_notes;
    GraphBuilder m_builder;
};

} // namespace netsizer::core::keras
