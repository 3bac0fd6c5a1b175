// Host entry points of field_ops.hpp: argument checks, device buffers, and the transfers
// around one elementwise kernel (field_kernels.hpp).
#include "backend/cuda/arith/field_ops.hpp"

#include <bit>
#include <string>
#include <type_traits>

#include "backend/cuda/runtime/device_buffer.hpp"
#include "backend/cuda/arith/field_kernels.hpp"

namespace cuzk::backend::cuda {

// Host and device elements share one memory layout (field_device.cuh): on a little-endian
// host the 64-bit limbs are the 32-bit device words in order, so arrays copy unchanged.
static_assert(std::endian::native == std::endian::little, "host limbs must be little-endian");
static_assert(sizeof(ff::Fr) == kDeviceFrBytes && std::is_trivially_copyable_v<ff::Fr>);
static_assert(sizeof(ff::Fq) == kDeviceFqBytes && std::is_trivially_copyable_v<ff::Fq>);

namespace {

// Uploads a (and b unless kSquare), runs the kernel, downloads into out; each device element
// is `per_element` consecutive host values.
template <class HostF>
Status run_elementwise(DeviceFieldKind field, ElementwiseOp op, std::span<const HostF> a, std::span<const HostF> b,
                       std::span<HostF> out, size_t per_element = 1) {
  const bool binary = op != ElementwiseOp::kSquare && op != ElementwiseOp::kSquareRedundant;
  if (a.size() != out.size() || (binary && b.size() != a.size())) {
    return Status::invalid_argument(std::string("gpu field ") + elementwise_op_name(op) + ": input size " +
                                    std::to_string(a.size()) + (binary ? " and " + std::to_string(b.size()) : "") +
                                    " but output size " + std::to_string(out.size()));
  }
  if (a.size() % per_element != 0) {
    return Status::invalid_argument(std::string("gpu field ") + elementwise_op_name(op) + ": input size " +
                                    std::to_string(a.size()) + " is not a multiple of " +
                                    std::to_string(per_element) + " values an element");
  }
  const size_t n = a.size();
  if (n == 0) return Status::ok();
  const size_t bytes = n * sizeof(HostF);

  Result<DeviceBuffer> d_a = DeviceBuffer::allocate(bytes);
  if (!d_a.is_ok()) return d_a.status();
  Result<DeviceBuffer> d_b = DeviceBuffer::allocate(binary ? bytes : 0);
  if (!d_b.is_ok()) return d_b.status();
  Result<DeviceBuffer> d_out = DeviceBuffer::allocate(bytes);
  if (!d_out.is_ok()) return d_out.status();

  CUZK_RETURN_IF_ERROR(d_a->upload(a));
  if (binary) {
    CUZK_RETURN_IF_ERROR(d_b->upload(b));
  }
  CUZK_RETURN_IF_ERROR(launch_elementwise(field, op, d_a->data(), d_b->data(), d_out->data(), n / per_element));
  return d_out->download(out);
}

}  // namespace

Status gpu_fr_add(std::span<const ff::Fr> a, std::span<const ff::Fr> b, std::span<ff::Fr> out) {
  return run_elementwise(DeviceFieldKind::kFr, ElementwiseOp::kAdd, a, b, out);
}
Status gpu_fr_sub(std::span<const ff::Fr> a, std::span<const ff::Fr> b, std::span<ff::Fr> out) {
  return run_elementwise(DeviceFieldKind::kFr, ElementwiseOp::kSub, a, b, out);
}
Status gpu_fr_mul(std::span<const ff::Fr> a, std::span<const ff::Fr> b, std::span<ff::Fr> out) {
  return run_elementwise(DeviceFieldKind::kFr, ElementwiseOp::kMul, a, b, out);
}
Status gpu_fr_square(std::span<const ff::Fr> a, std::span<ff::Fr> out) {
  return run_elementwise(DeviceFieldKind::kFr, ElementwiseOp::kSquare, a, std::span<const ff::Fr>(), out);
}

Status gpu_fq_add(std::span<const ff::Fq> a, std::span<const ff::Fq> b, std::span<ff::Fq> out) {
  return run_elementwise(DeviceFieldKind::kFq, ElementwiseOp::kAdd, a, b, out);
}
Status gpu_fq_sub(std::span<const ff::Fq> a, std::span<const ff::Fq> b, std::span<ff::Fq> out) {
  return run_elementwise(DeviceFieldKind::kFq, ElementwiseOp::kSub, a, b, out);
}
Status gpu_fq_mul(std::span<const ff::Fq> a, std::span<const ff::Fq> b, std::span<ff::Fq> out) {
  return run_elementwise(DeviceFieldKind::kFq, ElementwiseOp::kMul, a, b, out);
}
Status gpu_fq_square(std::span<const ff::Fq> a, std::span<ff::Fq> out) {
  return run_elementwise(DeviceFieldKind::kFq, ElementwiseOp::kSquare, a, std::span<const ff::Fq>(), out);
}

Status gpu_fq_mul_sub(std::span<const ff::Fq> a, std::span<const ff::Fq> b, std::span<ff::Fq> out) {
  return run_elementwise(DeviceFieldKind::kFq, ElementwiseOp::kMulSub, a, b, out);
}

namespace {
ElementwiseOp redundant_kernel_op(RedundantOp op) {
  switch (op) {
    case RedundantOp::kAdd: return ElementwiseOp::kAddRedundant;
    case RedundantOp::kSub: return ElementwiseOp::kSubRedundant;
    case RedundantOp::kMul: return ElementwiseOp::kMulRedundant;
    case RedundantOp::kSquare: return ElementwiseOp::kSquareRedundant;
    case RedundantOp::kMulSub: return ElementwiseOp::kMulSubRedundant;
  }
  return ElementwiseOp::kAddRedundant;
}
}  // namespace

Status gpu_fq_redundant(RedundantOp op, std::span<const ff::Fq::Repr> a, std::span<const ff::Fq::Repr> b,
                        std::span<ff::Fq::Repr> out) {
  return run_elementwise(DeviceFieldKind::kFq, redundant_kernel_op(op), a, b, out);
}

Status gpu_fq2_redundant(RedundantOp op, std::span<const ff::Fq::Repr> a, std::span<const ff::Fq::Repr> b,
                         std::span<ff::Fq::Repr> out) {
  return run_elementwise(DeviceFieldKind::kFq2, redundant_kernel_op(op), a, b, out, 2);
}

const char* field_throughput_op_name(FieldThroughputOp op) {
  switch (op) {
    case FieldThroughputOp::kFrMul: return "fr-mul";
    case FieldThroughputOp::kFrSquare: return "fr-square";
    case FieldThroughputOp::kFqMul: return "fq-mul";
    case FieldThroughputOp::kFqSquare: return "fq-square";
    case FieldThroughputOp::kImad: return "imad";
    case FieldThroughputOp::kImadWide: return "imad-wide";
  }
  return "?";
}

Result<double> gpu_field_throughput(FieldThroughputOp op, unsigned iterations) {
  ThroughputOp kernel_op = ThroughputOp::kImad;
  switch (op) {
    case FieldThroughputOp::kFrMul: kernel_op = ThroughputOp::kFrMul; break;
    case FieldThroughputOp::kFrSquare: kernel_op = ThroughputOp::kFrSquare; break;
    case FieldThroughputOp::kFqMul: kernel_op = ThroughputOp::kFqMul; break;
    case FieldThroughputOp::kFqSquare: kernel_op = ThroughputOp::kFqSquare; break;
    case FieldThroughputOp::kImad: kernel_op = ThroughputOp::kImad; break;
    case FieldThroughputOp::kImadWide: kernel_op = ThroughputOp::kImadWide; break;
  }
  CUZK_ASSIGN_OR_RETURN(const ThroughputRun run, time_throughput(kernel_op, iterations));
  if (run.ms <= 0) return Status::internal("field throughput: the kernel took no measurable time");
  return run.operations / (run.ms * 1e-3);
}

}  // namespace cuzk::backend::cuda
