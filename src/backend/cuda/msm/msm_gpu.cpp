// Host side of the GPU MSM (msm_gpu.hpp): base upload, argument checks, Horner's rule over
// the device's window sums.
#include "backend/cuda/msm/msm_gpu.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

namespace cuzk::backend::cuda {
namespace {

// Bases per upload chunk (≤ 200 MiB of host records for G2).
constexpr size_t kUploadChunk = size_t{1} << 20;

template <class C>
ec::Xyzz<C> xyzz_at(const std::vector<std::byte>& bytes, size_t index) {
  static_assert(sizeof(ec::Xyzz<C>) == device_xyzz_bytes(curve_kind<C>()) &&
                std::is_trivially_copyable_v<ec::Xyzz<C>>);
  ec::Xyzz<C> p;
  std::memcpy(static_cast<void*>(&p), bytes.data() + index * sizeof(p), sizeof(p));
  return p;
}

// Σ_w 2^(w·c)·S_w + ones, Horner from the top window.
template <class C>
ec::Jacobian<C> finish(const DeviceMsmResult& r) {
  ec::Jacobian<C> acc = ec::Jacobian<C>::identity();
  for (size_t w = r.windows; w-- > 0;) {
    if (w + 1 < r.windows) {
      for (unsigned i = 0; i < r.window_bits; ++i) acc = acc.dbl();
    }
    acc += xyzz_at<C>(r.window_sums, w).to_jacobian();
  }
  return acc + xyzz_at<C>(r.ones_sum, 0).to_jacobian();
}

}  // namespace

namespace {

// Converts `bases` into device records [first, first + bases.size()) of `dst`, in chunks
// through a device staging buffer.
template <class C>
Status fill_bases(DeviceBuffer& dst, size_t first, std::span<const ec::Affine<C>> bases) {
  constexpr CurveKind kCurve = curve_kind<C>();
  if (bases.empty()) return Status::ok();
  CUZK_ASSIGN_OR_RETURN(DeviceArray<ec::Affine<C>> staging,
                        DeviceArray<ec::Affine<C>>::allocate(std::min(bases.size(), kUploadChunk)));
  // dst holds device-layout records (msm_device.hpp), opaque here: addressed in bytes
  auto* out = static_cast<std::byte*>(dst.data()) + first * device_affine_bytes(kCurve);
  for (size_t done = 0; done < bases.size(); done += kUploadChunk) {
    const auto chunk = bases.subspan(done, std::min(kUploadChunk, bases.size() - done));
    CUZK_RETURN_IF_ERROR(staging.upload(chunk));
    CUZK_RETURN_IF_ERROR(convert_bases(kCurve, staging.data(), sizeof(ec::Affine<C>), chunk.size(),
                                       out + done * device_affine_bytes(kCurve), nullptr));
  }
  // The staging buffer is freed on return: a synchronous call orders it after the last kernel.
  return staging.fill_bytes(0);
}

}  // namespace

template <class C>
Result<GpuBases<C>> GpuBases<C>::upload(std::span<const ec::Affine<C>> bases) {
  GpuBases out;
  auto buffer = DeviceBuffer::allocate(bases.size() * device_affine_bytes(curve_kind<C>()));
  if (!buffer.is_ok()) return buffer.status();
  out.buffer_ = std::move(buffer).value();
  out.count_ = bases.size();
  CUZK_RETURN_IF_ERROR(fill_bases<C>(out.buffer_, 0, bases));
  return out;
}

template <class C>
Result<GpuBases<C>> GpuBases<C>::tiled(std::span<const ec::Affine<C>> pattern, size_t count) {
  if (pattern.empty()) return Status::invalid_argument("GpuBases::tiled: empty pattern");
  const size_t record = device_affine_bytes(curve_kind<C>());
  GpuBases out;
  auto buffer = DeviceBuffer::allocate(count * record);
  if (!buffer.is_ok()) return buffer.status();
  out.buffer_ = std::move(buffer).value();
  out.count_ = count;
  const size_t head = std::min(pattern.size(), count);
  CUZK_RETURN_IF_ERROR(fill_bases<C>(out.buffer_, 0, pattern.first(head)));
  // doubling copies of what is there: base i = base (i mod |pattern|)
  for (size_t filled = head; filled < count;) {
    const size_t copy = std::min(filled - filled % pattern.size(), count - filled);
    CUZK_RETURN_IF_ERROR(out.buffer_.copy_within(filled * record, 0, copy * record));
    filled += copy;
  }
  return out;
}

template <class C>
Result<ec::Jacobian<C>> gpu_msm(const GpuBases<C>& bases, size_t first_base, size_t num_bases,
                                DeviceSpan<const ff::Fr> d_scalars, DeviceSpan<const uint64_t> d_density,
                                MsmWorkspace& workspace, void* stream, const GpuMsmOptions& options) {
  if (first_base > bases.size() || num_bases > bases.size() - first_base) {
    return Status::invalid_argument("gpu_msm: bases [" + std::to_string(first_base) + ", +" +
                                    std::to_string(num_bases) + ") exceed the " + std::to_string(bases.size()) +
                                    " resident bases");
  }
  if (!d_density.empty() && d_density.size() < (d_scalars.size() + 63) / 64) {
    return Status::invalid_argument("gpu_msm: a density of " + std::to_string(d_density.size()) + " words for " +
                                    std::to_string(d_scalars.size()) + " scalars");
  }
  if (options.scalars_bit_reversed && !std::has_single_bit(d_scalars.size())) {
    return Status::invalid_argument("gpu_msm: " + std::to_string(d_scalars.size()) +
                                    " bit-reversed scalars (not a power of two)");
  }
  DeviceMsmInput input;
  input.d_bases = bases.at(first_base);
  input.num_bases = num_bases;
  input.d_scalars = d_scalars.data();
  input.num_scalars = d_scalars.size();
  input.d_density = d_density.empty() ? nullptr : d_density.data();
  input.window_bits = options.window_bits;
  input.scalars_bit_reversed = options.scalars_bit_reversed;
  input.max_group_pairs = options.max_group_pairs;
  DeviceMsmResult result;
  CUZK_RETURN_IF_ERROR(run_device_msm(curve_kind<C>(), input, workspace, stream, &result));
  return finish<C>(result);
}

template <class C>
Result<ec::Jacobian<C>> gpu_msm_from_host(std::span<const ec::Affine<C>> bases, std::span<const ff::Fr> scalars,
                                          const msm::Density* density, const GpuMsmOptions& options) {
  CUZK_RETURN_IF_ERROR(msm::check_msm_sizes(bases.size(), scalars.size(), density));
  auto d_bases = GpuBases<C>::upload(bases);
  if (!d_bases.is_ok()) return d_bases.status();
  CUZK_ASSIGN_OR_RETURN(DeviceArray<ff::Fr> d_scalars, DeviceArray<ff::Fr>::allocate(scalars.size()));
  CUZK_RETURN_IF_ERROR(d_scalars.upload(scalars));
  DeviceArray<uint64_t> d_density;
  if (density != nullptr) {
    const auto words = density->words.first((density->bits + 63) / 64);
    CUZK_ASSIGN_OR_RETURN(d_density, DeviceArray<uint64_t>::allocate(words.size()));
    CUZK_RETURN_IF_ERROR(d_density.upload(words));
  }
  MsmWorkspace workspace;
  return gpu_msm<C>(*d_bases, 0, bases.size(), d_scalars.span(), d_density.span(), workspace, nullptr, options);
}

template class GpuBases<ec::G1Config>;
template class GpuBases<ec::G2Config>;
template Result<ec::G1Jacobian> gpu_msm<ec::G1Config>(const GpuBases<ec::G1Config>&, size_t, size_t,
                                                      DeviceSpan<const ff::Fr>, DeviceSpan<const uint64_t>,
                                                      MsmWorkspace&, void*, const GpuMsmOptions&);
template Result<ec::G2Jacobian> gpu_msm<ec::G2Config>(const GpuBases<ec::G2Config>&, size_t, size_t,
                                                      DeviceSpan<const ff::Fr>, DeviceSpan<const uint64_t>,
                                                      MsmWorkspace&, void*, const GpuMsmOptions&);
template Result<ec::G1Jacobian> gpu_msm_from_host<ec::G1Config>(std::span<const ec::G1Affine>,
                                                                std::span<const ff::Fr>, const msm::Density*,
                                                                const GpuMsmOptions&);
template Result<ec::G2Jacobian> gpu_msm_from_host<ec::G2Config>(std::span<const ec::G2Affine>,
                                                                std::span<const ff::Fr>, const msm::Density*,
                                                                const GpuMsmOptions&);

}  // namespace cuzk::backend::cuda
