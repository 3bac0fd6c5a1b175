// Montgomery's batch-inversion trick: n inversions for one inversion and 3(n − 1)
// multiplications. Works for any field type with *, inverse(), is_zero() and one().
#pragma once

#include <span>
#include <vector>

namespace cuzk::ff {

// values[i] ← 1/values[i]; zeros stay zero (and do not poison the others).
template <class F>
void batch_inverse(std::span<F> values) {
  std::vector<F> prefix(values.size());
  F acc = F::one();
  for (size_t i = 0; i < values.size(); ++i) {
    prefix[i] = acc;  // product of the non-zero values before i
    if (!values[i].is_zero()) acc *= values[i];
  }
  F inv = acc.inverse();
  for (size_t i = values.size(); i-- > 0;) {
    if (values[i].is_zero()) continue;
    const F value = values[i];
    values[i] = inv * prefix[i];
    inv *= value;
  }
}

}  // namespace cuzk::ff
