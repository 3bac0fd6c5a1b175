// CircuitSize's FFT domain.
#include "filecoin/circuit_size.hpp"

namespace cuzk::filecoin {

size_t CircuitSize::domain_log2() const {
  size_t log = 0;
  while ((uint64_t{1} << log) < constraints + inputs) ++log;
  return log;
}

}  // namespace cuzk::filecoin
