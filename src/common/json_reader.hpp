// JsonReader: a pull reader of JSON text (RFC 8259) for typed readers of client input. The
// caller asks for what it expects next — an object's members, an array's elements, a string,
// an unsigned integer — and skips what it does not know; nothing is built but the strings it
// asks for, so reading costs no memory beyond the text (a string with escapes is decoded into
// the caller's scratch). Nesting deeper than kMaxJsonDepth is refused, in a typed read and in a
// skip alike, without recursion. A reader may go back to a value it passed (mark / seek),
// so a typed reader can read members in the order it needs them.
//
// Errors are kInvalidArgument "at byte <n>: <problem>" and quote no input beyond one character
// (escaped); failed() says a syntax error (or the depth limit) ended the read, rather than the
// caller's typed check. Strings are taken as bytes (UTF-8 is not validated; control characters
// are refused, escapes decoded, \u surrogate pairs joined).
//
// Not thread-safe; the text must outlive the reader and the views it returns.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "common/status.hpp"

namespace cuzk {

// The deepest nesting a reader accepts (Filecoin's Commit-1 output nests 12 levels).
inline constexpr size_t kMaxJsonDepth = 64;

class JsonReader {
 public:
  enum class Type : uint8_t { kObject, kArray, kString, kNumber, kBool, kNull };
  // "object", "array", "string", "number", "boolean", "null".
  static std::string_view type_name(Type type);

  explicit JsonReader(std::string_view text) : text_(text) {}

  // The type of the next value, whitespace skipped; an error at the end of the text or at a
  // character no value begins with.
  Result<Type> peek();
  // Reads '{'; then next_member() until it answers nullopt.
  Status begin_object();
  // The next member's key (a view into the text, or into `scratch` when it has escapes) with
  // its ':' read, or nullopt once the object's '}' is read. The caller then reads or skips the
  // member's value.
  Result<std::optional<std::string_view>> next_member(std::string& scratch);
  // Reads '['; then next_element() until it answers false.
  Status begin_array();
  // True: an element follows (read or skip it); false: the array's ']' was read.
  Result<bool> next_element();
  // A string value (a view into the text, or into `scratch` when it has escapes).
  Result<std::string_view> read_string(std::string& scratch);
  // A number that is an integer in [0, 2^64); errors name a negative number, a fraction or
  // exponent, or one over 2^64 − 1.
  Result<uint64_t> read_unsigned();
  // Passes over the next value, whatever it is, checking its syntax.
  Status skip_value();
  // Nothing but whitespace remains.
  Status expect_end();

  // Where the next value begins (taken after peek()), to read it again with seek().
  struct Mark {
    size_t pos = 0;
    size_t depth = 0;
  };
  Mark mark() const { return {pos_, depth_}; }
  // Goes back to a marked value: the reader then reads that value (what follows it in its
  // container is the caller's to skip or leave).
  void seek(Mark mark) {
    pos_ = mark.pos;
    depth_ = mark.depth;
  }
  bool failed() const { return failed_; }

 private:
  Status error(std::string_view problem);
  void skip_whitespace();
  Status expect_char(char c, std::string_view what);
  Status enter();
  // Passes over a string, a number or a literal at pos_ (the value's first character read by
  // the caller's peek), checking it.
  Status skip_scalar(Type type);
  Status skip_number();
  // Decodes the string at pos_ (its opening quote) into a view, using `scratch` for escapes;
  // with `scratch` null it is only checked.
  Result<std::string_view> scan_string(std::string* scratch);
  Result<uint32_t> hex4();

  std::string_view text_;
  size_t pos_ = 0;
  size_t depth_ = 0;    // containers open
  bool first_ = true;   // the innermost open container has had no member or element yet
  bool failed_ = false;
};

}  // namespace cuzk
