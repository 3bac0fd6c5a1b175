// Reading and writing bellperson's proof, verifying-key and parameter files.
#include "groth16/bellperson_format.hpp"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

namespace cuzk::groth16 {
namespace {

using ec::PointForm;

// Points per block of a parameter vector: large enough to spread over a pool, small enough
// that a block's bytes stay a few tens of MB.
constexpr size_t kPointsPerBlock = size_t{1} << 17;

template <class Point>
struct EncodedSize;
template <>
struct EncodedSize<ec::G1Affine> {
  static constexpr size_t kBytes = ec::kG1UncompressedBytes;
};
template <>
struct EncodedSize<ec::G2Affine> {
  static constexpr size_t kBytes = ec::kG2UncompressedBytes;
};

// Runs body over [0, n) on the pool, or inline without one (small vectors: the vk's ic).
void run_chunks(ThreadPool* pool, size_t n, const std::function<void(size_t, size_t)>& body) {
  if (pool == nullptr) {
    body(0, n);
  } else {
    pool->parallel_for(n, body);
  }
}

template <class Point>
ec::Decoded<Point> decode_point(std::span<const uint8_t> bytes, ec::SubgroupCheck check) {
  if constexpr (std::is_same_v<Point, ec::G1Affine>) {
    return ec::decode_g1(bytes, PointForm::kUncompressed, check);
  } else {
    return ec::decode_g2(bytes, PointForm::kUncompressed, check);
  }
}

// Sequential reader over a stream that turns every failure into a Status naming the source.
class Reader {
 public:
  Reader(std::istream& in, const std::string& source) : in_(in), source_(source) {}

  Status read_bytes(std::span<uint8_t> out, const std::string& what) {
    in_.read(reinterpret_cast<char*>(out.data()), static_cast<std::streamsize>(out.size()));
    if (static_cast<size_t>(in_.gcount()) != out.size()) {
      return Status::invalid_argument(source_ + ": truncated while reading " + what + " (needed " +
                                      std::to_string(out.size()) + " bytes at offset " + std::to_string(offset_) +
                                      ", got " + std::to_string(in_.gcount()) + ")");
    }
    offset_ += out.size();
    return Status::ok();
  }

  Result<uint32_t> read_u32(const std::string& what) {
    std::array<uint8_t, 4> b{};
    CUZK_RETURN_IF_ERROR(read_bytes(b, what));
    return (uint32_t{b[0]} << 24) | (uint32_t{b[1]} << 16) | (uint32_t{b[2]} << 8) | uint32_t{b[3]};
  }

  template <class Point>
  Result<Point> read_point(const std::string& what, ec::SubgroupCheck check, bool allow_infinity = false) {
    std::array<uint8_t, EncodedSize<Point>::kBytes> bytes{};
    CUZK_RETURN_IF_ERROR(read_bytes(bytes, what));
    const ec::Decoded<Point> decoded = decode_point<Point>(bytes, check);
    if (!decoded.ok()) return error(what, ec::point_error_message(decoded.error));
    if (decoded.point.infinity && !allow_infinity) return error(what, "point at infinity");
    return decoded.point;
  }

