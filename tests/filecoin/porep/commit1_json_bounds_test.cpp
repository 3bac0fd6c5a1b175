// Reading hostile Commit-1 inputs costs bounded memory and time, and their errors quote bounded
// client text: 40 MiB of nesting, huge arrays and Merkle paths, a wrapper whose Phase1Out is such
// a text, each refused in well under a second with a peak of heap allocated while reading that
// stays under a few kilobytes beside the input (the wrapper's decoded Phase1Out aside); 8 MB
// values in every field a message names come back in messages under 1 KiB naming the field.
// This binary counts every heap allocation (its own operator new) to measure the peak.
#include <gtest/gtest.h>
#include <malloc.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <new>

#include <nlohmann/json.hpp>

#include "fixture.hpp"

namespace {

std::atomic<size_t> g_heap_bytes{0};
std::atomic<size_t> g_heap_peak{0};

void note_allocated(void* p) {
  if (p == nullptr) return;
  const size_t now = g_heap_bytes.fetch_add(malloc_usable_size(p)) + malloc_usable_size(p);
  size_t peak = g_heap_peak.load();
  while (now > peak && !g_heap_peak.compare_exchange_weak(peak, now)) {
  }
}

}  // namespace

void* operator new(size_t n) {
  void* p = std::malloc(n == 0 ? 1 : n);
  if (p == nullptr) throw std::bad_alloc();
  note_allocated(p);
  return p;
}
void operator delete(void* p) noexcept {
  if (p == nullptr) return;
  g_heap_bytes.fetch_sub(malloc_usable_size(p));
  std::free(p);
}
void operator delete(void* p, size_t) noexcept { operator delete(p); }

