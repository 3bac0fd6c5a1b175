// What the host CPU offers, and whether it can run the instructions this build uses.
#pragma once

#include <string>

namespace cuzk::cli {

// e.g. "x86-64, bmi2 adx, field arithmetic: adx"
std::string describe_cpu_features();
// False if the build uses BMI2/ADX assembly and the CPU lacks either.
bool cpu_supports_build();

}  // namespace cuzk::cli
