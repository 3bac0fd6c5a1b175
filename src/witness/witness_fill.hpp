// WitnessFill: aux values that a witness-only synthesis leaves for the prover to compute where the
// witness lives (a native computation instead of hundreds of field values a gadget would
// allocate). The synthesis pushes them as zero bits in the packed aux and records, in a fill,
// how to compute them from values it did allocate; a prover runs the fill after expanding the
// aux: on the host (fill()), or on its device with the fill's device twin, chosen by the fill's
// type (backend/cuda keeps one per fill type it knows).
//
// Today's fill: gadgets::PoseidonFill (the internal values of Poseidon hashes). A new fill is a
// class deriving from WitnessFill in the layer that owns its computation, a gadget that records
// into it through FillRecordingSystem::fill<T>(), and optionally a device twin.
//
// Thread safety: const methods may be called concurrently; append() is the builder's alone.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

#include "common/thread_pool.hpp"
#include "ff/fr.hpp"

namespace cuzk::witness {

class WitnessFill {
 public:
  virtual ~WitnessFill() = default;

  // What it computes, for messages ("poseidon").
  virtual std::string_view name() const = 0;
  // The number of aux values it writes, and the host bytes it holds.
  virtual size_t values() const = 0;
  virtual size_t bytes() const = 0;

  // Writes its values into `aux` (the expanded aux assignment) from `inputs` ([ONE, public…]) and
  // the values of `aux` it reads; in parallel on `pool` when given. The values it reads are
  // allocated ones or values an earlier fill of the same witness wrote.
  virtual void fill(std::span<const ff::Fr> inputs, std::span<ff::Fr> aux, ThreadPool* pool) const = 0;

  // An empty fill of the same type, to append parts into.
  virtual std::unique_ptr<WitnessFill> make_empty() const = 0;
  // Appends `part`, a fill of the same type recorded by a synthesis of a part of the circuit,
  // with its aux indices shifted by `aux_offset` and its inputs other than ONE by `input_offset`
  // (the part's place in the whole). Precondition: typeid(part) == typeid(*this).
  virtual void append(const WitnessFill& part, uint64_t aux_offset, uint64_t input_offset) = 0;
};

}  // namespace cuzk::witness
