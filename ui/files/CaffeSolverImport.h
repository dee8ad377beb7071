#pragma once
// File ▸ Import ▸ Caffe solver…: the training settings a Caffe solver.prototxt gives the open
// document, read through the core's solver reader (core::applyCaffeSolver, the one behind
// `netsizer-cli --solver`).
//
// A solver sets the optimizer from its `type` (or legacy `solver_type`) and `momentum` (SGD with
// momentum 0 is plain SGD), and, because a solver is Caffe's, the framework profile becomes
// Caffe (its history blobs per parameter are Caffe's optimizer state). Batch, precision, mode,
// GPU and overheads stay as they were: the batch is the net's, not the solver's. What the
// configuration cannot hold (iter_size > 1, solver_mode: CPU) comes back as notes for the person
// to read.

#include "core/estimate/TrainingConfig.h"
#include "core/util/Result.h"

#include <QString>

#include <string>
#include <vector>

namespace netsizer::ui {

struct CaffeSolverImport {
    core::TrainingConfig config;    // `current` with the solver applied
    bool frameworkChanged = false;  // `current` was not Caffe's profile
    std::vector<std::string> notes; // the solver's settings the configuration cannot hold, one each

    // Reads the solver at `path` and applies it over `current`. Errors name the file and, for a
    // syntax error or an unknown solver type, the line ("lenet_solver.prototxt:7: ...").
    static core::Result<CaffeSolverImport> read(const QString& path, const core::TrainingConfig& current);
};

} // namespace netsizer::ui
