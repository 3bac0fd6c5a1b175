// Host side of the GPU MSM (msm_gpu.hpp): base upload, argument checks, Horner's rule over
// the device's window sums.
#include "backend/cuda/msm_gpu.hpp"

#include <algorithm>
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
  auto staging = DeviceBuffer::allocate(std::min(bases.size(), kUploadChunk) * sizeof(ec::Affine<C>));
  if (!staging.is_ok()) return staging.status();
  auto* out = static_cast<std::byte*>(dst.data()) + first * device_affine_bytes(kCurve);
  for (size_t done = 0; done < bases.size(); done += kUploadChunk) {
    const auto chunk = bases.subspan(done, std::min(kUploadChunk, bases.size() - done));
    if (Status s = staging->upload_bytes(std::as_bytes(chunk)); !s.is_ok()) return s;
    if (Status s = convert_bases(kCurve, staging->data(), sizeof(ec::Affine<C>), chunk.size(),
                                 out + done * device_affine_bytes(kCurve), nullptr);
        !s.is_ok()) {
      return s;
    }
  }
  // The staging buffer is freed on return: a synchronous call orders it after the last kernel.
  return staging->fill_bytes(0);
}

}  // namespace

template <class C>
Result<GpuBases<C>> GpuBases<C>::upload(std::span<const ec::Affine<C>> bases) {
  GpuBases out;
  auto buffer = DeviceBuffer::allocate(bases.size() * device_affine_bytes(curve_kind<C>()));
  if (!buffer.is_ok()) return buffer.status();
  out.buffer_ = std::move(buffer).value();
  out.count_ = bases.size();
  if (Status s = fill_bases<C>(out.buffer_, 0, bases); !s.is_ok()) return s;
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
  if (Status s = fill_bases<C>(out.buffer_, 0, pattern.first(head)); !s.is_ok()) return s;
  // doubling copies of what is there: base i = base (i mod |pattern|)
  for (size_t filled = head; filled < count;) {
    const size_t copy = std::min(filled - filled % pattern.size(), count - filled);
    if (Status s = out.buffer_.copy_within(filled * record, 0, copy * record); !s.is_ok()) return s;
    filled += copy;
  }
  return out;
}

template <class C>
Result<ec::Jacobian<C>> gpu_msm(const GpuBases<C>& bases, size_t first_base, size_t num_bases, const void* d_scalars,
                                size_t num_scalars, const uint64_t* d_density, MsmWorkspace& workspace, void* stream,
                                const GpuMsmOptions& options) {
  if (first_base > bases.size() || num_bases > bases.size() - first_base) {
    return Status::invalid_argument("gpu_msm: bases [" + std::to_string(first_base) + ", +" +
                                    std::to_string(num_bases) + ") exceed the " + std::to_string(bases.size()) +
                                    " resident bases");
  }
  DeviceMsmInput input;
  input.d_bases = bases.at(first_base);
  input.num_bases = num_bases;
  input.d_scalars = d_scalars;
  input.num_scalars = num_scalars;
  input.d_density = d_density;
  input.window_bits = options.window_bits;
  DeviceMsmResult result;
  if (Status s = run_device_msm(curve_kind<C>(), input, workspace, stream, &result); !s.is_ok()) return s;
  return finish<C>(result);
}

template <class C>
Result<ec::Jacobian<C>> gpu_msm_from_host(std::span<const ec::Affine<C>> bases, std::span<const ff::Fr> scalars,
                                          const msm::Density* density, const GpuMsmOptions& options) {
  if (Status s = msm::check_msm_sizes(bases.size(), scalars.size(), density); !s.is_ok()) return s;
  auto d_bases = GpuBases<C>::upload(bases);
  if (!d_bases.is_ok()) return d_bases.status();
  auto d_scalars = DeviceBuffer::allocate(scalars.size_bytes());
  if (!d_scalars.is_ok()) return d_scalars.status();
  if (Status s = d_scalars->upload(scalars); !s.is_ok()) return s;
  DeviceBuffer d_density;
  if (density != nullptr) {
    const auto words = density->words.first((density->bits + 63) / 64);
    auto buffer = DeviceBuffer::allocate(words.size_bytes());
    if (!buffer.is_ok()) return buffer.status();
    d_density = std::move(buffer).value();
    if (Status s = d_density.upload(words); !s.is_ok()) return s;
  }
  MsmWorkspace workspace;
  return gpu_msm<C>(*d_bases, 0, bases.size(), d_scalars->data(), scalars.size(),
                    static_cast<const uint64_t*>(d_density.data()), workspace, nullptr, options);
}

template class GpuBases<ec::G1Config>;
template class GpuBases<ec::G2Config>;
template Result<ec::G1Jacobian> gpu_msm<ec::G1Config>(const GpuBases<ec::G1Config>&, size_t, size_t, const void*,
                                                      size_t, const uint64_t*, MsmWorkspace&, void*,
                                                      const GpuMsmOptions&);
template Result<ec::G2Jacobian> gpu_msm<ec::G2Config>(const GpuBases<ec::G2Config>&, size_t, size_t, const void*,
                                                      size_t, const uint64_t*, MsmWorkspace&, void*,
                                                      const GpuMsmOptions&);
template Result<ec::G1Jacobian> gpu_msm_from_host<ec::G1Config>(std::span<const ec::G1Affine>,
                                                                std::span<const ff::Fr>, const msm::Density*,
                                                                const GpuMsmOptions&);
template Result<ec::G2Jacobian> gpu_msm_from_host<ec::G2Config>(std::span<const ec::G2Affine>,
                                                                std::span<const ff::Fr>, const msm::Density*,
                                                                const GpuMsmOptions&);

}  // namespace cuzk::backend::cuda
