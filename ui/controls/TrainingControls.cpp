#include "ui/controls/TrainingControls.h"

#include "core/estimate/Framework.h"
#include "core/estimate/GpuCatalog.h"
#include "core/estimate/Optimizer.h"
#include "core/estimate/Precision.h"
#include "core/estimate/PrecisionSupport.h"
#include "core/util/NumberFormat.h"
#include "ui/controls/BatchSlider.h"
#include "ui/controls/LoraControls.h"
#include "ui/controls/OverheadSettingsEditor.h"
#include "ui/controls/ParallelControls.h"
#include "ui/controls/SequenceLengthControl.h"
#include "ui/document/Document.h"
#include "ui/style/StatusColors.h"

#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QVBoxLayout>

#include <array>
#include <cmath>
#include <tuple>

namespace netsizer::ui {

namespace {
constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
// Item data of the GPU combo: -1 none, -2 custom, otherwise the preset's index.
constexpr int kNoGpu = -1;
constexpr int kCustomGpu = -2;
} // namespace

TrainingControls::TrainingControls(Document& doc, QWidget* parent) : QWidget(parent), m_doc(doc)
{
    auto* form = new QFormLayout(this);
    m_batch = new BatchSlider(this);
    form->addRow(tr("&Batch size:"), m_batch);
    m_sequenceLength = new SequenceLengthControl(doc, this);
    form->addRow(tr("Se&quence length:"), m_sequenceLength);
    form->setRowVisible(m_sequenceLength, m_sequenceLength->available());
    connect(m_sequenceLength, &SequenceLengthControl::availableChanged, this, [form, this](bool on) { form->setRowVisible(m_sequenceLength, on); });

    m_accumulation = new QSpinBox(this);
    m_accumulation->setRange(1, static_cast<int>(core::TrainingConfig::kMaxAccumulationSteps));
    m_accumulation->setKeyboardTracking(false);
    m_accumulation->setAccelerated(true);
    m_accumulation->setToolTip(tr("Gradient accumulation: this many micro-batches of the batch size above run forward and "
                                  "backward, their gradients adding up, before one optimizer step (PyTorch: several "
                                  "backward() calls per step(); Caffe: iter_size). The effective batch is batch × steps; "
                                  "memory is that of one micro-batch plus the gradient buffer kept between them."));
    form->addRow(tr("&Accumulation steps:"), m_accumulation);

    m_mode = new QComboBox(this);
    m_mode->addItem(tr("Training"), static_cast<int>(core::Mode::Train));
    m_mode->addItem(tr("Inference"), static_cast<int>(core::Mode::Inference));
    form->addRow(tr("&Mode:"), m_mode);

    m_optimizer = new QComboBox(this);
    for (const auto& o : core::allOptimizers()) m_optimizer->addItem(QString::fromUtf8(o.label), static_cast<int>(o.optimizer));
    form->addRow(tr("&Optimizer:"), m_optimizer);

    m_precision = new QComboBox(this);
    for (const auto& p : core::allPrecisions()) m_precision->addItem(QString::fromUtf8(p.label), static_cast<int>(p.precision));
    form->addRow(tr("&Precision:"), m_precision);
    m_precisionWarning = new QLabel(this);
    m_precisionWarning->setWordWrap(true);
    m_precisionWarning->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_precisionWarning->setVisible(false);
    form->addRow(QString(), m_precisionWarning);

    m_framework = new QComboBox(this);
    for (const auto& f : core::allFrameworks()) m_framework->addItem(QString::fromUtf8(f.label), static_cast<int>(f.framework));
    form->addRow(tr("&Framework:"), m_framework);

    m_loss = new QComboBox(this);
    m_loss->addItem(tr("None (not counted)"), static_cast<int>(core::LossKind::None));
    m_loss->addItem(tr("Cross-entropy"), static_cast<int>(core::LossKind::CrossEntropy));
    m_loss->addItem(tr("Chunked cross-entropy"), static_cast<int>(core::LossKind::ChunkedCrossEntropy));
    m_loss->addItem(tr("Fused linear cross-entropy (Liger)"), static_cast<int>(core::LossKind::FusedLinearCrossEntropy));
    m_loss->setToolTip(tr("What the loss keeps until its backward. Cross-entropy keeps log_softmax's float32 result "
                          "(the size of the output) and the int64 targets; chunked cross-entropy one 32-row chunk of "
                          "it and the targets; Liger-Kernel's fused linear cross-entropy never writes the logits and "
                          "keeps the gradients of the last layer's input and weight instead."));
    form->addRow(tr("&Loss:"), m_loss);

    m_gpu = new QComboBox(this);
    m_gpu->addItem(tr("None"), kNoGpu);
    const auto& gpus = core::GpuCatalog::builtin().gpus();
    for (std::size_t i = 0; i < gpus.size(); ++i)
        m_gpu->addItem(QStringLiteral("%1 (%2)").arg(QString::fromStdString(gpus[i].name),
                                                     QString::fromStdString(core::formatBytes(static_cast<double>(gpus[i].memoryBytes)))),
                       static_cast<int>(i));
    m_gpu->addItem(tr("Custom memory…"), kCustomGpu);
    m_gpu->setMaxVisibleItems(25);
    form->addRow(tr("&GPU:"), m_gpu);

    m_customGiB = new QDoubleSpinBox(this);
    m_customGiB->setRange(0.25, 4096);
    m_customGiB->setDecimals(2);
    m_customGiB->setSuffix(QStringLiteral(" GiB"));
    m_customGiB->setKeyboardTracking(false);
    m_customGiB->setValue(16);
    form->addRow(tr("&Custom memory:"), m_customGiB);

    auto* overheads = new QPushButton(tr("Memory &overheads…"), this);
    overheads->setToolTip(tr("CUDA context, convolution workspace cap, allocator rounding, fragmentation reserve"));
    connect(overheads, &QPushButton::clicked, this, &TrainingControls::showOverheadSettings);
    form->addRow(QString(), overheads);
    m_parallel = new ParallelControls(doc, this);
    form->addRow(m_parallel);
    form->addRow(new LoraControls(m_doc, this));

    // What each control changes, in its tooltip; names lessons point at (docs/lessons.md), and
    // accessible names for screen readers (the form's labels without their mnemonics).
    m_mode->setToolTip(tr("Training keeps activations for backward, gradients and optimizer state; inference runs the "
                          "forward pass only and frees each activation once no layer needs it"));
    m_optimizer->setToolTip(tr("The optimizer's state per trainable weight: none for SGD, one copy for momentum, two "
                               "(first and second moments) for Adam and AdamW"));
    m_precision->setToolTip(tr("Bytes per number of the weights, gradients, optimizer state and activations (mixed "
                               "precision keeps fp32 master weights beside half-precision activations)"));
    m_framework->setToolTip(tr("Whose rules decide what is kept for backward: PyTorch's autograd keeps what each backward "
                               "needs, TensorFlow's tape what its gradients need, Caffe data + diff of every blob"));
    m_gpu->setToolTip(tr("The GPU whose memory the peak is compared with: the verdict and the largest batch that fits"));
    m_customGiB->setToolTip(tr("Memory of a GPU not in the list (choose Custom memory… above)"));
    const std::array<std::tuple<QWidget*, const char*, QString>, 8> named = {{
        {m_batch, "BatchControl", tr("Batch size")},
        {m_accumulation, "AccumulationControl", tr("Accumulation steps")},
        {m_mode, "ModeControl", tr("Mode")},
        {m_optimizer, "OptimizerControl", tr("Optimizer")},
        {m_precision, "PrecisionControl", tr("Precision")},
        {m_framework, "FrameworkControl", tr("Framework")},
        {m_gpu, "GpuControl", tr("GPU")},
        {m_customGiB, "CustomMemoryControl", tr("Custom GPU memory")},
    }};
    for (const auto& [widget, name, accessible] : named) {
        widget->setObjectName(QString::fromLatin1(name));
        widget->setAccessibleName(accessible);
    }
    overheads->setObjectName(QStringLiteral("OverheadsButton"));

    // Long entries ("Tesla P100 16GB (16 GiB)") elide in a narrow dock instead of widening it.
    for (QComboBox* box : {m_mode, m_optimizer, m_precision, m_framework, m_gpu, m_loss}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(10);
    }
    connect(m_batch, &BatchSlider::batchEdited, this,
            [this](std::uint64_t b, bool continuation) { m_doc.setBatch(b, continuation); });
    for (QComboBox* box : {m_mode, m_optimizer, m_precision, m_framework, m_gpu, m_loss})
        connect(box, &QComboBox::currentIndexChanged, this, [this] { pushConfigFromWidgets(false); });
    connect(m_customGiB, &QDoubleSpinBox::valueChanged, this, [this] { pushConfigFromWidgets(false); });
    connect(m_accumulation, &QSpinBox::valueChanged, this, [this] { pushConfigFromWidgets(false); });
    connect(&doc, &Document::changed, this, [this](const ChangeEvent& e) {
        if (e.what.testAnyFlags(Change::Config | Change::Batch | Change::Reset)) syncFromDocument();
    });
    syncFromDocument();
}

void TrainingControls::showOverheadSettings()
{
    if (!m_overheads) {
        m_overheads = new QDialog(this);
        m_overheads->setWindowTitle(tr("Memory overheads"));
        auto* layout = new QVBoxLayout(m_overheads);
        layout->addWidget(new OverheadSettingsEditor(m_doc, m_overheads));
        auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, m_overheads);
        connect(buttons, &QDialogButtonBox::rejected, m_overheads, &QDialog::hide);
        layout->addWidget(buttons);
    }
    m_overheads->show();
    m_overheads->raise();
    m_overheads->activateWindow();
}

