#include "core/io/caffe/CaffeNetBuilder.h"

#include "core/analysis/Analysis.h"
#include "core/layers/KindRegistry.h"

#include <algorithm>

namespace netsizer::core::caffe {
namespace {

using netsizer_caffe::LayerParameter;

// Caffe's repeated/explicit h-w geometry fields to a [h, w] pair.
IntList pair(const google::protobuf::RepeatedField<std::uint32_t>& values, bool hasH, std::uint32_t h, bool hasW,
             std::uint32_t w, std::int64_t fallback)
{
    if (hasH || hasW) return {hasH ? h : fallback, hasW ? w : fallback};
    if (values.empty()) return {fallback, fallback};
    if (values.size() == 1) return {values[0], values[0]};
    return {values[0], values[1]};
}

bool isDataLayer(const std::string& type)
{
    static const char* kinds[] = {"Data", "ImageData", "WindowData", "HDF5Data", "MemoryData", "DummyData", "Input"};
    return std::find_if(std::begin(kinds), std::end(kinds), [&](const char* k) { return type == k; }) != std::end(kinds);
}

} // namespace

CaffeNetBuilder::CaffeNetBuilder(std::string fileName, const CaffeImportOptions& options)
    : m_file(std::move(fileName)), m_options(options)
{
}

Error CaffeNetBuilder::error(int line, const std::string& layer, const std::string& message, const char* code) const
{
    return makeError(code, (layer.empty() ? "" : "layer '" + layer + "': ") + message, m_file + ":" + std::to_string(line));
}

Result<PortRef> CaffeNetBuilder::blob(const std::string& name, int line, const std::string& layer) const
{
    auto it = m_blobs.find(name);
    if (it == m_blobs.end()) return error(line, layer, "bottom blob '" + name + "' is not produced by any earlier layer", "dangling");
    return it->second;
}

std::optional<Shape> CaffeNetBuilder::shapeOf(PortRef port)
{
    return m_shapes.shapeOf(m_builder.graph(), port);
}

LayerId CaffeNetBuilder::add(const std::string& kind, const std::string& name, std::vector<PortRef> inputs,
                             std::initializer_list<GraphBuilder::Attr> attrs)
{
    const LayerId id = m_builder.add(kind, name, inputs, attrs);
    m_shapes.recordInputs(id, std::move(inputs));
    m_sources[m_builder.graph().find(id)->name] = m_file + ":" + std::to_string(m_line);
    return id;
}

void CaffeNetBuilder::setInplaceIfSupported(LayerId id, bool inplace)
{
    Layer* l = m_builder.graph().find(id);
    const int i = l->kind->paramIndex("inplace");
    if (i >= 0) l->attrs[static_cast<std::size_t>(i)] = inplace;
}

void CaffeNetBuilder::bindTops(const LayerParameter& l, LayerId id)
{
    for (int t = 0; t < l.top_size(); ++t) m_blobs[l.top(t)] = PortRef{id, static_cast<std::uint16_t>(t)};
}

void CaffeNetBuilder::applyLrMult(const LayerParameter& l, LayerId id)
{
    // Fine-tuning freezes a layer with `param { lr_mult: 0 }` on every parameter blob.
    if (l.param_size() == 0) return;
    const bool frozen = std::all_of(l.param().begin(), l.param().end(), [](const auto& p) { return p.lr_mult() == 0.0f; });
    if (frozen) m_builder.graph().find(id)->trainable = false;
}

Status CaffeNetBuilder::addNetInput(const std::string& name, const std::vector<std::int64_t>& dims, int line)
{
    m_line = line;
    if (dims.size() < 2) return error(line, "", "input '" + name + "' needs a batch axis and at least one more dimension");
    IntList shape(dims.begin() + 1, dims.end());
    for (auto d : dims)
        if (d < 1) return error(line, "", "input '" + name + "' has a dimension below 1");
    const LayerId id = add("Input", name, {}, {{"shape", shape}});
    m_blobs[name] = PortRef{id, 0};
    if (!m_batch) m_batch = static_cast<std::uint64_t>(dims[0]);
    return Ok{};
}

Status CaffeNetBuilder::addData(const LayerParameter& l, int line)
{
    m_line = line;
    if (l.top_size() == 0) return error(line, l.name(), "a data layer without a top blob");
    const std::string& top = l.top(0);
    std::vector<std::int64_t> dims; // with batch
    std::optional<std::uint64_t> batch;
    const std::uint32_t crop = l.transform_param().crop_size();
    if (l.type() == "Input") {
        for (int t = 0; t < l.top_size(); ++t) {
            const int si = std::min(t, l.input_param().shape_size() - 1);
            if (si < 0) return error(line, l.name(), "Input layer without input_param { shape }");
            const auto& d = l.input_param().shape(si).dim();
            if (auto s = addNetInput(l.top(t), std::vector<std::int64_t>(d.begin(), d.end()), line); !s) return s;
        }
        return Ok{};
    }
    if (l.type() == "DummyData" && l.dummy_data_param().shape_size() > 0) {
        const auto& d = l.dummy_data_param().shape(0).dim();
        dims.assign(d.begin(), d.end());
    } else if (l.type() == "MemoryData") {
        const auto& m = l.memory_data_param();
        dims = {m.batch_size(), m.channels(), m.height(), m.width()};
    } else {
        if (l.type() == "Data") batch = l.data_param().batch_size();
        if (l.type() == "ImageData") batch = l.image_data_param().batch_size();
        if (l.type() == "HDF5Data") batch = l.hdf5_data_param().batch_size();
        const auto known = m_options.inputShapes.find(top);
        if (known != m_options.inputShapes.end()) {
            dims.push_back(static_cast<std::int64_t>(batch.value_or(1)));
            for (int i = 0; i < known->second.rank(); ++i) dims.push_back(known->second[i]);
        } else if (crop > 0) {
            dims = {static_cast<std::int64_t>(batch.value_or(1)), 3, crop, crop};
            m_notes.push_back("layer '" + l.name() + "': the database's channel count is not in the prototxt; assumed 3 × " +
                              std::to_string(crop) + " × " + std::to_string(crop) + " (crop_size)");
        } else {
            return error(line, l.name(), l.type() + " layer reads its sample shape from the database, which the prototxt does not state; "
                                                    "give the shape of blob '" + top + "' (--input-shape " + top + "=C,H,W)", "input_shape");
        }
    }
    if (auto s = addNetInput(top, dims, line); !s) return s;
    for (int t = 1; t < l.top_size(); ++t) m_labelBlobs[l.top(t)] = true;
    return Ok{};
}

Status CaffeNetBuilder::addLayer(const LayerParameter& l, int line)
{
    m_line = line;
    const std::string& type = l.type();
    const std::string& name = l.name().empty() ? type : l.name();
    if (isDataLayer(type) || (type == "Python" && l.bottom_size() == 0)) {
        if (type == "Python" && !m_options.inputShapes.count(l.top_size() ? l.top(0) : ""))
            return error(line, name, "Python data layer: its sample shape is computed in Python; give the shape of blob '" +
                                         (l.top_size() ? l.top(0) : std::string("?")) + "' (--input-shape)", "input_shape");
        return addData(l, line);
    }
    if (type == "Accuracy" || type == "Silence" || type == "EuclideanLoss") {
        m_notes.push_back("layer '" + name + "' (" + type + ") left out: it keeps no memory that matters");
        return Ok{};
    }
    std::vector<PortRef> bottoms;
    for (const auto& b : l.bottom()) {
        if (m_labelBlobs.count(b)) continue; // labels feed only loss/accuracy layers
        auto p = blob(b, line, name);
        if (!p) return p.error();
        bottoms.push_back(*p);
    }
    if (bottoms.empty()) return error(line, name, "has no bottom blob");
    const bool inplace = l.top_size() == 1 && l.bottom_size() >= 1 && l.top(0) == l.bottom(0);
    LayerId id{};

    if (type == "Convolution" || type == "Deconvolution") {
        const auto& c = l.convolution_param();
        if (c.kernel_size_size() > 2) return error(line, name, "N-d convolutions (3 kernel sizes) are not supported yet");
        const IntList kernel = pair(c.kernel_size(), c.has_kernel_h(), c.kernel_h(), c.has_kernel_w(), c.kernel_w(), 1);
        const IntList stride = pair(c.stride(), c.has_stride_h(), c.stride_h(), c.has_stride_w(), c.stride_w(), 1);
        const IntList pad = pair(c.pad(), c.has_pad_h(), c.pad_h(), c.has_pad_w(), c.pad_w(), 0);
        const IntList dilation = pair(c.dilation(), false, 0, false, 0, 1);
        if (c.num_output() == 0) return error(line, name, "convolution_param needs num_output");
        id = add(type == "Convolution" ? "Conv2D" : "ConvTranspose2D", name, bottoms,
                 {{"filters", std::int64_t{c.num_output()}}, {"kernel_size", kernel}, {"stride", stride}, {"padding", pad},
                  {"dilation", dilation}, {"groups", std::int64_t{c.group()}}, {"bias", c.bias_term()}});
    } else if (type == "Pooling") {
        const auto& p = l.pooling_param();
        if (p.pool() == netsizer_caffe::PoolingParameter::STOCHASTIC) return error(line, name, "stochastic pooling is not supported");
        if (p.global_pooling()) {
            if (p.pool() != netsizer_caffe::PoolingParameter::AVE) return error(line, name, "global max pooling is not supported yet");
            id = add("GlobalAvgPool", name, bottoms, {{"keepdims", true}});
        } else {
            IntList kernel = {p.has_kernel_h() ? p.kernel_h() : p.kernel_size(), p.has_kernel_w() ? p.kernel_w() : p.kernel_size()};
            IntList stride = {p.has_stride_h() ? p.stride_h() : p.stride(), p.has_stride_w() ? p.stride_w() : p.stride()};
            IntList pad = {p.has_pad_h() ? p.pad_h() : p.pad(), p.has_pad_w() ? p.pad_w() : p.pad()};
            if (kernel[0] == 0 || kernel[1] == 0) return error(line, name, "pooling_param needs kernel_size");
            id = add(p.pool() == netsizer_caffe::PoolingParameter::MAX ? "MaxPool2D" : "AvgPool2D", name, bottoms,
                     {{"kernel_size", kernel}, {"stride", stride}, {"padding", pad},
                      {"ceil_mode", p.round_mode() == netsizer_caffe::PoolingParameter::CEIL}});
        }
    } else if (type == "InnerProduct") {
        const auto& p = l.inner_product_param();
        if (p.num_output() == 0) return error(line, name, "inner_product_param needs num_output");
        if (p.transpose()) m_notes.push_back("layer '" + name + "': transpose only changes the weight layout");
        PortRef in = bottoms[0];
        const auto shape = shapeOf(in);
        if (shape && shape->rank() > 1) { // InnerProduct flattens everything from `axis` on
            const LayerId flat = add("Flatten", name + "_flatten", {in}, {{"start_dim", std::int64_t{p.axis()}}});
            in = PortRef{flat, 0};
        }
        id = add("Dense", name, {in}, {{"units", std::int64_t{p.num_output()}}, {"bias", p.bias_term()}});
    } else if (type == "ReLU") {
        const float slope = l.relu_param().negative_slope();
        id = slope != 0.0f ? add("LeakyReLU", name, bottoms, {{"negative_slope", static_cast<double>(slope)}})
                           : add("ReLU", name, bottoms, {});
    } else if (type == "Sigmoid" || type == "TanH" || type == "SigmoidCrossEntropyLoss") {
        id = add(type == "TanH" ? "Tanh" : "Sigmoid", name, {bottoms[0]}, {});
        if (type == "SigmoidCrossEntropyLoss") m_notes.push_back("layer '" + name + "': loss modelled as its sigmoid output");
    } else if (type == "PReLU") {
        const auto shape = shapeOf(bottoms[0]);
        const std::int64_t channels = l.prelu_param().channel_shared() || !shape ? 1 : (*shape)[0];
        id = add("PReLU", name, bottoms, {{"num_parameters", channels}});
    } else if (type == "LRN") {
        const auto& p = l.lrn_param();
        if (p.norm_region() != netsizer_caffe::LRNParameter::ACROSS_CHANNELS)
            return error(line, name, "LRN within channels is not supported yet (across channels is)");
        id = add("LRN", name, bottoms, {{"size", std::int64_t{p.local_size()}}, {"alpha", static_cast<double>(p.alpha())},
                                        {"beta", static_cast<double>(p.beta())}, {"k", static_cast<double>(p.k())}});
    } else if (type == "Dropout") {
        id = add("Dropout", name, bottoms, {{"p", static_cast<double>(l.dropout_param().dropout_ratio())}});
    } else if (type == "BatchNorm") {
        id = add("BatchNorm", name, bottoms, {{"affine", false}, {"eps", static_cast<double>(l.batch_norm_param().eps())}});
    } else if (type == "Scale") {
        id = add("Scale", name, {bottoms[0]}, {{"bias", l.scale_param().bias_term()}});
    } else if (type == "Eltwise") {
        const auto op = l.eltwise_param().operation();
        if (op == netsizer_caffe::EltwiseParameter::MAX) return error(line, name, "element-wise MAX is not supported yet");
        id = add(op == netsizer_caffe::EltwiseParameter::SUM ? "Add" : "Multiply", name, bottoms, {});
    } else if (type == "Concat") {
        const auto& p = l.concat_param();
        const std::int64_t axis = p.has_axis() ? p.axis() : static_cast<std::int64_t>(p.concat_dim());
        id = add("Concat", name, bottoms, {{"axis", axis}});
    } else if (type == "Softmax" || type == "SoftmaxWithLoss") {
        id = add("Softmax", name, {bottoms[0]}, {{"axis", std::int64_t{l.softmax_param().axis()}}});
        if (type == "SoftmaxWithLoss") m_notes.push_back("layer '" + name + "': loss modelled as its softmax probabilities (prob_)");
    } else if (type == "Flatten") {
        id = add("Flatten", name, bottoms, {{"start_dim", std::int64_t{l.flatten_param().axis()}},
                                            {"end_dim", std::int64_t{l.flatten_param().end_axis()}}});
    } else if (type == "Reshape") {
        const auto& p = l.reshape_param();
        if (p.axis() != 0 || p.num_axes() != -1) return error(line, name, "Reshape with axis/num_axes is not supported yet");
        const auto in = shapeOf(bottoms[0]);
        if (!in) return error(line, name, "the input's shape is unknown (an earlier layer has an error)");
        if (p.shape().dim_size() < 2) return error(line, name, "reshape_param shape needs the batch axis and one more");
        IntList shape;
        for (int d = 1; d < p.shape().dim_size(); ++d) {
            const std::int64_t v = p.shape().dim(d);
            shape.push_back(v == 0 ? (d - 1 < in->rank() ? (*in)[d - 1] : 1) : v);
        }
        id = add("Reshape", name, bottoms, {{"shape", shape}});
    } else if (type == "Crop") {
        if (bottoms.size() != 2) return error(line, name, "Crop needs two bottoms (the blob and the reference)");
        IntList offset(l.crop_param().offset().begin(), l.crop_param().offset().end());
        if (offset.empty()) offset = {0};
        id = add("Crop", name, bottoms, {{"axis", std::int64_t{l.crop_param().axis()}}, {"offset", offset}});
    } else if (type == "Slice") {
        const auto& p = l.slice_param();
        IntList points(p.slice_point().begin(), p.slice_point().end());
        const std::int64_t axis = p.has_slice_dim() && !p.has_axis() ? p.slice_dim() : p.axis();
        if (points.empty()) {
            const auto in = shapeOf(bottoms[0]);
            if (!in || axis < 1 || axis > in->rank()) return error(line, name, "cannot split an unknown axis evenly");
            const std::int64_t len = (*in)[static_cast<int>(axis - 1)];
            if (len % l.top_size() != 0) return error(line, name, "axis length does not divide evenly among the tops");
            for (int t = 1; t < l.top_size(); ++t) points.push_back(len / l.top_size() * t);
        }
        id = add("Slice", name, bottoms, {{"axis", axis}, {"slice_points", points}});
    } else if (type == "Split") {
        for (const auto& t : l.top()) m_blobs[t] = bottoms[0]; // tops share the bottom's data
        return Ok{};
    } else if (type == "Python") {
        return error(line, name, "Python layers run arbitrary code; NetSizer cannot know what they keep", "unsupported");
    } else {
        return error(line, name, "Caffe layer type '" + type + "' is not supported", "unsupported");
    }
    setInplaceIfSupported(id, inplace);
    applyLrMult(l, id);
    bindTops(l, id);
    return Ok{};
}

} // namespace netsizer::core::caffe
