#pragma once
// The shape of one sample's tensor: the batch dimension is never stored (memory is affine in
// the batch, ARCHITECTURE.md). Layout is channels-first, as PyTorch: [C, H, W], [T, F], [S, E].

#include "core/util/Checked.h"

#include <array>
#include <cstdint>
#include <initializer_list>
#include <string>

namespace netsizer::core {

class Shape {
public:
    static constexpr int kMaxRank = 6;
    using Dim = std::int64_t;

    Shape() = default;
    Shape(std::initializer_list<Dim> dims);

    int rank() const { return m_rank; }
    Dim operator[](int i) const { return m_dims[static_cast<std::size_t>(i)]; }
    Dim& operator[](int i) { return m_dims[static_cast<std::size_t>(i)]; }
    Dim back() const { return m_dims[static_cast<std::size_t>(m_rank - 1)]; }

    // Appends a dimension; returns false when the rank would exceed kMaxRank.
    bool push(Dim d);

    // Product of the dimensions (1 for rank 0), checked: not ok() on overflow or when a
    // dimension is negative.
    CheckedCount numel() const;

    // True when every dimension is >= 1.
    bool allPositive() const;

    // "[3, 224, 224]"; "[]" for a scalar.
    std::string toString() const;

    bool operator==(const Shape& o) const;
    bool operator!=(const Shape& o) const { return !(*this == o); }

private:
    std::array<Dim, kMaxRank> m_dims{};
    int m_rank = 0;
};

} // namespace netsizer::core
