// CPU sparse product and structural check of recorded constraint matrices.
#include "r1cs/recorded_spmv.hpp"

#include <algorithm>
#include <atomic>
#include <cassert>
#include <string>

namespace cuzk::r1cs {
namespace {

using ff::Fr;

size_t chunk_rows(const RecordedMatrix& m, size_t chunk) {
  const uint64_t first = uint64_t{chunk} * compact::kRowsPerChunk;
  return static_cast<size_t>(std::min<uint64_t>(compact::kRowsPerChunk, m.rows - first));
}

// out[rows of chunk k] for a validated matrix.
void multiply_chunk(const RecordedMatrix& m, size_t chunk, std::span<const Fr> coefficients,
                    std::span<const Fr> inputs, std::span<const Fr> aux, Fr* out) {
  compact::ChunkReader reader(m.bytes.data() + m.chunk_offsets[chunk], m.bytes.data() + m.chunk_offsets[chunk + 1]);
  const size_t rows = chunk_rows(m, chunk);
  for (size_t r = 0; r < rows; ++r) {
    Fr acc;
    for (uint64_t n = reader.row_length(); n != 0; --n) {
      bool is_aux;
      uint64_t index, code;
      reader.term(is_aux, index, code);
      const Fr& value = is_aux ? aux[index] : inputs[index];
      // Most coefficients are ±1 and most values bits: skip the products that change nothing.
      if (code == compact::kCodeOne) {
        acc += value;
      } else if (code == compact::kCodeMinusOne) {
        acc -= value;
      } else if (!value.is_zero()) {
        acc += value.is_one() ? coefficients[code] : value * coefficients[code];
      }
    }
    out[r] = acc;
  }
  assert(reader.ok() && reader.at_end());
}

Status check_sizes(const RecordedMatrices& shape, size_t inputs, size_t aux, size_t a, size_t b, size_t c) {
  if (inputs != shape.num_inputs || aux != shape.num_aux || a != shape.num_constraints ||
      b != shape.num_constraints || c != shape.num_constraints) {
    std::string message = "recorded matrices of ";
    message += std::to_string(shape.num_constraints) + " constraints, " + std::to_string(shape.num_inputs) +
               " inputs and " + std::to_string(shape.num_aux) + " aux variables given a witness of ";
    message += std::to_string(inputs) + " inputs and " + std::to_string(aux) + " aux variables, outputs of ";
    message += std::to_string(a) + ", " + std::to_string(b) + " and " + std::to_string(c) + " rows";
    return Status::invalid_argument(std::move(message));
  }
  return Status::ok();
}

// Why chunk `chunk` of `m` is malformed, or empty.
std::string chunk_error(const RecordedMatrices& shape, const RecordedMatrix& m, size_t chunk) {
  const uint64_t begin = m.chunk_offsets[chunk], end = m.chunk_offsets[chunk + 1];
  if (begin > end || end > m.bytes.size()) return "its byte range is outside the matrix";
  compact::ChunkReader reader(m.bytes.data() + begin, m.bytes.data() + end);
  const size_t rows = chunk_rows(m, chunk);
  for (size_t r = 0; r < rows; ++r) {
    for (uint64_t n = reader.row_length(); n != 0 && reader.ok(); --n) {
      bool aux;
      uint64_t index, code;
      reader.term(aux, index, code);
      if (!reader.ok()) break;
      if (index >= (aux ? shape.num_aux : shape.num_inputs)) {
        return "row " + std::to_string(r) + " names a variable outside the witness";
      }
      if (code >= shape.coefficients.size()) return "row " + std::to_string(r) + " names a coefficient outside the dictionary";
    }
    if (!reader.ok()) return "row " + std::to_string(r) + " runs past the chunk's bytes";
  }
  if (!reader.at_end()) return "bytes are left after its last row";
  return {};
}

}  // namespace

Status evaluate_matrices(const RecordedMatrices& shape, std::span<const Fr> inputs, std::span<const Fr> aux,
                        std::span<Fr> a, std::span<Fr> b, std::span<Fr> c, ThreadPool& pool) {
  CUZK_RETURN_IF_ERROR(check_sizes(shape, inputs.size(), aux.size(), a.size(), b.size(), c.size()));
  for (const auto& [m, out] : {std::pair{&shape.a, a}, std::pair{&shape.b, b}, std::pair{&shape.c, c}}) {
    pool.parallel_for(m->chunks(), [&, m = m, out = out](size_t begin, size_t end) {
      for (size_t k = begin; k < end; ++k) {
        multiply_chunk(*m, k, shape.coefficients, inputs, aux, out.data() + k * compact::kRowsPerChunk);
      }
    });
  }
  if (shape.c_from_product) {
    pool.parallel_for(c.size(), [&](size_t begin, size_t end) {
      for (size_t j = begin; j < end; ++j) c[j] = a[j] * b[j];
    });
  }
  return Status::ok();
}

Status evaluate_into_assignment(const RecordedMatrices& shape, ProvingAssignment& assignment, ThreadPool& pool) {
  for (std::vector<Fr>* v : {&assignment.a, &assignment.b, &assignment.c}) v->resize(shape.num_constraints);
  CUZK_RETURN_IF_ERROR(evaluate_matrices(shape, assignment.input_assignment, assignment.aux_assignment, assignment.a,
                                        assignment.b, assignment.c, pool));
  assignment.a_aux_density = shape.a_aux_density;
  assignment.b_input_density = shape.b_input_density;
  assignment.b_aux_density = shape.b_aux_density;
  return Status::ok();
}

Status validate_matrices(const RecordedMatrices& shape, ThreadPool& pool) {
  if (shape.coefficients.size() < 2 || !shape.coefficients[compact::kCodeOne].is_one() ||
      shape.coefficients[compact::kCodeMinusOne] != -Fr::one()) {
    return Status::invalid_argument("recorded matrices: the dictionary does not start with 1, −1");
  }
  if (shape.a_aux_density.size() != shape.num_aux || shape.b_aux_density.size() != shape.num_aux ||
      shape.b_input_density.size() != shape.num_inputs) {
    return Status::invalid_argument("recorded matrices: density bitmaps of another size than the witness");
  }
  const char* names[] = {"A", "B", "C"};
  const RecordedMatrix* matrices[] = {&shape.a, &shape.b, &shape.c};
  for (size_t i = 0; i < 3; ++i) {
    const RecordedMatrix& m = *matrices[i];
    const uint64_t chunks = (m.rows + compact::kRowsPerChunk - 1) / compact::kRowsPerChunk;
    if (m.rows != shape.num_constraints || m.chunk_offsets.size() != chunks + 1 || m.chunk_offsets.front() != 0 ||
        m.chunk_offsets.back() != m.bytes.size()) {
      return Status::invalid_argument(std::string("recorded matrices: matrix ") + names[i] +
                                      " has rows or chunk offsets that do not match its size");
    }
    std::atomic<size_t> first_bad{m.chunks()};
    pool.parallel_for(m.chunks(), [&](size_t begin, size_t end) {
      for (size_t k = begin; k < end && k < first_bad.load(); ++k) {
        if (!chunk_error(shape, m, k).empty()) {
          size_t seen = first_bad.load();
          while (k < seen && !first_bad.compare_exchange_weak(seen, k)) {
          }
          return;
        }
      }
    });
    if (first_bad.load() != m.chunks()) {
      const size_t k = first_bad.load();
      return Status::invalid_argument(std::string("recorded matrices: matrix ") + names[i] + " chunk " +
                                      std::to_string(k) + ": " + chunk_error(shape, m, k));
    }
  }
  return Status::ok();
}

}  // namespace cuzk::r1cs
