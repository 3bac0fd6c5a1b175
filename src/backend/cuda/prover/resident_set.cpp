// ResidentSet (resident_set.hpp): uploads of keys, recorded matrices and domains, kept until released.
#include "backend/cuda/prover/resident_set.hpp"

#include <algorithm>

#include "groth16/snarkjs_qap.hpp"
#include "ntt/domain.hpp"
#include "r1cs/density.hpp"

namespace cuzk::backend::cuda {
namespace {

Result<KeyBases> upload_key(const groth16::ProvingKey& pk) {
  KeyBases k;
  for (auto [dst, src] : {std::pair{&k.a, &pk.a}, std::pair{&k.b_g1, &pk.b_g1}, std::pair{&k.l, &pk.l},
                          std::pair{&k.h, &pk.h}}) {
    CUZK_ASSIGN_OR_RETURN(*dst, GpuBases<ec::G1Config>::upload(*src));
  }
  CUZK_ASSIGN_OR_RETURN(k.b_g2, GpuBases<ec::G2Config>::upload(pk.b_g2));
  return k;
}

// The A and B query densities over [inputs, aux] (A: every input has a base).
std::pair<r1cs::DensityBitmap, r1cs::DensityBitmap> query_densities(const r1cs::RecordedMatrices& m) {
  r1cs::DensityBitmap a, b;
  a.reserve(m.num_inputs + m.a_aux_density.size());
  for (size_t i = 0; i < m.num_inputs; ++i) a.push(true);
  a.append(m.a_aux_density);
  b.reserve(m.b_input_density.size() + m.b_aux_density.size());
  b.append(m.b_input_density);
  b.append(m.b_aux_density);
  return {std::move(a), std::move(b)};
}

Result<ResidentMatrices> upload_matrices(std::shared_ptr<const r1cs::RecordedMatrices> matrices) {
  ResidentMatrices out;
  CUZK_ASSIGN_OR_RETURN(out.device, GpuRecordedMatrices::upload(*matrices));
  const auto [a, b] = query_densities(*matrices);
  for (auto [dst, src] : {std::pair{&out.density_a, &a}, std::pair{&out.density_b, &b}}) {
    CUZK_ASSIGN_OR_RETURN(*dst, DeviceArray<uint64_t>::allocate(src->words().size()));
    CUZK_RETURN_IF_ERROR(dst->upload(src->words()));
  }
  out.host = std::move(matrices);
  return out;
}

}  // namespace

size_t KeyBases::bytes() const { return a.bytes() + b_g1.bytes() + l.bytes() + h.bytes() + b_g2.bytes(); }

bool KeyBases::matches(const groth16::ProvingKey& pk) const {
  return a.size() == pk.a.size() && b_g1.size() == pk.b_g1.size() && l.size() == pk.l.size() &&
         h.size() == pk.h.size() && b_g2.size() == pk.b_g2.size();
}

size_t ResidentMatrices::bytes() const {
  return device.device_bytes() + density_a.size_bytes() + density_b.size_bytes();
}

Result<const KeyBases*> ResidentSet::key(const groth16::ProvingKey& pk) {
  auto it = keys_.find(&pk);
  if (it != keys_.end() && it->second.matches(pk)) return &it->second;
  if (it != keys_.end()) keys_.erase(it);  // another key now lives at this address
  CUZK_ASSIGN_OR_RETURN(KeyBases uploaded, upload_key(pk));
  return &keys_.emplace(&pk, std::move(uploaded)).first->second;
}

Result<const ResidentMatrices*> ResidentSet::matrices(const std::shared_ptr<const r1cs::RecordedMatrices>& matrices) {
  auto it = matrices_.find(matrices.get());
  if (it == matrices_.end()) {
    CUZK_ASSIGN_OR_RETURN(ResidentMatrices uploaded, upload_matrices(matrices));
    it = matrices_.emplace(matrices.get(), std::move(uploaded)).first;
  }
  return &it->second;
}

Result<const GpuDomain*> ResidentSet::domain(size_t constraints, groth16::QapConvention convention) {
  CUZK_ASSIGN_OR_RETURN(ntt::Domain domain, ntt::Domain::create(constraints));
  const auto key = std::pair{domain.log_size(), convention};
  auto it = domains_.find(key);
  if (it == domains_.end()) {
    Result<GpuDomain> gpu = Status::internal("no domain");
    if (convention == groth16::QapConvention::kSnarkjs) {
      CUZK_ASSIGN_OR_RETURN(const groth16::SnarkjsDomain snarkjs, groth16::SnarkjsDomain::create(domain.size()));
      gpu = GpuDomain::create(snarkjs);
    } else {
      gpu = GpuDomain::create(domain);
    }
    if (!gpu.is_ok()) return gpu.status();
    it = domains_.emplace(key, std::move(gpu).value()).first;
  }
  return &it->second;
}

void ResidentSet::release(const groth16::ProvingKey& pk) { keys_.erase(&pk); }

void ResidentSet::release_unheld_matrices() {
  std::erase_if(matrices_, [](const auto& entry) { return entry.second.host.use_count() == 1; });
}

size_t ResidentSet::bytes() const {
  size_t total = 0;
  for (const auto& [key, bases] : keys_) total += bases.bytes();
  for (const auto& [key, matrices] : matrices_) total += matrices.bytes();
  return total;
}

}  // namespace cuzk::backend::cuda
