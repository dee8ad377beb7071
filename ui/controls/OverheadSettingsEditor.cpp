#include "ui/controls/OverheadSettingsEditor.h"

#include "core/estimate/GpuCatalog.h"
#include "ui/document/Document.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QSignalBlocker>
#include <QSpinBox>

#include <cmath>

namespace netsizer::ui {

namespace {
constexpr std::uint64_t kMiB = 1ull << 20;

int toMiB(std::uint64_t bytes) { return static_cast<int>(std::llround(static_cast<double>(bytes) / kMiB)); }

// A check box and a spin box on one form row.
QWidget* pair(QWidget* parent, QCheckBox* check, QWidget* spin)
{
    auto* w = new QWidget(parent);
    auto* row = new QHBoxLayout(w);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(check);
    row->addWidget(spin, 1);
    return w;
}
} // namespace

OverheadSettingsEditor::OverheadSettingsEditor(Document& doc, QWidget* parent)
    : QGroupBox(tr("Memory overheads"), parent), m_doc(doc)
{
    using core::OverheadSettings;
    auto* form = new QFormLayout(this);

    m_contextOverride = new QCheckBox(tr("Override"), this);
    m_contextMiB = new QSpinBox(this);
    m_contextMiB->setRange(0, 65536);
    m_contextMiB->setSuffix(tr(" MiB"));
    m_contextMiB->setKeyboardTracking(false);
    const QString contextTip =
        tr("CUDA context: the memory the driver, the framework's kernels and cuBLAS/cuDNN handles take before the "
           "first tensor.\nDefault: the selected GPU preset's value (resources/gpus.json, measured per GPU "
           "generation), or %1 MiB without a preset. The error band spans ±25% of it.")
            .arg(toMiB(core::GpuCatalog::builtin().defaultContextBytes()));
    m_contextOverride->setToolTip(contextTip);
    m_contextMiB->setToolTip(contextTip);
    form->addRow(tr("CUDA conte&xt:"), pair(this, m_contextOverride, m_contextMiB));

    m_workspaceCapped = new QCheckBox(tr("Cap"), this);
    m_workspaceMiB = new QSpinBox(this);
    m_workspaceMiB->setRange(0, 65536);
    m_workspaceMiB->setSuffix(tr(" MiB"));
    m_workspaceMiB->setKeyboardTracking(false);
    const QString workspaceTip =
        tr("Convolution workspace: the scratch the largest convolution may take at once.\nDefault: no cap — PyTorch "
           "lets cuDNN pick within free memory, so the line is 0 in the estimate and 0 .. %1 MiB in the band (4 × "
           "Caffe's %2 MiB workspace_limit_bytes, src/caffe/layers/cudnn_conv_layer.cpp).\nA cap enters the "
           "estimate at its value.")
            .arg(toMiB(4 * OverheadSettings::kDefaultConvWorkspaceCap))
            .arg(toMiB(OverheadSettings::kDefaultConvWorkspaceCap));
    m_workspaceCapped->setToolTip(workspaceTip);
    m_workspaceMiB->setToolTip(workspaceTip);
    form->addRow(tr("Conv &workspace:"), pair(this, m_workspaceCapped, m_workspaceMiB));

    m_allocator = new QCheckBox(tr("Include in the estimate"), this);
    m_allocator->setToolTip(
        tr("Allocator rounding: PyTorch's caching allocator rounds every block to 512 B and carves tensors from "
           "2 MiB / 20 MiB segments (c10/cuda/CUDACachingAllocator.cpp).\nDefault: off — it only widens the top of "
           "the band (512 B per tensor + 22 MiB). On: 256 B per tensor + 11 MiB enter the estimate."));
    form->addRow(tr("&Allocator rounding:"), m_allocator);

    m_fragmentation = new QDoubleSpinBox(this);
    m_fragmentation->setRange(0, 50);
    m_fragmentation->setDecimals(1);
    m_fragmentation->setSingleStep(1);
    m_fragmentation->setSuffix(QStringLiteral(" %"));
    m_fragmentation->setSpecialValueText(tr("none (band to %1 %)").arg(OverheadSettings::kFragmentationHigh * 100, 0, 'f', 0));
    m_fragmentation->setKeyboardTracking(false);
    m_fragmentation->setToolTip(
        tr("Fragmentation reserve, in percent of the tensors' bytes: memory the caching allocator holds but cannot "
           "reuse.\nDefault: 0 in the estimate, up to %1 % in the band (reserved − allocated after warm-up is "
           "typically a few percent to ~10% in torch.cuda.memory_summary(); a judgement, no published constant).")
            .arg(OverheadSettings::kFragmentationHigh * 100, 0, 'f', 0));
    form->addRow(tr("&Fragmentation:"), m_fragmentation);

    connect(m_contextOverride, &QCheckBox::toggled, this, [this] { pushFromWidgets(); });
    connect(m_workspaceCapped, &QCheckBox::toggled, this, [this] { pushFromWidgets(); });
    connect(m_allocator, &QCheckBox::toggled, this, [this] { pushFromWidgets(); });
    connect(m_contextMiB, &QSpinBox::valueChanged, this, [this] { pushFromWidgets(); });
    connect(m_workspaceMiB, &QSpinBox::valueChanged, this, [this] { pushFromWidgets(); });
    connect(m_fragmentation, &QDoubleSpinBox::valueChanged, this, [this] { pushFromWidgets(); });
    connect(&doc, &Document::changed, this, [this](const ChangeEvent& e) {
        if (e.what.testAnyFlags(Change::Config | Change::Reset)) syncFromDocument();
    });
    syncFromDocument();
}

std::uint64_t OverheadSettingsEditor::defaultContextBytes() const
{
    const auto& gpu = m_doc.config().gpu;
    return gpu ? gpu->contextBytes : core::GpuCatalog::builtin().defaultContextBytes();
}

void OverheadSettingsEditor::pushFromWidgets()
{
    core::TrainingConfig c = m_doc.config();
    core::OverheadSettings& o = c.overheads;
    // Only a changed control changes its setting: a value the spin box rounds to MiB stays
    // exact in the document until the user edits that control.
    const bool contextOn = m_contextOverride->isChecked();
    if (!contextOn) o.contextBytes.reset();
    else if (!o.contextBytes || toMiB(*o.contextBytes) != m_contextMiB->value())
        o.contextBytes = static_cast<std::uint64_t>(m_contextMiB->value()) * kMiB;
    const bool capOn = m_workspaceCapped->isChecked();
    if (!capOn) o.convWorkspaceCapBytes.reset();
    else if (!o.convWorkspaceCapBytes || toMiB(*o.convWorkspaceCapBytes) != m_workspaceMiB->value())
        o.convWorkspaceCapBytes = static_cast<std::uint64_t>(m_workspaceMiB->value()) * kMiB;
    if (m_allocator->isChecked()) o.allocatorRounding = true;
    else o.allocatorRounding.reset();
    const double pct = m_fragmentation->value();
    if (pct <= 0) o.fragmentationFraction.reset();
    else if (!o.fragmentationFraction || std::abs(*o.fragmentationFraction * 100 - pct) > 0.05)
        o.fragmentationFraction = pct / 100.0;
    m_doc.setConfig(c);
}

void OverheadSettingsEditor::syncFromDocument()
{
    const core::OverheadSettings& o = m_doc.config().overheads;
    const QSignalBlocker b1(m_contextOverride), b2(m_contextMiB), b3(m_workspaceCapped), b4(m_workspaceMiB),
        b5(m_allocator), b6(m_fragmentation);
    m_contextOverride->setChecked(o.contextBytes.has_value());
    m_contextMiB->setValue(toMiB(o.contextBytes.value_or(defaultContextBytes())));
    m_contextMiB->setEnabled(o.contextBytes.has_value());
    m_workspaceCapped->setChecked(o.convWorkspaceCapBytes.has_value());
    m_workspaceMiB->setValue(toMiB(o.convWorkspaceCapBytes.value_or(core::OverheadSettings::kDefaultConvWorkspaceCap)));
    m_workspaceMiB->setEnabled(o.convWorkspaceCapBytes.has_value());
    m_allocator->setChecked(o.allocatorRounding.value_or(false));
    m_fragmentation->setValue(o.fragmentationFraction.value_or(0.0) * 100.0);
}

} // namespace netsizer::ui
