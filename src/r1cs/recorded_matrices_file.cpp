// The cache file of recorded constraint matrices: streaming write with a running checksum,
// bounded decode from a mapping, and the load-or-record policy.
#include "r1cs/recorded_matrices_file.hpp"

#include <bit>
#include <chrono>
#include <cstring>
#include <filesystem>

#include "common/mapped_file.hpp"
#include "common/private_files.hpp"
#include "r1cs/recorded_spmv.hpp"

namespace cuzk::r1cs {
namespace {

constexpr char kMagic[8] = {'c', 'u', 'z', 'k', '-', 'm', 't', 'x'};
// An odd 64-bit constant with well-mixed bits (⌊2^64/φ⌋, made odd).
constexpr uint64_t kFoldMultiplier = 0x9e3779b97f4a7c15ull;

// The running checksum: each little-endian 8-byte word w folds in as h = (h ⊕ w)·K, h ⊕= h ≫ 29;
// a final partial word is zero-padded, and the byte length folds in last.
class Checksum {
 public:
  void update(const uint8_t* data, size_t size) {
    length_ += size;
    while (size != 0) {
      const size_t take = std::min(size, sizeof(uint64_t) - pending_bytes_);
      std::memcpy(reinterpret_cast<uint8_t*>(&pending_) + pending_bytes_, data, take);
      pending_bytes_ += take;
      data += take;
      size -= take;
      if (pending_bytes_ == sizeof(uint64_t)) {
        fold(pending_);
        pending_ = 0;
        pending_bytes_ = 0;
      }
    }
  }
  uint64_t finish() {
    if (pending_bytes_ != 0) fold(pending_);
    fold(length_);
    return h_;
  }

