// Flags: parsing and validation of "--name value" options.
#include "cli/flags.hpp"

#include <charconv>

namespace cuzk::cli {

std::optional<Flags> Flags::parse(std::string_view command, std::span<const std::string_view> args,
                                  std::span<const FlagSpec> specs, std::string* error) {
  Flags flags;
  const std::string prefix = "cuzk " + std::string(command) + ": ";
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string_view arg = args[i];
    if (arg.size() < 3 || arg.substr(0, 2) != "--") {
      *error = prefix + "unexpected argument '" + std::string(arg) + "'";
      return std::nullopt;
    }
    const std::string_view name = arg.substr(2);
    const FlagSpec* spec = nullptr;
    for (const FlagSpec& s : specs) {
      if (s.name == name) spec = &s;
    }
    if (spec == nullptr) {
      *error = prefix + "unknown option '" + std::string(arg) + "'";
      return std::nullopt;
    }
    if (i + 1 >= args.size()) {
      *error = prefix + "option '" + std::string(arg) + "' needs a value";
      return std::nullopt;
    }
    std::vector<std::string>& values = flags.values_[std::string(name)];
    if (!spec->list && !values.empty()) {
      *error = prefix + "option '" + std::string(arg) + "' given twice";
      return std::nullopt;
    }
    values.emplace_back(args[++i]);
    while (spec->list && i + 1 < args.size() && !args[i + 1].starts_with("--")) values.emplace_back(args[++i]);
  }
  for (const FlagSpec& spec : specs) {
    if (spec.required && !flags.has(spec.name)) {
      *error = prefix + "missing required option '--" + std::string(spec.name) + "'";
      return std::nullopt;
    }
  }
  return flags;
}

std::string Flags::get(std::string_view name, std::string_view fallback) const {
  const auto it = values_.find(std::string(name));
  return it == values_.end() ? std::string(fallback) : it->second.front();
}

std::vector<std::string> Flags::get_all(std::string_view name) const {
  const auto it = values_.find(std::string(name));
  return it == values_.end() ? std::vector<std::string>{} : it->second;
}

Result<uint64_t> number_option(const Flags& flags, std::string_view name, uint64_t fallback) {
  if (!flags.has(name)) return fallback;
  const std::string text = flags.get(name);
  uint64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) {
    return Status::invalid_argument("--" + std::string(name) + " must be a non-negative integer, got '" + text + "'");
  }
  return value;
}

}  // namespace cuzk::cli
