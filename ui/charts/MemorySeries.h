#pragma once
// The entries a memory chart stacks and its legend lists (each overhead is a
// separate line in the breakdown and the charts): every component in ComponentStyle's order,
// except that Workspace and Overhead are split into the breakdown's overhead lines (CUDA
// context, convolution workspace, allocator rounding, fragmentation reserve), each its own
// entry, plus whatever of the component no line accounts for (Caffe's column buffers).
// Entries that are zero at every batch are left out.

#include "core/estimate/MemoryBreakdown.h"

#include <QColor>
#include <QString>

#include <array>
#include <string>
#include <vector>

namespace netsizer::ui {

struct MemorySeries {
    QString label;
    QColor color;
    core::Component component = core::Component::Weights; // the component it is part of
    std::string overheadLine; // the core::OverheadLine::name, empty for a component's own share

    // This entry's bytes within `components` (one timeline event's or the whole breakdown's),
    // affine in the batch. Overhead lines are constant over the step (always alive).
    core::AffineBytes bytes(const std::array<core::AffineBytes, core::kComponentCount>& components,
                            const core::MemoryBreakdown& breakdown) const;
};

// The entries for `breakdown`, bottom of the stack first.
std::vector<MemorySeries> memorySeries(const core::MemoryBreakdown& breakdown);

} // namespace netsizer::ui
