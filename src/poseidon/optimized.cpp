// neptune's preprocessing: constant compression and sparse MDS factorisation, and the
// optimized permutation that uses them.
#include "poseidon/optimized.hpp"

#include <cassert>
#include <cstdio>
#include <cstdlib>

#include "ff/fr_dot_product.hpp"
#include "poseidon/permutation.hpp"

namespace cuzk::poseidon {

using ff::Fr;

std::vector<Fr> apply_matrix(const Matrix& m, std::span<const Fr> v) {
  std::vector<Fr> out(v.size());
  for (size_t j = 0; j < v.size(); ++j) {
    for (size_t i = 0; i < v.size(); ++i) out[j] += m[i][j] * v[i];
  }
  return out;
}

Matrix mat_mul(const Matrix& a, const Matrix& b) {
  Matrix out(a.size(), std::vector<Fr>(b[0].size()));
  for (size_t i = 0; i < a.size(); ++i) {
    for (size_t j = 0; j < b[0].size(); ++j) {
      for (size_t k = 0; k < b.size(); ++k) out[i][j] += a[i][k] * b[k][j];
    }
  }
  return out;
}

Matrix invert(const Matrix& m) {
  // Gauss–Jordan on [m | I].
  const size_t n = m.size();
  Matrix a = m, inv(n, std::vector<Fr>(n));
  for (size_t i = 0; i < n; ++i) inv[i][i] = Fr::one();
  for (size_t col = 0; col < n; ++col) {
    size_t pivot = col;
    while (pivot < n && a[pivot][col].is_zero()) ++pivot;
    assert(pivot < n && "matrix is singular");
    std::swap(a[col], a[pivot]);
    std::swap(inv[col], inv[pivot]);
    const Fr scale = a[col][col].inverse();
    for (size_t j = 0; j < n; ++j) {
      a[col][j] *= scale;
      inv[col][j] *= scale;
    }
    for (size_t row = 0; row < n; ++row) {
      if (row == col || a[row][col].is_zero()) continue;
      const Fr factor = a[row][col];
      for (size_t j = 0; j < n; ++j) {
        a[row][j] -= factor * a[col][j];
        inv[row][j] -= factor * inv[col][j];
      }
    }
  }
  return inv;
}

namespace {

Matrix minor00(const Matrix& m) {
  Matrix out;
  for (size_t i = 1; i < m.size(); ++i) out.emplace_back(m[i].begin() + 1, m[i].end());
  return out;
}

// M' = [[1, 0…], [0, M[i][1..]]…]
Matrix make_prime(const Matrix& m) {
  Matrix out(m.size(), std::vector<Fr>(m.size()));
  out[0][0] = Fr::one();
  for (size_t i = 1; i < m.size(); ++i) {
    for (size_t j = 1; j < m.size(); ++j) out[i][j] = m[i][j];
  }
  return out;
}

// M'' = [[M[0][0], v…], [ŵ_{i−1}, e_i]…] with v = M[0][1..], ŵ = apply(M̂⁻¹, w), w = M[1..][0].
Matrix make_double_prime(const Matrix& m) {
  const size_t n = m.size();
  std::vector<Fr> w;
  for (size_t i = 1; i < n; ++i) w.push_back(m[i][0]);
  const std::vector<Fr> w_hat = apply_matrix(invert(minor00(m)), w);
  Matrix out(n, std::vector<Fr>(n));
  out[0] = m[0];
  for (size_t i = 1; i < n; ++i) {
    out[i][0] = w_hat[i - 1];
    out[i][i] = Fr::one();
  }
  return out;
}

// Starting from the last partial round: M_cur = M'·M''; keep M''; the previous round's matrix
// becomes M·M'. Returns the final M_cur (the pre-sparse matrix) and the M'' in round order.
void factor_to_sparse(const Matrix& base, size_t rounds, Matrix& pre_sparse, std::vector<SparseMatrix>& sparse) {
  Matrix current = base;
  std::vector<Matrix> factors;
  for (size_t r = 0; r < rounds; ++r) {
    factors.push_back(make_double_prime(current));
    current = mat_mul(base, make_prime(current));
  }
  pre_sparse = current;
  sparse.clear();
  for (size_t r = rounds; r-- > 0;) {
    const Matrix& f = factors[r];
    SparseMatrix s;
    for (size_t i = 0; i < f.size(); ++i) s.w_hat.push_back(f[i][0]);
    s.v_rest.assign(f[0].begin() + 1, f[0].end());
    sparse.push_back(std::move(s));
  }
}

std::vector<Fr> vec_add(std::span<const Fr> a, std::span<const Fr> b) {
  std::vector<Fr> out(a.size());
  for (size_t i = 0; i < a.size(); ++i) out[i] = a[i] + b[i];
  return out;
}

// neptune's compress_round_constants with every partial round preprocessed.
std::vector<Fr> compress_round_constants(size_t t, size_t full_rounds, size_t partial_rounds,
                                         std::span<const Fr> constants, const Matrix& mds_inv) {
  auto round_keys = [&](size_t r) { return constants.subspan(r * t, t); };
  const size_t half = full_rounds / 2;
  std::vector<Fr> out(round_keys(0).begin(), round_keys(0).end());
  for (size_t i = 0; i + 1 < half; ++i) {
    const std::vector<Fr> inverted = apply_matrix(mds_inv, round_keys(i + 1));
    out.insert(out.end(), inverted.begin(), inverted.end());
  }
  // Walk the partial rounds backwards: invert the accumulated keys, keep their first entry as
  // that round's single post-S-box constant, fold the rest into the previous round.
  const size_t final_round = half + partial_rounds;
  std::vector<Fr> acc(round_keys(final_round).begin(), round_keys(final_round).end());
  std::vector<Fr> partial_keys;
  for (size_t i = 0; i < partial_rounds; ++i) {
    std::vector<Fr> inverted = apply_matrix(mds_inv, acc);
    partial_keys.push_back(inverted[0]);
    inverted[0] = Fr::zero();
    acc = vec_add(round_keys(final_round - i - 1), inverted);
  }
  const std::vector<Fr> inverted_acc = apply_matrix(mds_inv, acc);
  out.insert(out.end(), inverted_acc.begin(), inverted_acc.end());
  out.insert(out.end(), partial_keys.rbegin(), partial_keys.rend());
  for (size_t i = 1; i < half; ++i) {
    const std::vector<Fr> inverted = apply_matrix(mds_inv, round_keys(i + final_round));
    out.insert(out.end(), inverted.begin(), inverted.end());
  }
  return out;
}

OptimizedConstants build(size_t arity) {
  const PoseidonParams& params = PoseidonParams::for_arity(arity);
  OptimizedConstants c;
  c.arity = arity;
  c.width = params.width();
  c.half_full_rounds = params.full_rounds() / 2;
  c.partial_rounds = params.partial_rounds();
  c.domain_tag = params.domain_tag();
  c.mds.assign(c.width, std::vector<Fr>(c.width));
  for (size_t i = 0; i < c.width; ++i) {
    for (size_t j = 0; j < c.width; ++j) c.mds[i][j] = params.mds_at(i, j);
  }
  c.compressed_round_constants = compress_round_constants(c.width, params.full_rounds(), c.partial_rounds,
                                                          params.round_constants(), invert(c.mds));
  factor_to_sparse(c.mds, c.partial_rounds, c.pre_sparse, c.sparse);
  for (size_t j = 0; j < c.width; ++j) {
    for (size_t i = 0; i < c.width; ++i) {
      c.mds_columns.push_back(c.mds[i][j]);
      c.pre_sparse_columns.push_back(c.pre_sparse[i][j]);
    }
  }
  return c;
}

Fr quintic(const Fr& x) { return x.square().square() * x; }

}  // namespace

const OptimizedConstants& OptimizedConstants::for_arity(size_t arity) {
  switch (arity) {
    case 2: { static const OptimizedConstants c = build(2); return c; }
    case 4: { static const OptimizedConstants c = build(4); return c; }
    case 8: { static const OptimizedConstants c = build(8); return c; }
    case 11: { static const OptimizedConstants c = build(11); return c; }
    default: break;
  }
  std::fprintf(stderr, "cuzk: Poseidon arity %zu is not supported (2, 4, 8 or 11)\n", arity);
  std::abort();
}

OptimizedConstants OptimizedConstants::with_custom_tag(size_t arity, uint64_t id) {
  assert(id > 0 && id <= 256);
  OptimizedConstants c = for_arity(arity);
  c.domain_tag = Fr::from_u64(id) * Fr::from_u64(uint64_t{1} << 40);
  return c;
}

void optimized_mix(const OptimizedConstants& c, size_t round, Fr* state) {
  const size_t t = c.width;
  if (round >= c.half_full_rounds && round < c.half_full_rounds + c.partial_rounds) {
    // M'': first row and column dense, identity elsewhere.
    const SparseMatrix& s = c.sparse[round - c.half_full_rounds];
    const Fr first = ff::fr_dot_product(s.w_hat, std::span<const Fr>(state, t));
    for (size_t j = 1; j < t; ++j) state[j] += state[0] * s.v_rest[j - 1];
    state[0] = first;
    return;
  }
  // Each output a dot product with one reduction (ff/fr_dot_product.hpp).
  const Fr* column = (round == c.half_full_rounds - 1 ? c.pre_sparse_columns : c.mds_columns).data();
  Fr next[12];
  for (size_t j = 0; j < t; ++j, column += t) {
    next[j] = ff::fr_dot_product(std::span<const Fr>(column, t), std::span<const Fr>(state, t));
  }
  for (size_t j = 0; j < t; ++j) state[j] = next[j];
}

Fr poseidon_hash_optimized(std::span<const Fr> preimage) {
  return poseidon_hash_optimized(preimage, OptimizedConstants::for_arity(preimage.size()));
}

Fr poseidon_hash_optimized(std::span<const Fr> preimage, const OptimizedConstants& c) {
  assert(preimage.size() == c.arity);
  const size_t t = c.width;
  Fr state[12];
  state[0] = c.domain_tag;
  for (size_t i = 0; i < preimage.size(); ++i) state[1 + i] = preimage[i];
  const Fr* k = c.compressed_round_constants.data();
  size_t round = 0;
  // First round: constants added before and after the S-box; then post-S-box constants only.
  for (size_t i = 0; i < t; ++i) state[i] = quintic(state[i] + k[i]) + k[t + i];
  k += 2 * t;
  optimized_mix(c, round++, state);
  for (size_t r = 1; r < c.half_full_rounds; ++r, k += t) {
    for (size_t i = 0; i < t; ++i) state[i] = quintic(state[i]) + k[i];
    optimized_mix(c, round++, state);
  }
  for (size_t r = 0; r < c.partial_rounds; ++r) {
    state[0] = quintic(state[0]) + *k++;
    optimized_mix(c, round++, state);
  }
  for (size_t r = 1; r < c.half_full_rounds; ++r, k += t) {
    for (size_t i = 0; i < t; ++i) state[i] = quintic(state[i]) + k[i];
    optimized_mix(c, round++, state);
  }
  for (size_t i = 0; i < t; ++i) state[i] = quintic(state[i]);
  optimized_mix(c, round, state);
  assert(k == c.compressed_round_constants.data() + c.compressed_round_constants.size());
  return state[1];
}

}  // namespace cuzk::poseidon
