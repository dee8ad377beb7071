#pragma once
// The checkpointed networks of tests/truth/checkpoint_models.py, built layer for layer with
// GraphBuilder, with and without their segments. Measured by truth.py (torch 1.13, CPU,
// torch.utils.checkpoint.checkpoint(module, x, use_reentrant=True)) into
// tests/truth/out/<truthName>.json, in this repository.

#include "tests/core/ReferenceNets.h"

namespace netsizer::testing {

// Names accepted by checkpointReferenceNet(): the checkpointed ones ("ck_resnet_stages",
// "ck_transformer_blocks", "ck_unet_small") and their plain twins ("ck_resnet_plain", …).
const std::vector<std::string>& checkpointReferenceNetNames();
// Builds the network `truthName`; the checkpointed variants carry Layer::checkpoint on the
// modules checkpoint_models.py checkpoints. Asserts on an unknown name.
ReferenceNet checkpointReferenceNet(const std::string& truthName);

} // namespace netsizer::testing
