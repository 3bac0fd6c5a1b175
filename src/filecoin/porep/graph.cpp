// The DRG and expander parents (rust-fil-proofs storage-proofs-core drgraph.rs and
// crypto/feistel.rs, storage-proofs-porep stacked/vanilla/graph.rs).
#include "filecoin/porep/graph.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <string_view>

#include "filecoin/porep/blake2b.hpp"
#include "filecoin/porep/chacha.hpp"
#include "gadgets/sha256_native.hpp"

namespace cuzk::filecoin::porep {

namespace {

constexpr unsigned kFeistelRounds = 3;

// SHA-256(domain separation tag ‖ porep_id) (derive_porep_domain_seed).
gadgets::Sha256Digest porep_domain_seed(std::string_view tag, const std::array<uint8_t, 32>& porep_id) {
  gadgets::Sha256 h;
  h.update({reinterpret_cast<const uint8_t*>(tag.data()), tag.size()});
  h.update(porep_id);
  return std::move(h).finish();
}

// ⌈log2 x⌉ for x ≥ 2 (rust-fil-proofs computes it in f64, exactly for x < 2^53).
uint64_t ceil_log2(uint64_t x) { return 64 - static_cast<uint64_t>(std::countl_zero(x - 1)); }

}  // namespace

Result<StackedGraph> StackedGraph::create(uint64_t nodes, const std::array<uint8_t, 32>& porep_id,
                                          ApiVersion api_version) {
  if (nodes < 2 || nodes >= (uint64_t{1} << 32)) {
    return Status::invalid_argument("PoRep graph of " + std::to_string(nodes) + " nodes (2 to 2^32 - 1)");
  }
  StackedGraph g;
  g.nodes_ = nodes;
  g.api_version_ = api_version;
  const gadgets::Sha256Digest drg = porep_domain_seed("Filecoin_DRSample", porep_id);
  std::copy_n(drg.begin(), g.drg_seed_.size(), g.drg_seed_.begin());
  const gadgets::Sha256Digest feistel = porep_domain_seed("Filecoin_Feistel", porep_id);
  for (size_t k = 0; k < 4; ++k) {
    uint64_t key = 0;
    for (size_t b = 0; b < 8; ++b) key |= uint64_t{feistel[8 * k + b]} << (8 * b);
    g.feistel_keys_[k] = key;
  }
  // The smallest 4^h ≥ nodes · 8 (h ≥ 1): two halves of h bits each.
  const uint64_t elements = nodes * kExpanderDegree;
  uint64_t pow4 = 4;
  unsigned half_bits = 1;
  while (pow4 < elements) {
    pow4 *= 4;
    ++half_bits;
  }
  g.half_bits_ = half_bits;
  g.right_mask_ = (uint64_t{1} << half_bits) - 1;
  g.left_mask_ = g.right_mask_ << half_bits;
  return g;
}

DrgParents StackedGraph::drg_parents(uint64_t node) const {
  assert(node < nodes_);
  DrgParents parents{};
  if (node < 2) return parents;  // node 0 has none, node 1 only node 0
  std::array<uint8_t, 32> seed{};
  std::copy(drg_seed_.begin(), drg_seed_.end(), seed.begin());
  for (size_t b = 0; b < 4; ++b) seed[28 + b] = static_cast<uint8_t>(node >> (8 * b));  // node as u32 LE
  ChaCha8Rng rng(seed);

  constexpr uint64_t kMPrime = kDrgDegree - 1;
  const uint64_t metagraph_node = node * kMPrime;
  const uint64_t buckets = ceil_log2(metagraph_node);
  const size_t first = api_version_ >= ApiVersion::kV1_1 ? 1 : 0;
  for (size_t k = 0; k < kMPrime; ++k) {
    const uint64_t bucket = rng.next_u64() % buckets + 1;
    const uint64_t largest = std::min(metagraph_node, uint64_t{1} << bucket);
    const uint64_t smallest = std::max<uint64_t>(2, largest >> 1);
    const uint64_t distance = smallest + rng.next_u64() % (largest - smallest + 1);
    const uint64_t mapped = (metagraph_node - distance) / kMPrime;
    parents[first + k] = mapped == node ? node - 1 : mapped;
  }
  parents[api_version_ >= ApiVersion::kV1_1 ? 0 : kMPrime] = node - 1;
  return parents;
}

uint64_t StackedGraph::feistel_encode(uint64_t index) const {
  uint64_t left = (index & left_mask_) >> half_bits_;
  uint64_t right = index & right_mask_;
  for (unsigned round = 0; round < kFeistelRounds; ++round) {
    // F(right, key) = the first 8 bytes (big-endian) of BLAKE2b-512(right BE ‖ key BE), masked.
    std::array<uint8_t, 16> data;
    for (size_t b = 0; b < 8; ++b) {
      data[b] = static_cast<uint8_t>(right >> (56 - 8 * b));
      data[8 + b] = static_cast<uint8_t>(feistel_keys_[round] >> (56 - 8 * b));
    }
    const Blake2bDigest hash = blake2b_512(data);
    uint64_t f = 0;
    for (size_t b = 0; b < 8; ++b) f = (f << 8) | hash[b];
    const uint64_t next_right = left ^ (f & right_mask_);
    left = right;
    right = next_right;
  }
  return (left << half_bits_) | right;
}

uint64_t StackedGraph::feistel_permute(uint64_t index) const {
  const uint64_t elements = nodes_ * kExpanderDegree;
  assert(index < elements);
  uint64_t u = feistel_encode(index);
  while (u >= elements) u = feistel_encode(u);  // cycle-walk back into [0, elements)
  return u;
}

ExpanderParents StackedGraph::expander_parents(uint64_t node) const {
  assert(node < nodes_);
  ExpanderParents parents{};
  for (size_t i = 0; i < kExpanderDegree; ++i) {
    uint64_t permuted = feistel_permute(node * kExpanderDegree + i);
    if (api_version_ == ApiVersion::kV1_0) permuted = static_cast<uint32_t>(permuted);
    parents[i] = permuted / kExpanderDegree;
  }
  return parents;
}

}  // namespace cuzk::filecoin::porep
