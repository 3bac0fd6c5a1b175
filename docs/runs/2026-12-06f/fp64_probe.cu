// Probe (session 2026-12-06, sixth): the Montgomery product of the BLS12-381 fields with its
// word products on the FP64 pipe, which every cuzk kernel leaves idle, measured beside the
// CIOS product on 32-bit words (gpu_field_bench, same call).
//
// Representation: N limbs of 52 bits held as doubles (exact integers), R = 2^(52N):
// Fr N = 5 (R = 2^260), Fq N = 8 (R = 2^416); values kept in [0, 2p) (4p < R for both).
// A 52×52-bit limb product a·b is split exactly by two fused multiply-adds rounding toward
// zero (the high part lands in the binade [2^104, 2^105), whose unit is 2^52):
//   hi = fma_rz(a, b, 2^104)               = 2^104 + H·2^52,  H = ⌊ab / 2^52⌋
//   lo = fma_rz(a, b, (2^104 + 2^52) − hi) = 2^52 + L,        L = ab mod 2^52   (exact)
// and the bit patterns of hi and lo are 0x467·2^52 + H and 0x433·2^52 + L, so columns are summed
// as 64-bit integers and the exponent offsets, multiples of 2^52, taken out once per column
// (they start every column as a constant). Montgomery reduction by columns (SOS): q_i from the
// low 52 bits of column i and −p^−1 mod 2^52 (its product's low half by the same split), then
// q_i·p added, column i's carry (its value / 2^52) moved up.
//
// Checks on random values and on the edges (0, 1, p − 1, p, 2p − 1) against an independent host
// reference (bit-serial long division): r·R ≡ a·b (mod p), r < 2p, every limb < 2^52; and
// 512 chains of 32 dependent products against the host. Then the rate, x ← x·y in
// 8 × SM count × 256 threads, as gpu_field_bench times its kernels.
//
//   nvcc -O3 -std=c++20 -arch=sm_90 -I src -o fp64-probe docs/runs/2026-12-06f/fp64_probe.cu   (from the root)
#include <cuda_runtime.h>

#include <algorithm>
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "backend/cuda/field_device.cuh"

