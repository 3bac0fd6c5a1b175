// parse_bench_prove_options (bench_prove_options.hpp).
#include "cli/bench_prove_options.hpp"

#include <algorithm>
#include <charconv>

#include "cli/flags.hpp"
#include "filecoin/sector_size.hpp"

namespace cuzk::cli {
namespace {

bool parse_size(std::string_view text, size_t& out) {
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && ptr == text.data() + text.size();
}

// --proofs K[,K...], each in [1, 64].
Result<std::vector<size_t>> parse_batch_sizes(const std::string& text) {
  std::vector<size_t> sizes;
  for (size_t begin = 0; begin <= text.size();) {
    const size_t comma = std::min(text.find(',', begin), text.size());
    size_t k = 0;
    if (!parse_size(std::string_view(text).substr(begin, comma - begin), k) || k == 0 || k > 64) {
      return Status::invalid_argument("--proofs must be integers in [1, 64] separated by commas, got '" + text + "'");
    }
    sizes.push_back(k);
    begin = comma + 1;
  }
  return sizes;
}

}  // namespace

const char kBenchProveUsage[] =
    "usage: cuzk bench prove [--backend cpu|cuda] [--constraints N | --post winning-post|window-post "
    "--sector-size S] [--proofs K[,K...]] [--witness distinct|shared] [--setup real|random] [--runs R]";

Result<BenchProveOptions> parse_bench_prove_options(std::span<const std::string_view> args) {
  static constexpr FlagSpec kSpecs[] = {
      {"backend", false}, {"constraints", false}, {"proofs", false},      {"setup", false},
      {"runs", false},    {"post", false},        {"sector-size", false}, {"witness", false}};
  std::string error;
  const auto flags = Flags::parse("bench prove", args, kSpecs, &error);
  if (!flags) return Status::invalid_argument(error);
  BenchProveOptions options;
  options.backend = flags->get("backend", "cpu");
  if (options.backend != "cpu" && options.backend != "cuda") {
    return Status::invalid_argument("--backend must be 'cpu' or 'cuda', got '" + options.backend + "'");
  }
  if (flags->has("runs") && (!parse_size(flags->get("runs"), options.runs) || options.runs == 0 || options.runs > 100)) {
    return Status::invalid_argument("--runs must be an integer in [1, 100], got '" + flags->get("runs") + "'");
  }
  if (flags->has("constraints") && (!parse_size(flags->get("constraints"), options.constraints) ||
                                    options.constraints == 0 || options.constraints > (size_t{1} << 27))) {
    return Status::invalid_argument("--constraints must be an integer in [1, 2^27], got '" +
                                    flags->get("constraints") + "'");
  }
  if (flags->has("proofs")) {
    CUZK_ASSIGN_OR_RETURN(options.batch_sizes, parse_batch_sizes(flags->get("proofs")));
  }
  if (flags->has("post") || flags->has("sector-size")) {
    if (flags->has("constraints")) return Status::invalid_argument("--constraints and --post exclude each other");
    CUZK_ASSIGN_OR_RETURN(const filecoin::PostKind kind, filecoin::parse_post_kind(flags->get("post", "window-post")));
    CUZK_ASSIGN_OR_RETURN(const uint64_t size, filecoin::parse_sector_size(flags->get("sector-size", "2KiB")));
    CUZK_ASSIGN_OR_RETURN(options.post, filecoin::post_config(kind, size));
  }
  if (const std::string setup = flags->get("setup", "real"); setup == "real" || setup == "random") {
    options.real_setup = setup == "real";
  } else {
    return Status::invalid_argument("--setup must be 'real' or 'random', got '" + setup + "'");
  }
  if (const std::string witness = flags->get("witness", "distinct"); witness == "distinct" || witness == "shared") {
    options.same_witness = witness == "shared";
  } else {
    return Status::invalid_argument("--witness must be 'distinct' or 'shared', got '" + witness + "'");
  }
  return options;
}

}  // namespace cuzk::cli
