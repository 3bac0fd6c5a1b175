// PoSt kinds: configurations, public inputs and synthetic instances.
#include "filecoin/post_kind.hpp"

#include <charconv>
#include <mutex>
#include <random>

#include "gadgets/sha256_native.hpp"
#include "poseidon/optimized.hpp"
#include "r1cs/counting_constraint_system.hpp"

namespace cuzk::filecoin {

using ff::Fr;

namespace {

constexpr uint64_t kKiB = 1024, kMiB = 1024 * kKiB, kGiB = 1024 * kMiB;
constexpr size_t kWinningChallenges = 66;
constexpr size_t kWindowChallenges = 10;

size_t window_sector_count(uint64_t sector_size) {
  if (sector_size == 32 * kGiB) return 2349;
  if (sector_size == 64 * kGiB) return 2300;
  return 2;
}

}  // namespace

Result<PostKind> parse_post_kind(std::string_view text) {
  if (text == "winning-post") return PostKind::kWinning;
  if (text == "window-post") return PostKind::kWindow;
  return Status::invalid_argument("unknown proof kind '" + std::string(text) + "' (winning-post, window-post)");
}

std::string_view post_kind_name(PostKind kind) { return kind == PostKind::kWinning ? "winning-post" : "window-post"; }

Result<uint64_t> parse_sector_size(std::string_view text) {
  uint64_t number = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
  const std::string_view unit(end, static_cast<size_t>(text.data() + text.size() - end));
  uint64_t scale = 0;
  if (unit.empty()) scale = 1;
  if (unit == "KiB") scale = kKiB;
  if (unit == "MiB") scale = kMiB;
  if (unit == "GiB") scale = kGiB;
  if (error != std::errc() || scale == 0 || number == 0 || number > (uint64_t{1} << 40)) {
    return Status::invalid_argument("bad sector size '" + std::string(text) + "' (e.g. 2KiB, 32GiB)");
  }
  return number * scale;
}

Result<PostConfig> post_config(PostKind kind, uint64_t sector_size) {
  Result<TreeShape> shape = tree_shape_for_sector(sector_size);
  if (!shape.is_ok()) return shape.status();
  PostConfig config;
  config.kind = kind;
  config.sector_size = sector_size;
  config.shape = *shape;
  config.leaves = sector_size / kNodeSize;
  config.sector_count = kind == PostKind::kWinning ? kWinningChallenges : window_sector_count(sector_size);
  config.challenge_count = kind == PostKind::kWinning ? 1 : kWindowChallenges;
  return config;
}

Result<std::vector<Fr>> post_public_inputs(const PostConfig& config, const Randomness& randomness, size_t partition,
                                           const std::vector<PublicSector>& sectors) {
  if (sectors.size() != config.sector_count) {
    return Status::invalid_argument(std::to_string(sectors.size()) + " sectors given, the partition has " +
                                    std::to_string(config.sector_count) + " slots");
  }
  std::vector<Fr> out;
  out.reserve(sectors.size() * (1 + config.challenge_count));
  for (size_t slot = 0; slot < sectors.size(); ++slot) {
    out.push_back(sectors[slot].comm_r);
    for (size_t n = 0; n < config.challenge_count; ++n) {
      const uint64_t index = post_challenge_index(partition, config.sector_count, slot, config.challenge_count, n);
      out.push_back(Fr::from_u64(post_leaf_challenge(randomness, sectors[slot].id, index, config.leaves)));
    }
  }
  return out;
}

namespace {

// One sector's tree with the challenges of `slots` materialized.
Result<std::vector<SectorWitness>> synthetic_sector(const PostConfig& config, const Randomness& randomness,
                                                    uint64_t sector_id, uint64_t seed,
                                                    const std::vector<size_t>& slots) {
  std::mt19937_64 rng(seed ^ (sector_id * 0x9e3779b97f4a7c15ULL));
  Result<SparseTree> tree = SparseTree::create(config.shape, config.leaves, Fr::random(rng));
  if (!tree.is_ok()) return tree.status();
  std::vector<std::vector<uint64_t>> challenges(slots.size());
  for (size_t k = 0; k < slots.size(); ++k) {
    for (size_t n = 0; n < config.challenge_count; ++n) {
      const uint64_t index = post_challenge_index(0, config.sector_count, slots[k], config.challenge_count, n);
      challenges[k].push_back(post_leaf_challenge(randomness, sector_id, index, config.leaves));
      tree->set_leaf(challenges[k].back(), Fr::random(rng));
    }
  }
  const Fr comm_c = Fr::random(rng);
  const Fr comm_r_last = tree->root();
  const Fr preimage[2] = {comm_c, comm_r_last};
  const Fr comm_r = poseidon::poseidon_hash_optimized(preimage);
  std::vector<SectorWitness> out;
  for (size_t k = 0; k < slots.size(); ++k) {
    SectorWitness w{comm_r, comm_c, comm_r_last, challenges[k], {}, {}};
    for (const uint64_t leaf : challenges[k]) {
      w.leaves.push_back(tree->leaf(leaf));
      w.paths.push_back(tree->path(leaf));
    }
    out.push_back(std::move(w));
  }
  return out;
}

}  // namespace

Result<PostInstance> synthetic_post_instance(const PostConfig& config, uint64_t seed, ThreadPool& pool) {
  uint8_t seed_bytes[8];
  for (size_t i = 0; i < 8; ++i) seed_bytes[i] = static_cast<uint8_t>(seed >> (8 * i));
  PostInstance instance{gadgets::trim_to_fr32(gadgets::sha256(seed_bytes)), {}, {config.shape, config.leaves, {}}, {}};
  std::vector<SectorWitness> witnesses(config.sector_count);
  Status failure;
  std::mutex mutex;
  if (config.kind == PostKind::kWinning) {
    // One sector, challenged once in each of the slots.
    std::vector<size_t> slots(config.sector_count);
    for (size_t i = 0; i < slots.size(); ++i) slots[i] = i;
    Result<std::vector<SectorWitness>> sector = synthetic_sector(config, instance.randomness, 1, seed, slots);
    if (!sector.is_ok()) return sector.status();
    witnesses = std::move(sector).value();
  } else {
    pool.parallel_for(config.sector_count, [&](size_t begin, size_t end) {
      for (size_t slot = begin; slot < end; ++slot) {
        Result<std::vector<SectorWitness>> sector =
            synthetic_sector(config, instance.randomness, slot + 1, seed, std::vector<size_t>{slot});
        const std::lock_guard lock(mutex);
        if (!sector.is_ok()) {
          failure = sector.status();
          return;
        }
        witnesses[slot] = std::move(sector->front());
      }
    });
    if (!failure.is_ok()) return failure;
  }
  for (size_t slot = 0; slot < config.sector_count; ++slot) {
    const uint64_t id = config.kind == PostKind::kWinning ? 1 : slot + 1;
    instance.sectors.push_back({id, witnesses[slot].comm_r});
  }
  Result<std::vector<Fr>> inputs = post_public_inputs(config, instance.randomness, 0, instance.sectors);
  if (!inputs.is_ok()) return inputs.status();
  instance.public_inputs = std::move(inputs).value();
  instance.circuit = FallbackPoStCircuit(config.shape, config.leaves, std::move(witnesses));
  return instance;
}

size_t CircuitSize::domain_log2() const {
  size_t log = 0;
  while ((uint64_t{1} << log) < constraints + inputs) ++log;
  return log;
}

Result<CircuitSize> post_circuit_size(const PostConfig& config) {
  PostConfig one_slot = config;
  one_slot.sector_count = 1;
  ThreadPool pool(1);
  Result<PostInstance> instance = synthetic_post_instance(one_slot, 0, pool);
  if (!instance.is_ok()) return instance.status();
  r1cs::CountingConstraintSystem cs;
  const Status status = instance->circuit.synthesize(cs);
  if (!status.is_ok()) return status;
  const uint64_t slots = config.sector_count;
  return CircuitSize{cs.num_constraints() * slots, 1 + (cs.num_inputs() - 1) * slots, cs.num_aux() * slots};
}

}  // namespace cuzk::filecoin
