#include "core/io/caffe/CaffeV1.h"

#include <string>

namespace netsizer::core::caffe {
namespace {

using V1 = netsizer_caffe::V1LayerParameter;

std::string typeName(V1::LayerType t)
{
    switch (t) {
    case V1::ABSVAL: return "AbsVal";
    case V1::ACCURACY: return "Accuracy";
    case V1::ARGMAX: return "ArgMax";
    case V1::BNLL: return "BNLL";
    case V1::CONCAT: return "Concat";
    case V1::CONTRASTIVE_LOSS: return "ContrastiveLoss";
    case V1::CONVOLUTION: return "Convolution";
    case V1::DATA: return "Data";
    case V1::DECONVOLUTION: return "Deconvolution";
    case V1::DROPOUT: return "Dropout";
    case V1::DUMMY_DATA: return "DummyData";
    case V1::EUCLIDEAN_LOSS: return "EuclideanLoss";
    case V1::ELTWISE: return "Eltwise";
    case V1::EXP: return "Exp";
    case V1::FLATTEN: return "Flatten";
    case V1::HDF5_DATA: return "HDF5Data";
    case V1::HDF5_OUTPUT: return "HDF5Output";
    case V1::HINGE_LOSS: return "HingeLoss";
    case V1::IM2COL: return "Im2col";
    case V1::IMAGE_DATA: return "ImageData";
    case V1::INFOGAIN_LOSS: return "InfogainLoss";
    case V1::INNER_PRODUCT: return "InnerProduct";
    case V1::LRN: return "LRN";
    case V1::MEMORY_DATA: return "MemoryData";
    case V1::MULTINOMIAL_LOGISTIC_LOSS: return "MultinomialLogisticLoss";
    case V1::MVN: return "MVN";
    case V1::POOLING: return "Pooling";
    case V1::POWER: return "Power";
    case V1::RELU: return "ReLU";
    case V1::SIGMOID: return "Sigmoid";
    case V1::SIGMOID_CROSS_ENTROPY_LOSS: return "SigmoidCrossEntropyLoss";
    case V1::SILENCE: return "Silence";
    case V1::SOFTMAX: return "Softmax";
    case V1::SOFTMAX_LOSS: return "SoftmaxWithLoss";
    case V1::SPLIT: return "Split";
    case V1::SLICE: return "Slice";
    case V1::TANH: return "TanH";
    case V1::WINDOW_DATA: return "WindowData";
    case V1::THRESHOLD: return "Threshold";
    case V1::NONE: break;
    }
    return "V1:" + std::to_string(static_cast<int>(t));
}

} // namespace

netsizer_caffe::LayerParameter upgradeV1(const V1& v1)
{
    netsizer_caffe::LayerParameter l;
    l.set_name(v1.name());
    l.set_type(typeName(v1.type()));
    for (const auto& b : v1.bottom()) l.add_bottom(b);
    for (const auto& t : v1.top()) l.add_top(t);
    for (const auto& r : v1.include()) *l.add_include() = r;
    for (const auto& r : v1.exclude()) *l.add_exclude() = r;
    for (float lr : v1.blobs_lr()) l.add_param()->set_lr_mult(lr);
    if (v1.has_concat_param()) *l.mutable_concat_param() = v1.concat_param();
    if (v1.has_convolution_param()) *l.mutable_convolution_param() = v1.convolution_param();
    if (v1.has_data_param()) *l.mutable_data_param() = v1.data_param();
    if (v1.has_dropout_param()) *l.mutable_dropout_param() = v1.dropout_param();
    if (v1.has_dummy_data_param()) *l.mutable_dummy_data_param() = v1.dummy_data_param();
    if (v1.has_eltwise_param()) *l.mutable_eltwise_param() = v1.eltwise_param();
    if (v1.has_hdf5_data_param()) *l.mutable_hdf5_data_param() = v1.hdf5_data_param();
    if (v1.has_image_data_param()) *l.mutable_image_data_param() = v1.image_data_param();
    if (v1.has_inner_product_param()) *l.mutable_inner_product_param() = v1.inner_product_param();
    if (v1.has_lrn_param()) *l.mutable_lrn_param() = v1.lrn_param();
    if (v1.has_memory_data_param()) *l.mutable_memory_data_param() = v1.memory_data_param();
    if (v1.has_pooling_param()) *l.mutable_pooling_param() = v1.pooling_param();
    if (v1.has_relu_param()) *l.mutable_relu_param() = v1.relu_param();
    if (v1.has_slice_param()) *l.mutable_slice_param() = v1.slice_param();
    if (v1.has_softmax_param()) *l.mutable_softmax_param() = v1.softmax_param();
    if (v1.has_transform_param()) *l.mutable_transform_param() = v1.transform_param();
    return l;
}

} // namespace netsizer::core::caffe
