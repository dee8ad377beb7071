#include "core/graph/Shape.h"

namespace netsizer::core {

Shape::Shape(std::initializer_list<Dim> dims)
{
    for (Dim d : dims)
        push(d);
}

bool Shape::push(Dim d)
{
    if (m_rank >= kMaxRank)
        return false;
    m_dims[static_cast<std::size_t>(m_rank++)] = d;
    return true;
}

CheckedCount Shape::numel() const
{
    CheckedCount n{1};
    for (int i = 0; i < m_rank; ++i) {
        if (m_dims[static_cast<std::size_t>(i)] < 0) {
            CheckedCount bad{~Count{0}};
            bad *= 2; // force the overflowed state
            return bad;
        }
        n *= static_cast<Count>(m_dims[static_cast<std::size_t>(i)]);
    }
    return n;
}

bool Shape::allPositive() const
{
    for (int i = 0; i < m_rank; ++i)
        if (m_dims[static_cast<std::size_t>(i)] < 1)
            return false;
    return true;
}

std::string Shape::toString() const
{
    std::string s = "[";
    for (int i = 0; i < m_rank; ++i) {
        if (i) s += ", ";
        s += std::to_string(m_dims[static_cast<std::size_t>(i)]);
    }
    return s + "]";
}

bool Shape::operator==(const Shape& o) const
{
    if (m_rank != o.m_rank) return false;
    for (int i = 0; i < m_rank; ++i)
        if (m_dims[static_cast<std::size_t>(i)] != o.m_dims[static_cast<std::size_t>(i)]) return false;
    return true;
}

} // namespace netsizer::core
