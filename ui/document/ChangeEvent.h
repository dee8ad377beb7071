#pragma once
// The one notification the Document sends (ARCHITECTURE.md rule 3): bit flags of what changed,
// plus the layers concerned when the change is local. Views decide from the flags how much to
// recompute: Structure/Attributes/Trainable/Checkpoint need a new analysis, Config a new estimate, Batch
// only a re-evaluation of fixed + b × per_sample, Positions nothing but the canvas.

#include "core/graph/LayerId.h"

#include <QFlags>

#include <vector>

namespace netsizer::ui {

enum class Change : unsigned {
    None = 0,
    Structure = 1u << 0,  // layers or connections added or removed
    Attributes = 1u << 1, // a layer attribute or name changed
    Trainable = 1u << 2,  // a layer was frozen or unfrozen
    Positions = 1u << 3,  // canvas positions only (ignored by the estimator)
    Config = 1u << 4,     // mode, optimizer, precision, framework or GPU changed
    Batch = 1u << 5,      // the batch size changed (O(1) re-evaluation)
    Reset = 1u << 6,      // the whole document was replaced (new / open)
    Checkpoint = 1u << 7, // a layer's gradient-checkpointing segment changed
};
Q_DECLARE_FLAGS(Changes, Change)
Q_DECLARE_OPERATORS_FOR_FLAGS(Changes)

struct ChangeEvent {
    Changes what;
    // The layers a local change concerns (attribute, trainable, position edits); empty for
    // whole-document changes.
    std::vector<core::LayerId> layers;

    // True when the graph analysis is stale after this event.
    bool needsAnalysis() const
    {
        return what.testAnyFlags(Change::Structure | Change::Attributes | Change::Trainable | Change::Checkpoint | Change::Reset);
    }
    // True when the memory figures (not only the canvas) change.
    bool changesMemory() const { return needsAnalysis() || what.testAnyFlags(Change::Config | Change::Batch); }
};

} // namespace netsizer::ui
