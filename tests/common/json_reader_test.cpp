// JsonReader: typed pulls (objects, arrays, strings with every escape, unsigned integers),
// skipping any value, marks, RFC 8259's syntax errors at their byte, the nesting bound in a
// typed read and in a skip, and messages that quote at most one character of the input.
#include "common/json_reader.hpp"

#include <gtest/gtest.h>

namespace cuzk {
namespace {

using Type = JsonReader::Type;

// `text` skipped as one value: the error's message, or "" when it is valid.
std::string skip_error(const std::string& text) {
  JsonReader json(text);
  Status s = json.skip_value();
  if (s.is_ok()) s = json.expect_end();
  if (!s.is_ok()) {
    EXPECT_TRUE(json.failed()) << s.message();
  }
  return s.message();
}

TEST(JsonReader, PullsTypedValues) {
  const std::string text = R"( {"a": [1, 22 ,333], "s": "x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00", "skip": {"k": [true, false, null, -1.5e3]}} )";
  JsonReader json(text);
  ASSERT_EQ(*json.peek(), Type::kObject);
  ASSERT_TRUE(json.begin_object().is_ok());
  std::string scratch;
  std::vector<std::string> keys;
  for (;;) {
    auto key = json.next_member(scratch);
    ASSERT_TRUE(key.is_ok()) << key.status().message();
    if (!*key) break;
    keys.emplace_back(**key);
    if (**key == "a") {
      ASSERT_TRUE(json.begin_array().is_ok());
      std::vector<uint64_t> values;
      while (*json.next_element()) values.push_back(*json.read_unsigned());
      EXPECT_EQ(values, (std::vector<uint64_t>{1, 22, 333}));
    } else if (**key == "s") {
      auto s = json.read_string(scratch);
      ASSERT_TRUE(s.is_ok()) << s.status().message();
      EXPECT_EQ(*s, "x\"\\/\b\f\n\r\t\xc3\xa9\xf0\x9f\x98\x80");
    } else {
      ASSERT_TRUE(json.skip_value().is_ok());
    }
  }
  EXPECT_EQ(keys, (std::vector<std::string>{"a", "s", "skip"}));
  EXPECT_TRUE(json.expect_end().is_ok());
}

TEST(JsonReader, AStringWithoutEscapesIsAViewOfTheText) {
  const std::string text = R"("plain")";
  JsonReader json(text);
  std::string scratch;
  const std::string_view s = *json.read_string(scratch);
  EXPECT_EQ(s, "plain");
  EXPECT_EQ(s.data(), text.data() + 1);
  EXPECT_TRUE(scratch.empty());
}

TEST(JsonReader, UnsignedIntegersAndTheirRefusals) {
  auto read = [](const std::string& text) {
    JsonReader json(text);
    return json.read_unsigned();
  };
  EXPECT_EQ(*read("0"), 0u);
  EXPECT_EQ(*read("18446744073709551615"), UINT64_MAX);
  EXPECT_NE(read("18446744073709551616").status().message().find("over 2^64 - 1"), std::string::npos);
  EXPECT_EQ(read("-7").status().message(), "negative number -7");
  EXPECT_NE(read("1.5").status().message().find("a fraction or an exponent"), std::string::npos);
  EXPECT_NE(read("1e3").status().message().find("a fraction or an exponent"), std::string::npos);
  // A client's 1 MB number is not echoed.
  EXPECT_LT(read(std::string(1 << 20, '9')).status().message().size(), 100u);
  std::string negative(1 << 20, '9');
  negative.front() = '-';
  EXPECT_EQ(read(negative).status().message(), "a negative number");
  EXPECT_NE(read("01").status().message().find("leading zero"), std::string::npos);
}

TEST(JsonReader, MarksReadAValueAgain) {
  const std::string text = R"({"late": 5, "first": "x"})";
  JsonReader json(text);
  ASSERT_TRUE(json.begin_object().is_ok());
  std::string scratch;
  ASSERT_EQ(**json.next_member(scratch), "late");
  ASSERT_TRUE(json.peek().is_ok());
  const JsonReader::Mark late = json.mark();
  ASSERT_TRUE(json.skip_value().is_ok());
  ASSERT_EQ(**json.next_member(scratch), "first");
  EXPECT_EQ(*json.read_string(scratch), "x");
  EXPECT_FALSE(json.next_member(scratch)->has_value());
  json.seek(late);
  EXPECT_EQ(*json.read_unsigned(), 5u);
}

TEST(JsonReader, SyntaxErrorsNameTheirByte) {
  EXPECT_EQ(skip_error("[1,2,3]"), "");
  EXPECT_EQ(skip_error(R"({"a":{"b":[{},[],"",0,true]}})"), "");
  EXPECT_EQ(skip_error("[1,]"), "at byte 3: expected a value, found ']'");
  EXPECT_EQ(skip_error("{\"a\":1,}"), "at byte 7: expected a member's name, found '}'");
  EXPECT_EQ(skip_error("{\"a\" 1}"), "at byte 5: expected ':', found '1'");
  EXPECT_EQ(skip_error("[1 2]"), "at byte 3: expected ',' or ']', found '2'");
  EXPECT_EQ(skip_error("\"abc"), "at byte 4: the text ends inside a string");
  EXPECT_EQ(skip_error("\"a\x01\""), "at byte 2: a control character byte \\x01 inside a string");
  EXPECT_EQ(skip_error("\"\\q\""), "at byte 2: an unknown escape \\'q'");
  EXPECT_EQ(skip_error("\"\\ud800\""), "at byte 7: a high surrogate without its low surrogate");
  EXPECT_EQ(skip_error("tru"), "at byte 0: expected true, false or null");
  EXPECT_EQ(skip_error("[1] x"), "at byte 4: more text after the value: 'x'");
  EXPECT_EQ(skip_error(""), "at byte 0: the text ends where a value was expected");
  EXPECT_EQ(skip_error("\x89PNG"), "at byte 0: expected a value, found byte \\x89");
}

TEST(JsonReader, NestingIsBoundedInSkipsAndTypedReads) {
  EXPECT_EQ(skip_error(std::string(kMaxJsonDepth, '[') + std::string(kMaxJsonDepth, ']')), "");
  const std::string deep(kMaxJsonDepth + 1, '[');
  EXPECT_EQ(skip_error(deep), "at byte 64: values nested deeper than 64 levels");
  // 40 MiB of '[' (what a 40 KiB gzip-compressed request carries) is refused at byte 64.
  EXPECT_EQ(skip_error(std::string(size_t{40} << 20, '[')), "at byte 64: values nested deeper than 64 levels");
  JsonReader json(deep);
  Status s;
  for (size_t i = 0; i <= kMaxJsonDepth && s.is_ok(); ++i) s = json.begin_array();
  EXPECT_EQ(s.message(), "at byte 64: values nested deeper than 64 levels");
  // A skip inside a typed read counts the levels already open.
  const std::string nested = std::string(3, '[') + std::string(kMaxJsonDepth, '[');
  JsonReader inside(nested);
  ASSERT_TRUE(inside.begin_array().is_ok());
  EXPECT_FALSE(inside.skip_value().is_ok());
}

}  // namespace
}  // namespace cuzk
