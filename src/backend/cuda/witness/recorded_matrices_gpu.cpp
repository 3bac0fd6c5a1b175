// GpuRecordedMatrices (recorded_matrices_gpu.hpp): upload of the compact form, the product launches.
#include "backend/cuda/witness/recorded_matrices_gpu.hpp"

#include <string>

#include "backend/cuda/witness/recorded_spmv_device.hpp"
#include "backend/cuda/witness/witness_device.hpp"

namespace cuzk::backend::cuda {
namespace {

template <class T>
Result<DeviceArray<T>> upload_array(std::span<const T> host) {
  CUZK_ASSIGN_OR_RETURN(DeviceArray<T> out, DeviceArray<T>::allocate(host.size()));
  CUZK_RETURN_IF_ERROR(out.upload(host));
  return out;
}

}  // namespace

Result<GpuRecordedMatrices> GpuRecordedMatrices::upload(const r1cs::RecordedMatrices& shape) {
  GpuRecordedMatrices out;
  out.num_inputs_ = shape.num_inputs;
  out.num_aux_ = shape.num_aux;
  out.num_constraints_ = shape.num_constraints;
  out.c_from_product_ = shape.c_from_product;
  CUZK_ASSIGN_OR_RETURN(out.coefficients_, upload_array(std::span<const ff::Fr>(shape.coefficients)));
  for (const auto& [dst, src] : {std::pair{&out.a_, &shape.a}, std::pair{&out.b_, &shape.b},
                                 std::pair{&out.c_, &shape.c}}) {
    dst->rows = src->rows;
    CUZK_ASSIGN_OR_RETURN(dst->bytes, upload_array(std::span<const uint8_t>(src->bytes)));
    CUZK_ASSIGN_OR_RETURN(dst->chunk_offsets, upload_array(std::span<const uint64_t>(src->chunk_offsets)));
  }
  return out;
}

size_t GpuRecordedMatrices::device_bytes() const {
  size_t bytes = coefficients_.size_bytes();
  for (const Matrix* m : {&a_, &b_, &c_}) bytes += m->bytes.size_bytes() + m->chunk_offsets.size_bytes();
  return bytes;
}

Status GpuRecordedMatrices::evaluate(DeviceSpan<const ff::Fr> d_w, DeviceSpan<ff::Fr> d_a, DeviceSpan<ff::Fr> d_b,
                                DeviceSpan<ff::Fr> d_c, bool input_rows, void* stream) const {
  const uint64_t n = d_a.size(), rows = num_constraints_ + (input_rows ? num_inputs_ : 0);
  if (d_w.size() != num_inputs_ + num_aux_ || d_b.size() != n || d_c.size() != n || n < rows) {
    std::string message = "recorded matrices of ";
    message += std::to_string(num_constraints_) + " constraints, " + std::to_string(num_inputs_) + " inputs and " +
               std::to_string(num_aux_) + " aux variables given a device witness of ";
    message += std::to_string(d_w.size()) + " values and outputs of " + std::to_string(n) + ", " +
               std::to_string(d_b.size()) + " and " + std::to_string(d_c.size()) + " rows";
    return Status::invalid_argument(std::move(message));
  }
  const std::pair<const Matrix*, DeviceSpan<ff::Fr>> products[] = {{&a_, d_a}, {&b_, d_b}, {&c_, d_c}};
  for (const auto& [m, d_out] : products) {
    if (m == &c_ && c_from_product_) continue;
    const DeviceRecordedMatrix view{m->bytes.data(), m->chunk_offsets.data(), m->rows};
    CUZK_RETURN_IF_ERROR(recorded_spmv(view, coefficients_.data(), d_w.data(), num_inputs_, d_out.data(), stream));
  }
  if (c_from_product_) CUZK_RETURN_IF_ERROR(product_rows(d_a.data(), d_b.data(), d_c.data(), num_constraints_, stream));
  return recorded_input_rows(d_a.data(), d_b.data(), d_c.data(), d_w.data(), input_rows ? num_inputs_ : 0,
                            num_constraints_, n, stream);
}

}  // namespace cuzk::backend::cuda
