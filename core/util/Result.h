#pragma once
// Errors are values at the core boundary (ARCHITECTURE.md rule 6).

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace netsizer::core {

// A failure that names the place it happened.
// - code: stable machine-readable id ("shape_mismatch", "overflow", "unknown_kind", ...).
// - message: one human sentence, no trailing period required.
// - path: where — a JSON pointer ("/layers/3/attrs/kernel_size"), "file:line", or a layer name.
struct Error {
    std::string code;
    std::string message;
    std::string path;

    // "path: message" (or just the message when there is no path).
    std::string describe() const { return path.empty() ? message : path + ": " + message; }
};

// Either a T or an Error. Accessing the wrong alternative is a programming error (asserts).
template <class T>
class [[nodiscard]] Result {
public:
    // One move of the value into place (a KindResult is about 1 KB; see SmallVector.h).
    Result(const T& value) : m_v(std::in_place_index<0>, value) {}
    Result(T&& value) : m_v(std::in_place_index<0>, std::move(value)) {}
    Result(Error error) : m_v(std::in_place_index<1>, std::move(error)) {}

    bool ok() const { return std::holds_alternative<T>(m_v); }
    explicit operator bool() const { return ok(); }

    const T& value() const& { assert(ok()); return std::get<T>(m_v); }
    T& value() & { assert(ok()); return std::get<T>(m_v); }
    T&& value() && { assert(ok()); return std::get<T>(std::move(m_v)); }
    const T& operator*() const& { return value(); }
    T& operator*() & { return value(); }
    const T* operator->() const { return &value(); }
    T* operator->() { return &value(); }

    const Error& error() const { assert(!ok()); return std::get<Error>(m_v); }

private:
    std::variant<T, Error> m_v;
};

// Result<void>: success or an Error.
struct Ok {};
using Status = Result<Ok>;

inline Error makeError(std::string code, std::string message, std::string path = {})
{
    return Error{std::move(code), std::move(message), std::move(path)};
}

} // namespace netsizer::core
