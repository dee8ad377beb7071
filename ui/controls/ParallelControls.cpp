#include "ui/controls/ParallelControls.h"

#include "core/parallel/ParallelConfig.h"
#include "ui/document/Document.h"
#include "ui/style/StatusColors.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>

#include <algorithm>

namespace netsizer::ui {

namespace {
QSpinBox* countBox(QWidget* parent, int maximum, const QString& tip)
{
    auto* box = new QSpinBox(parent);
    box->setRange(1, maximum);
    box->setKeyboardTracking(false);
    box->setAccelerated(true);
    box->setToolTip(tip);
    return box;
}
} // namespace

ParallelControls::ParallelControls(Document& doc, QWidget* parent) : QGroupBox(tr("GPUs"), parent), m_doc(doc)
{
    using core::ParallelStrategy;
    m_form = new QFormLayout(this);
    m_gpus = countBox(this, static_cast<int>(core::ParallelConfig::kMaxGpus),
                      tr("GPUs in all: tensor-parallel size × pipeline stages × context-parallel size × data-parallel "
                         "ranks. With more than one, "
                         "the figures are per GPU, for each distinct kind of rank."));
    m_form->addRow(tr("GP&Us:"), m_gpus);
    m_nodes = countBox(this, static_cast<int>(core::ParallelConfig::kMaxGpus),
                       tr("Machines the GPUs are spread over (must divide the GPUs). Changes the host memory each node "
                          "needs for CPU offload."));
    m_form->addRow(tr("&Nodes:"), m_nodes);

    m_strategy = new QComboBox(this);
    m_strategy->addItem(tr("None (one replica)"), static_cast<int>(ParallelStrategy::None));
    m_strategy->addItem(tr("DDP"), static_cast<int>(ParallelStrategy::Ddp));
    m_strategy->addItem(tr("ZeRO-1"), static_cast<int>(ParallelStrategy::Zero1));
    m_strategy->addItem(tr("ZeRO-2"), static_cast<int>(ParallelStrategy::Zero2));
    m_strategy->addItem(tr("ZeRO-3"), static_cast<int>(ParallelStrategy::Zero3));
    m_strategy->addItem(tr("FSDP"), static_cast<int>(ParallelStrategy::Fsdp));
    m_strategy->addItem(tr("FSDP2"), static_cast<int>(ParallelStrategy::Fsdp2));
    m_strategy->setToolTip(tr("How the data-parallel ranks hold the model states. DDP: a full replica on every GPU plus "
                              "all-reduce buckets as large as the gradients. ZeRO-1 shards the optimizer state, ZeRO-2 "
                              "also the gradients, ZeRO-3 / FSDP also the weights (one gathered layer at a time); FSDP2 "
                              "also keeps the next layer's weights (prefetch)."));
    m_form->addRow(tr("&Strategy:"), m_strategy);

    m_tensor = countBox(this, 1024,
                        tr("Megatron tensor parallel: each Linear, attention's heads and the vocabulary are split over "
                           "this many GPUs, which each hold that share of the weights and of most activations. Must "
                           "divide the GPUs and every attention layer's heads."));
    m_form->addRow(tr("&Tensor parallel:"), m_tensor);
    m_sequence = new QCheckBox(tr("Se&quence parallel"), this);
    m_sequence->setToolTip(tr("Also split the activations outside the tensor-parallel region (norms, dropout) along the "
                              "sequence (Korthikanti et al. 2022). Needs tensor parallel above 1."));
    m_form->addRow(QString(), m_sequence);
    m_context = countBox(this, 1024,
                         tr("Context parallel (ring attention): each of this many GPUs holds 1/C of every sequence's tokens, "
                            "so every activation is split C ways; keys and values pass round the ring (the whole "
                            "sequence's, for one attention layer at a time). Weights are replicated; the model states "
                            "shard over data × context ranks. The sequence length must divide by 2 × C."));
    m_form->addRow(tr("&Context parallel:"), m_context);
    m_pipeline = countBox(this, 1024,
                          tr("Pipeline stages: the layers are cut into this many consecutive stages, balanced by memory, "
                             "each on its own GPUs. The first stage holds the most micro-batches in flight."));
    m_form->addRow(tr("&Pipeline stages:"), m_pipeline);
    m_microbatches = countBox(this, static_cast<int>(core::ParallelConfig::kMaxMicrobatches),
                              tr("Micro-batches per optimizer step and data-parallel rank: each GPU runs batch ÷ "
                                 "(data-parallel ranks × micro-batches) samples per pass; gradients accumulate."));
    m_form->addRow(tr("&Micro-batches:"), m_microbatches);
    m_schedule = new QComboBox(this);
    m_schedule->addItem(tr("1F1B"), static_cast<int>(core::PipelineSchedule::OneFOneB));
    m_schedule->addItem(tr("GPipe"), static_cast<int>(core::PipelineSchedule::GPipe));
    m_schedule->addItem(tr("Interleaved 1F1B"), static_cast<int>(core::PipelineSchedule::Interleaved));
    m_schedule->setToolTip(tr("Pipeline schedule. GPipe runs every forward first: each stage holds the activations of "
                              "all micro-batches. 1F1B starts one backward as soon as it can: stage s holds at most "
                              "stages − s of them. Interleaved 1F1B (Megatron's virtual pipeline) gives each stage "
                              "several model chunks: a smaller bubble, more chunks in flight."));
    m_form->addRow(tr("Sc&hedule:"), m_schedule);
    m_virtualStages = countBox(this, 1024,
                               tr("Model chunks per pipeline stage (Megatron's virtual pipeline stages, interleaved "
                                  "schedule only, at least 2): the layers are cut into stages × chunks pieces and stage "
                                  "s runs pieces s, s + stages, …"));
    m_form->addRow(tr("Model c&hunks per stage:"), m_virtualStages);
    m_offload = new QComboBox(this);
    m_offload->addItem(tr("None"), static_cast<int>(core::Offload::None));
    m_offload->addItem(tr("Optimizer state"), static_cast<int>(core::Offload::Optimizer));
    m_offload->addItem(tr("Parameters"), static_cast<int>(core::Offload::Params));
    m_offload->addItem(tr("Both"), static_cast<int>(core::Offload::Both));
    m_offload->setToolTip(tr("CPU offload (ZeRO / FSDP): the optimizer state (and the gradient shard it reads) and/or "
                             "the weight shard move to host memory; the GPU no longer holds them. Parameters need "
                             "ZeRO-3, FSDP or FSDP2."));
    m_form->addRow(tr("&Offload:"), m_offload);
    m_problem = new QLabel(this);
    m_problem->setWordWrap(true);
    m_problem->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_problem->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_form->addRow(m_problem);
    for (QComboBox* box : {m_strategy, m_schedule, m_offload}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(8);
        connect(box, &QComboBox::currentIndexChanged, this, &ParallelControls::pushFromWidgets);
    }
    for (QSpinBox* box : {m_gpus, m_nodes, m_tensor, m_context, m_pipeline, m_microbatches, m_virtualStages})
        connect(box, &QSpinBox::valueChanged, this, &ParallelControls::pushFromWidgets);
    connect(m_sequence, &QCheckBox::toggled, this, &ParallelControls::pushFromWidgets);
    connect(&doc, &Document::changed, this, [this](const ChangeEvent& e) {
        if (e.what.testAnyFlags(Change::Config | Change::Batch | Change::Reset)) syncFromDocument();
        if (!e.changesMemory() || m_problemQueued) return;
        m_problemQueued = true; // one update per turn, after the turn's edits (a slider drag)
        QMetaObject::invokeMethod(this, &ParallelControls::updateProblem, Qt::QueuedConnection);
    });
    syncFromDocument();
    updateProblem();
}

QString ParallelControls::problem() const { return m_problem->toolTip(); }

void ParallelControls::pushFromWidgets()
{
    core::TrainingConfig c = m_doc.config();
    core::ParallelConfig& p = c.parallel;
    p.gpus = static_cast<std::uint32_t>(m_gpus->value());
    p.nodes = static_cast<std::uint32_t>(m_nodes->value());
    p.strategy = static_cast<core::ParallelStrategy>(m_strategy->currentData().toInt());
    p.tensorParallel = static_cast<std::uint32_t>(m_tensor->value());
    p.pipelineParallel = static_cast<std::uint32_t>(m_pipeline->value());
    p.sequenceParallel = m_sequence->isChecked();
    p.microbatches = static_cast<std::uint32_t>(m_microbatches->value());
    p.contextParallel = static_cast<std::uint32_t>(m_context->value());
    p.schedule = static_cast<core::PipelineSchedule>(m_schedule->currentData().toInt());
    // The interleaved schedule needs two chunks at least; the others have one.
    p.virtualStages = p.schedule == core::PipelineSchedule::Interleaved
                          ? std::max<std::uint32_t>(2, static_cast<std::uint32_t>(m_virtualStages->value()))
                          : 1;
    p.offload = static_cast<core::Offload>(m_offload->currentData().toInt());
    m_doc.setConfig(c);
}

void ParallelControls::syncFromDocument()
{
    const core::ParallelConfig& p = m_doc.config().parallel;
    const auto setSpin = [](QSpinBox* box, std::uint32_t v) {
        const QSignalBlocker block(box);
        box->setValue(static_cast<int>(v));
    };
    const auto select = [](QComboBox* box, int value) {
        const QSignalBlocker block(box);
        box->setCurrentIndex(std::max(0, box->findData(value)));
    };
    setSpin(m_gpus, p.gpus);
    setSpin(m_nodes, p.nodes);
    setSpin(m_tensor, p.tensorParallel);
    setSpin(m_pipeline, p.pipelineParallel);
    setSpin(m_microbatches, p.microbatches);
    setSpin(m_context, p.contextParallel);
    setSpin(m_virtualStages, p.virtualStages);
    {
        const QSignalBlocker block(m_sequence);
        m_sequence->setChecked(p.sequenceParallel);
    }
    select(m_strategy, static_cast<int>(p.strategy));
    select(m_schedule, static_cast<int>(p.schedule));
    select(m_offload, static_cast<int>(p.offload));
    // One GPU with nothing else set: only the count shows, the group stays small.
    const bool many = p.active();
    for (QWidget* w : std::initializer_list<QWidget*>{m_nodes, m_strategy, m_tensor, m_sequence, m_context, m_pipeline,
                                                      m_microbatches, m_schedule, m_virtualStages, m_offload})
        m_form->setRowVisible(w, many);
    m_schedule->setEnabled(p.pipelineParallel > 1 || p.schedule != core::PipelineSchedule::OneFOneB);
    m_form->setRowVisible(m_virtualStages, many && p.schedule == core::PipelineSchedule::Interleaved);
    m_sequence->setEnabled(p.tensorParallel > 1 || p.sequenceParallel);
}

void ParallelControls::updateProblem()
{
    m_problemQueued = false;
    const auto* estimate = m_doc.parallelEstimate();
    QString text;
    if (estimate && !estimate->ok()) {
        const core::Error& e = estimate->error();
        text = tr("Cannot estimate these settings: %1.").arg(QString::fromStdString(e.message));
    }
    m_problem->setToolTip(text);
    m_problem->setText(text.isEmpty() ? QString()
                                      : QStringLiteral("<span style='color:%1'>%2</span>")
                                            .arg(StatusColors::warning(palette()).name(), text.toHtmlEscaped()));
    m_form->setRowVisible(m_problem, !text.isEmpty());
}

} // namespace netsizer::ui
