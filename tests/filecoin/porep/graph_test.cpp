// BLAKE2b and ChaCha against their published vectors; the DRG and expander parents against
// every node index the real 2 KiB Commit-1 output carries; graph invariants on larger graphs.
#include "filecoin/porep/graph.hpp"

#include <chrono>

#include "filecoin/porep/blake2b.hpp"
#include "filecoin/porep/chacha.hpp"
#include "fixture.hpp"

namespace cuzk::filecoin::porep {
namespace {

std::string hex(std::span<const uint8_t> bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  for (const uint8_t b : bytes) {
    out.push_back(kDigits[b >> 4]);
    out.push_back(kDigits[b & 15]);
  }
  return out;
}

TEST(Blake2b, Rfc7693Vectors) {
  const uint8_t abc[] = {'a', 'b', 'c'};
  EXPECT_EQ(hex(blake2b_512(abc)),
            "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8db"
            "f1925ab92386edd4009923");  // RFC 7693 Appendix A
  EXPECT_EQ(hex(blake2b_512({})),
            "786a02f742015903c6c6fd852552d272912f4740e15847618a86e217f71f5419d25e1031afee585313896444934eb04b903a685b14"
            "48b755d56f701afe9be2ce");
  // Block edges (one full block, one byte over, two full blocks; values from Python's hashlib):
  // the last-block flag goes on the final compression only.
  const std::pair<size_t, const char*> edges[] = {{128, "2319e3789c47e2daa5fe807f61bec2a1"},
                                                  {129, "f59711d44a031d5f97a9413c065d1e61"},
                                                  {256, "1ecc896f34d3f9cac484c73f75f6a5fb"}};
  for (const auto& [size, prefix] : edges) {
    std::vector<uint8_t> data(size);
    for (size_t i = 0; i < size; ++i) data[i] = static_cast<uint8_t>(i);
    EXPECT_EQ(hex(blake2b_512(data)).substr(0, 32), prefix) << size;
  }
}

std::string block_hex(const ChaChaBlock& block) {
  std::vector<uint8_t> bytes;
  for (const uint32_t w : block) {
    for (size_t b = 0; b < 4; ++b) bytes.push_back(static_cast<uint8_t>(w >> (8 * b)));
  }
  return hex(bytes);
}

TEST(ChaCha, Rfc8439BlockFunction) {
  // RFC 8439 §2.3.2: key 00..1f, counter 1, nonce 000000090000004a00000000, 20 rounds.
  std::array<uint32_t, 8> key;
  for (uint32_t i = 0; i < 8; ++i) key[i] = (4 * i) | (4 * i + 1) << 8 | (4 * i + 2) << 16 | (4 * i + 3) << 24;
  EXPECT_EQ(block_hex(chacha_block(key, {1, 0x09000000, 0x4a000000, 0}, 10)),
            "10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4ed2826446079faa0914c2d705d98b02a2b5129cd1de"
            "164eb9cbd083e8a2503c4e");
}

TEST(ChaCha, ChaCha8Stream) {
  // draft-strombergson-chacha-test-vectors TC1 (8 rounds, 256-bit zero key, zero IV): two blocks.
  ChaCha8Rng rng(std::array<uint8_t, 32>{});
  std::vector<uint8_t> stream;
  for (size_t i = 0; i < 16; ++i) {
    const uint64_t v = rng.next_u64();
    for (size_t b = 0; b < 8; ++b) stream.push_back(static_cast<uint8_t>(v >> (8 * b)));
  }
  EXPECT_EQ(hex(stream),
            "3e00ef2f895f40d67f5bb8e81f09a5a12c840ec3ce9a7f3b181be188ef711a1e984ce172b9216f419f445367456d5619314a42a3da"
            "86b001387bfdb80e0cfe42d2aefa0deaa5c151bf0adb6c01f2a5adc0fd581259f9a2aadcf20f8fd566a26b5032ec38bbc5da98ee0c"
            "6f568b872a65a08abf251deb21bb4b56e5d8821e68aa");
}

TEST(StackedGraph, ParentsOfTheRealFixture) {
  const Commit1Input in = test::fixture();
  Result<PorepConfig> config = porep_config(in.output.registered_proof);
  ASSERT_TRUE(config.is_ok());
  Result<StackedGraph> graph = StackedGraph::create(*config);
  ASSERT_TRUE(graph.is_ok());
  size_t checked = 0;
  for (const auto& partition : in.output.partitions) {
    for (const ChallengeProof& proof : partition) {
      const uint64_t c = proof.c_x.column.index;
      const DrgParents drg = graph->drg_parents(c);
      const ExpanderParents exp = graph->expander_parents(c);
      for (size_t k = 0; k < kDrgDegree; ++k) EXPECT_EQ(drg[k], proof.drg_parents[k].column.index) << c << " " << k;
      for (size_t k = 0; k < kExpanderDegree; ++k) EXPECT_EQ(exp[k], proof.exp_parents[k].column.index) << c << " " << k;
      checked += kParentCount;
    }
  }
  EXPECT_EQ(checked, 2 * kParentCount);
}

TEST(StackedGraph, Invariants) {
  for (const RegisteredProof& proof : {seal_proof("StackedDrg8MiBV1_1"), seal_proof("StackedDrg8MiBV1"),
                                          seal_proof("StackedDrg32GiBV1_1")}) {
    const PorepConfig config = *porep_config(proof);
    const StackedGraph graph = *StackedGraph::create(config);
    EXPECT_EQ(graph.drg_parents(0), DrgParents{});
    EXPECT_EQ(graph.drg_parents(1), DrgParents{});
    const size_t predecessor = config.api_version == ApiVersion::kV1_1 ? 0 : kDrgDegree - 1;
    for (uint64_t node = 2; node < 2 + 500; ++node) {
      const uint64_t v = node * 7919 % config.nodes < 2 ? node : node * 7919 % config.nodes;
      const DrgParents drg = graph.drg_parents(v);
      EXPECT_EQ(drg[predecessor], v - 1);
      for (const uint64_t p : drg) EXPECT_LT(p, v);  // a DRG parent precedes its node
      for (const uint64_t p : graph.expander_parents(v)) EXPECT_LT(p, config.nodes);
    }
  }
}

TEST(StackedGraph, FeistelIsAPermutation) {
  // nodes · 8 = 2^k · 8 and a non-power-of-four size (cycle walking).
  for (const uint64_t nodes : {uint64_t{64}, uint64_t{100}}) {
    const StackedGraph graph = *StackedGraph::create(nodes, std::array<uint8_t, 32>{5}, ApiVersion::kV1_1);
    std::vector<bool> seen(nodes * 8);
    for (uint64_t i = 0; i < nodes * 8; ++i) {
      const uint64_t p = graph.feistel_permute(i);
      ASSERT_LT(p, nodes * 8);
      EXPECT_FALSE(seen[p]);
      seen[p] = true;
    }
  }
}

TEST(StackedGraph, FastOnA32GiBGraph) {
  const StackedGraph graph = *StackedGraph::create(*porep_config(seal_proof("StackedDrg32GiBV1_1")));
  const auto start = std::chrono::steady_clock::now();
  uint64_t sum = 0;
  for (uint64_t i = 0; i < 300; ++i) {
    const uint64_t node = (i * 0x9e3779b97f4a7c15ull) % graph.nodes();
    for (const uint64_t p : graph.drg_parents(node)) sum += p;
    for (const uint64_t p : graph.expander_parents(node)) sum += p;
  }
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(ms, 500.0) << "parents of 300 nodes of a 2^30-node graph took " << ms << " ms";
  EXPECT_NE(sum, 0u);
}

TEST(StackedGraph, RejectsBadSizes) {
  EXPECT_FALSE(StackedGraph::create(1, {}, ApiVersion::kV1_1).is_ok());
  EXPECT_FALSE(StackedGraph::create(uint64_t{1} << 32, {}, ApiVersion::kV1_1).is_ok());
}

}  // namespace
}  // namespace cuzk::filecoin::porep
