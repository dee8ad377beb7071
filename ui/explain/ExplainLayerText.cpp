#include "ui/explain/ExplainLayerText.h"

#include "core/estimate/Framework.h"

namespace netsizer::ui {

namespace {

using core::Component;
using core::KeptCharge;
using core::KeptTensorNote;
using core::LayerMemoryExplanation;

bool isShape(const std::string& q) { return q.rfind("output", 0) == 0; }
bool isMacs(const std::string& q) { return q == "MACs"; }
bool isSaved(const std::string& q) { return q.rfind("saved", 0) == 0; }

QString esc(const std::string& s) { return QString::fromStdString(s).toHtmlEscaped(); }

QString layerLink(core::LayerId id, const std::string& name)
{
    return ExplainFormat::link(QStringLiteral("layer:%1").arg(core::toIndex(id)), esc(name));
}

bool training(const LayerMemoryExplanation& e) { return e.config.mode == core::Mode::Train; }
bool caffe(const LayerMemoryExplanation& e) { return e.config.framework == core::Framework::Caffe; }

// "16 × 32 × 32" of a per-sample shape.
QString dims(const core::Shape& s, const ExplainFormat& f)
{
    QStringList parts;
    for (int i = 0; i < s.rank(); ++i) parts << f.count(static_cast<std::uint64_t>(s[i]));
    return parts.join(QStringLiteral(" × "));
}

// The weights whose gradients and optimizer state the configuration counts: Caffe allocates
// them for every learnable blob, autograd only for trainable layers.
core::Count optimizedParams(const LayerMemoryExplanation& e)
{
    return caffe(e) || e.trainable ? e.learnableParams : 0;
}

} // namespace

QString ExplainLayerText::quantity(const std::string& q)
{
    if (q == "output shape") return tr("output shape");
    if (q == "output h") return tr("output height");
    if (q == "output w") return tr("output width");
    if (q == "output d") return tr("output depth");
    if (q == "output l") return tr("output length");
    if (q == "weights") return tr("weights");
    if (q == "bias") return tr("bias");
    if (q == "MACs") return tr("MACs");
    return esc(q);
}

QString ExplainLayerText::why(core::KeptWhy why)
{
    switch (why) {
    case core::KeptWhy::OutputGradientMask:
        return tr("ReLU keeps its output: the gradient passes where the output is positive and is zero elsewhere, so "
                  "the output alone tells backward where it passes.");
    case core::KeptWhy::OutputForDerivative:
        return tr("Keeps its output: the derivative is computed from it (tanh′ = 1 − y², σ′ = y (1 − y)).");
    case core::KeptWhy::InputForWeightGradient:
        return tr("Keeps its input: the weight gradient is the input times the gradient of the output "
                  "(∂L/∂W = x · ∂L/∂y).");
    case core::KeptWhy::InputForDerivative: return tr("Keeps its input: its backward formula reads it.");
    case core::KeptWhy::PoolIndices:
        return tr("Max pooling keeps where each maximum came from (an index per output element): the gradient "
                  "goes back only to the element that won.");
    case core::KeptWhy::DropoutMask:
        return tr("Dropout keeps its mask: the gradient passes only through the elements that were kept, scaled "
                  "by 1/(1 − p).");
    case core::KeptWhy::NormStatistics:
        return tr("Normalisation keeps the batch mean and inverse standard deviation per channel, to normalise the "
                  "gradient the same way.");
    case core::KeptWhy::Other: break;
    }
    return tr("Kept because the backward formula reads it.");
}

QString ExplainLayerText::charge(const KeptTensorNote& n)
{
    switch (n.charge) {
    case KeptCharge::Here: return tr("Charged to this layer: it is the first to keep this tensor.");
    case KeptCharge::EarlierLayer:
        return tr("Already kept by %1, earlier in the forward pass: the same memory is charged there, once, so this "
                  "layer adds nothing for it.")
            .arg(n.chargedTo ? layerLink(*n.chargedTo, n.chargedToName) : esc(n.chargedToName));
    case KeptCharge::ModelInput:
        return tr("This is the mini-batch itself: counted once as the input component, not here.");
    case KeptCharge::NotSaved:
        return tr("Not kept in this configuration: nothing that needs it requires a gradient (frozen weights or an "
                  "input without gradient).");
    case KeptCharge::NoMemory: return tr("Held by reference: no new memory.");
    }
    return {};
}

QString ExplainLayerText::shapeCard(const LayerMemoryExplanation& e, const ExplainFormat& f)
{
    QStringList rows;
    for (const core::Formula& x : e.formulas)
        if (isShape(x.quantity))
            rows << f.formulaRow(quantity(x.quantity), esc(x.symbolic), f.coreText(x.substituted), f.coreText(x.value));
    if (e.roundsUp)
        rows << f.noteRow(tr("⌈ ⌉ rounds the division up (ceil_mode): Caffe's pooling always does, PyTorch and "
                             "TensorFlow round down (⌊ ⌋) unless asked."),
                          true);
    return rows.isEmpty() ? QString() : f.card(tr("Output shape"), rows);
}

QString ExplainLayerText::parametersCard(const LayerMemoryExplanation& e, const ExplainFormat& f)
{
    QStringList rows;
    for (const core::Formula& x : e.formulas)
        if (!isShape(x.quantity) && !isMacs(x.quantity) && !isSaved(x.quantity))
            rows << f.formulaRow(quantity(x.quantity), esc(x.symbolic), f.coreText(x.substituted), f.coreText(x.value));
    if (e.learnableParams == 0 && e.bufferParams == 0) {
        rows << f.noteRow(tr("No weights."), true);
        return f.card(tr("Parameters"), rows);
    }
    const std::uint64_t weightBytes = e.precision.weightBytes;
    const std::uint64_t total = e[Component::Weights].fixed;
    QString substituted = tr("%1 × %2 B").arg(f.count(e.learnableParams), f.count(weightBytes));
    if (e.bufferParams)
        substituted += QStringLiteral(" + ") + tr("%1 buffer elements (running statistics, counters)").arg(f.count(e.bufferParams));
    rows << f.formulaRow(tr("weights in memory"), tr("learnable weights × bytes per weight"), substituted, f.bytes(total));
    return f.card(tr("Parameters"), rows);
}

QString ExplainLayerText::macsCard(const LayerMemoryExplanation& e, const ExplainFormat& f)
{
    for (const core::Formula& x : e.formulas) {
        if (!isMacs(x.quantity)) continue;
        return f.card(tr("Multiply–accumulates"),
                      {f.formulaRow(tr("per sample"), esc(x.symbolic), f.coreText(x.substituted), f.coreText(x.value)),
                       f.noteRow(tr("Forward only; backward costs about twice as much again (the input's and the "
                                    "weights' gradients)."),
                                 true)});
    }
    return {};
}

QString ExplainLayerText::keptCard(const LayerMemoryExplanation& e, const ExplainFormat& f)
{
    QStringList rows;
    const QString title = tr("Kept for backward");
    if (!training(e)) return f.card(title, {f.noteRow(tr("Inference: nothing is kept for backward."), true)});
    const std::uint64_t act = e.precision.activationBytes;
    if (caffe(e) && e.caffeTopNumel)
        rows << f.formulaRow(tr("top blobs"), tr("2 (data + diff) × top elements × bytes"),
                             tr("2 × %1 × %2 B").arg(f.count(e.caffeTopNumel), f.count(act)),
                             tr("%1 per sample").arg(f.bytes(core::saturatingMul(2 * e.caffeTopNumel, act))));
    if (!caffe(e) && !e.recorded)
        rows << f.noteRow(tr("No input or weight of this layer needs a gradient: autograd records nothing here, so it "
                             "keeps nothing."),
                          true);
    for (const KeptTensorNote& n : e.kept) {
        const std::uint64_t elem = core::elemBytes(n.elem, act);
        QString what, substituted;
        if (n.ref == core::SavedTensor::Ref::Input) what = tr("input %1, %2").arg(n.index).arg(esc(n.shape.toString()));
        else if (n.ref == core::SavedTensor::Ref::Output) what = tr("output, %1").arg(esc(n.shape.toString()));
        else what = tr("a tensor of its own (%1)").arg(QString::fromLatin1(core::elemKindName(n.elem)));
        QString size;
        if (n.ref == core::SavedTensor::Ref::Persistent) {
            size = tr("no new memory");
        } else if (n.ref == core::SavedTensor::Ref::Extra) {
            substituted = tr("%1 × %2 B").arg(f.count(n.numelPerSample), f.count(elem));
            size = tr("%1 per sample").arg(f.bytes(e.bytesPerSample(n)));
            if (n.numelFixed) {
                substituted += QStringLiteral(" + ") + tr("%1 × %2 B fixed").arg(f.count(n.numelFixed), f.count(elem));
                size += QStringLiteral(" + ") + tr("%1 fixed").arg(f.bytes(e.bytesFixed(n)));
            }
        } else {
            substituted = tr("%1 × %2 B").arg(dims(n.shape, f), f.count(elem));
            size = tr("%1 per sample").arg(f.bytes(e.bytesPerSample(n)));
        }
        rows << f.formulaRow(QStringLiteral("<code>%1</code>").arg(esc(n.label)), what, substituted, size);
        rows << f.noteRow(why(n.why) + QStringLiteral(" ") + charge(n));
    }
    if (e.kept.empty() && e.recorded && !caffe(e))
        rows << f.noteRow(tr("Keeps nothing: its backward needs no tensor of the forward pass."), true);
    if (e.checkpointed)
        rows << f.noteRow(tr("Inside a checkpointed segment: these tensors are kept only while the segment is "
                             "recomputed in backward."),
                          true);
    const core::AffineBytes a = e[Component::Activations];
    const std::uint64_t b = e.config.batch;
    rows << f.formulaRow(tr("this layer's share"), tr("fixed + batch × per sample"),
                         tr("%1 + %2 × %3").arg(f.bytes(a.fixed), f.count(b), f.bytes(a.perSample)), f.bytes(a.at(b)));
    return f.card(title, rows);
}

QString ExplainLayerText::gradientsCard(const LayerMemoryExplanation& e, const ExplainFormat& f)
{
    const QString title = tr("Gradients");
    if (!training(e)) return {};
    if (e.learnableParams == 0) return f.card(title, {f.noteRow(tr("No learnable weights, no gradients."), true)});
    const core::Count p = optimizedParams(e);
    if (p == 0) return f.card(title, {f.noteRow(tr("Frozen: its weights get no gradient."), true)});
    return f.card(title, {f.formulaRow(tr("one per weight"), tr("learnable weights × bytes per gradient"),
                                       tr("%1 × %2 B").arg(f.count(p), f.count(e.precision.gradientBytes)),
                                       f.bytes(e[Component::Gradients].fixed))});
}

QString ExplainLayerText::optimizerCard(const LayerMemoryExplanation& e, const ExplainFormat& f)
{
    if (!training(e) || e.learnableParams == 0) return {};
    const QString title = tr("Optimizer state: %1").arg(QString::fromUtf8(e.optimizer.label));
    const std::uint64_t state = e[Component::OptimizerState].fixed;
    QStringList rows;
    const int perParam = caffe(e) ? e.optimizer.caffeHistoryPerParam : e.optimizer.statePerParam;
    const bool step = !caffe(e) && e.optimizer.stepTensor;
    const core::Count p = optimizedParams(e);
    if (caffe(e))
        rows << f.noteRow(tr("Caffe's solver keeps %n history blob(s) per weight, frozen ones included.", nullptr, perParam));
    else if (perParam == 0)
        rows << f.noteRow(tr("Plain SGD keeps no state: w ← w − η · g."));
    else if (e.optimizer.optimizer == core::Optimizer::SgdMomentum || e.optimizer.optimizer == core::Optimizer::Nesterov)
        rows << f.noteRow(tr("Momentum keeps one velocity per weight: 1 × the weights."));
    else if (e.optimizer.optimizer == core::Optimizer::Adam || e.optimizer.optimizer == core::Optimizer::AdamW)
        rows << f.noteRow(tr("Adam keeps two moments per weight, the mean m and the mean of squares v: 2 × the "
                             "weights, and a 4-byte step counter per tensor."));
    else
        rows << f.noteRow(tr("Keeps %n state tensor(s) per weight.", nullptr, perParam));
    if (p == 0 && state == 0) {
        rows << f.noteRow(tr("Frozen: no state."), true);
        return f.card(title, rows);
    }
    QString rule = tr("state tensors per weight × weights × bytes");
    QString substituted = tr("%1 × %2 × %3 B").arg(perParam).arg(f.count(p), f.count(e.precision.stateBytes));
    if (step) {
        rule += QStringLiteral(" + ") + tr("4 B × tensors");
        substituted += QStringLiteral(" + ") + tr("4 B × %1").arg(f.count(e.learnableTensors));
    }
    rows << f.formulaRow(tr("state"), rule, substituted, f.bytes(state));
    return f.card(title, rows);
}

QString ExplainLayerText::totalCard(const LayerMemoryExplanation& e, const ExplainFormat& f)
{
    const std::uint64_t b = e.config.batch;
    const auto at = [&](Component c) { return e[c].at(b); };
    const core::AffineBytes total = e.memory.total();
    return f.card(tr("This layer at batch %1").arg(f.count(b)),
                  {f.formulaRow(tr("total"), tr("weights + gradients + optimizer state + batch × kept per sample"),
                                tr("%1 + %2 + %3 + %4").arg(f.bytes(at(Component::Weights)), f.bytes(at(Component::Gradients)),
                                                            f.bytes(at(Component::OptimizerState)),
                                                            f.bytes(at(Component::Activations))),
                                f.bytes(total.at(b))),
                   f.noteRow(tr("Only the kept tensors grow with the batch; the rest is paid once."), true)});
}

QString ExplainLayerText::frameworkCard(const LayerMemoryExplanation& e, const ExplainFormat& f)
{
    QString text;
    switch (e.config.framework) {
    case core::Framework::PyTorch:
    case core::Framework::PyTorchCpu:
        text = tr("PyTorch's autograd keeps only what each backward formula needs, and each tensor once however many "
                  "layers keep it. “Activations × 2 for backward” is not its rule.");
        break;
    case core::Framework::Caffe:
        text = tr("Caffe keeps the data and the diff (its gradient) of every blob for the whole step: “activations × 2 "
                  "for backward” is literally Caffe's rule, not PyTorch's.");
        break;
    case core::Framework::TensorFlow:
        text = tr("TensorFlow's GradientTape keeps what the gradient functions of the layer's ops need, after "
                  "TensorFlow's own tables of what each gradient does not read.");
        break;
    }
    return f.card(tr("Rule of %1").arg(QString::fromUtf8(core::frameworkInfo(e.config.framework).label)),
                  {f.noteRow(text)});
}

QString ExplainLayerText::html(const LayerMemoryExplanation& e, const ExplainFormat& f)
{
    QString out = QStringLiteral("<h3>%1 <span style=\"color: %2; font-weight: normal;\">%3</span></h3>")
                      .arg(esc(e.name), f.mutedColor(), esc(e.kindName));
    for (const QString& card : {shapeCard(e, f), parametersCard(e, f), macsCard(e, f), keptCard(e, f), gradientsCard(e, f),
                                optimizerCard(e, f), totalCard(e, f), frameworkCard(e, f)})
        out += card;
    return out;
}

} // namespace netsizer::ui
