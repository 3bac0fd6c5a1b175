// JsonReader: RFC 8259's grammar read one value at a time, without recursion.
#include "common/json_reader.hpp"

#include <limits>

namespace cuzk {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// One character of the input for a message: printable ASCII as it is, else \xNN.
std::string shown(char c) {
  const auto byte = static_cast<unsigned char>(c);
  if (byte >= 0x20 && byte < 0x7f) return std::string("'") + c + "'";
  static constexpr char kHex[] = "0123456789abcdef";
  return std::string("byte \\x") + kHex[byte >> 4] + kHex[byte & 15];
}

void append_utf8(std::string& out, uint32_t code) {
  if (code < 0x80) {
    out.push_back(static_cast<char>(code));
  } else if (code < 0x800) {
    out.push_back(static_cast<char>(0xc0 | (code >> 6)));
    out.push_back(static_cast<char>(0x80 | (code & 0x3f)));
  } else if (code < 0x10000) {
    out.push_back(static_cast<char>(0xe0 | (code >> 12)));
    out.push_back(static_cast<char>(0x80 | ((code >> 6) & 0x3f)));
    out.push_back(static_cast<char>(0x80 | (code & 0x3f)));
  } else {
    out.push_back(static_cast<char>(0xf0 | (code >> 18)));
    out.push_back(static_cast<char>(0x80 | ((code >> 12) & 0x3f)));
    out.push_back(static_cast<char>(0x80 | ((code >> 6) & 0x3f)));
    out.push_back(static_cast<char>(0x80 | (code & 0x3f)));
  }
}

}  // namespace

std::string_view JsonReader::type_name(Type type) {
  switch (type) {
    case Type::kObject: return "object";
    case Type::kArray: return "array";
    case Type::kString: return "string";
    case Type::kNumber: return "number";
    case Type::kBool: return "boolean";
    case Type::kNull: return "null";
  }
  return "value";
}

Status JsonReader::error(std::string_view problem) {
  failed_ = true;
  std::string message = "at byte " + std::to_string(pos_) + ": ";
  message += problem;
  return Status::invalid_argument(std::move(message));
}

void JsonReader::skip_whitespace() {
  while (pos_ < text_.size()) {
    const char c = text_[pos_];
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r') return;
    ++pos_;
  }
}

Status JsonReader::expect_char(char c, std::string_view what) {
  skip_whitespace();
  if (pos_ >= text_.size()) return error(std::string("the text ends where ") + std::string(what) + " was expected");
  if (text_[pos_] != c) return error("expected " + std::string(what) + ", found " + shown(text_[pos_]));
  ++pos_;
  return Status::ok();
}

