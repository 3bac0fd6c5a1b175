// GpuGeneratorMultiplier: tables up once, then chunks of scalars up and points down.
#include "backend/cuda/setup/generator_multiplier_gpu.hpp"

#include <algorithm>
#include <cstddef>
#include <type_traits>

#include "backend/cuda/runtime/device_array.hpp"
#include "backend/cuda/runtime/device_stream.hpp"
#include "backend/cuda/setup/fixed_base_device.hpp"
#include "ec/fixed_base.hpp"

namespace cuzk::backend::cuda {
namespace {

// The kernel writes the host record layout: x, y, then the infinity flag in an 8-byte word.
template <class C>
constexpr bool host_record_layout_matches() {
  using A = ec::Affine<C>;
  return sizeof(A) == 2 * sizeof(typename C::Field) + 8 && offsetof(A, infinity) == 2 * sizeof(typename C::Field) &&
         std::is_trivially_copyable_v<A>;
}
static_assert(host_record_layout_matches<ec::G1Config>() && host_record_layout_matches<ec::G2Config>());
static_assert(ec::FixedBaseTable<ec::G1Config>::kWindowBits == kFixedBaseWindowBits &&
              ec::FixedBaseTable<ec::G1Config>::kWindows == kFixedBaseWindows);

}  // namespace

Result<std::unique_ptr<GpuGeneratorMultiplier>> GpuGeneratorMultiplier::create(int device, size_t chunk_scalars) {
  if (chunk_scalars == 0) return Status::invalid_argument("GPU generator multiplier: the chunk must hold a scalar");
  CUZK_RETURN_IF_ERROR(set_current_device(device));
  std::unique_ptr<GpuGeneratorMultiplier> out(new GpuGeneratorMultiplier());
  out->device_ = device;
  out->chunk_ = chunk_scalars;
  const ec::FixedBaseTable<ec::G1Config> g1(ec::G1Jacobian::generator());
  const ec::FixedBaseTable<ec::G2Config> g2(ec::G2Jacobian::generator());
  auto g1_table = GpuBases<ec::G1Config>::upload(g1.entries());
  if (!g1_table.is_ok()) return g1_table.status();
  auto g2_table = GpuBases<ec::G2Config>::upload(g2.entries());
  if (!g2_table.is_ok()) return g2_table.status();
  out->g1_table_ = std::move(g1_table).value();
  out->g2_table_ = std::move(g2_table).value();
  return out;
}

template <class C>
Result<std::vector<ec::Affine<C>>> GpuGeneratorMultiplier::multiply(const GpuBases<C>& table,
                                                                     std::span<const ff::Fr> scalars) {
  CUZK_RETURN_IF_ERROR(set_current_device(device_));
  std::vector<ec::Affine<C>> out(scalars.size());
  if (scalars.empty()) return out;
  const size_t chunk = std::min(chunk_, scalars.size());
  CUZK_ASSIGN_OR_RETURN(DeviceArray<ff::Fr> d_scalars, DeviceArray<ff::Fr>::allocate(chunk));
  CUZK_ASSIGN_OR_RETURN(DeviceArray<ec::Affine<C>> d_points, DeviceArray<ec::Affine<C>>::allocate(chunk));
  for (size_t begin = 0; begin < scalars.size(); begin += chunk) {
    const size_t count = std::min(chunk, scalars.size() - begin);
    CUZK_RETURN_IF_ERROR(d_scalars.upload(scalars.subspan(begin, count)));
    CUZK_RETURN_IF_ERROR(launch_fixed_base(curve_kind<C>(), table.at(0), d_scalars.data(), count, d_points.data(),
                                           sizeof(ec::Affine<C>), nullptr));
    CUZK_RETURN_IF_ERROR(d_points.download(std::span(out).subspan(begin, count)));
  }
  return out;
}

Result<std::vector<ec::G1Affine>> GpuGeneratorMultiplier::g1(std::span<const ff::Fr> scalars) {
  return multiply(g1_table_, scalars);
}

Result<std::vector<ec::G2Affine>> GpuGeneratorMultiplier::g2(std::span<const ff::Fr> scalars) {
  return multiply(g2_table_, scalars);
}

}  // namespace cuzk::backend::cuda
