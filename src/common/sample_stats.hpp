// Summary statistics of measured samples (benchmarks, the bench client): the median and a
// nearest-rank percentile. Both take the samples by value (they sort a copy); 0 for none.
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

namespace cuzk {

inline double median(std::vector<double> samples) {
  if (samples.empty()) return 0;
  std::sort(samples.begin(), samples.end());
  const size_t n = samples.size();
  return (samples[(n - 1) / 2] + samples[n / 2]) / 2;
}

// p in [0, 1]: 0 is the minimum, 1 the maximum.
inline double percentile(std::vector<double> samples, double p) {
  if (samples.empty()) return 0;
  std::sort(samples.begin(), samples.end());
  const size_t rank = static_cast<size_t>(p * static_cast<double>(samples.size()));
  return samples[std::min(samples.size() - 1, rank)];
}

}  // namespace cuzk
