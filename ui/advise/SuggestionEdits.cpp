#include "ui/advise/SuggestionEdits.h"

#include "core/analysis/LayerFreezing.h"
#include "core/layers/LayerKind.h"
#include "core/layers/ParamSpec.h"
#include "ui/commands/SetCheckpointCommand.h"
#include "ui/commands/SetTrainableCommand.h"
#include "ui/commands/SetTrainingConfigCommand.h"
#include "ui/document/Document.h"

#include <QObject>
#include <QString>

#include <unordered_map>
#include <vector>

namespace netsizer::ui {

namespace {

// The trainable flags core::trainLastLayers sets, as the layers that change each way.
struct TrainableChange {
    std::vector<core::LayerId> freeze;
    std::vector<core::LayerId> unfreeze;
    bool empty() const { return freeze.empty() && unfreeze.empty(); }
};

TrainableChange trainableChange(const Document& doc, std::size_t count)
{
    core::Graph g = doc.graph();
    core::trainLastLayers(g, doc.analysis(), count);
    TrainableChange change;
    for (const core::Layer& after : g.layers()) {
        const core::Layer* before = doc.graph().find(after.id);
        if (!before || before->trainable == after.trainable) continue;
        (after.trainable ? change.unfreeze : change.freeze).push_back(after.id);
    }
    return change;
}

void pushTrainable(Document& doc, const TrainableChange& change)
{
    if (!change.freeze.empty()) doc.undoStack()->push(new SetTrainableCommand(doc, change.freeze, false));
    if (!change.unfreeze.empty()) doc.undoStack()->push(new SetTrainableCommand(doc, change.unfreeze, true));
}

void setError(QString* error, const QString& text)
{
    if (error) *error = text;
}

} // namespace

bool applySuggestion(Document& doc, const core::Suggestion& s, QString* error)
{
    const core::GraphChange& gc = s.graphChange;
    TrainableChange trainable;
    if (gc.trainLast) {
        if (!doc.analysis().ok()) {
            setError(error, QObject::tr("The model has analysis errors: which layers to freeze is not known"));
            return false;
        }
        trainable = trainableChange(doc, *gc.trainLast);
    }
    // The input edit, validated before anything is pushed so a refused one leaves no half step.
    const core::Layer* input = nullptr;
    int shapeIndex = -1;
    bool shapeChanges = false;
    if (!gc.inputShape.empty()) {
        for (const core::Layer& l : doc.graph().layers())
            if (l.name == gc.inputName) input = &l;
        shapeIndex = input ? input->kind->paramIndex("shape") : -1;
        if (shapeIndex < 0) {
            setError(error, QObject::tr("No input layer named “%1” with a shape").arg(QString::fromStdString(gc.inputName)));
            return false;
        }
        const core::AttrValue shape = core::IntList(gc.inputShape);
        std::string message;
        if (!core::validateAttr(input->kind->params[static_cast<std::size_t>(shapeIndex)], shape, message)) {
            setError(error, QObject::tr("Input “%1”: %2").arg(QString::fromStdString(gc.inputName), QString::fromStdString(message)));
            return false;
        }
        shapeChanges = input->attrs[static_cast<std::size_t>(shapeIndex)] != shape;
    }
    // Checkpointing: every layer's segment as the suggestion has it (absent: none).
    std::vector<core::LayerId> checkpointIds;
    std::vector<std::string> checkpointNames;
    if (!gc.checkpoint.empty()) {
        std::unordered_map<std::uint32_t, std::string> wanted;
        for (const auto& [id, name] : gc.checkpoint) wanted[core::toIndex(id)] = name;
        for (const core::Layer& l : doc.graph().layers()) {
            const auto it = wanted.find(core::toIndex(l.id));
            const std::string name = it == wanted.end() ? std::string() : it->second;
            if (name == l.checkpoint) continue;
            checkpointIds.push_back(l.id);
            checkpointNames.push_back(name);
        }
    }
    const bool configChanges = !(s.config == doc.config());
    if (!configChanges && trainable.empty() && !shapeChanges && checkpointIds.empty()) {
        setError(error, QObject::tr("The suggestion is already applied"));
        return false;
    }
    QUndoStack* stack = doc.undoStack();
    stack->beginMacro(QObject::tr("Make it fit: %1").arg(QString::fromUtf8(core::suggestionKindName(s.kind))));
    if (configChanges) stack->push(new SetTrainingConfigCommand(doc, s.config, false));
    pushTrainable(doc, trainable);
    if (shapeChanges) doc.setAttribute(input->id, shapeIndex, core::IntList(gc.inputShape));
    if (!checkpointIds.empty()) stack->push(new SetCheckpointCommand(doc, std::move(checkpointIds), std::move(checkpointNames)));
    stack->endMacro();
    return true;
}

bool fineTuneLastLayers(Document& doc, std::size_t count, QString* error)
{
    if (!doc.analysis().ok()) {
        setError(error, QObject::tr("The model has analysis errors: which layers come last is not known"));
        return false;
    }
    const TrainableChange change = trainableChange(doc, count);
    if (change.empty()) {
        setError(error, QObject::tr("The last %n layer(s) with weights already train alone", nullptr, static_cast<int>(count)));
        return false;
    }
    QUndoStack* stack = doc.undoStack();
    stack->beginMacro(QObject::tr("Fine-tune the last %n layer(s)", nullptr, static_cast<int>(count)));
    pushTrainable(doc, change);
    stack->endMacro();
    return true;
}

} // namespace netsizer::ui
