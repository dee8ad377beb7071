#pragma once
// Edits of the Document that change what trains and how, each pushed as ONE undo step (a
// QUndoStack macro of the existing commands), so one undo restores exactly the previous
// document: a core::Suggestion applied (its TrainingConfig and its GraphChange) and
// fine-tuning the last N layers with weights.

#include "core/advise/Advice.h"

#include <cstddef>

class QString;

namespace netsizer::ui {

class Document;

// Sets `s.config` and applies `s.graphChange`: trainLast → Layer::trainable of every layer
// (core::trainLastLayers on the current analysis), inputShape → the "shape" attribute of the
// Input layer named `inputName`. Pushes nothing and returns false when the change is already
// in place, when the current analysis has errors (trainLast needs its order) or when the edit is
// invalid (no such input, a shape the Input kind refuses); `error`, when given, then says why.
bool applySuggestion(Document& doc, const core::Suggestion& s, QString* error = nullptr);

// Keeps the last `count` layers with weights trainable and freezes the other layers with weights
// (core::trainLastLayers), one undo step named "Fine-tune the last N layers". Returns false
// (nothing pushed) when nothing changes or the analysis has errors (`error` says which).
bool fineTuneLastLayers(Document& doc, std::size_t count, QString* error = nullptr);

} // namespace netsizer::ui
