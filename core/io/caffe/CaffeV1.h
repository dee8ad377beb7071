#pragma once
// The legacy V1 layer format (`layers { type: CONVOLUTION ... }`) converted to the current one.

#include "caffe_subset.pb.h"

namespace netsizer::core::caffe {

// Copies a V1 layer into a current LayerParameter: the enum type becomes its current name
// ("CONVOLUTION" -> "Convolution"), blobs_lr becomes param { lr_mult }, sub-parameters move over.
// Unknown enum types become "V1:<NUMBER>" so the importer can refuse them by name.
netsizer_caffe::LayerParameter upgradeV1(const netsizer_caffe::V1LayerParameter& v1);

} // namespace netsizer::core::caffe
