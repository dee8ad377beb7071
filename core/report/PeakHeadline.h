#pragma once
// The one headline figure of a breakdown — the peak of the training step with its band — and the
// verdict on the GPU, worded once for the CLI table, the Markdown report and the CSV (the designer
// words the same figures through tr()).

#include "core/estimate/MemoryBreakdown.h"
#include "core/util/NumberFormat.h"

#include <cstdint>
#include <string>

namespace netsizer::core {

// The verdict at the configured batch, by the peak and its band:
// Fits — the whole band fits; MayNotFit — the capacity lies inside the band; DoesNotFit — even
// the low end of the band exceeds the capacity; NoGpu — no GPU is configured.
enum class FitVerdict { NoGpu, Fits, MayNotFit, DoesNotFit };

FitVerdict fitVerdict(const PeakComposition& peak, const TrainingConfig& config);
const char* fitVerdictName(FitVerdict v); // "no_gpu", "fits", "may_not_fit", "does_not_fit"

// "4.56–5.38 GiB": the unit once when both ends share it.
std::string byteRange(std::uint64_t low, std::uint64_t high, ByteUnits units = ByteUnits::Binary);

// "Needs 4.67 GiB (4.56–5.38 GiB) at batch 32"; without a band "Needs 4.67 GiB at batch 32".
std::string peakHeadline(const MemoryBreakdown& m, ByteUnits units = ByteUnits::Binary);

// Where the peak sits, in words: "during backward at layer 'conv3_1'", "at the loss"; for a
// one-event step (Caffe, inference) why the peak is the sum of the components.
std::string peakPlaceText(const MemoryBreakdown& m, const std::string& layerName);

} // namespace netsizer::core
