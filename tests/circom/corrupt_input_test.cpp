// Corrupt, truncated and foreign inputs: every one must give a Status naming the file (and, for
// problems inside a section, the section and the problem), never a crash, a huge allocation or
// a proof. Inputs are the committed fixtures, damaged in memory or in a temp directory.
#include <gtest/gtest.h>

#include <random>

#include "circom/binfile.hpp"
#include "circom/commands.hpp"
#include "circom/fixtures.hpp"
#include "circom/r1cs_file.hpp"
#include "circom/wtns_file.hpp"
#include "circom/zkey_file.hpp"
#include "circom/zkey_prover.hpp"
#include "groth16/verifier.hpp"

namespace cuzk::circom {
namespace {

using test::circom_fixture_path;

std::vector<uint8_t> fixture_bytes(const std::string& name, const std::string& file) {
  return test::read_bytes(circom_fixture_path(name, file));
}

// Parses bytes as the given kind, through the same code as the file readers.
Status parse_as(const std::string& kind, const std::vector<uint8_t>& bytes, const std::string& path) {
  auto file = BinFile::parse(bytes, path, kind, kind == "wtns" ? 2 : 1);
  if (!file.is_ok()) return file.status();
  if (kind == "zkey") return parse_zkey(*file).status();
  if (kind == "wtns") return parse_wtns(*file).status();
  return parse_r1cs(*file).status();
}

void expect_error(const Status& s, const std::vector<std::string>& needles) {
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument) << s.to_string();
  for (const std::string& needle : needles) {
    EXPECT_NE(s.message().find(needle), std::string::npos) << "\"" << needle << "\" not in: " << s.message();
  }
}

// A binfile rebuilt from (type, payload) sections: lets a test damage one section and keep the
// container consistent, so the damage is found by the section's own reader.
struct Sections {
  std::string magic;
  uint32_t version = 1;
  std::vector<std::pair<uint32_t, std::vector<uint8_t>>> list;

