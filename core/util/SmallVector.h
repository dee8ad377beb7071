#pragma once
// A vector that keeps its first N elements inline and moves to the heap only beyond that.
// Layer kinds fill a few outputs, parameters and saved tensors per layer on every analysis;
// inline storage makes that allocation-free (ARCHITECTURE.md: analysis of 1,000 layers in
// < 200 µs). Elements are contiguous, so begin()/end() are plain pointers.
// T must be default-constructible and copyable.

#include <array>
#include <cassert>
#include <cstddef>
#include <initializer_list>
#include <vector>

namespace netsizer::core {

template <class T, std::size_t N>
class SmallVector {
public:
    SmallVector() = default;
    SmallVector(std::initializer_list<T> init)
    {
        for (const T& v : init) push_back(v);
    }

    void push_back(const T& v)
    {
        if (m_heap.empty() && m_size < N) {
            m_inline[m_size++] = v;
            return;
        }
        if (m_heap.empty()) m_heap.assign(m_inline.begin(), m_inline.begin() + static_cast<std::ptrdiff_t>(m_size));
        m_heap.push_back(v);
        ++m_size;
    }
    template <class... Args>
    T& emplace_back(Args&&... args)
    {
        push_back(T{std::forward<Args>(args)...});
        return back();
    }

    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    void clear()
    {
        m_heap.clear();
        m_size = 0;
    }

    T* data() { return m_heap.empty() ? m_inline.data() : m_heap.data(); }
    const T* data() const { return m_heap.empty() ? m_inline.data() : m_heap.data(); }
    T* begin() { return data(); }
    T* end() { return data() + m_size; }
    const T* begin() const { return data(); }
    const T* end() const { return data() + m_size; }

    T& operator[](std::size_t i) { assert(i < m_size); return data()[i]; }
    const T& operator[](std::size_t i) const { assert(i < m_size); return data()[i]; }
    T& at(std::size_t i) { assert(i < m_size); return data()[i]; }
    const T& at(std::size_t i) const { assert(i < m_size); return data()[i]; }
    T& front() { return (*this)[0]; }
    const T& front() const { return (*this)[0]; }
    T& back() { return (*this)[m_size - 1]; }
    const T& back() const { return (*this)[m_size - 1]; }

private:
    std::array<T, N> m_inline{};
    std::vector<T> m_heap; // holds every element once the inline capacity is exceeded
    std::size_t m_size = 0;
};

} // namespace netsizer::core
