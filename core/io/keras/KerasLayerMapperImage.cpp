// KerasLayerMapper, second part: convolutions, pooling, normalisation and shape layers (split
// from KerasLayerMapper.cpp to keep files short).
#include "core/io/keras/KerasConfig.h"
#include "core/io/keras/KerasLayerMapper.h"

#include <algorithm>

namespace netsizer::core::keras {
namespace {

using nlohmann::json;
using S = std::string;

bool isOneOf(const std::string& s, std::initializer_list<const char*> names)
{
    return std::any_of(names.begin(), names.end(), [&](const char* n) { return s == n; });
}

void expectRank(const KerasTensor& t, int rank, const char* layout)
{
    if (t.info.shape.rank() != rank)
        refuse("shape", std::string("expects a ") + layout + " input, got Keras shape " + shapeText(kerasShape(t)));
}

// TensorFlow's SAME padding per axis (begins, then ends): the output is ceil(in / stride).
IntList samePadding(const Shape& in, const IntList& kernel, const IntList& stride, const IntList& dilation)
{
    IntList begin, end;
    for (std::size_t i = 0; i < kernel.size(); ++i) {
        const std::int64_t size = in[static_cast<int>(i) + 1], s = stride[i];
        const std::int64_t k = (kernel[i] - 1) * dilation[i] + 1;
        const std::int64_t out = (size + s - 1) / s;
        const std::int64_t total = std::max<std::int64_t>((out - 1) * s + k - size, 0);
        begin.push_back(total / 2);
        end.push_back(total - total / 2);
    }
    begin.insert(begin.end(), end.begin(), end.end());
    return begin;
}

} // namespace

std::vector<KerasTensor> KerasLayerMapper::mapConv(const KerasCall& c)
{
    const std::string& k = c.className;
    const bool oneD = isOneOf(k, {"Conv1D", "Convolution1D", "AtrousConvolution1D"});
    const bool separable = isOneOf(k, {"SeparableConv2D", "SeparableConvolution2D"});
    const bool depthwise = k == "DepthwiseConv2D";
    const bool transpose = isOneOf(k, {"Conv2DTranspose", "Deconvolution2D"});
    if (!oneD && !separable && !depthwise && !transpose && !isOneOf(k, {"Conv2D", "Convolution2D", "AtrousConvolution2D"}))
        return {};
    const json& cfg = *c.config;
    const int n = oneD ? 1 : 2;
    const bool cl = imageChannelsLast(cfg);
    const KerasTensor t = layout(c.inputs[0], cl, c.name);
    expectRank(t, n + 1, oneD ? "[steps, channels]" : "[rows, cols, channels]");
    const std::int64_t channels = t.info.shape[0];
    IntList kernel;
    if (oneD) kernel = findKey(cfg, {"kernel_size"}) ? intsAt(cfg, {"kernel_size"}, 1, {}) : IntList{requiredInt(cfg, {"filter_length"})};
    else if (findKey(cfg, {"kernel_size"})) kernel = intsAt(cfg, {"kernel_size"}, 2, {});
    else kernel = {requiredInt(cfg, {"nb_row"}), requiredInt(cfg, {"nb_col"})};
    const IntList ones(static_cast<std::size_t>(n), 1);
    const IntList stride = oneD ? intsAt(cfg, {"strides", "subsample_length"}, 1, ones) : intsAt(cfg, {"strides", "subsample"}, 2, ones);
    const IntList dilation = intsAt(cfg, {"dilation_rate", "atrous_rate"}, n, ones);
    const std::string padding = stringAt(cfg, {"padding", "border_mode"}, "valid");
    const bool bias = boolAt(cfg, {"use_bias", "bias"}, true);
    const std::string act = stringAt(cfg, {"activation"}, "linear");

    if (transpose) {
        if (findKey(cfg, {"output_padding"})) refuse("unsupported", "output_padding is not supported yet");
        if (dilation != ones) refuse("unsupported", "a dilated transposed convolution is not supported");
        // Keras: valid gives (in - 1)·s + k, same gives in·s; PyTorch's form is
        // (in - 1)·s - pad_begin - pad_end + k + output_padding.
        IntList pad{0, 0, 0, 0}, outPad{0, 0};
        if (padding == "same")
            for (std::size_t i = 0; i < 2; ++i) {
                const std::int64_t total = kernel[i] - stride[i];
                if (total >= 0) {
                    pad[i] = total / 2;
                    pad[i + 2] = total - total / 2;
                } else {
                    outPad[i] = -total;
                }
            }
        else if (padding != "valid")
            refuse("unsupported", "padding '" + padding + "' is not supported");
        const KerasTensor out = add1("ConvTranspose2D", c.name, t,
                                     {{"filters", requiredInt(cfg, {"filters", "nb_filter"})}, {"kernel_size", kernel},
                                      {"stride", stride}, {"padding", pad}, {"output_padding", outPad}, {"bias", bias}},
                                     cl);
        return {activation(act, out, c.name)};
    }

    IntList explicitPad;
    if (padding == "causal" && oneD) explicitPad = {dilation[0] * (kernel[0] - 1), 0};
    else if (padding == "full") // Keras 1 (Theano): k - 1 on every side
        for (int side = 0; side < 2; ++side)
            for (int i = 0; i < n; ++i) explicitPad.push_back(dilation[static_cast<std::size_t>(i)] * (kernel[static_cast<std::size_t>(i)] - 1));
    else if (padding != "same" && padding != "valid")
        refuse("unsupported", "padding '" + padding + "' is not supported");
    const char* kind = oneD ? "Conv1D" : "Conv2D";
    auto conv = [&](const std::string& name, const KerasTensor& x, std::int64_t filters, const IntList& kern, const IntList& str,
                    const IntList& dil, std::int64_t groups, bool withBias, bool pointwise) {
        if (pointwise || explicitPad.empty())
            return add1(kind, name, x,
                        {{"filters", filters}, {"kernel_size", kern}, {"stride", str}, {"padding_mode", S(pointwise ? "valid" : padding)},
                         {"dilation", dil}, {"groups", groups}, {"bias", withBias}},
                        cl);
        return add1(kind, name, x,
                    {{"filters", filters}, {"kernel_size", kern}, {"stride", str}, {"padding_mode", S("explicit")},
                     {"padding", explicitPad}, {"dilation", dil}, {"groups", groups}, {"bias", withBias}},
                    cl);
    };
    KerasTensor out;
    if (separable || depthwise) {
        // Keras: the depthwise kernel k·k·C·depth_multiplier; separable adds a 1×1 pointwise
        // convolution, and only the last convolution has the bias.
        const std::int64_t multiplier = intAt(cfg, {"depth_multiplier"}, 1);
        out = conv(separable ? c.name + "_depthwise" : c.name, t, channels * multiplier, kernel, stride, dilation, channels,
                   depthwise && bias, false);
        if (separable)
            out = conv(c.name, out, requiredInt(cfg, {"filters", "nb_filter"}), IntList(2, 1), IntList(2, 1), IntList(2, 1), 1, bias,
                       true);
    } else {
        out = conv(c.name, t, requiredInt(cfg, {"filters", "nb_filter"}), kernel, stride, dilation, 1, bias, false);
    }
    return {activation(act, out, c.name)};
}

std::vector<KerasTensor> KerasLayerMapper::mapPool(const KerasCall& c)
{
    const std::string& k = c.className;
    const json& cfg = *c.config;
    if (isOneOf(k, {"GlobalAveragePooling1D", "GlobalAveragePooling2D", "GlobalAvgPool1D", "GlobalAvgPool2D"})) {
        const bool cl = imageChannelsLast(cfg);
        const KerasTensor t = layout(c.inputs[0], cl, c.name);
        expectRank(t, k.find("1D") != std::string::npos ? 2 : 3, "spatial");
        return {add1("GlobalAvgPool", c.name, t, {{"keepdims", boolAt(cfg, {"keepdims"}, false)}}, cl)};
    }
    if (k.rfind("GlobalMaxPool", 0) == 0)
        refuse("unsupported", "global max pooling has no NetSizer layer kind yet; layer class '" + k + "' is not supported");
    const bool max = k.rfind("MaxPooling", 0) == 0 || k.rfind("MaxPool", 0) == 0;
    const bool avg = k.rfind("AveragePooling", 0) == 0 || k.rfind("AvgPool", 0) == 0;
    if (!max && !avg) return {};
    const int n = k.find("1D") != std::string::npos ? 1 : k.find("2D") != std::string::npos ? 2 : 0;
    if (n == 0) refuse("unsupported", "layer class '" + k + "' (3-D pooling) is not supported");
    const bool cl = imageChannelsLast(cfg);
    const KerasTensor t = layout(c.inputs[0], cl, c.name);
    expectRank(t, n + 1, n == 1 ? "[steps, channels]" : "[rows, cols, channels]");
    const IntList twos(static_cast<std::size_t>(n), 2);
    const IntList pool = intsAt(cfg, {"pool_size", "pool_length"}, n, twos);
    const IntList stride = intsAt(cfg, {"strides", "stride"}, n, pool);
    const std::string padding = stringAt(cfg, {"padding", "border_mode"}, "valid");
    IntList pad(static_cast<std::size_t>(n), 0);
    if (padding == "same") pad = samePadding(t.info.shape, pool, stride, IntList(static_cast<std::size_t>(n), 1));
    else if (padding != "valid") refuse("unsupported", "padding '" + padding + "' is not supported");
    const std::string kind = std::string(max ? "MaxPool" : "AvgPool") + std::to_string(n) + "D";
    return {add1(kind, c.name, t, {{"kernel_size", pool}, {"stride", stride}, {"padding", pad}, {"ceil_mode", false}}, cl)};
}

std::vector<KerasTensor> KerasLayerMapper::mapNorm(const KerasCall& c)
{
    const std::string& k = c.className;
    const json& cfg = *c.config;
    const KerasTensor& in = c.inputs[0];
    const int rank = in.info.shape.rank();
    const bool center = boolAt(cfg, {"center"}, true), scale = boolAt(cfg, {"scale"}, true);
    const double eps = floatAt(cfg, {"epsilon"}, 1e-3, 0.0, 1.0);
    std::int64_t axis = -1;
    if (const auto* a = findKey(cfg, {"axis"})) {
        if (a->is_array() && a->size() == 1) axis = a->at(0).get<std::int64_t>();
        else if (a->is_number_integer()) axis = a->get<std::int64_t>();
        else refuse("unsupported", "normalisation over several axes is not supported");
    }
    const int sample = sampleAxis(axis, rank);
    if (k == "LayerNormalization") {
        if (sample != rank - 1) refuse("unsupported", "layer normalisation over an axis other than the last is not supported");
        if (center != scale) refuse("unsupported", "layer normalisation with only one of center/scale is not supported");
        const KerasTensor t = layout(in, false, c.name);
        return {add1("LayerNorm", c.name, t, {{"normalized_dims", std::int64_t{1}}, {"eps", eps}, {"elementwise_affine", center}}, false)};
    }
    if (k != "BatchNormalization") return {};
    // NetSizer normalises the first per-sample axis: Keras's last axis (channels_last) is moved
    // there; a first-axis BN (channels_first) stays as it is.
    bool permute = false;
    if (rank >= 2) {
        if (sample == rank - 1) permute = true;
        else if (sample != 0) refuse("unsupported", "batch normalisation over axis " + std::to_string(axis) + " is not supported");
    }
    const KerasTensor t = layout(in, permute, c.name);
    const double momentum = floatAt(cfg, {"momentum"}, 0.99, 0.0, 1.0);
    KerasTensor out = add1("BatchNorm", c.name, t, {{"eps", eps}, {"momentum", 1.0 - momentum}, {"affine", center && scale}}, permute);
    if (center != scale) {
        // One of γ / β: C learnable values, as a per-channel Scale without bias. The count is
        // exact; for β alone the Scale's saved input overstates activation memory.
        out = add1("Scale", c.name + (center ? "_beta" : "_gamma"), out, {{"bias", false}}, permute);
        m_notes.push_back("layer '" + c.name + "': BatchNormalization with " + (center ? "center only (β)" : "scale only (γ)") +
                          " imported as BatchNorm without affine + a per-channel Scale of C parameters");
    }
    return {out};
}

std::vector<KerasTensor> KerasLayerMapper::mapShape(const KerasCall& c)
{
    const std::string& k = c.className;
    const json& cfg = *c.config;
    const KerasTensor& in = c.inputs[0];
    if (k == "Flatten") {
        if (in.info.shape.rank() <= 1) return {in};
        return {add1("Flatten", c.name, in, {}, false)};
    }
    if (k == "Reshape" || k == "Permute") {
        IntList target;
        if (k == "Reshape") {
            const json* ts = findKey(cfg, {"target_shape"});
            if (!ts || !ts->is_array() || ts->empty() || ts->size() > 6) refuse("attribute", "target_shape must list 1 to 6 sizes");
            target = intsAt(cfg, {"target_shape"}, static_cast<int>(ts->size()), {}, -1, 1000000000000);
            if (std::count(target.begin(), target.end(), 0)) refuse("attribute", "target_shape has a 0");
        } else {
            const IntList keras = kerasShape(in);
            const IntList dims = intsAt(cfg, {"dims"}, static_cast<int>(keras.size()), {}, 1, static_cast<std::int64_t>(keras.size()));
            for (auto d : dims) target.push_back(keras[static_cast<std::size_t>(d - 1)]);
            m_notes.push_back("layer '" + c.name + "': Permute imported as a reshape to the permuted shape (same size)");
        }
        const bool permute = m_channelsLast && target.size() >= 3;
        return {add1("Reshape", c.name, in, {{"shape", permute ? channelsFirst(target) : target}}, permute)};
    }
    if (k == "ZeroPadding1D" || k == "ZeroPadding2D") {
        const int n = k == "ZeroPadding1D" ? 1 : 2;
        const bool cl = imageChannelsLast(cfg);
        const KerasTensor t = layout(in, cl, c.name);
        expectRank(t, n + 1, n == 1 ? "[steps, channels]" : "[rows, cols, channels]");
        IntList pad; // NetSizer: one per axis, or all begins then all ends
        const json* p = findKey(cfg, {"padding"});
        if (!p) pad = {1};
        else if (p->is_number_integer()) pad = {p->get<std::int64_t>()};
        else if (p->is_array() && n == 1 && p->size() == 2) pad = {p->at(0).get<std::int64_t>(), p->at(1).get<std::int64_t>()};
        else if (p->is_array() && p->size() == 2 && p->at(0).is_array()) // ((top, bottom), (left, right))
            pad = {p->at(0).at(0).get<std::int64_t>(), p->at(1).at(0).get<std::int64_t>(), p->at(0).at(1).get<std::int64_t>(),
                   p->at(1).at(1).get<std::int64_t>()};
        else if (p->is_array() && p->size() == 2) pad = {p->at(0).get<std::int64_t>(), p->at(1).get<std::int64_t>()};
        else if (p->is_array() && p->size() == 4) // Keras 1: (top, bottom, left, right)
            pad = {p->at(0).get<std::int64_t>(), p->at(2).get<std::int64_t>(), p->at(1).get<std::int64_t>(), p->at(3).get<std::int64_t>()};
        else refuse("attribute", "padding must be an int, a pair or a pair of pairs");
        return {add1("ZeroPadding", c.name, t, {{"padding", pad}}, cl)};
    }
    if (k == "UpSampling1D" || k == "UpSampling2D") {
        const int n = k == "UpSampling1D" ? 1 : 2;
        const bool cl = imageChannelsLast(cfg);
        const KerasTensor t = layout(in, cl, c.name);
        expectRank(t, n + 1, n == 1 ? "[steps, channels]" : "[rows, cols, channels]");
        const IntList factor = n == 1 ? IntList{intAt(cfg, {"size", "length"}, 2)} : intsAt(cfg, {"size"}, 2, {2, 2});
        IntList size;
        for (int i = 0; i < n; ++i) size.push_back(t.info.shape[i + 1] * factor[static_cast<std::size_t>(i)]);
        const std::string mode = stringAt(cfg, {"interpolation"}, "nearest");
        if (mode != "nearest" && mode != "bilinear") refuse("unsupported", "interpolation '" + mode + "' is not supported");
        return {add1("Upsample", c.name, t, {{"mode", mode}, {"size", size}}, cl)};
    }
    return {};
}

} // namespace netsizer::core::keras
