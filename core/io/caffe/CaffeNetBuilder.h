#pragma once
// Turns parsed Caffe layers into a NetSizer graph, one layer at a time, tracking which graph
// output currently holds each named blob (in-place layers re-bind their blob's name).

#include "caffe_subset.pb.h"
#include "core/graph/GraphBuilder.h"
#include "core/io/caffe/CaffeImport.h"
#include "core/io/caffe/CaffeShapeCache.h"

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace netsizer::core::caffe {

class CaffeNetBuilder {
public:
    CaffeNetBuilder(std::string fileName, const CaffeImportOptions& options);

    // A net-level input (`input:` + `input_dim`/`input_shape`): shape includes the batch axis.
    Status addNetInput(const std::string& name, const std::vector<std::int64_t>& dims, int line);
    // One layer of the TRAIN phase; `line` (1-based) locates errors.
    Status addLayer(const netsizer_caffe::LayerParameter& layer, int line);

    Graph takeGraph() { return m_builder.take(); }
    std::optional<std::uint64_t> batch() const { return m_batch; }
    std::vector<std::string>& notes() { return m_notes; }
    // "file:line" of the Caffe layer each graph layer came from, by graph layer name.
    std::unordered_map<std::string, std::string>& sources() { return m_sources; }

private:
    Error error(int line, const std::string& layer, const std::string& message, const char* code = "caffe") const;
    // The graph output holding blob `name`, or an error naming it.
    Result<PortRef> blob(const std::string& name, int line, const std::string& layer) const;
    // Output shape of a port of the graph built so far (used by the few mappings that need a
    // size Caffe leaves implicit: InnerProduct's flatten, PReLU channels, Reshape's 0 dimensions).
    std::optional<Shape> shapeOf(PortRef port);
    Status addData(const netsizer_caffe::LayerParameter& l, int line);
    LayerId add(const std::string& kind, const std::string& name, std::vector<PortRef> inputs,
                std::initializer_list<GraphBuilder::Attr> attrs);
    void setInplaceIfSupported(LayerId id, bool inplace);
    void bindTops(const netsizer_caffe::LayerParameter& l, LayerId id);
    void applyLrMult(const netsizer_caffe::LayerParameter& l, LayerId id);

    std::string m_file;
    const CaffeImportOptions& m_options;
    GraphBuilder m_builder;
    std::unordered_map<std::string, PortRef> m_blobs;
    std::unordered_map<std::string, bool> m_labelBlobs; // data layers' label tops (ignored)
    std::optional<std::uint64_t> m_batch;
    std::vector<std::string> m_notes;
    CaffeShapeCache m_shapes;
    std::unordered_map<std::string, std::string> m_sources;
    int m_line = 0; // of the Caffe layer being added
};

} // namespace netsizer::core::caffe
