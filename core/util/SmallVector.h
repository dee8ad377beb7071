#pragma once
// A vector that keeps its first N elements inline and moves to the heap only beyond that.
// Layer kinds fill a few outputs, parameters and saved tensors per layer on every analysis;
// inline storage makes that allocation-free (ARCHITECTURE.md: analysis of 1,000 layers in
// < 200 µs). Elements are contiguous, so begin()/end() are plain pointers.
//
// The inline slots are raw storage: an empty SmallVector costs no element constructions, and
// copying or moving one copies only its `size()` elements (a KindResult holds five of these,
// mostly empty or nearly so, and is moved once per layer per analysis). Hence T must be
// trivially copyable and trivially destructible (the analyser's value types are).

#include <cassert>
#include <cstddef>
#include <cstring>
#include <initializer_list>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

namespace netsizer::core {

template <class T, std::size_t N>
class SmallVector {
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>,
                  "SmallVector copies its inline elements as bytes");

public:
    SmallVector() = default;
    SmallVector(std::initializer_list<T> init)
    {
        for (const T& v : init) push_back(v);
    }
    SmallVector(const SmallVector& o) : m_heap(o.m_heap), m_size(o.m_size) { copyInline(o); }
    SmallVector(SmallVector&& o) noexcept : m_heap(std::move(o.m_heap)), m_size(o.m_size)
    {
        copyInline(o);
        o.m_size = 0;
    }
    SmallVector& operator=(const SmallVector& o)
    {
        if (this != &o) {
            m_heap = o.m_heap;
            m_size = o.m_size;
            copyInline(o);
        }
        return *this;
    }
    SmallVector& operator=(SmallVector&& o) noexcept
    {
        if (this != &o) {
            m_heap = std::move(o.m_heap);
            o.m_heap.clear();
            m_size = o.m_size;
            copyInline(o);
            o.m_size = 0;
        }
        return *this;
    }

    void push_back(const T& v)
    {
        if (m_heap.empty() && m_size < N) {
            ::new (static_cast<void*>(inlineData() + m_size)) T(v);
            ++m_size;
            return;
        }
        if (m_heap.empty()) m_heap.assign(inlineData(), inlineData() + m_size);
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

    T* data() { return m_heap.empty() ? inlineData() : m_heap.data(); }
    const T* data() const { return m_heap.empty() ? inlineData() : m_heap.data(); }
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
    T* inlineData() { return std::launder(reinterpret_cast<T*>(m_inline)); }
    const T* inlineData() const { return std::launder(reinterpret_cast<const T*>(m_inline)); }
    // Copies o's inline elements (only when o has not moved to the heap; m_size already set).
    void copyInline(const SmallVector& o)
    {
        if (m_heap.empty() && m_size > 0) std::memcpy(m_inline, o.m_inline, m_size * sizeof(T));
    }

    alignas(T) unsigned char m_inline[N * sizeof(T)]; // the first N elements; [0, m_size) live
    std::vector<T> m_heap; // holds every element once the inline capacity is exceeded
    std::size_t m_size = 0;
};

} // namespace netsizer::core
