#pragma once
// Edits read from a text file and applied through the Document's editing functions, one undo
// command each, exactly as the canvas and the controls apply them. The designer runs one when
// NETSIZER_EDIT_SCRIPT names a file (app/main.cpp): it is how the recovery test
// (tests/ui/tst_recovery.cpp) edits a real designer before killing it.
//
// One edit per line; blank lines and lines starting with '#' are skipped; names are layer
// names (no spaces):
//   add KIND [after LAYER]     a layer of KIND (a kind id: ReLU, Dense, ...), fed by LAYER's
//                              output 0 (default: the last layer), placed below it
//   remove LAYER
//   rename LAYER NEW_NAME
//   freeze LAYER               not trainable
//   batch N
// A line that cannot be applied stops the script; the error names the line.

#include <QString>

namespace netsizer::ui {

class Document;

class EditScript {
public:
    // Applies every line of `text` to `doc`. Returns an empty string on success, otherwise
    // "<scriptName>:<line>: <why>" (the edits before that line stay applied).
    static QString apply(const QString& text, const QString& scriptName, Document& doc);
};

} // namespace netsizer::ui
