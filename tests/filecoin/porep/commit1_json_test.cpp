// Reading the Commit-1 JSON: the real 2 KiB fixture (and writing it back byte for byte), the
// bare form, and every kind of bad input with its path-naming message.
#include "filecoin/porep/commit1_json.hpp"

#include <nlohmann/json.hpp>

#include "fixture.hpp"

namespace cuzk::filecoin::porep {
namespace {

using Json = nlohmann::json;
using test::as_bytes;
using test::kMaxCommit1Bytes;

TEST(Commit1Json, ReadsTheRealFixture) {
  const Commit1Input in = test::fixture();
  EXPECT_TRUE(in.wrapper.present);
  EXPECT_EQ(in.wrapper.sector_number, 0u);
  EXPECT_EQ(in.wrapper.sector_size, 2048u);
  EXPECT_TRUE(in.wrapper.has_miner);
  EXPECT_EQ(in.wrapper.miner, 1001u);
  const Commit1Output& out = in.output;
  EXPECT_EQ(out.registered_proof, seal_proof("StackedDrg2KiBV1_1"));
  ASSERT_EQ(out.partitions.size(), 1u);
  ASSERT_EQ(out.partitions[0].size(), 2u);
  const ChallengeProof& p = out.partitions[0][0];
  EXPECT_EQ(p.comm_d_proof.form, ProofForm::kSingle);
  EXPECT_EQ(p.comm_d_proof.path.levels.size(), 6u);  // 64 leaves, binary
  EXPECT_EQ(p.comm_r_last_proof.path.levels.size(), 2u);  // 64 leaves, octal
  EXPECT_EQ(p.comm_r_last_proof.path.levels[0].siblings.size(), 7u);
  EXPECT_EQ(p.c_x.column.rows.size(), 2u);
  EXPECT_EQ(p.drg_parents.size(), 6u);
  EXPECT_EQ(p.exp_parents.size(), 8u);
  ASSERT_EQ(p.labeling_proofs.size(), 2u);
  EXPECT_EQ(p.labeling_proofs[1].layer_index, 2u);
  EXPECT_EQ(p.labeling_proofs[1].parents.size(), 37u);
  EXPECT_EQ(p.encoding_proof.layer_index, 2u);
  EXPECT_EQ(out.seed, test::hex32("0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1fff"));
}

TEST(Commit1Json, WritesTheFixtureBackByteForByte) {
  // The Phase1Out (serde's compact JSON, base64) comes back identical; the wrapper around it
  // differs only in whitespace.
  const Commit1Input in = test::fixture();
  const std::vector<uint8_t> bytes = test::fixture_bytes();
  const Json original = Json::parse(bytes.begin(), bytes.end());
  const Json written = Json::parse(write_commit1_wrapped(in.output, in.wrapper));
  EXPECT_EQ(written["Phase1Out"], original["Phase1Out"]);
  EXPECT_EQ(written, original);
}

TEST(Commit1Json, BareFormRoundTrips) {
  const Commit1Input in = test::fixture();
  const std::string bare = write_commit1_json(in.output);
  Result<Commit1Input> again = read_commit1(as_bytes(bare), kMaxCommit1Bytes);
  ASSERT_TRUE(again.is_ok()) << again.status().to_string();
  EXPECT_FALSE(again->wrapper.present);
  EXPECT_EQ(write_commit1_json(again->output), bare);
}

// The bare document of the fixture, to edit.
Json bare_doc() { return Json::parse(write_commit1_json(test::fixture().output)); }

std::string read_error(const std::string& text, size_t max_bytes = kMaxCommit1Bytes) {
  Result<Commit1Input> in = read_commit1(as_bytes(text), max_bytes);
  EXPECT_FALSE(in.is_ok());
  if (in.is_ok()) return "";
  EXPECT_EQ(in.status().code(), StatusCode::kInvalidArgument);
  return in.status().message();
}

#define EXPECT_ERROR(text, needle) EXPECT_NE(read_error(text).find(needle), std::string::npos) << read_error(text)

TEST(Commit1Json, NamesTheBadValue) {
  const std::string proofs = "vanilla_proofs.StackedDrg2KiBV1[0]";
  {
    Json doc = bare_doc();
    doc["vanilla_proofs"]["StackedDrg2KiBV1"][0][1]["replica_column_proofs"]["drg_parents"][2]["column"]["rows"][1]
        .push_back(7);
    EXPECT_ERROR(doc.dump(), proofs + "[1].replica_column_proofs.drg_parents[2].column.rows[1]: 33 bytes, expected 32");
  }
  {
    Json doc = bare_doc();
    doc["comm_d"][3] = 256;
    EXPECT_ERROR(doc.dump(), "comm_d[3]: 256 is over the maximum 255");
  }
  {
    Json doc = bare_doc();
    doc["vanilla_proofs"]["StackedDrg2KiBV1"][0][0]["labeling_proofs"][0]["parents"][5] = Json(std::vector<int>(32, 255));
    EXPECT_ERROR(doc.dump(), proofs + "[0].labeling_proofs[0].parents[5]: not a canonical field element");
  }
  {
    Json doc = bare_doc();
    doc["vanilla_proofs"]["StackedDrg2KiBV1"][0][0]["comm_d_proofs"]["data"]["Single"]["path"]["path"][0]["index"] = -1;
    EXPECT_ERROR(doc.dump(), proofs + "[0].comm_d_proofs.data.Single.path.path[0].index: negative number -1");
  }
  {
    Json doc = bare_doc();
    doc["vanilla_proofs"]["StackedDrg2KiBV1"][0][0]["comm_r_last_proof"]["data"] = {{"Middle", 1}};
    EXPECT_ERROR(doc.dump(), "unknown Merkle proof form 'Middle'");
  }
  {
    Json doc = bare_doc();
    doc["registered_proof"] = "StackedDrg4KiBV1_1";
    EXPECT_ERROR(doc.dump(), "unknown registered seal proof 'StackedDrg4KiBV1_1'");
  }
  {
    Json doc = bare_doc();
    doc["registered_proof"] = "StackedDrg8MiBV1_1";
    EXPECT_ERROR(doc.dump(), "expected one key \"StackedDrg8MiBV1\"");
  }
  {
    Json doc = bare_doc();
    doc.erase("ticket");
    EXPECT_ERROR(doc.dump(), "no \"ticket\"");
  }
}

TEST(Commit1Json, RejectsWrongCounts) {
  const auto edit = [](auto&& f) {
    Json doc = bare_doc();
    f(doc["vanilla_proofs"]["StackedDrg2KiBV1"]);
    return doc.dump();
  };
  EXPECT_ERROR(edit([](Json& v) { v.push_back(v[0]); }), "vanilla_proofs.StackedDrg2KiBV1: 2 entries, expected 1");
  EXPECT_ERROR(edit([](Json& v) { v[0].erase(1); }), "vanilla_proofs.StackedDrg2KiBV1[0]: 1 entries, expected 2");
  EXPECT_ERROR(edit([](Json& v) { v[0][1]["replica_column_proofs"]["drg_parents"].erase(0); }),
               "[1].replica_column_proofs.drg_parents: 5 entries, expected 6");
  EXPECT_ERROR(edit([](Json& v) { v[0][0]["replica_column_proofs"]["exp_parents"].push_back(v[0][0]["replica_column_proofs"]["exp_parents"][0]); }),
               "[0].replica_column_proofs.exp_parents: 9 entries, expected 8");
  EXPECT_ERROR(edit([](Json& v) { v[0][0]["replica_column_proofs"]["c_x"]["column"]["rows"].push_back(v[0][0]["comm_r_last_proof"]["data"]["Single"]["root"]); }),
               "[0].replica_column_proofs.c_x.column.rows: 3 entries, expected 2");
  EXPECT_ERROR(edit([](Json& v) { v[0][0]["labeling_proofs"].erase(1); }), "[0].labeling_proofs: 1 entries, expected 2");
  EXPECT_ERROR(edit([](Json& v) { v[0][0]["encoding_proof"]["parents"].erase(36); }),
               "[0].encoding_proof.parents: 36 entries, expected 37");
}

TEST(Commit1Json, RejectsBadWrappers) {
  const std::vector<uint8_t> bytes = test::fixture_bytes();
  const std::string text(bytes.begin(), bytes.end());
  Json wrapper = Json::parse(text);
  {
    Json w = wrapper;
    w["SectorSize"] = 8 << 20;
    EXPECT_ERROR(w.dump(), "SectorSize: 8388608 bytes, but the Commit-1 output is StackedDrg2KiBV1_1 (2048 bytes)");
  }
  {
    Json w = wrapper;
    std::string p1 = w["Phase1Out"];
    w["Phase1Out"] = p1.substr(0, p1.size() - 4);
    EXPECT_ERROR(w.dump(), "Phase1Out: not JSON");
    p1[10] = '*';
    w["Phase1Out"] = p1;
    EXPECT_ERROR(w.dump(), "Phase1Out: invalid base64 character at offset 10");
    w["Phase1Out"] = p1.substr(1);
    EXPECT_ERROR(w.dump(), "not a multiple of 4");
  }
  {
    Json w = wrapper;
    w["Miner"] = "f1abc";
    EXPECT_ERROR(w.dump(), "Miner: 'f1abc' is not an ID address");
  }
  // Over the caller's limit.
  EXPECT_NE(read_error(text, text.size() - 1).find("over the limit"), std::string::npos);
}

TEST(Commit1Json, RejectsTruncatedAndGarbageInput) {
  const std::vector<uint8_t> bytes = test::fixture_bytes();
  const std::string text(bytes.begin(), bytes.end());
  for (const size_t size : {size_t{0}, size_t{1}, size_t{17}, text.size() / 2, text.size() - 3}) {
    EXPECT_ERROR(text.substr(0, size), "Commit-1 output");
  }
  const std::string bare = write_commit1_json(test::fixture().output);
  EXPECT_ERROR(bare.substr(0, bare.size() / 3), "not JSON");
  EXPECT_ERROR("[1,2,3]", "expected an object");
  EXPECT_ERROR("\x89PNG\r\n\x1a\n", "not JSON");
  EXPECT_ERROR(std::string(100000, '['), "(document): a JSON array, expected an object");
  EXPECT_ERROR("{\"x\":" + std::string(100000, '['), "not JSON (at byte 68: values nested deeper than 64 levels)");
  EXPECT_ERROR("{\"registered_proof\":5}", "registered_proof: a JSON number, expected a string");
}

}  // namespace
}  // namespace cuzk::filecoin::porep
