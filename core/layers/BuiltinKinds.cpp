// The built-in layer kinds. Adding a kind: one file under core/layers/ defining
// `LayerKind makeXxxKind()` in netsizer::core::kinds, plus one line in the list below.
// Order here is the palette's order within each category.
#include "core/layers/KindRegistry.h"

#define NETSIZER_BUILTIN_KINDS(X) \
    X(Input)                \
    X(Dense)                \
    X(Conv1D)               \
    X(Conv2D)               \
    X(Conv3D)               \
    X(ReLU)                 \
    X(Flatten)              \
    X(Add)                  \
    X(Dropout)              \
    X(LRN)                  \
    X(Scale)                \
    X(Crop)                 \
    X(Slice)                \
    X(ConvTranspose2D)      \
    X(MaxPool1D)            \
    X(MaxPool2D)            \
    X(AvgPool1D)            \
    X(AvgPool2D)            \
    X(GlobalAvgPool)        \
    X(AdaptiveAvgPool2D)    \
    X(BatchNorm)            \
    X(GroupNorm)            \
    X(Tanh)                 \
    X(Sigmoid)              \
    X(ReLU6)                \
    X(LeakyReLU)            \
    X(PReLU)                \
    X(ELU)                  \
    X(SiLU)                 \
    X(HardSwish)            \
    X(Softmax)              \
    X(Reshape)              \
    X(Concat)               \
    X(Multiply)             \
    X(Upsample)             \
    X(ZeroPadding)          \
    X(Embedding)            \
    X(PositionalEmbedding)  \
    X(ClassToken)           \
    X(LayerNorm)            \
    X(RMSNorm)              \
    X(GELU)                 \
    X(RNN)                  \
    X(LSTM)                 \
    X(GRU)                  \
    X(MultiHeadAttention)   \
    X(ScaledDotProductAttention) \
    X(RotaryEmbedding)      \
    X(Mean)                 \
    X(TiedDense)            \
    X(StochasticDepth)      \
    X(Permute)              \
    X(Select)               \
    X(Narrow)               \
    X(MatMul)               \
    X(Elementwise)          \
    X(AddTensor)            \
    X(Opaque)

namespace netsizer::core {
namespace kinds {
#define NETSIZER_DECLARE(name) LayerKind make##name##Kind();
NETSIZER_BUILTIN_KINDS(NETSIZER_DECLARE)
#undef NETSIZER_DECLARE
} // namespace kinds

void registerBuiltinKinds(KindRegistry& registry)
{
#define NETSIZER_REGISTER(name) registry.add(kinds::make##name##Kind());
    NETSIZER_BUILTIN_KINDS(NETSIZER_REGISTER)
#undef NETSIZER_REGISTER
}

} // namespace netsizer::core
