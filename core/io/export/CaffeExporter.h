#pragma once
// Export to Caffe (BVLC Caffe 1.0 text format): a train_val-style net prototxt whose first layer
// is an Input layer carrying the configured batch, and a solver prototxt for the configured
// optimizer. readCaffeNet() (core/io/caffe) reads the net back with the same learnable
// parameter count.
//
// Mapping (the inverse of core/io/caffe/CaffeNetBuilder.cpp): Conv2D -> Convolution,
// ConvTranspose2D -> Deconvolution, Max/AvgPool2D -> Pooling (round_mode from ceil_mode),
// GlobalAvgPool -> Pooling global_pooling, AdaptiveAvgPool2D -> Pooling when the input size is
// a multiple of the output size, Dense -> InnerProduct (axis = the input's last axis when the
// input is not flat), ReLU/LeakyReLU -> ReLU, Sigmoid, Tanh -> TanH, ELU, PReLU, LRN, Dropout,
// BatchNorm -> BatchNorm (+ Scale with bias when affine), Scale, Add/Multiply -> Eltwise,
// Concat, Softmax, Flatten, Reshape, Crop, Slice. Every other kind, asymmetric padding, and
// convolutions whose input is not [C, H, W] are refused with an error naming the layer.

#include "core/estimate/TrainingConfig.h"
#include "core/graph/Graph.h"
#include "core/util/Result.h"

#include <string>

namespace netsizer::core {

struct CaffeExport {
    std::string net;    // the net prototxt
    std::string solver; // the solver prototxt; refers to the net as `netFileName`
};

// `netFileName` is written into the solver's `net:` field. Optimizers Caffe 1.0 has no solver
// for (AdamW, AMSGrad, RMSprop with momentum) are refused with path "optimizer".
Result<CaffeExport> exportCaffe(const Graph& graph, const TrainingConfig& config,
                                const std::string& netFileName = "train_val.prototxt");

} // namespace netsizer::core
