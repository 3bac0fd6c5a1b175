// Minimal "--name value" option parsing for the cuzk subcommands: every option takes one
// value, except a list option, which takes the values up to the next "--" argument and may be
// given again (`--sector-proof a b --sector-proof c`); unknown, repeated or value-less options
// and missing required ones are reported with the command's name.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.hpp"

namespace cuzk::cli {

struct FlagSpec {
  std::string_view name;  // without the leading "--"
  bool required = false;
  bool list = false;  // one or more values, the option repeatable
};

class Flags {
 public:
  // Returns std::nullopt and fills *error on bad usage.
  static std::optional<Flags> parse(std::string_view command, std::span<const std::string_view> args,
                                    std::span<const FlagSpec> specs, std::string* error);

  bool has(std::string_view name) const { return values_.count(std::string(name)) != 0; }
  // The value of a present option, or `fallback`.
  std::string get(std::string_view name, std::string_view fallback = {}) const;
  // Every value of an option in order (a list option's; one for any other), empty if absent.
  std::vector<std::string> get_all(std::string_view name) const;

 private:
  std::map<std::string, std::vector<std::string>> values_;
};

// The non-negative integer an option holds, or `fallback` when it is absent; INVALID_ARGUMENT
// naming the option otherwise.
Result<uint64_t> number_option(const Flags& flags, std::string_view name, uint64_t fallback);

}  // namespace cuzk::cli