 private:
  void fold(uint64_t word) {
    h_ = (h_ ^ word) * kFoldMultiplier;
    h_ ^= h_ >> 29;
  }
  uint64_t h_ = 0;
  uint64_t pending_ = 0;
  size_t pending_bytes_ = 0;
  uint64_t length_ = 0;
};

class FileWriter {
 public:
  explicit FileWriter(std::ostream& out) : out_(out) {}
  void bytes(const void* data, size_t size) {
    checksum_.update(static_cast<const uint8_t*>(data), size);
    out_.write(static_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  void u32(uint32_t v) { bytes(&v, sizeof v); }
  void u64(uint64_t v) { bytes(&v, sizeof v); }
  template <class T>
  void array(std::span<const T> values) {
    u64(values.size());
    bytes(values.data(), values.size_bytes());
  }
  void finish() {
    const uint64_t sum = checksum_.finish();
    out_.write(reinterpret_cast<const char*>(&sum), sizeof sum);
  }

 private:
  std::ostream& out_;
  Checksum checksum_;
};

// Bounded reads from the file's bytes (the checksum already verified).
class FileReader {
 public:
  explicit FileReader(std::span<const uint8_t> bytes) : bytes_(bytes) {}
  bool ok() const { return ok_; }
  const uint8_t* take(size_t size) {
    if (!ok_ || size > bytes_.size() - at_) {
      ok_ = false;
      return nullptr;
    }
    const uint8_t* p = bytes_.data() + at_;
    at_ += size;
    return p;
  }
  template <class T>
  T scalar() {
    T v{};
    if (const uint8_t* p = take(sizeof v)) std::memcpy(&v, p, sizeof v);
    return v;
  }
  template <class T>
  std::vector<T> array() {
    const uint64_t count = scalar<uint64_t>();
    if (!ok_ || count > (bytes_.size() - at_) / sizeof(T)) {
      ok_ = false;
      return {};
    }
    std::vector<T> out(count);
    if (const uint8_t* p = take(count * sizeof(T))) std::memcpy(out.data(), p, count * sizeof(T));
    return out;
  }
  bool at_end() const { return at_ == bytes_.size(); }

 private:
  std::span<const uint8_t> bytes_;
  size_t at_ = 0;
  bool ok_ = true;
};

void write_density(FileWriter& w, const DensityBitmap& d) {
  w.u64(d.size());
  w.array(d.words());
}

DensityBitmap read_density(FileReader& r) {
  const uint64_t bits = r.scalar<uint64_t>();
  const std::vector<uint64_t> words = r.array<uint64_t>();
  DensityBitmap d;
  if (words.size() != (bits + 63) / 64) return d;  // the size check of validate_matrices refuses it
  d.push_zeros(bits);
  for (size_t w = 0; w < words.size(); ++w) {
    for (uint64_t rest = words[w]; rest != 0; rest &= rest - 1) {
      const uint64_t bit = 64 * w + static_cast<uint64_t>(std::countr_zero(rest));
      if (bit < bits) d.set(bit);
    }
  }
  return d;
}

Status refuse(const std::string& path, const std::string& why) {
  std::string message = "recorded matrices ";
  message += path;
  message += ": ";
  message += why;
  return Status::invalid_argument(std::move(message));
}

}  // namespace

uint64_t matrices_file_checksum(std::span<const uint8_t> bytes) {
  Checksum checksum;
  checksum.update(bytes.data(), bytes.size());
  return checksum.finish();
}

void write_matrices_file(const RecordedMatrices& shape, const MatricesFileKey& key, std::ostream& out) {
  FileWriter w(out);
  w.bytes(kMagic, sizeof kMagic);
  w.u32(kMatricesFileVersion);
  w.u32(compact::kRowsPerChunk);
  w.u32(compact::kSmallCodeBits);
  w.u64(key.circuit_id.size());
  w.bytes(key.circuit_id.data(), key.circuit_id.size());
  w.u64(key.source_fingerprint);
  w.u64(shape.num_inputs);
  w.u64(shape.num_aux);
  w.u64(shape.num_constraints);
  w.u64(shape.coefficients.size());
  for (const ff::Fr& c : shape.coefficients) {
    uint8_t le[ff::Fr::kBytes];
    c.to_bytes_le(le);
    w.bytes(le, sizeof le);
  }
  for (const RecordedMatrix* m : {&shape.a, &shape.b, &shape.c}) {
    w.u64(m->rows);
    w.u64(m->terms);
    w.array(std::span<const uint64_t>(m->chunk_offsets));
    w.array(std::span<const uint8_t>(m->bytes));
  }
  for (const DensityBitmap* d : {&shape.a_aux_density, &shape.b_input_density, &shape.b_aux_density}) {
    write_density(w, *d);
  }
  w.finish();
}

Result<RecordedMatrices> decode_matrices_file(std::span<const uint8_t> bytes, const MatricesFileKey& key,
                                        const std::string& path, ThreadPool& pool) {
  if (bytes.size() < sizeof kMagic + sizeof(uint64_t)) return refuse(path, "truncated");
  if (std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0) return refuse(path, "not a recorded-matrices file");
  uint64_t stored_sum;
  std::memcpy(&stored_sum, bytes.data() + bytes.size() - sizeof stored_sum, sizeof stored_sum);
  const std::span<const uint8_t> body = bytes.first(bytes.size() - sizeof stored_sum);
  if (matrices_file_checksum(body) != stored_sum) return refuse(path, "checksum mismatch (corrupt or truncated)");

  FileReader r(body);
  r.take(sizeof kMagic);
  const uint32_t version = r.scalar<uint32_t>();
  const uint32_t rows_per_chunk = r.scalar<uint32_t>(), small_code_bits = r.scalar<uint32_t>();
  if (version != kMatricesFileVersion || rows_per_chunk != compact::kRowsPerChunk ||
      small_code_bits != compact::kSmallCodeBits) {
    return refuse(path, "format version " + std::to_string(version) + ", this build reads " +
                            std::to_string(kMatricesFileVersion));
  }
  const std::vector<char> id = r.array<char>();
  const uint64_t fingerprint = r.scalar<uint64_t>();
  if (std::string(id.begin(), id.end()) != key.circuit_id || fingerprint != key.source_fingerprint) {
    return refuse(path, "recorded for another circuit or parameter file (stale)");
  }
  RecordedMatrices shape;
  shape.num_inputs = r.scalar<uint64_t>();
  shape.num_aux = r.scalar<uint64_t>();
  shape.num_constraints = r.scalar<uint64_t>();
  const uint64_t dictionary = r.scalar<uint64_t>();
  if (!r.ok() || dictionary > body.size() / ff::Fr::kBytes) return refuse(path, "truncated dictionary");
  shape.coefficients.reserve(dictionary);
  for (uint64_t i = 0; i < dictionary; ++i) {
    const uint8_t* p = r.take(ff::Fr::kBytes);
    if (p == nullptr) return refuse(path, "truncated dictionary");
    const std::optional<ff::Fr> c = ff::Fr::from_bytes_le(std::span<const uint8_t, ff::Fr::kBytes>(p, ff::Fr::kBytes));
    if (!c) return refuse(path, "dictionary entry " + std::to_string(i) + " is not a field element");
    shape.coefficients.push_back(*c);
  }
  for (RecordedMatrix* m : {&shape.a, &shape.b, &shape.c}) {
    m->rows = r.scalar<uint64_t>();
    m->terms = r.scalar<uint64_t>();
    m->chunk_offsets = r.array<uint64_t>();
    m->bytes = r.array<uint8_t>();
  }
  shape.a_aux_density = read_density(r);
  shape.b_input_density = read_density(r);
  shape.b_aux_density = read_density(r);
  if (!r.ok() || !r.at_end()) return refuse(path, "its sections do not fill the file exactly");
  const Status valid = validate_matrices(shape, pool);
  if (!valid.is_ok()) return refuse(path, valid.message());
  return shape;
}

Result<RecordedMatrices> load_matrices_file(const std::string& path, const MatricesFileKey& key, ThreadPool& pool) {
  CUZK_ASSIGN_OR_RETURN(const MappedFile file, MappedFile::open(path));
  return decode_matrices_file(file.bytes(), key, path, pool);
}

Result<RecordedMatrices> load_or_record_matrices(const std::string& path, const MatricesFileKey& key,
                                           const std::function<Result<RecordedMatrices>()>& record, ThreadPool& pool,
                                           const std::function<void(const std::string&)>& log) {
  std::error_code ec;
  if (std::filesystem::exists(path, ec)) {
    Result<RecordedMatrices> cached = load_matrices_file(path, key, pool);
    if (cached.is_ok()) return cached;
    log(cached.status().message() + "; recording it again");
  }
  log("recording the constraint matrices of '" + key.circuit_id + "' into " + path);
  const auto start = std::chrono::steady_clock::now();
  CUZK_ASSIGN_OR_RETURN(RecordedMatrices shape, record());
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  log("recorded '" + key.circuit_id + "': " + std::to_string(shape.num_constraints) + " constraints, " +
      std::to_string(shape.terms()) + " terms, " + std::to_string(shape.host_bytes()) + " bytes in " +
      std::to_string(seconds) + " s");
  remove_stale_temporaries(path);
  Result<std::unique_ptr<AtomicFile>> file = AtomicFile::create(path);
  Status written = file.status();
  if (file.is_ok()) {
    write_matrices_file(shape, key, (*file)->stream());
    written = (*file)->commit();
  }
  if (!written.is_ok()) log("recorded matrices not cached: " + written.message());
  return shape;
}

}  // namespace cuzk::r1cs
