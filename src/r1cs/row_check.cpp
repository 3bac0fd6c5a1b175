// check_rows: a_j·b_j − c_j over the rows, in chunks; the lowest failing row is reported.
#include "r1cs/row_check.hpp"

#include <atomic>
#include <string>

namespace cuzk::r1cs {

Status check_rows(const ProvingAssignment& cs, ThreadPool& pool) {
  const size_t rows = cs.a.size();
  if (cs.b.size() != rows || cs.c.size() != rows) {
    return Status::internal("assignment with " + std::to_string(cs.a.size()) + " a, " + std::to_string(cs.b.size()) +
                            " b and " + std::to_string(cs.c.size()) + " c evaluations");
  }
  std::atomic<size_t> first_failing{rows};
  pool.parallel_for(rows, [&](size_t begin, size_t end) {
    for (size_t j = begin; j < end && j < first_failing.load(std::memory_order_relaxed); ++j) {
      if (cs.a[j] * cs.b[j] != cs.c[j]) {
        size_t seen = first_failing.load();
        while (j < seen && !first_failing.compare_exchange_weak(seen, j)) {
        }
        return;
      }
    }
  });
  if (first_failing == rows) return Status::ok();
  return {StatusCode::kUnsatisfiable, "the witness does not satisfy constraint " + std::to_string(first_failing.load()) +
                                          " of " + std::to_string(rows) + " (a·b ≠ c)"};
}

}  // namespace cuzk::r1cs
