// The kind catalog: zkeys in a parameter directory become circom circuits (a corrupt one is
// named), synthetic ids are canonical and resolve on demand only when enabled, the PoSt kinds
// are listed, an operator's parameter file wins over the generated one.
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

TEST_F(KindsTest, ACorruptZkeyIsNamed) {
  std::ofstream(dir_ / "params" / "broken.zkey") << "not a zkey";
  const auto catalog = make_catalog(config());
  ASSERT_FALSE(catalog.is_ok());
  EXPECT_NE(catalog.status().message().find("broken.zkey"), std::string::npos) << catalog.status().message();
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
  EXPECT_EQ(c->validate({})->partitions, 3u);
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
