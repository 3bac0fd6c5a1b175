// CPUID-based feature report for the arithmetic path compiled into this binary.
#include "cli/cpu_features.hpp"

#include "ff/montgomery.hpp"

#if defined(__x86_64__)
#include <cpuid.h>
#endif

namespace cuzk::cli {
namespace {

struct X86Features {
  bool bmi2 = false;
  bool adx = false;
};

X86Features x86_features() {
  X86Features f;
#if defined(__x86_64__)
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) {
    f.bmi2 = (ebx >> 8) & 1;
    f.adx = (ebx >> 19) & 1;
  }
#endif
  return f;
}

}  // namespace

std::string describe_cpu_features() {
#if defined(__x86_64__)
  const X86Features f = x86_features();
  std::string out = "x86-64";
  out += f.bmi2 ? ", bmi2" : ", no bmi2";
  out += f.adx ? ", adx" : ", no adx";
#else
  std::string out = "non-x86";
#endif
  out += CUZK_FF_HAVE_ADX ? "; field arithmetic: bmi2/adx assembly" : "; field arithmetic: portable C++";
  return out;
}

bool cpu_supports_build() {
#if CUZK_FF_HAVE_ADX
  const X86Features f = x86_features();
  return f.bmi2 && f.adx;
#else
  return true;
#endif
}

}  // namespace cuzk::cli
