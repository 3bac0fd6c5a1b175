// zkey → ZkeyProvingKey (zkey_proving_key.hpp): densities from the points at infinity, the A/B
// queries compacted in place.
#include "circom/zkey_proving_key.hpp"

#include <string>
#include <utility>

namespace cuzk::circom {
namespace {

// Keeps the entries of `points` whose index i has keep(i) true, in order (in place).
template <class P, class Keep>
void compact(std::vector<P>& points, Keep keep) {
  size_t kept = 0;
  for (size_t i = 0; i < points.size(); ++i) {
    if (keep(i)) points[kept++] = points[i];
  }
  points.resize(kept);
  points.shrink_to_fit();
}

}  // namespace

Result<ZkeyProvingKey> zkey_proving_key(Zkey&& zkey) {
  const size_t vars = zkey.n_vars, inputs = size_t{zkey.n_public} + 1;
  if (vars < inputs || zkey.a.size() != vars || zkey.b1.size() != vars || zkey.b2.size() != vars ||
      zkey.h.size() != zkey.domain_size || zkey.c.size() != vars - inputs || zkey.ic.size() != inputs) {
    return Status::invalid_argument("the zkey was read without its proving sections, or they disagree with its "
                                    "header (nVars " +
                                    std::to_string(vars) + ", nPublic " + std::to_string(zkey.n_public) + ")");
  }
  ZkeyProvingKey out;
  out.n_vars = zkey.n_vars;
  out.n_public = zkey.n_public;
  out.domain_size = zkey.domain_size;
  out.pk.vk = zkey.verifying_key();
  std::vector<bool> in_a(vars), in_b(vars);
  for (size_t i = 0; i < vars; ++i) {
    in_a[i] = i < inputs || !zkey.a[i].infinity;
    in_b[i] = !zkey.b1[i].infinity || !zkey.b2[i].infinity;
    if (i < inputs) {
      out.b_input_density.push(in_b[i]);
    } else {
      out.a_aux_density.push(!zkey.a[i].infinity);
      out.b_aux_density.push(in_b[i]);
    }
  }
  compact(zkey.a, [&](size_t i) { return in_a[i]; });
  compact(zkey.b1, [&](size_t i) { return in_b[i]; });
  compact(zkey.b2, [&](size_t i) { return in_b[i]; });
  out.pk.a = std::move(zkey.a);
  out.pk.b_g1 = std::move(zkey.b1);
  out.pk.b_g2 = std::move(zkey.b2);
  out.pk.l = std::move(zkey.c);
  out.pk.h = std::move(zkey.h);
  out.coefs = std::move(zkey.coefs);
  return out;
}

Result<ZkeyProvingKey> zkey_proving_key(const Zkey& zkey) { return zkey_proving_key(Zkey(zkey)); }

}  // namespace cuzk::circom
