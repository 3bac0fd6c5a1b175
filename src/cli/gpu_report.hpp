// One line describing the CUDA GPUs this process can use (or why there are none).
#pragma once

#include <string>

namespace cuzk::cli {

std::string describe_gpus();

}  // namespace cuzk::cli