#define CHECK(call)                                                                             \
  do {                                                                                          \
    cudaError_t e_ = (call);                                                                    \
    if (e_ != cudaSuccess) {                                                                    \
      std::fprintf(stderr, "%s: %s (%s:%d)\n", #call, cudaGetErrorString(e_), __FILE__, __LINE__); \
      std::exit(1);                                                                             \
    }                                                                                           \
  } while (0)

constexpr uint64_t kMask52 = (uint64_t{1} << 52) - 1;
constexpr uint64_t kBits2p52 = 0x4330000000000000ull;   // bit pattern of 2^52
constexpr uint64_t kBits2p104 = 0x4670000000000000ull;  // bit pattern of 2^104
constexpr double k2p52 = 4503599627370496.0;
constexpr double k2p104 = 20282409603651670423947251286016.0;
constexpr double k2p104p52 = k2p104 + k2p52;

// ---------------------------------------------------------------------------------------------
// Host big integers (little-endian 64-bit limbs, fixed width W) for the reference.
template <int W>
struct Big {
  uint64_t w[W] = {};
};

template <int W>
bool geq(const Big<W>& a, const Big<W>& b) {
  for (int i = W - 1; i >= 0; --i)
    if (a.w[i] != b.w[i]) return a.w[i] > b.w[i];
  return true;
}
template <int W>
void sub_in_place(Big<W>& a, const Big<W>& b) {
  unsigned __int128 borrow = 0;
  for (int i = 0; i < W; ++i) {
    const unsigned __int128 d = (unsigned __int128)a.w[i] - b.w[i] - borrow;
    a.w[i] = (uint64_t)d;
    borrow = (d >> 64) ? 1 : 0;
  }
}
// x mod m by bit-serial long division (x of any width X, m of width 8)
template <int X>
Big<8> mod(const Big<X>& x, const Big<8>& m) {
  Big<9> rem, m9;
  for (int i = 0; i < 8; ++i) m9.w[i] = m.w[i];
  for (int bit = 64 * X - 1; bit >= 0; --bit) {
    for (int i = 8; i > 0; --i) rem.w[i] = (rem.w[i] << 1) | (rem.w[i - 1] >> 63);
    rem.w[0] = (rem.w[0] << 1) | ((x.w[bit / 64] >> (bit % 64)) & 1);
    if (geq(rem, m9)) sub_in_place(rem, m9);
  }
  Big<8> out;
  for (int i = 0; i < 8; ++i) out.w[i] = rem.w[i];
  return out;
}
Big<16> mul_wide(const Big<8>& a, const Big<8>& b) {
  Big<16> out;
  for (int i = 0; i < 8; ++i) {
    unsigned __int128 carry = 0;
    for (int j = 0; j < 8; ++j) {
      const unsigned __int128 t = (unsigned __int128)a.w[i] * b.w[j] + out.w[i + j] + carry;
      out.w[i + j] = (uint64_t)t;
      carry = t >> 64;
    }
    out.w[i + 8] = (uint64_t)carry;
  }
  return out;
}
Big<8> mulmod(const Big<8>& a, const Big<8>& b, const Big<8>& m) { return mod(mul_wide(a, b), m); }

// limbs of 52 bits <-> integer
template <int N>
Big<8> from_limbs(const double (&limbs)[N]) {
  Big<8> out;
  for (int k = 0; k < N; ++k) {
    const uint64_t v = (uint64_t)limbs[k];
    const int bit = 52 * k;
    out.w[bit / 64] |= v << (bit % 64);
    if (bit % 64 > 12) out.w[bit / 64 + 1] |= v >> (64 - bit % 64);
  }
  return out;
}
template <int N>
void to_limbs(const Big<8>& x, double (&limbs)[N]) {
  for (int k = 0; k < N; ++k) {
    const int bit = 52 * k;
    uint64_t v = x.w[bit / 64] >> (bit % 64);
    if (bit % 64 > 12 && bit / 64 + 1 < 8) v |= x.w[bit / 64 + 1] << (64 - bit % 64);
    limbs[k] = (double)(v & kMask52);
  }
}

// ---------------------------------------------------------------------------------------------
// Device: the product.
template <int N>
struct Fp64Field {
  double p[N];
  double pinv;  // −p^−1 mod 2^52
};
__constant__ Fp64Field<5> c_fr;
__constant__ Fp64Field<8> c_fq;

Fp64Field<5> h_fr;
Fp64Field<8> h_fq;
template <int N>
__host__ __device__ __forceinline__ const Fp64Field<N>& params();
template <>
__host__ __device__ __forceinline__ const Fp64Field<5>& params<5>() {
#ifdef __CUDA_ARCH__
  return c_fr;
#else
  return h_fr;
#endif
}
template <>
__host__ __device__ __forceinline__ const Fp64Field<8>& params<8>() {
#ifdef __CUDA_ARCH__
  return c_fq;
#else
  return h_fq;
#endif
}

// number of (i, j), 0 ≤ i, j < N, with i + j = k
__host__ __device__ constexpr uint64_t pairs_on(int N, int k) {
  return (k < 0 || k > 2 * N - 2) ? 0 : uint64_t(k < N ? k + 1 : 2 * N - 1 - k);
}
// the exponent offsets column k collects: low halves from i + j = k and high halves from
// i + j = k − 1, in the product and in the reduction (negated: the column's start value)
__host__ __device__ constexpr uint64_t column_start(int N, int k) {
  return uint64_t{0} - 2 * (pairs_on(N, k) * kBits2p52 + pairs_on(N, k - 1) * kBits2p104);
}

// fused multiply-add rounding toward zero (the host caller sets FE_TOWARDZERO), and bit casts
__host__ __device__ __forceinline__ double fma_rz(double a, double b, double c) {
#ifdef __CUDA_ARCH__
  return __fma_rz(a, b, c);
#else
  return std::fma(a, b, c);
#endif
}
__host__ __device__ __forceinline__ uint64_t bits_of(double x) {
#ifdef __CUDA_ARCH__
  return static_cast<uint64_t>(__double_as_longlong(x));
#else
  uint64_t v;
  std::memcpy(&v, &x, 8);
  return v;
#endif
}
__host__ __device__ __forceinline__ double double_of(uint64_t v) {
#ifdef __CUDA_ARCH__
  return __longlong_as_double(static_cast<long long>(v));
#else
  double x;
  std::memcpy(&x, &v, 8);
  return x;
#endif
}

__host__ __device__ __forceinline__ void split_product(double a, double b, uint64_t& hi_bits, uint64_t& lo_bits) {
  const double hi = fma_rz(a, b, k2p104);
  const double lo = fma_rz(a, b, k2p104p52 - hi);
  hi_bits = bits_of(hi);
  lo_bits = bits_of(lo);
}

// col[i + j] += low half, col[i + j + 1] += high half of x·y[j] for j < N. kPaired: the high
// half of product j and the low half of product j + 1 share one column, added together (one
// three-input 64-bit addition for two terms).
template <int N, bool kPaired>
__host__ __device__ __forceinline__ void add_row(uint64_t (&col)[2 * N], int i, double x, const double (&y)[N]) {
  uint64_t hi[N], lo[N];
#pragma unroll
  for (int j = 0; j < N; ++j) split_product(x, y[j], hi[j], lo[j]);
  if constexpr (kPaired) {
    col[i] += lo[0];
#pragma unroll
    for (int j = 0; j + 1 < N; ++j) col[i + j + 1] += hi[j] + lo[j + 1];
    col[i + N] += hi[N - 1];
  } else {
#pragma unroll
    for (int j = 0; j < N; ++j) {
      col[i + j] += lo[j];
      col[i + j + 1] += hi[j];
    }
  }
}

// r = a·b·2^(−52N) mod p, in [0, 2p), for a, b in [0, 2p); r may alias a or b.
template <int N, bool kPaired>
__host__ __device__ __forceinline__ void mont_mul(double (&r)[N], const double (&a)[N], const double (&b)[N]) {
  const Fp64Field<N>& f = params<N>();
  uint64_t col[2 * N];
#pragma unroll
  for (int k = 0; k < 2 * N; ++k) col[k] = column_start(N, k);
#pragma unroll
  for (int i = 0; i < N; ++i) add_row<N, kPaired>(col, i, a[i], b);
#pragma unroll
  for (int i = 0; i < N; ++i) {
    // q = (col[i] mod 2^52)·(−p^−1) mod 2^52; the offsets are multiples of 2^52
    const double low = double_of((col[i] & kMask52) | kBits2p52) - k2p52;
    const double q_hi = fma_rz(low, f.pinv, k2p104);
    const double q = fma_rz(low, f.pinv, k2p104p52 - q_hi) - k2p52;
    add_row<N, kPaired>(col, i, q, f.p);
    col[i + 1] += col[i] >> 52;  // col[i] is now complete and ≡ 0 (mod 2^52)
  }
#pragma unroll
  for (int k = 0; k < N; ++k) {
    const uint64_t v = col[N + k];
    if (k + 1 < N) col[N + k + 1] += v >> 52;
    r[k] = double_of((v & kMask52) | kBits2p52) - k2p52;
  }
}

template <int N, bool kPaired>
__global__ void mul_kernel(const double* a, const double* b, double* out, size_t n) {
  const size_t t = size_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (t >= n) return;
  double x[N], y[N], r[N];
  for (int k = 0; k < N; ++k) x[k] = a[t * N + k], y[k] = b[t * N + k];
  mont_mul<N, kPaired>(r, x, y);
  for (int k = 0; k < N; ++k) out[t * N + k] = r[k];
}

template <int N, bool kPaired>
__global__ void chain_kernel(const double* a, const double* b, double* out, unsigned steps, size_t n) {
  const size_t t = size_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (t >= n) return;
  double x[N], y[N];
  for (int k = 0; k < N; ++k) x[k] = a[t * N + k], y[k] = b[t * N + k];
  for (unsigned s = 0; s < steps; ++s) mont_mul<N, kPaired>(x, x, y);
  for (int k = 0; k < N; ++k) out[t * N + k] = x[k];
}

// x ← x·y `iterations` times from per-thread seeds below 2^(52(N−1)) (< p) on the FP64 pipe
// (kFp64), and beside it, on independent values, the CIOS product of field_device.cuh (kInt,
// F = DeviceFr or DeviceFq): with both, each iteration is two products, one on each pipe.
template <int N, bool kPaired, class F, bool kInt, bool kFp64>
__global__ void pipes_kernel(double* sink, unsigned iterations) {
  const uint32_t thread = blockIdx.x * blockDim.x + threadIdx.x;
  double x[N], y[N];
  uint32_t h = thread * 0x9e3779b9u + 1;
#pragma unroll
  for (int k = 0; k < N; ++k) {
    h ^= h >> 16, h *= 0x7feb352du, h ^= h >> 15;
    x[k] = k + 1 < N ? double(h) * 1048576.0 : 0.0;
    h ^= h >> 16, h *= 0x7feb352du, h ^= h >> 15;
    y[k] = k + 1 < N ? double(h) * 4096.0 : 0.0;
  }
  uint32_t xw[F::kWords], yw[F::kWords];
#pragma unroll
  for (size_t k = 0; k < F::kWords; ++k) {
    h ^= h >> 16, h *= 0x7feb352du, h ^= h >> 15;
    xw[k] = h;
    h ^= h >> 16, h *= 0x7feb352du, h ^= h >> 15;
    yw[k] = h;
  }
  xw[F::kWords - 1] &= 0x0fffffffu;  // below both moduli
  yw[F::kWords - 1] &= 0x0fffffffu;
  F xi, yi;
  memcpy(&xi, xw, sizeof(F));
  memcpy(&yi, yw, sizeof(F));
#pragma unroll 1
  for (unsigned i = 0; i < iterations; ++i) {
    if constexpr (kFp64) mont_mul<N, kPaired>(x, x, y);
    if constexpr (kInt) F::mul(xi, xi, yi);
  }
  double s = 0;
#pragma unroll
  for (int k = 0; k < N; ++k) s += x[k];
  if constexpr (kInt) s += double(xi.word(0));
  sink[thread] = s;
}

template <int N, bool kPaired, class F, bool kInt, bool kFp64>
void time_pipes(const char* label, unsigned blocks, unsigned threads, double* sink) {
  const unsigned iterations = 4096;
  pipes_kernel<N, kPaired, F, kInt, kFp64><<<blocks, threads>>>(sink, iterations);
  CHECK(cudaDeviceSynchronize());
  std::vector<double> rates;
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  for (int run = 0; run < 5; ++run) {
    CHECK(cudaEventRecord(start));
    pipes_kernel<N, kPaired, F, kInt, kFp64><<<blocks, threads>>>(sink, iterations);
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float ms = 0;
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    rates.push_back(double(blocks) * threads * iterations * (int(kInt) + int(kFp64)) / (ms * 1e-3) / 1e9);
  }
  std::sort(rates.begin(), rates.end());
  std::printf("%-22s min %8.2f  median %8.2f  max %8.2f  G products/s\n", label, rates.front(), rates[2], rates.back());
}

// ---------------------------------------------------------------------------------------------
// Host driver.
Big<8> parse_hex(const char* hex) {
  Big<8> out;
  const size_t len = std::strlen(hex);
  for (size_t i = 0; i < len; ++i) {
    const char c = hex[len - 1 - i];
    const uint64_t v = c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
    out.w[i / 16] |= v << (4 * (i % 16));
  }
  return out;
}

template <int N>
Fp64Field<N> make_params(const Big<8>& p) {
  Fp64Field<N> f;
  to_limbs<N>(p, f.p);
  uint64_t inv = 1;  // p^−1 mod 2^64 by Newton's iteration
  for (int i = 0; i < 6; ++i) inv *= 2 - p.w[0] * inv;
  f.pinv = (double)((0 - inv) & kMask52);
  return f;
}

template <int N>
Big<8> limbs_value(const std::vector<double>& v, size_t t) {
  double limbs[N];
  for (int k = 0; k < N; ++k) limbs[k] = v[t * N + k];
  return from_limbs<N>(limbs);
}

template <int N>
bool limbs_ok(const std::vector<double>& v, size_t t) {
  for (int k = 0; k < N; ++k) {
    const double x = v[t * N + k];
    if (!(x >= 0 && x < k2p52 && x == (double)(uint64_t)x)) return false;
  }
  return true;
}

Big<16> widen(const Big<8>& x) {
  Big<16> w;
  for (int i = 0; i < 8; ++i) w.w[i] = x.w[i];
  return w;
}
bool equal(const Big<8>& a, const Big<8>& b) { return std::memcmp(a.w, b.w, sizeof(a.w)) == 0; }

// every product of `values` × `values` (host: mont_mul on the CPU; device: mul_kernel) checked;
// returns the number wrong
template <int N>
size_t check_products(const char* name, const char* where, const std::vector<double>& ha, const std::vector<double>& hb,
                      const std::vector<double>& hout, const Big<8>& p, const Big<8>& two_p, const Big<8>& r_inv) {
  const size_t n = ha.size() / N;
  size_t bad = 0;
  for (size_t t = 0; t < n; ++t) {
    const Big<8> a = limbs_value<N>(ha, t), b = limbs_value<N>(hb, t);
    const bool limbs = limbs_ok<N>(hout, t);
    const Big<8> r = limbs_value<N>(hout, t);
    const bool below = !geq(r, two_p);
    const bool value = limbs && equal(mulmod(mulmod(a, b, p), r_inv, p), mod(widen(r), p));
    if (!(limbs && below && value)) {
      if (bad < 4) std::printf("%s %s: product %zu wrong (limbs %d, below 2p %d, value %d)\n", name, where, t, limbs, below, value);
      ++bad;
    }
  }
  std::printf("%s %s products: %zu of %zu right\n", name, where, n - bad, n);
  return bad;
}

template <int N, bool kPaired>
int run_field(const char* name, const char* p_hex, Fp64Field<N>& host_params, const void* symbol, bool gpu) {
  const Big<8> p = parse_hex(p_hex);
  host_params = make_params<N>(p);
  Big<8> two_p, half;  // 2p and (p + 1)/2 = 2^−1 mod p
  for (int i = 0; i < 8; ++i) {
    two_p.w[i] = (p.w[i] << 1) | (i > 0 ? p.w[i - 1] >> 63 : 0);
    half.w[i] = (p.w[i] >> 1) | (i + 1 < 8 ? p.w[i + 1] << 63 : 0);
  }
  half.w[0] += 1;  // p is odd; no carry out of word 0 for either modulus
  Big<8> r_inv;  // R^−1 = 2^(−52N) mod p
  r_inv.w[0] = 1;
  for (int i = 0; i < 52 * N; ++i) r_inv = mulmod(r_inv, half, p);

  // values: the edges, then random ones below 2p
  std::mt19937_64 rng(0xc0ffee + N);
  std::vector<Big<8>> values;
  Big<8> zero, one, p_minus_1 = p, two_p_minus_1 = two_p;
  one.w[0] = 1;
  sub_in_place(p_minus_1, one);
  sub_in_place(two_p_minus_1, one);
  for (const Big<8>& e : {zero, one, p_minus_1, p, two_p_minus_1}) values.push_back(e);
  while (values.size() < 64) {
    Big<8> x;
    for (int i = 0; i < 8; ++i) x.w[i] = rng();
    values.push_back(mod(widen(x), two_p));
  }
  const size_t n = values.size() * values.size();
  std::vector<double> ha(n * N), hb(n * N);
  for (size_t i = 0; i < values.size(); ++i)
    for (size_t j = 0; j < values.size(); ++j) {
      double la[N], lb[N];
      to_limbs<N>(values[i], la);
      to_limbs<N>(values[j], lb);
      for (int k = 0; k < N; ++k) ha[(i * values.size() + j) * N + k] = la[k], hb[(i * values.size() + j) * N + k] = lb[k];
    }
  size_t bad = 0;
  {  // the same code on the CPU, rounding toward zero
    std::vector<double> hout(n * N, -1.0);
    const int mode = std::fegetround();
    std::fesetround(FE_TOWARDZERO);
    for (size_t t = 0; t < n; ++t) {
      double x[N], y[N], r[N];
      for (int k = 0; k < N; ++k) x[k] = ha[t * N + k], y[k] = hb[t * N + k];
      mont_mul<N, kPaired>(r, x, y);
      for (int k = 0; k < N; ++k) hout[t * N + k] = r[k];
    }
    std::fesetround(mode);
    bad += check_products<N>(name, "cpu", ha, hb, hout, p, two_p, r_inv);
  }
  if (!gpu) return bad ? 1 : 0;
  CHECK(cudaMemcpyToSymbol(symbol, &host_params, sizeof(host_params)));

  std::vector<double> hout(n * N, -1.0);
  double *da, *db, *dout;
  CHECK(cudaMalloc(&da, n * N * 8));
  CHECK(cudaMalloc(&db, n * N * 8));
  CHECK(cudaMalloc(&dout, n * N * 8));
  CHECK(cudaMemcpy(da, ha.data(), n * N * 8, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(db, hb.data(), n * N * 8, cudaMemcpyHostToDevice));
  CHECK(cudaMemset(dout, 0xff, n * N * 8));  // poison
  mul_kernel<N, kPaired><<<(n + 127) / 128, 128>>>(da, db, dout, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(hout.data(), dout, n * N * 8, cudaMemcpyDeviceToHost));
  bad += check_products<N>(name, "gpu", ha, hb, hout, p, two_p, r_inv);

  // chains of dependent products
  const size_t chains = 512;
  const unsigned steps = 32;
  std::vector<double> ca(chains * N), cb(chains * N), cout(chains * N, -1.0);
  std::vector<Big<8>> xs(chains), ys(chains);
  for (size_t t = 0; t < chains; ++t) {
    xs[t] = values[rng() % values.size()];
    ys[t] = values[rng() % values.size()];
    double la[N], lb[N];
    to_limbs<N>(xs[t], la);
    to_limbs<N>(ys[t], lb);
    for (int k = 0; k < N; ++k) ca[t * N + k] = la[k], cb[t * N + k] = lb[k];
  }
  double *dca, *dcb, *dco;
  CHECK(cudaMalloc(&dca, chains * N * 8));
  CHECK(cudaMalloc(&dcb, chains * N * 8));
  CHECK(cudaMalloc(&dco, chains * N * 8));
  CHECK(cudaMemcpy(dca, ca.data(), chains * N * 8, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dcb, cb.data(), chains * N * 8, cudaMemcpyHostToDevice));
  CHECK(cudaMemset(dco, 0xff, chains * N * 8));
  chain_kernel<N, kPaired><<<(chains + 127) / 128, 128>>>(dca, dcb, dco, steps, chains);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(cout.data(), dco, chains * N * 8, cudaMemcpyDeviceToHost));
  size_t chain_bad = 0;
  for (size_t t = 0; t < chains; ++t) {
    Big<8> x = mod(widen(xs[t]), p);
    const Big<8> y = mod(widen(ys[t]), p);
    for (unsigned s = 0; s < steps; ++s) x = mulmod(mulmod(x, y, p), r_inv, p);
    const Big<8> got = limbs_value<N>(cout, t);
    const bool ok = limbs_ok<N>(cout, t) && !geq(got, two_p) && equal(mod(widen(got), p), x);
    if (!ok) {
      if (chain_bad < 4) std::printf("%s gpu: chain %zu wrong\n", name, t);
      ++chain_bad;
    }
  }
  std::printf("%s gpu chains of %u: %zu of %zu right\n", name, steps, chains - chain_bad, chains);

  // rates: each pipe alone, then both
  int sms = 0;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const unsigned blocks = 8 * sms, threads = 256;
  double* sink;
  CHECK(cudaMalloc(&sink, size_t{blocks} * threads * 8));
  using Int = std::conditional_t<N == 5, cuzk::backend::cuda::DeviceFr, cuzk::backend::cuda::DeviceFq>;
  const std::string base = std::string(name) + (kPaired ? " paired" : "");
  if (!kPaired) time_pipes<N, kPaired, Int, true, false>((std::string(name) + " cios").c_str(), blocks, threads, sink);
  time_pipes<N, kPaired, Int, false, true>((base + " fp64").c_str(), blocks, threads, sink);
  time_pipes<N, kPaired, Int, true, true>((base + " fp64+cios").c_str(), blocks, threads, sink);
  for (double* d : {da, db, dout, dca, dcb, dco, sink}) CHECK(cudaFree(d));
  return (bad || chain_bad) ? 1 : 0;
}

int main() {
  int devices = 0;
  const bool gpu = cudaGetDeviceCount(&devices) == cudaSuccess && devices > 0;
  if (!gpu) std::printf("no CUDA GPU: checking the product on the CPU only\n");
  int rc = 0;
  const char* fr = "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001";
  const char* fq = "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab";
  rc |= run_field<5, false>("fr", fr, h_fr, &c_fr, gpu);
  rc |= run_field<5, true>("fr", fr, h_fr, &c_fr, gpu);
  rc |= run_field<8, false>("fq", fq, h_fq, &c_fq, gpu);
  rc |= run_field<8, true>("fq", fq, h_fq, &c_fq, gpu);
  return rc;
}
