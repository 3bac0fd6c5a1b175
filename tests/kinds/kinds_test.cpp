// The kind catalog: zkeys in a parameter directory become circom circuits (a corrupt one is
// skipped and named, or fatal when configured), a damaged generated parameter file is made
// again (an operator's never), synthetic ids are canonical and resolve on demand only when
// enabled, the PoSt kinds are listed, an operator's parameter file wins over the generated one.
#include "kinds/catalog.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "kinds/synthetic_kind.hpp"

namespace cuzk::kinds {
namespace {

namespace fs = std::filesystem;

class KindsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("cuzk_kinds_test_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "params");
  }
  void TearDown() override { fs::remove_all(dir_); }
  KindsConfig config(bool on_demand = false) {
    KindsConfig c;
    c.params.param_dirs = {(dir_ / "params").string()};
    c.params.generated_dir = (dir_ / "generated").string();
    c.params.matrices_dir = (dir_ / "matrices").string();
    c.synthetic_on_demand = on_demand;
    return c;
  }
  fs::path dir_;
};

TEST_F(KindsTest, ZkeysInAParameterDirectoryBecomeCircuits) {
  fs::copy_file(fs::path(CUZK_CIRCOM_FIXTURES_DIR) / "no_public" / "circuit.zkey", dir_ / "params" / "tiny.zkey");
  auto catalog = make_catalog(config());
  ASSERT_TRUE(catalog.is_ok()) << catalog.status().to_string();
  auto tiny = (*catalog)->find("tiny");
  ASSERT_NE(tiny, nullptr);
  EXPECT_EQ(tiny->kind(), "circom");
  EXPECT_EQ(tiny->convention(), groth16::QapConvention::kSnarkjs);
  KindsConfig missing = config();
  missing.params.param_dirs = {(dir_ / "missing").string()};
  EXPECT_EQ(make_catalog(missing).status().code(), StatusCode::kNotFound);
}

TEST_F(KindsTest, ACorruptZkeyIsSkippedAndNamedOrFatalWhenConfigured) {
  std::ofstream(dir_ / "params" / "broken.zkey") << "not a zkey";
  fs::copy_file(fs::path(CUZK_CIRCOM_FIXTURES_DIR) / "no_public" / "circuit.zkey", dir_ / "params" / "tiny.zkey");
  KindsConfig c = config();
  std::vector<std::string> warnings;
  c.warn = [&warnings](const std::string& w) { warnings.push_back(w); };
  const auto catalog = make_catalog(c);
  ASSERT_TRUE(catalog.is_ok()) << catalog.status().to_string();
  EXPECT_EQ((*catalog)->find("broken"), nullptr);
  EXPECT_NE((*catalog)->find("tiny"), nullptr) << "the good zkey next to it is served";
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("broken.zkey"), std::string::npos) << warnings[0];

  c.bad_zkey_fatal = true;
  const auto fatal = make_catalog(c);
  ASSERT_FALSE(fatal.is_ok());
  EXPECT_NE(fatal.status().message().find("broken.zkey"), std::string::npos) << fatal.status().message();
}

