#pragma once
// The formula cards of one layer, as HTML for the Explain panel: output shape, parameters,
// MACs, what the layer keeps for backward and why (and where each kept tensor is charged), its
// gradients, the optimizer state of the configured optimizer, the batch multiplication and the
// framework's rule. Every sentence goes through tr() with %1-style arguments; the rules'
// mathematics is the core's (core::LayerMemoryExplanation), numbers go through QLocale.

#include "core/explain/LayerMemoryExplanation.h"
#include "ui/explain/ExplainFormat.h"

#include <QCoreApplication>
#include <QString>

namespace netsizer::ui {

class ExplainLayerText {
    Q_DECLARE_TR_FUNCTIONS(ExplainLayerText)
public:
    // All the cards of `e` at the batch of e.config.
    static QString html(const core::LayerMemoryExplanation& e, const ExplainFormat& f);

    // The cards one by one (each a complete card; empty when it does not apply).
    static QString shapeCard(const core::LayerMemoryExplanation& e, const ExplainFormat& f);
    static QString parametersCard(const core::LayerMemoryExplanation& e, const ExplainFormat& f);
    static QString macsCard(const core::LayerMemoryExplanation& e, const ExplainFormat& f);
    static QString keptCard(const core::LayerMemoryExplanation& e, const ExplainFormat& f);
    static QString gradientsCard(const core::LayerMemoryExplanation& e, const ExplainFormat& f);
    static QString optimizerCard(const core::LayerMemoryExplanation& e, const ExplainFormat& f);
    static QString totalCard(const core::LayerMemoryExplanation& e, const ExplainFormat& f);
    static QString frameworkCard(const core::LayerMemoryExplanation& e, const ExplainFormat& f);

    // Why a tensor is kept, and where it is charged, in one sentence each.
    static QString why(core::KeptWhy why);
    static QString charge(const core::KeptTensorNote& n);
    // The translated name of a formula's quantity ("weights", "output h", …); others as given.
    static QString quantity(const std::string& q);
};

} // namespace netsizer::ui