void TrainingControls::pushConfigFromWidgets(bool continuation)
{
    core::TrainingConfig c = m_doc.config();
    c.accumulationSteps = static_cast<std::uint32_t>(m_accumulation->value());
    c.mode = static_cast<core::Mode>(m_mode->currentData().toInt());
    c.optimizer = static_cast<core::Optimizer>(m_optimizer->currentData().toInt());
    c.precision = static_cast<core::Precision>(m_precision->currentData().toInt());
    c.framework = static_cast<core::Framework>(m_framework->currentData().toInt());
    c.loss = static_cast<core::LossKind>(m_loss->currentData().toInt());
    const int g = m_gpu->currentData().toInt();
    if (g == kNoGpu) {
        c.gpu.reset();
    } else if (g == kCustomGpu) {
        core::GpuSpec spec;
        spec.name = "custom";
        spec.memoryBytes = static_cast<std::uint64_t>(std::llround(m_customGiB->value() * kGiB));
        spec.contextBytes = core::GpuCatalog::builtin().defaultContextBytes();
        c.gpu = spec;
    } else {
        c.gpu = core::GpuCatalog::builtin().gpus()[static_cast<std::size_t>(g)];
    }
    m_doc.setConfig(c, continuation);
}

void TrainingControls::syncFromDocument()
{
    const core::TrainingConfig& c = m_doc.config();
    m_batch->setBatch(c.batch);
    {
        const QSignalBlocker block(m_accumulation);
        m_accumulation->setValue(static_cast<int>(c.accumulationSteps));
    }
    const auto select = [](QComboBox* box, int value) {
        const QSignalBlocker block(box);
        box->setCurrentIndex(std::max(0, box->findData(value)));
    };
    select(m_mode, static_cast<int>(c.mode));
    select(m_optimizer, static_cast<int>(c.optimizer));
    select(m_precision, static_cast<int>(c.precision));
    select(m_framework, static_cast<int>(c.framework));
    select(m_loss, static_cast<int>(c.loss));
    int gpuData = kNoGpu;
    if (c.gpu) {
        gpuData = kCustomGpu;
        const auto& gpus = core::GpuCatalog::builtin().gpus();
        for (std::size_t i = 0; i < gpus.size(); ++i)
            if (gpus[i].name == c.gpu->name && gpus[i].memoryBytes == c.gpu->memoryBytes &&
                gpus[i].contextBytes == c.gpu->contextBytes)
                gpuData = static_cast<int>(i);
        if (gpuData == kCustomGpu) {
            const QSignalBlocker block(m_customGiB);
            m_customGiB->setValue(static_cast<double>(c.gpu->memoryBytes) / kGiB);
        }
    }
    select(m_gpu, gpuData);
    m_customGiB->setEnabled(gpuData == kCustomGpu);
    updatePrecisionAvailability();
}