  static Sections of(const std::string& kind, const std::vector<uint8_t>& bytes) {
    auto file = BinFile::parse(bytes, "x", kind, 2);
    EXPECT_TRUE(file.is_ok());
    Sections out;
    out.magic = kind;
    out.version = file->version();
    for (const Section& s : file->sections()) {
      out.list.emplace_back(s.type, std::vector<uint8_t>(s.payload.begin(), s.payload.end()));
    }
    return out;
  }
  std::vector<uint8_t>& payload(uint32_t type) {
    for (auto& [t, p] : list) {
      if (t == type) return p;
    }
    ADD_FAILURE() << "no section " << type;
    return list.front().second;
  }
  std::vector<uint8_t> bytes() const {
    std::vector<uint8_t> out(magic.begin(), magic.end());
    auto put = [&](uint64_t v, int n) {
      for (int i = 0; i < n; ++i) out.push_back(static_cast<uint8_t>(v >> (8 * i)));
    };
    put(version, 4);
    put(list.size(), 4);
    for (const auto& [t, p] : list) {
      put(t, 4);
      put(p.size(), 8);
      out.insert(out.end(), p.begin(), p.end());
    }
    return out;
  }
};

void put_u32(std::vector<uint8_t>& b, size_t at, uint32_t v) {
  for (int i = 0; i < 4; ++i) b[at + static_cast<size_t>(i)] = static_cast<uint8_t>(v >> (8 * i));
}

TEST(CircomCorrupt, TruncatedFilesAtSeveralOffsets) {
  test::TempDir dir;
  for (const std::string kind : {"zkey", "wtns", "r1cs"}) {
    const std::string file = kind == "zkey" ? "circuit.zkey" : kind == "wtns" ? "witness.wtns" : "circuit.r1cs";
    const std::vector<uint8_t> bytes = fixture_bytes("no_public", file);
    const size_t n = bytes.size();
    for (size_t cut : {size_t{0}, size_t{3}, size_t{8}, size_t{11}, size_t{12}, size_t{19}, size_t{23}, size_t{40},
                       n / 3, n / 2, n - 33, n - 1}) {
      SCOPED_TRACE(kind + " cut at " + std::to_string(cut));
      const std::string path = dir.file("cut_" + std::to_string(cut) + "." + kind);
      test::write_bytes(path, std::vector<uint8_t>(bytes.begin(), bytes.begin() + static_cast<long>(cut)));
      Status s;
      if (kind == "zkey") s = read_zkey(path).status();
      if (kind == "wtns") s = read_wtns(path).status();
      if (kind == "r1cs") s = read_r1cs(path).status();
      expect_error(s, {path, "truncated"});
    }
  }
}

TEST(CircomCorrupt, EveryTruncationOfEveryFileIsAnError) {
  for (const std::string kind : {"zkey", "wtns", "r1cs"}) {
    for (const std::string name : {"no_public", "negative"}) {
      const std::string file = kind == "zkey" ? "circuit.zkey" : kind == "wtns" ? "witness.wtns" : "circuit.r1cs";
      const std::vector<uint8_t> bytes = fixture_bytes(name, file);
      for (size_t cut = 0; cut < bytes.size(); ++cut) {
        const Status s = parse_as(kind, std::vector<uint8_t>(bytes.begin(), bytes.begin() + static_cast<long>(cut)), "t");
        ASSERT_FALSE(s.is_ok()) << kind << " " << name << " cut at " << cut;
        ASSERT_EQ(s.code(), StatusCode::kInvalidArgument) << s.to_string();
      }
    }
  }
}

TEST(CircomCorrupt, ShortenedSectionsAreNamed) {
  // Keep the container consistent but drop bytes from one section: the section's reader must
  // report it, naming the section.
  for (const std::string kind : {"zkey", "wtns", "r1cs"}) {
    const std::string file = kind == "zkey" ? "circuit.zkey" : kind == "wtns" ? "witness.wtns" : "circuit.r1cs";
    const Sections original = Sections::of(kind, fixture_bytes("many_public", file));
    for (const auto& [type, payload] : original.list) {
      if (kind == "zkey" && type == 10) continue;  // contributions: not read
      for (size_t keep : {size_t{0}, size_t{3}, payload.size() / 2, payload.size() - 1}) {
        if (keep >= payload.size()) continue;
        SCOPED_TRACE(kind + " section " + std::to_string(type) + " keeps " + std::to_string(keep));
        Sections damaged = original;
        damaged.payload(type).resize(keep);
        expect_error(parse_as(kind, damaged.bytes(), "damaged." + kind),
                     {"damaged." + kind + ": section " + std::to_string(type) + " ("});
      }
      // And a trailing byte too many.
      Sections longer = original;
      longer.payload(type).push_back(0);
      expect_error(parse_as(kind, longer.bytes(), "long." + kind), {"section " + std::to_string(type)});
    }
  }
}

TEST(CircomCorrupt, HugeCountsAllocateNothing) {
  // zkey: coefficient count 2^32 − 1.
  Sections z = Sections::of("zkey", fixture_bytes("no_public", "circuit.zkey"));
  put_u32(z.payload(4), 0, 0xffffffff);
  expect_error(parse_as("zkey", z.bytes(), "z.zkey"), {"section 4 (coefficients)", "4294967295 coefficients"});
  // zkey: nVars 2^32 − 1 (offset 4 + 48 + 4 + 32 in section 2).
  z = Sections::of("zkey", fixture_bytes("no_public", "circuit.zkey"));
  put_u32(z.payload(2), 88, 0xffffffff);
  expect_error(parse_as("zkey", z.bytes(), "z.zkey"), {"size mismatch"});
  // zkey: domainSize not a power of two / too big.
  z = Sections::of("zkey", fixture_bytes("no_public", "circuit.zkey"));
  put_u32(z.payload(2), 96, 0x80000000);
  expect_error(parse_as("zkey", z.bytes(), "z.zkey"), {"section 2 (groth16 header)", "domainSize = 2147483648"});
  // r1cs: nConstraints 2^32 − 1 (header offset 4 + 32 + 16 + 8).
  Sections r = Sections::of("r1cs", fixture_bytes("no_public", "circuit.r1cs"));
  put_u32(r.payload(1), 60, 0xffffffff);
  expect_error(parse_as("r1cs", r.bytes(), "c.r1cs"), {"section 2 (constraints)", "4294967295 constraints"});
  // r1cs: a term count of 2^32 − 1 in constraint 0's A.
  r = Sections::of("r1cs", fixture_bytes("no_public", "circuit.r1cs"));
  put_u32(r.payload(2), 0, 0xffffffff);
  expect_error(parse_as("r1cs", r.bytes(), "c.r1cs"), {"constraint 0 A", "truncated"});
  // wtns: count 2^32 − 1.
  Sections w = Sections::of("wtns", fixture_bytes("no_public", "witness.wtns"));
  put_u32(w.payload(1), 36, 0xffffffff);
  expect_error(parse_as("wtns", w.bytes(), "w.wtns"), {"section 2 (values)", "4294967295 values"});
  // The container: a section size of 2^64 − 1.
  std::vector<uint8_t> bytes = fixture_bytes("no_public", "witness.wtns");
  for (size_t i = 16; i < 24; ++i) bytes[i] = 0xff;
  expect_error(parse_as("wtns", bytes, "w.wtns"), {"w.wtns: truncated: section 1 declares 18446744073709551615"});
}

TEST(CircomCorrupt, FlippedBytesAreNamed) {
  const std::vector<uint8_t> zkey = fixture_bytes("no_public", "circuit.zkey");
  // Magic.
  auto b = zkey;
  b[0] ^= 0x01;
  expect_error(parse_as("zkey", b, "m.zkey"), {"m.zkey: not a zkey file"});
  // Version.
  b = zkey;
  b[4] = 9;
  expect_error(parse_as("zkey", b, "m.zkey"), {"unsupported zkey version 9"});
  // Protocol → PLONK.
  Sections s = Sections::of("zkey", zkey);
  put_u32(s.payload(1), 0, 2);
  expect_error(parse_as("zkey", s.bytes(), "p.zkey"), {"p.zkey: section 1 (header)", "PLONK"});
  // A byte of q.
  s = Sections::of("zkey", zkey);
  s.payload(2)[10] ^= 0x40;
  expect_error(parse_as("zkey", s.bytes(), "q.zkey"), {"q.zkey: section 2 (groth16 header): q = ", "not the BLS12-381"});
  // A byte of α1's x: off the curve (or not below q).
  s = Sections::of("zkey", zkey);
  s.payload(2)[100 + 5] ^= 0x01;
  expect_error(parse_as("zkey", s.bytes(), "a.zkey"), {"section 2 (groth16 header): alpha_1: "});
  // A byte of the top limb of an A point's x: not below q → "not below q".
  s = Sections::of("zkey", zkey);
  s.payload(5)[96 * 2 + 47] = 0xff;
  expect_error(parse_as("zkey", s.bytes(), "a.zkey"), {"section 5 (A points): point 2: a coordinate is not below q"});
  // A low byte of an H point: off the curve.
  s = Sections::of("zkey", zkey);
  s.payload(9)[96 * 7 + 1] ^= 0x10;
  expect_error(parse_as("zkey", s.bytes(), "h.zkey"), {"section 9 (H points): point 7: not on the curve"});
  // An IC point: IC is checked like the key (on the curve).
  s = Sections::of("zkey", zkey);
  s.payload(3)[3] ^= 0x01;
  expect_error(parse_as("zkey", s.bytes(), "ic.zkey"), {"section 3 (IC): point 0: not on the curve"});
  // A coefficient's matrix, constraint, signal and value.
  s = Sections::of("zkey", zkey);
  put_u32(s.payload(4), 4, 2);
  expect_error(parse_as("zkey", s.bytes(), "c.zkey"), {"section 4 (coefficients): coefficient 0: matrix 2"});
  s = Sections::of("zkey", zkey);
  put_u32(s.payload(4), 8, 1000);
  expect_error(parse_as("zkey", s.bytes(), "c.zkey"), {"coefficient 0: constraint 1000 is outside the domain"});
  s = Sections::of("zkey", zkey);
  put_u32(s.payload(4), 12, 12);
  expect_error(parse_as("zkey", s.bytes(), "c.zkey"), {"coefficient 0: signal 12 out of range (nVars = 12)"});
  s = Sections::of("zkey", zkey);
  s.payload(4)[16 + 31] = 0xff;
  expect_error(parse_as("zkey", s.bytes(), "c.zkey"), {"coefficient 0: value is not below r"});
  // A duplicated section.
  s = Sections::of("zkey", zkey);
  s.list.push_back(s.list[3]);
  expect_error(parse_as("zkey", s.bytes(), "d.zkey"), {"appears more than once"});
  // A missing section.
  s = Sections::of("zkey", zkey);
  std::erase_if(s.list, [](const auto& sec) { return sec.first == 9; });
  expect_error(parse_as("zkey", s.bytes(), "x.zkey"), {"x.zkey: missing section 9 (H points)"});

  // r1cs: a wire index out of range, a coefficient ≥ r, custom gates.
  Sections r = Sections::of("r1cs", fixture_bytes("no_public", "circuit.r1cs"));
  put_u32(r.payload(2), 4, 99);
  expect_error(parse_as("r1cs", r.bytes(), "c.r1cs"), {"section 2 (constraints): constraint 0 A term 0: wire 99"});
  r = Sections::of("r1cs", fixture_bytes("no_public", "circuit.r1cs"));
  r.payload(2)[8 + 31] = 0xff;
  expect_error(parse_as("r1cs", r.bytes(), "c.r1cs"), {"constraint 0 A term 0: coefficient is not below r"});
  r = Sections::of("r1cs", fixture_bytes("no_public", "circuit.r1cs"));
  r.list.emplace_back(4, std::vector<uint8_t>(4, 0));
  expect_error(parse_as("r1cs", r.bytes(), "c.r1cs"), {"custom gates"});
  // wtns: a value ≥ r.
  Sections w = Sections::of("wtns", fixture_bytes("no_public", "witness.wtns"));
  w.payload(2)[32 * 4 + 31] = 0xff;
  expect_error(parse_as("wtns", w.bytes(), "w.wtns"), {"w.wtns: section 2 (values): value 4 is not below r"});
}

TEST(CircomCorrupt, RandomByteFlipsNeverCrashOrYieldABadProof) {
  // Flip random bytes of a small zkey; whatever parses must still either prove a proof that
  // verifies against its own key, or refuse (a flipped bulk point passes parsing when it stays
  // on the curve — it never does in practice — and is then caught by the self-check).
  const std::vector<uint8_t> zkey = fixture_bytes("negative", "circuit.zkey");
  auto witness = read_wtns(circom_fixture_path("negative", "witness.wtns"));
  ASSERT_TRUE(witness.is_ok());
  std::mt19937_64 rng(99);
  ThreadPool pool(2);
  size_t parsed = 0;
  for (int iter = 0; iter < 400; ++iter) {
    auto b = zkey;
    const size_t at = rng() % b.size();
    b[at] = static_cast<uint8_t>(b[at] ^ (1u << (rng() % 8)));
    auto file = BinFile::parse(b, "f.zkey", "zkey", 1);
    if (!file.is_ok()) continue;
    auto z = parse_zkey(*file, ZkeyParts::kAll, &pool);
    if (!z.is_ok()) {
      EXPECT_EQ(z.status().code(), StatusCode::kInvalidArgument);
      continue;
    }
    ++parsed;
    groth16::SystemBlinding blinding;
    auto proof = prove_zkey(*z, *witness, blinding, pool);
    if (!proof.is_ok()) continue;
    const auto pvk = groth16::PreparedVerifyingKey::from(z->verifying_key());
    EXPECT_TRUE(groth16::verify(pvk, proof->proof, proof->public_signals).is_ok()) << "flip at " << at;
  }
  EXPECT_GT(parsed, 0u);  // flips in the contributions section parse fine
}

TEST(CircomCorrupt, Bn128FilesAreRejectedByName) {
  const std::string zkey = circom_fixture_path("bn128", "circuit.zkey");
  const std::string wtns = circom_fixture_path("bn128", "witness.wtns");
  const std::string r1cs = circom_fixture_path("bn128", "circuit.r1cs");
  const std::string bn128_q = "21888242871839275222246405745257275088696311157297823662689037894645226208583";
  expect_error(read_zkey(zkey).status(), {zkey, "section 2 (groth16 header)", "q = " + bn128_q, "bn128"});
  expect_error(read_zkey(zkey, ZkeyParts::kVerifyingKey).status(), {"bn128"});
  expect_error(read_wtns(wtns).status(), {wtns, "section 1 (header)", "bn128"});
  expect_error(read_r1cs(r1cs).status(), {r1cs, "section 1 (header)", "bn128"});
  // Also when only q is patched into an otherwise BLS12-381 zkey (n8q = 32 → the size differs).
  Sections s = Sections::of("zkey", fixture_bytes("no_public", "circuit.zkey"));
  Sections bn = Sections::of("zkey", test::read_bytes(zkey));
  std::vector<uint8_t>& header = s.payload(2);
  const std::vector<uint8_t>& bn_header = bn.payload(2);
  header.erase(header.begin(), header.begin() + 4 + 48);
  header.insert(header.begin(), bn_header.begin(), bn_header.begin() + 4 + 32);
  expect_error(parse_as("zkey", s.bytes(), "patched.zkey"), {"patched.zkey", "bn128"});
}

TEST(CircomCorrupt, WitnessForAnotherCircuit) {
  test::TempDir dir;
  groth16::SystemBlinding blinding;
  const Status s = prove_command(circom_fixture_path("negative", "circuit.zkey"),
                                 circom_fixture_path("wide_lc", "witness.wtns"), dir.file("p.json"),
                                 dir.file("u.json"), blinding);
  expect_error(s, {circom_fixture_path("wide_lc", "witness.wtns"), "54 values", "8 variables", "another circuit"});
  // Same size, other circuit (negative's witness with its values shuffled): refused.
  auto w = read_wtns(circom_fixture_path("negative", "witness.wtns"));
  ASSERT_TRUE(w.is_ok());
  std::swap((*w)[2], (*w)[6]);
  const std::string other = dir.file("other.wtns");
  ASSERT_TRUE(write_wtns(other, *w).is_ok());
  const Status s2 = prove_command(circom_fixture_path("negative", "circuit.zkey"), other, dir.file("p.json"),
                                  dir.file("u.json"), blinding);
  EXPECT_EQ(s2.code(), StatusCode::kUnsatisfiable) << s2.to_string();
}

}  // namespace
}  // namespace cuzk::circom