  // Points are read a block at a time (the vector grows with the bytes actually there: a
  // corrupt count must not allocate blindly) and each block is decoded on the pool; the error
  // names the first bad index.
  template <class Point>
  Status read_vector(std::vector<Point>& out, const std::string& name, ec::SubgroupCheck check, bool allow_infinity,
                     ThreadPool* pool = nullptr) {
    constexpr size_t kBytes = EncodedSize<Point>::kBytes;
    const auto count = read_u32(name + " length");
    if (!count.is_ok()) return count.status();
    out.clear();
    std::vector<uint8_t> block;
    for (size_t first = 0; first < *count; first += kPointsPerBlock) {
      const size_t n = std::min<size_t>(kPointsPerBlock, *count - first);
      block.resize(n * kBytes);
      CUZK_RETURN_IF_ERROR(read_bytes(block, name + "[" + std::to_string(first) + ".." + std::to_string(first + n) +
                                                 ") of " + std::to_string(*count)));
      out.resize(first + n);
      std::atomic<size_t> first_bad{SIZE_MAX};
      run_chunks(pool, n, [&](size_t begin, size_t end) {
        for (size_t i = begin; i < end; ++i) {
          const ec::Decoded<Point> decoded =
              decode_point<Point>(std::span<const uint8_t>(block.data() + i * kBytes, kBytes), check);
          const bool bad = !decoded.ok() || (decoded.point.infinity && !allow_infinity);
          if (bad) {
            size_t seen = first_bad.load();
            while (i < seen && !first_bad.compare_exchange_weak(seen, i)) {
            }
            return;  // later points of this chunk cannot be the first bad one
          }
          out[first + i] = decoded.point;
        }
      });
      if (const size_t i = first_bad.load(); i != SIZE_MAX) {
        const ec::Decoded<Point> decoded =
            decode_point<Point>(std::span<const uint8_t>(block.data() + i * kBytes, kBytes), check);
        const std::string what = name + "[" + std::to_string(first + i) + "]";
        return error(what, decoded.ok() ? std::string_view("point at infinity") : ec::point_error_message(decoded.error));
      }
    }
    return Status::ok();
  }

  // A vector's count, its points seeked over (they must all be there).
  Result<size_t> skip_vector(size_t point_bytes, const std::string& name) {
    CUZK_ASSIGN_OR_RETURN(const uint32_t count, read_u32(name + " length"));
    const std::streamoff here = in_.tellg();
    in_.seekg(0, std::ios::end);
    const std::streamoff end = in_.tellg();
    const uint64_t needed = uint64_t{count} * point_bytes;
    if (here < 0 || end < here || static_cast<uint64_t>(end - here) < needed) {
      return Status::invalid_argument(source_ + ": truncated in " + name + " (" + std::to_string(count) +
                                      " points of " + std::to_string(point_bytes) + " bytes at offset " +
                                      std::to_string(offset_) + ")");
    }
    in_.seekg(here + static_cast<std::streamoff>(needed), std::ios::beg);
    offset_ += needed;
    return size_t{count};
  }

  Status expect_end() {
    if (in_.peek() != std::char_traits<char>::eof()) {
      return Status::invalid_argument(source_ + ": unexpected trailing bytes after offset " + std::to_string(offset_));
    }
    return Status::ok();
  }

 private:
  Status error(const std::string& what, std::string_view problem) const {
    return Status::invalid_argument(source_ + ": " + what + ": " + std::string(problem));
  }