Status JsonReader::enter() {
  if (depth_ >= kMaxJsonDepth) {
    return error("values nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
  }
  ++depth_;
  ++pos_;
  first_ = true;
  return Status::ok();
}

Result<JsonReader::Type> JsonReader::peek() {
  skip_whitespace();
  if (pos_ >= text_.size()) return error("the text ends where a value was expected");
  const char c = text_[pos_];
  switch (c) {
    case '{': return Type::kObject;
    case '[': return Type::kArray;
    case '"': return Type::kString;
    case 't':
    case 'f': return Type::kBool;
    case 'n': return Type::kNull;
    default:
      if (c == '-' || is_digit(c)) return Type::kNumber;
      return error("expected a value, found " + shown(c));
  }
}

Status JsonReader::begin_object() {
  CUZK_RETURN_IF_ERROR(expect_char('{', "'{'"));
  --pos_;
  return enter();
}

Status JsonReader::begin_array() {
  CUZK_RETURN_IF_ERROR(expect_char('[', "'['"));
  --pos_;
  return enter();
}

Result<std::optional<std::string_view>> JsonReader::next_member(std::string& scratch) {
  skip_whitespace();
  if (pos_ < text_.size() && text_[pos_] == '}') {
    ++pos_;
    --depth_;
    first_ = false;
    return std::optional<std::string_view>();
  }
  if (!first_) CUZK_RETURN_IF_ERROR(expect_char(',', "',' or '}'"));
  skip_whitespace();
  if (pos_ >= text_.size()) return error("the text ends where a member's name was expected");
  if (text_[pos_] != '"') return error("expected a member's name, found " + shown(text_[pos_]));
  CUZK_ASSIGN_OR_RETURN(const std::string_view key, scan_string(&scratch));
  CUZK_RETURN_IF_ERROR(expect_char(':', "':'"));
  return std::optional<std::string_view>(key);
}

Result<bool> JsonReader::next_element() {
  skip_whitespace();
  if (pos_ < text_.size() && text_[pos_] == ']') {
    ++pos_;
    --depth_;
    first_ = false;
    return false;
  }
  if (!first_) CUZK_RETURN_IF_ERROR(expect_char(',', "',' or ']'"));
  return true;
}

Result<uint32_t> JsonReader::hex4() {
  if (text_.size() - pos_ < 4) return error("a \\u escape with fewer than 4 hex digits");
  uint32_t v = 0;
  for (size_t i = 0; i < 4; ++i) {
    const char c = text_[pos_ + i];
    const int d = is_digit(c) ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10 : (c >= 'A' && c <= 'F') ? c - 'A' + 10 : -1;
    if (d < 0) return error("a \\u escape with a non-hex digit " + shown(c));
    v = v << 4 | static_cast<uint32_t>(d);
  }
  pos_ += 4;
  return v;
}

Result<std::string_view> JsonReader::scan_string(std::string* scratch) {
  ++pos_;  // the opening quote
  const size_t begin = pos_;
  bool escaped = false;
  if (scratch != nullptr) scratch->clear();
  for (;;) {
    if (pos_ >= text_.size()) return error("the text ends inside a string");
    const char c = text_[pos_];
    if (c == '"') break;
    if (static_cast<unsigned char>(c) < 0x20) return error("a control character " + shown(c) + " inside a string");
    if (c != '\\') {
      if (escaped && scratch != nullptr) scratch->push_back(c);
      ++pos_;
      continue;
    }
    if (!escaped && scratch != nullptr) scratch->assign(text_.substr(begin, pos_ - begin));
    escaped = true;
    ++pos_;
    if (pos_ >= text_.size()) return error("the text ends inside a string");
    const char e = text_[pos_++];
    char plain = 0;
    switch (e) {
      case '"': plain = '"'; break;
      case '\\': plain = '\\'; break;
      case '/': plain = '/'; break;
      case 'b': plain = '\b'; break;
      case 'f': plain = '\f'; break;
      case 'n': plain = '\n'; break;
      case 'r': plain = '\r'; break;
      case 't': plain = '\t'; break;
      case 'u': {
        CUZK_ASSIGN_OR_RETURN(uint32_t code, hex4());
        if (code >= 0xdc00 && code <= 0xdfff) return error("a lone low surrogate in a \\u escape");
        if (code >= 0xd800 && code <= 0xdbff) {
          if (text_.size() - pos_ < 2 || text_[pos_] != '\\' || text_[pos_ + 1] != 'u') {
            return error("a high surrogate without its low surrogate");
          }
          pos_ += 2;
          CUZK_ASSIGN_OR_RETURN(const uint32_t low, hex4());
          if (low < 0xdc00 || low > 0xdfff) return error("a high surrogate without its low surrogate");
          code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
        }
        if (scratch != nullptr) append_utf8(*scratch, code);
        continue;
      }
      default: --pos_; return error("an unknown escape \\" + shown(e));
    }
    if (scratch != nullptr) scratch->push_back(plain);
  }
  const size_t end = pos_;
  ++pos_;  // the closing quote
  if (escaped && scratch != nullptr) return std::string_view(*scratch);
  return text_.substr(begin, end - begin);
}

Result<std::string_view> JsonReader::read_string(std::string& scratch) {
  CUZK_ASSIGN_OR_RETURN(const Type type, peek());
  if (type != Type::kString) return error("expected a string");
  CUZK_ASSIGN_OR_RETURN(const std::string_view value, scan_string(&scratch));
  first_ = false;
  return value;
}

Status JsonReader::skip_number() {
  // -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
  if (text_[pos_] == '-') ++pos_;
  auto digits = [&] {
    const size_t from = pos_;
    while (pos_ < text_.size() && is_digit(text_[pos_])) ++pos_;
    return pos_ - from;
  };
  const size_t int_begin = pos_;
  if (digits() == 0) return error("a '-' without digits");
  if (text_[int_begin] == '0' && pos_ - int_begin > 1) {
    pos_ = int_begin + 1;
    return error("a number with a leading zero");
  }
  if (pos_ < text_.size() && text_[pos_] == '.') {
    ++pos_;
    if (digits() == 0) return error("a '.' without digits after it");
  }
  if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
    ++pos_;
    if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-')) ++pos_;
    if (digits() == 0) return error("an exponent without digits");
  }
  return Status::ok();
}