namespace cuzk::filecoin::porep {
namespace {

using test::as_bytes;

struct Reading {
  Status status;
  size_t peak_heap = 0;  // bytes allocated at the peak while reading, beyond those held before
  double ms = 0;
};

Reading read(const std::string& text) {
  const size_t before = g_heap_bytes.load();
  g_heap_peak.store(before);
  const auto t0 = std::chrono::steady_clock::now();
  Status status = read_commit1(as_bytes(text), test::kMaxCommit1Bytes).status();
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  return {std::move(status), g_heap_peak.load() - before, ms};
}

constexpr size_t kHostile = size_t{40} << 20;  // what a 40 KiB gzip-compressed request decompresses to

std::string base64(const std::string& in) {
  static constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (size_t i = 0; i < in.size(); i += 3) {
    uint32_t v = uint32_t{static_cast<uint8_t>(in[i])} << 16;
    if (i + 1 < in.size()) v |= uint32_t{static_cast<uint8_t>(in[i + 1])} << 8;
    if (i + 2 < in.size()) v |= static_cast<uint8_t>(in[i + 2]);
    out.push_back(kAlphabet[v >> 18 & 63]);
    out.push_back(kAlphabet[v >> 12 & 63]);
    out.push_back(i + 1 < in.size() ? kAlphabet[v >> 6 & 63] : '=');
    out.push_back(i + 2 < in.size() ? kAlphabet[v & 63] : '=');
  }
  return out;
}

// `n` copies of `item` joined by commas.
std::string repeated(const std::string& item, size_t n) {
  std::string out;
  out.reserve((item.size() + 1) * n);
  for (size_t i = 0; i < n; ++i) {
    if (i > 0) out.push_back(',');
    out += item;
  }
  return out;
}

TEST(Commit1JsonBounds, HostileInputsAreRefusedQuicklyWithBoundedMemory) {
  const std::string open(kHostile, '[');
  const std::string head = R"({"registered_proof":"StackedDrg2KiBV1_1","vanilla_proofs":{"StackedDrg2KiBV1":)";
  const std::string zero_hash = std::string("[") + repeated("0", 32) + "]";
  const std::string level = std::string(R"({"hashes":[)") + zero_hash + R"(],"index":0})";
  struct Case {
    const char* what;
    std::string text;
    const char* message;
  };
  const Case cases[] = {
      {"40 MiB of '['", open, "(document): a JSON array, expected an object"},
      {"40 MiB of '[' in an unknown member", std::string(R"({"x":)") + open, "nested deeper than 64 levels"},
      {"40 MiB of '[' as the vanilla proofs", head + open, "nested deeper than 64 levels"},
      {"a 40 MiB array of zeros in an unknown member", std::string(R"({"x":[)") + repeated("0", kHostile / 2) + "]}",
       "(document): no \"registered_proof\""},
      {"a Merkle path of 400,000 levels",
       head + R"([[{"comm_d_proofs":{"data":{"Single":{"path":{"path":[)" + repeated(level, 400000) + "]}}}}}]]}}",
       "comm_d_proofs.data.Single.path.path: more than 64 levels"},
      {"a wrapper whose Phase1Out is 40 MiB of '['",
       std::string(R"({"SectorNum":1,"SectorSize":2048,"Phase1Out":")") + base64(open) + "\"}", "Phase1Out: (document): a JSON array"},
  };
  for (const Case& c : cases) {
    const Reading r = read(c.text);
    EXPECT_EQ(r.status.code(), StatusCode::kInvalidArgument) << c.what;
    EXPECT_NE(r.status.message().find(c.message), std::string::npos) << c.what << ": " << r.status.message();
    EXPECT_LT(r.status.message().size(), 1024u) << c.what;
    // A DOM of 40 MiB of '[' took ≈ 70 bytes per byte (2.8 GB); reading takes no copy of the
    // text but the wrapper's decoded Phase1Out (3/4 of its base64).
    const bool wrapped = c.text.starts_with(R"({"SectorNum")");
    const size_t bound = wrapped ? c.text.size() : size_t{64} << 10;
    EXPECT_LT(r.peak_heap, bound) << c.what << ": " << r.peak_heap << " bytes allocated at the peak";
    EXPECT_LT(r.ms, 5000.0) << c.what;
    std::printf("%-45s %8.1f ms, peak heap %9zu bytes: %.80s\n", c.what, r.ms, r.peak_heap,
                r.status.message().c_str());
  }
}

TEST(Commit1JsonBounds, AValidOutputCostsLessHeapThanItsText) {
  const std::string bare = write_commit1_json(test::fixture().output);
  const Reading r = read(bare);
  ASSERT_TRUE(r.status.is_ok()) << r.status.to_string();
  EXPECT_LT(r.peak_heap, bare.size()) << r.peak_heap << " bytes for a " << bare.size() << "-byte output";
}

// Messages about client values quote them bounded (common/client_text) and still name the field.
TEST(Commit1JsonBounds, HugeMalformedValuesGiveShortMessagesNamingTheField) {
  const std::string huge(8 << 20, 'z');
  const std::string digits(8 << 20, '7');
  const std::vector<uint8_t> wrapper_bytes = test::fixture_bytes();
  const std::string wrapper(wrapper_bytes.begin(), wrapper_bytes.end());
  const std::string bare = write_commit1_json(test::fixture().output);
  const std::string after_proof = bare.substr(bare.find(",\"vanilla_proofs\""));
  struct Case {
    std::string text;
    const char* names;
  };
  nlohmann::json with_miner = nlohmann::json::parse(wrapper);
  with_miner["Miner"] = huge;
  const std::string miner = with_miner.dump();
  std::string form = bare;
  form.replace(form.find("\"Single\""), 8, std::string("\"") + huge + "\"");
  std::string index = bare;
  index.replace(index.find("\"index\":") + 8, 1, digits);
  const Case cases[] = {
      {std::string(R"({"registered_proof":")") + huge + "\"" + after_proof, "unknown registered seal proof 'zzz"},
      {miner, "Miner: 'zzz"},
      {std::string(R"({"registered_proof":"StackedDrg2KiBV1_1","vanilla_proofs":{")") + huge + "\":1}}", "vanilla_proofs: expected one key"},
      {form, "unknown Merkle proof form 'zzz"},
      {index, ".index: a number of 8388608 digits"},
      {std::string(R"({"registered_proof":")") + huge, "not JSON (at byte"},
      {std::string(R"({"registered_proof":)") + huge, "not JSON (at byte 20: expected a value, found 'z')"},
      {std::string(R"({")") + huge + "\" 1}", "not JSON (at byte 8388612: expected ':', found '1')"},
  };
  for (const Case& c : cases) {
    const Reading r = read(c.text);
    ASSERT_FALSE(r.status.is_ok());
    EXPECT_NE(r.status.message().find(c.names), std::string::npos) << r.status.message().substr(0, 200);
    EXPECT_LT(r.status.message().size(), 1024u) << c.names;
  }
}

}  // namespace
}  // namespace cuzk::filecoin::porep
