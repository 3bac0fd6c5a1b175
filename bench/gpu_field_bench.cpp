// Throughput of the device field arithmetic (field_device.cuh) and of the two integer
// multiply-adds it is built from, on the current GPU: plain program, one line per operation.
//
//   gpu_field_bench [--iterations N] [--runs R]     (defaults 4096 and 5; N a multiple of 8)
//
// Each line: the operation, then min / median / max of R launches in G operations per second
// (each launch: 8 × SM count × 256 threads doing N dependent operations, after one warm-up).
// Exit status 1 if a launch fails (the message names the call), 2 on bad arguments.
#include <algorithm>
#include <charconv>
#include <cstdio>
#include <string_view>
#include <vector>

#include "backend/cuda/arith/field_ops.hpp"

namespace {

bool parse_flag(std::string_view text, unsigned& out) {
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && ptr == text.data() + text.size();
}

}  // namespace

int main(int argc, char** argv) {
  unsigned iterations = 4096, runs = 5;
  for (int i = 1; i < argc; ++i) {
    const std::string_view flag = argv[i];
    const bool has_value = i + 1 < argc;
    if (flag == "--iterations" && has_value && parse_flag(argv[i + 1], iterations) && iterations > 0 &&
        iterations % 8 == 0) {
      ++i;
    } else if (flag == "--runs" && has_value && parse_flag(argv[i + 1], runs) && runs > 0) {
      ++i;
    } else {
      std::fprintf(stderr, "usage: gpu_field_bench [--iterations N (multiple of 8)] [--runs R]\n");
      return 2;
    }
  }
  using cuzk::backend::cuda::FieldThroughputOp;
  for (const FieldThroughputOp op : {FieldThroughputOp::kImad, FieldThroughputOp::kImadWide, FieldThroughputOp::kFrMul,
                                     FieldThroughputOp::kFrSquare, FieldThroughputOp::kFqMul,
                                     FieldThroughputOp::kFqSquare}) {
    std::vector<double> rates;
    for (unsigned r = 0; r < runs; ++r) {
      auto rate = cuzk::backend::cuda::gpu_field_throughput(op, iterations);
      if (!rate.is_ok()) {
        std::fprintf(stderr, "%s\n", rate.status().to_string().c_str());
        return 1;
      }
      rates.push_back(*rate / 1e9);
    }
    std::sort(rates.begin(), rates.end());
    std::printf("%-10s min %8.2f  median %8.2f  max %8.2f  G ops/s\n",
                cuzk::backend::cuda::field_throughput_op_name(op), rates.front(), rates[rates.size() / 2],
                rates.back());
  }
  return 0;
}
