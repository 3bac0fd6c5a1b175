// Status and Result<T>: cheap error values returned across layers (exceptions never cross a
// layer). A Status is OK or carries a code and a human-readable message naming what is wrong.
// CUZK_RETURN_IF_ERROR(expr) returns expr's Status from the enclosing function if it is not OK;
// CUZK_ASSIGN_OR_RETURN(lhs, expr) evaluates a Result<T>, returns its Status on error and
// otherwise moves the value into lhs (a declaration such as `auto x` or an existing lvalue).
#pragma once

#include <cassert>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace cuzk {

enum class StatusCode {
  kOk = 0,
  kInvalidArgument,  // bad input: a file, field or request that is malformed
  kUnsatisfiable,    // a witness that does not satisfy its circuit
  kOutOfMemory,
  kDeviceError,
  kCancelled,
  kDeadlineExceeded,
  kNotFound,
  kFailedPrecondition,  // the request is valid but the system is not in a state to do it
  kUnavailable,         // shutting down, or a resource limit reached: try again later
  kInternal,
};

std::string_view status_code_name(StatusCode code);

class [[nodiscard]] Status {
 public:
  Status() = default;  // OK
  Status(StatusCode code, std::string message) : code_(code), message_(std::move(message)) {}

  static Status ok() { return Status(); }
  static Status invalid_argument(std::string message) { return {StatusCode::kInvalidArgument, std::move(message)}; }
  static Status internal(std::string message) { return {StatusCode::kInternal, std::move(message)}; }

  bool is_ok() const { return code_ == StatusCode::kOk; }
  StatusCode code() const { return code_; }
  const std::string& message() const { return message_; }
  // "INVALID_ARGUMENT: <message>" (or "OK")
  std::string to_string() const;

 private:
  StatusCode code_ = StatusCode::kOk;
  std::string message_;
};

// A value or a non-OK Status.
template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::move(value)) {}  // NOLINT(google-explicit-constructor)
  Result(Status status) : v_(std::move(status)) {  // NOLINT(google-explicit-constructor)
    assert(!std::get<Status>(v_).is_ok() && "Result needs a value or an error");
  }

  bool is_ok() const { return std::holds_alternative<T>(v_); }
  const Status& status() const {
    static const Status kOk;
    return is_ok() ? kOk : std::get<Status>(v_);
  }
  T& value() & { return std::get<T>(v_); }
  const T& value() const& { return std::get<T>(v_); }
  T&& value() && { return std::get<T>(std::move(v_)); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

 private:
  std::variant<T, Status> v_;
};

}  // namespace cuzk

namespace cuzk::status_internal {
inline const Status& as_status(const Status& s) { return s; }
template <class T>
const Status& as_status(const Result<T>& r) {
  return r.status();
}
}  // namespace cuzk::status_internal

#define CUZK_STATUS_CONCAT_INNER(a, b) a##b
#define CUZK_STATUS_CONCAT(a, b) CUZK_STATUS_CONCAT_INNER(a, b)

#define CUZK_RETURN_IF_ERROR(expr)                                                   \
  do {                                                                               \
    if (::cuzk::Status cuzk_status_ = ::cuzk::status_internal::as_status(expr);        \
        !cuzk_status_.is_ok())                                                       \
      return cuzk_status_;                                                           \
  } while (false)

#define CUZK_ASSIGN_OR_RETURN_IMPL(result, lhs, expr) \
  auto result = (expr);                               \
  if (!result.is_ok()) return result.status();        \
  lhs = std::move(result).value()

#define CUZK_ASSIGN_OR_RETURN(lhs, expr) \
  CUZK_ASSIGN_OR_RETURN_IMPL(CUZK_STATUS_CONCAT(cuzk_result_, __LINE__), lhs, expr)