  std::istream& in_;
  const std::string& source_;
  size_t offset_ = 0;
};

void write_point(std::span<uint8_t, ec::kG1UncompressedBytes> out, const ec::G1Affine& p) {
  ec::encode_g1_uncompressed(p, out);
}

void write_point(std::span<uint8_t, ec::kG2UncompressedBytes> out, const ec::G2Affine& p) {
  ec::encode_g2_uncompressed(p, out);
}

template <class Point>
void write_point(std::ostream& out, const Point& p) {
  std::array<uint8_t, EncodedSize<Point>::kBytes> bytes{};
  write_point(bytes, p);
  out.write(reinterpret_cast<const char*>(bytes.data()), bytes.size());
}

void write_u32(std::ostream& out, size_t value) {
  const std::array<char, 4> b = {static_cast<char>(value >> 24), static_cast<char>(value >> 16),
                                 static_cast<char>(value >> 8), static_cast<char>(value)};
  out.write(b.data(), b.size());
}

// Encoded a block at a time on the pool, then written in one piece.
template <class Point>
Status write_vector(std::ostream& out, const std::vector<Point>& points, const char* name,
                    ThreadPool* pool = nullptr) {
  if (points.size() > UINT32_MAX) return Status::invalid_argument(std::string(name) + " has more than 2^32 − 1 points");
  write_u32(out, points.size());
  constexpr size_t kBytes = EncodedSize<Point>::kBytes;
  std::vector<uint8_t> block;
  for (size_t first = 0; first < points.size(); first += kPointsPerBlock) {
    const size_t n = std::min(kPointsPerBlock, points.size() - first);
    block.resize(n * kBytes);
    run_chunks(pool, n, [&](size_t begin, size_t end) {
      for (size_t i = begin; i < end; ++i) {
        write_point(std::span<uint8_t, kBytes>(block.data() + i * kBytes, kBytes), points[first + i]);
      }
    });
    out.write(reinterpret_cast<const char*>(block.data()), static_cast<std::streamsize>(block.size()));
  }
  return Status::ok();
}

Status read_vk_body(Reader& r, VerifyingKey& vk) {
  const auto check = ec::SubgroupCheck::kYes;  // the vk is small: always checked
  auto alpha_g1 = r.read_point<ec::G1Affine>("vk.alpha_g1", check);
  if (!alpha_g1.is_ok()) return alpha_g1.status();
  auto beta_g1 = r.read_point<ec::G1Affine>("vk.beta_g1", check);
  if (!beta_g1.is_ok()) return beta_g1.status();
  auto beta_g2 = r.read_point<ec::G2Affine>("vk.beta_g2", check);
  if (!beta_g2.is_ok()) return beta_g2.status();
  auto gamma_g2 = r.read_point<ec::G2Affine>("vk.gamma_g2", check);
  if (!gamma_g2.is_ok()) return gamma_g2.status();
  auto delta_g1 = r.read_point<ec::G1Affine>("vk.delta_g1", check);
  if (!delta_g1.is_ok()) return delta_g1.status();
  auto delta_g2 = r.read_point<ec::G2Affine>("vk.delta_g2", check);
  if (!delta_g2.is_ok()) return delta_g2.status();
  vk.alpha_g1 = *alpha_g1;
  vk.beta_g1 = *beta_g1;
  vk.beta_g2 = *beta_g2;
  vk.gamma_g2 = *gamma_g2;
  vk.delta_g1 = *delta_g1;
  vk.delta_g2 = *delta_g2;
  return r.read_vector(vk.ic, "vk.ic", check, /*allow_infinity=*/true);
}

Status write_vk_body(const VerifyingKey& vk, std::ostream& out) {
  write_point(out, vk.alpha_g1);
  write_point(out, vk.beta_g1);
  write_point(out, vk.beta_g2);
  write_point(out, vk.gamma_g2);
  write_point(out, vk.delta_g1);
  write_point(out, vk.delta_g2);
  return write_vector(out, vk.ic, "vk.ic");
}

}  // namespace

std::array<uint8_t, kProofBytes> proof_to_bytes(const Proof& proof) {
  std::array<uint8_t, kProofBytes> out{};
  ec::encode_g1_compressed(proof.a, std::span<uint8_t, 48>(out.data(), 48));
  ec::encode_g2_compressed(proof.b, std::span<uint8_t, 96>(out.data() + 48, 96));
  ec::encode_g1_compressed(proof.c, std::span<uint8_t, 48>(out.data() + 144, 48));
  return out;
}

Result<Proof> proof_from_bytes(std::span<const uint8_t> bytes, const std::string& source) {
  if (bytes.size() != kProofBytes) {
    return Status::invalid_argument(source + ": a proof is " + std::to_string(kProofBytes) + " bytes, got " +
                                    std::to_string(bytes.size()));
  }
  const auto a = ec::decode_g1(bytes.subspan(0, 48), PointForm::kCompressed);
  if (!a.ok()) return Status::invalid_argument(source + ": proof.a: " + std::string(ec::point_error_message(a.error)));
  const auto b = ec::decode_g2(bytes.subspan(48, 96), PointForm::kCompressed);
  if (!b.ok()) return Status::invalid_argument(source + ": proof.b: " + std::string(ec::point_error_message(b.error)));
  const auto c = ec::decode_g1(bytes.subspan(144, 48), PointForm::kCompressed);
  if (!c.ok()) return Status::invalid_argument(source + ": proof.c: " + std::string(ec::point_error_message(c.error)));
  return Proof{a.point, b.point, c.point};
}

Status write_verifying_key(const VerifyingKey& vk, std::ostream& out) {
  CUZK_RETURN_IF_ERROR(write_vk_body(vk, out));
  return out ? Status::ok() : Status::internal("write failed");
}

Result<VerifyingKey> read_verifying_key(std::istream& in, const std::string& source) {
  Reader r(in, source);
  VerifyingKey vk;
  CUZK_RETURN_IF_ERROR(read_vk_body(r, vk));
  CUZK_RETURN_IF_ERROR(r.expect_end());
  return vk;
}

Result<VerifyingKey> read_params_verifying_key(std::istream& in, const std::string& source) {
  Reader r(in, source);
  VerifyingKey vk;
  CUZK_RETURN_IF_ERROR(read_vk_body(r, vk));
  return vk;
}

ParamsShape params_shape(const ProvingKey& pk) {
  return {pk.vk.ic.size(), pk.h.size(), pk.l.size(), pk.a.size(), pk.b_g1.size(), pk.b_g2.size()};
}

Result<ParamsShape> read_params_shape(std::istream& in, const std::string& source) {
  Reader r(in, source);
  VerifyingKey vk;
  CUZK_RETURN_IF_ERROR(read_vk_body(r, vk));
  ParamsShape shape;
  shape.ic = vk.ic.size();
  CUZK_ASSIGN_OR_RETURN(shape.h, r.skip_vector(ec::kG1UncompressedBytes, "h"));
  CUZK_ASSIGN_OR_RETURN(shape.l, r.skip_vector(ec::kG1UncompressedBytes, "l"));
  CUZK_ASSIGN_OR_RETURN(shape.a, r.skip_vector(ec::kG1UncompressedBytes, "a"));
  CUZK_ASSIGN_OR_RETURN(shape.b_g1, r.skip_vector(ec::kG1UncompressedBytes, "b_g1"));
  CUZK_ASSIGN_OR_RETURN(shape.b_g2, r.skip_vector(ec::kG2UncompressedBytes, "b_g2"));
  CUZK_RETURN_IF_ERROR(r.expect_end());
  return shape;
}

Status write_proving_key(const ProvingKey& pk, std::ostream& out, ThreadPool& pool) {
  CUZK_RETURN_IF_ERROR(write_vk_body(pk.vk, out));
  CUZK_RETURN_IF_ERROR(write_vector(out, pk.h, "h", &pool));
  CUZK_RETURN_IF_ERROR(write_vector(out, pk.l, "l", &pool));
  CUZK_RETURN_IF_ERROR(write_vector(out, pk.a, "a", &pool));
  CUZK_RETURN_IF_ERROR(write_vector(out, pk.b_g1, "b_g1", &pool));
  CUZK_RETURN_IF_ERROR(write_vector(out, pk.b_g2, "b_g2", &pool));
  return out ? Status::ok() : Status::internal("write failed");
}

Result<ProvingKey> read_proving_key(std::istream& in, const std::string& source, ec::SubgroupCheck check,
                                    ThreadPool& pool) {
  Reader r(in, source);
  ProvingKey pk;
  CUZK_RETURN_IF_ERROR(read_vk_body(r, pk.vk));
  CUZK_RETURN_IF_ERROR(r.read_vector(pk.h, "h", check, /*allow_infinity=*/true, &pool));
  CUZK_RETURN_IF_ERROR(r.read_vector(pk.l, "l", check, /*allow_infinity=*/true, &pool));
  CUZK_RETURN_IF_ERROR(r.read_vector(pk.a, "a", check, /*allow_infinity=*/false, &pool));
  CUZK_RETURN_IF_ERROR(r.read_vector(pk.b_g1, "b_g1", check, /*allow_infinity=*/false, &pool));
  CUZK_RETURN_IF_ERROR(r.read_vector(pk.b_g2, "b_g2", check, /*allow_infinity=*/false, &pool));
  CUZK_RETURN_IF_ERROR(r.expect_end());
  return pk;
}

}  // namespace cuzk::groth16