// A parameter file cuzk generated in the generated-params folder and damaged since is made
// again at its next load; an operator's file (a parameter directory) or one without cuzk's
// sidecar is never touched.
TEST_F(KindsTest, ADamagedGeneratedParameterFileIsGeneratedAgain) {
  KindsConfig c = config(true);
  auto catalog = make_catalog(c);
  ASSERT_TRUE(catalog.is_ok()) << catalog.status().to_string();
  const auto circuit = (*catalog)->find("synthetic-64");
  ASSERT_NE(circuit, nullptr);
  const std::string path = circuit->srs_path();
  ASSERT_EQ(fs::path(path).parent_path(), dir_ / "generated");
  ASSERT_TRUE(circuit->ensure_srs_file(ThreadPool::shared()).is_ok());
  auto read = [](const std::string& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  };
  const std::string original = read(path);
  ASSERT_FALSE(original.empty());
  ASSERT_TRUE(fs::exists(path + ".cuzk-sum"));
  auto damage = [&](const std::string& p) {
    std::fstream f(p, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(original.size() / 2));
    f.put('\x5a').put('\xa5');
  };
  damage(path);
  ASSERT_NE(read(path), original);
  ASSERT_TRUE(circuit->ensure_srs_file(ThreadPool::shared()).is_ok());
  EXPECT_EQ(read(path), original) << "made again (the same seed makes the same file)";
  fs::resize_file(path, original.size() - 100);  // truncated
  ASSERT_TRUE(circuit->ensure_srs_file(ThreadPool::shared()).is_ok());
  EXPECT_EQ(read(path), original);

  // Without the sidecar the file is not known to be cuzk's: left as it is.
  fs::remove(path + ".cuzk-sum");
  damage(path);
  const std::string unmarked = read(path);
  ASSERT_TRUE(circuit->ensure_srs_file(ThreadPool::shared()).is_ok());
  EXPECT_EQ(read(path), unmarked);

  // An operator's copy in a parameter directory, sidecar and all, damaged: never touched.
  fs::copy_file(path, dir_ / "params" / "synthetic-64.params");
  std::ofstream(dir_ / "params" / "synthetic-64.params.cuzk-sum") << "cuzk-generated-params 1 1 0\n";
  auto operators = make_catalog(c);
  ASSERT_TRUE(operators.is_ok());
  const auto theirs = (*operators)->find("synthetic-64");
  ASSERT_EQ(theirs->srs_path(), (dir_ / "params" / "synthetic-64.params").string());
  ASSERT_TRUE(theirs->ensure_srs_file(ThreadPool::shared()).is_ok());
  EXPECT_EQ(read(theirs->srs_path()), unmarked);
}

TEST_F(KindsTest, SyntheticIdsResolveOnDemandOnlyWhenEnabled) {
  auto closed = make_catalog(config(false));
  ASSERT_TRUE(closed.is_ok());
  EXPECT_EQ((*closed)->find("synthetic-1024x3"), nullptr) << "on-demand ids are opt-in";
  auto catalog = make_catalog(config(true));
  ASSERT_TRUE(catalog.is_ok());
  auto c = (*catalog)->find("synthetic-1024x3");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->kind(), "synthetic");
  EXPECT_EQ(c->validate({}, ThreadPool::shared())->partitions, 3u);
  EXPECT_EQ(c->srs_path(), (dir_ / "generated" / "synthetic-1024.params").string());
  for (const char* bad : {"synthetic-", "synthetic-2", "synthetic-12x0", "synthetic-12x65", "synthetic-99999999",
                          "synthetic-12y", "synthetic-01024", "nothing"}) {
    EXPECT_EQ((*catalog)->find(bad), nullptr) << bad;
  }
  EXPECT_EQ((*catalog)->find("synthetic-1024x1")->id(), "synthetic-1024") << "canonical ids";
}

TEST_F(KindsTest, ListedSyntheticIdsAreOfferedAndCheckedAtStart) {
  KindsConfig c = config(false);
  c.synthetic_ids = {"synthetic-512"};
  auto catalog = make_catalog(c);
  ASSERT_TRUE(catalog.is_ok());
  EXPECT_NE((*catalog)->find("synthetic-512"), nullptr);
  c.synthetic_ids = {"synthetic-0512"};
  EXPECT_EQ(make_catalog(c).status().code(), StatusCode::kInvalidArgument);
}

TEST_F(KindsTest, PostKindsAreListed) {
  auto catalog = make_catalog(config());
  ASSERT_TRUE(catalog.is_ok());
  for (const char* id : {"winning-post-2KiB", "window-post-32GiB", "window-post-64GiB"}) {
    auto c = (*catalog)->find(id);
    ASSERT_NE(c, nullptr) << id;
    EXPECT_EQ(c->convention(), groth16::QapConvention::kBellperson);
  }
  EXPECT_EQ((*catalog)->find("winning-post-2KiB")->default_priority(), engine::Priority::kCritical);
}

TEST_F(KindsTest, AnOperatorsParameterFileWinsOverTheGeneratedOne) {
  const ParamLocator params = config().params;
  EXPECT_EQ(params.params_path("window-post-32GiB"), (dir_ / "generated" / "window-post-32GiB.params").string());
  std::ofstream(dir_ / "params" / "window-post-32GiB.params") << "x";
  EXPECT_EQ(params.params_path("window-post-32GiB"), (dir_ / "params" / "window-post-32GiB.params").string());
}

}  // namespace
}  // namespace cuzk::kinds