void TrainingControls::updatePrecisionAvailability()
{
    const core::TrainingConfig& c = m_doc.config();
    auto* model = qobject_cast<QStandardItemModel*>(m_precision->model());
    for (int i = 0; i < m_precision->count(); ++i) {
        const auto p = static_cast<core::Precision>(m_precision->itemData(i).toInt());
        const QString reason = QString::fromStdString(core::precisionUnavailableReason(p, c.framework, c.gpu));
        if (QStandardItem* item = model ? model->item(i) : nullptr) {
            // The selected one stays enabled so the box can show it; the warning explains it.
            item->setEnabled(reason.isEmpty() || p == c.precision);
            item->setToolTip(reason);
        }
    }
    const QString current = QString::fromStdString(core::precisionUnavailableReason(c.precision, c.framework, c.gpu));
    if (current.isEmpty()) {
        m_precisionWarning->setVisible(false);
        m_precisionWarning->clear();
        return;
    }
    m_precisionWarning->setText(QStringLiteral("<span style='color:%1'>%2</span>")
                                    .arg(StatusColors::warning(palette()).name(),
                                         tr("%1 is not available: %2. The figures assume it anyway.")
                                             .arg(QString::fromUtf8(core::precisionInfo(c.precision).label), current)
                                             .toHtmlEscaped()));
    m_precisionWarning->setVisible(true);
}

} // namespace netsizer::ui