Result<uint64_t> JsonReader::read_unsigned() {
  CUZK_ASSIGN_OR_RETURN(const Type type, peek());
  if (type != Type::kNumber) return error("expected a number");
  const size_t begin = pos_;
  CUZK_RETURN_IF_ERROR(skip_number());
  first_ = false;
  const std::string_view token = text_.substr(begin, pos_ - begin);
  const bool integer = token.find_first_of(".eE") == std::string_view::npos;
  if (token.front() == '-') {
    // Quoted only when short: the token is the client's.
    return Status::invalid_argument(integer && token.size() <= 21 ? "negative number " + std::string(token)
                                                                   : std::string("a negative number"));
  }
  if (!integer) return Status::invalid_argument("a number with a fraction or an exponent, expected an unsigned integer");
  uint64_t v = 0;
  for (const char c : token) {
    const uint64_t d = static_cast<uint64_t>(c - '0');
    if (v > (std::numeric_limits<uint64_t>::max() - d) / 10) {
      return Status::invalid_argument("a number of " + std::to_string(token.size()) + " digits, over 2^64 - 1");
    }
    v = v * 10 + d;
  }
  return v;
}

Status JsonReader::skip_scalar(Type type) {
  switch (type) {
    case Type::kString: return scan_string(nullptr).status();
    case Type::kNumber: return skip_number();
    case Type::kBool:
    case Type::kNull: {
      for (const std::string_view literal : {"true", "false", "null"}) {
        if (text_.substr(pos_, literal.size()) == literal) {
          pos_ += literal.size();
          return Status::ok();
        }
      }
      return error("expected true, false or null");
    }
    case Type::kObject:
    case Type::kArray: break;
  }
  return error("expected a scalar");
}

Status JsonReader::skip_value() {
  // The containers being skipped, innermost in bit 0 (1: an object); at most kMaxJsonDepth.
  uint64_t objects = 0;
  size_t open = 0;
  for (;;) {
    // A value.
    CUZK_ASSIGN_OR_RETURN(const Type type, peek());
    if (type == Type::kObject || type == Type::kArray) {
      CUZK_RETURN_IF_ERROR(enter());
      objects = objects << 1 | (type == Type::kObject ? 1 : 0);
      ++open;
      const char close = type == Type::kObject ? '}' : ']';
      skip_whitespace();
      if (pos_ < text_.size() && text_[pos_] == close) {
        ++pos_;
        --depth_;
        --open;
        objects >>= 1;
      } else {
        if (type == Type::kObject) {
          CUZK_RETURN_IF_ERROR(expect_char('"', "a member's name"));
          --pos_;
          CUZK_RETURN_IF_ERROR(scan_string(nullptr).status());
          CUZK_RETURN_IF_ERROR(expect_char(':', "':'"));
        }
        continue;
      }
    } else {
      CUZK_RETURN_IF_ERROR(skip_scalar(type));
    }
    // After a value: close the containers it ends, or go on to the next member or element.
    for (;;) {
      if (open == 0) {
        first_ = false;
        return Status::ok();
      }
      const bool object = (objects & 1) != 0;
      skip_whitespace();
      if (pos_ < text_.size() && text_[pos_] == (object ? '}' : ']')) {
        ++pos_;
        --depth_;
        --open;
        objects >>= 1;
        continue;
      }
      CUZK_RETURN_IF_ERROR(expect_char(',', object ? "',' or '}'" : "',' or ']'"));
      if (object) {
        CUZK_RETURN_IF_ERROR(expect_char('"', "a member's name"));
        --pos_;
        CUZK_RETURN_IF_ERROR(scan_string(nullptr).status());
        CUZK_RETURN_IF_ERROR(expect_char(':', "':'"));
      }
      break;
    }
  }
}

Status JsonReader::expect_end() {
  skip_whitespace();
  if (pos_ < text_.size()) return error("more text after the value: " + shown(text_[pos_]));
  return Status::ok();
}

}  // namespace cuzk
