#include "core/io/keras/KerasTensor.h"

#include "core/io/keras/KerasConfig.h"

#include <algorithm>

namespace netsizer::core::keras {

static IntList listOf(const Shape& s)
{
    IntList l;
    for (int i = 0; i < s.rank(); ++i) l.push_back(s[i]);
    return l;
}

// Keras's view of a tensor's shape (channels back at the end).
IntList kerasShape(const KerasTensor& t)
{
    IntList l = listOf(t.info.shape);
    if (t.permuted && l.size() >= 2) std::rotate(l.begin(), l.begin() + 1, l.end());
    return l;
}

// Keras order -> channels first: the last axis moves to the front.
IntList channelsFirst(IntList keras)
{
    if (keras.size() >= 2) std::rotate(keras.begin(), keras.end() - 1, keras.end());
    return keras;
}

std::string shapeText(const IntList& l)
{
    std::string s = "[";
    for (std::size_t i = 0; i < l.size(); ++i) s += (i ? ", " : "") + std::to_string(l[i]);
    return s + "]";
}

// A Keras axis (counted with the batch axis; negative from the end) as a per-sample index.
int sampleAxis(std::int64_t axis, int rank)
{
    const std::int64_t k = axis < 0 ? rank + axis : axis - 1;
    if (k < 0 || k >= rank) refuse("attribute", "axis " + std::to_string(axis) + " is not an axis of a rank-" + std::to_string(rank) + " sample");
    return static_cast<int>(k);
}

} // namespace netsizer::core::keras
