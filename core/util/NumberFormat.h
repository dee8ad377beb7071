#pragma once
// Human-readable numbers for tables, formulas and the CLI. Pure functions, no locale.

#include <cstdint>
#include <string>

namespace netsizer::core {

// 1234567 -> "1,234,567"
std::string withThousands(std::uint64_t value);
std::string withThousands(std::int64_t value);

enum class ByteUnits { Binary, Decimal };

// 1536 -> "1.50 KiB" (Binary) / "1.54 kB" (Decimal); below 1 KiB/kB: "512 B".
std::string formatBytes(double bytes, ByteUnits units = ByteUnits::Binary);

// Parses "4GiB", "4 GB", "4096MiB", "512kB", "123" (bytes). Case-insensitive units:
// B, kB/KB, MB, GB, TB (powers of 1000), KiB, MiB, GiB, TiB (powers of 1024); fractional numbers
// allowed ("1.5GiB"). Returns false on anything else or on overflow.
bool parseByteSize(const std::string& text, std::uint64_t& bytes);

} // namespace netsizer::core
