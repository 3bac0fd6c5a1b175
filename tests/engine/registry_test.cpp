// CircuitRegistry: zkey directories, synthetic ids on demand, where native parameters are found.
#include "engine/registry.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace cuzk::engine {
namespace {

namespace fs = std::filesystem;

class RegistryTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("cuzk_registry_test_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "params");
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

TEST_F(RegistryTest, ZkeysInAParameterDirectoryBecomeCircuits) {
  CircuitRegistry registry((dir_ / "generated").string());
  fs::copy_file(fs::path(CUZK_CIRCOM_FIXTURES_DIR) / "no_public" / "circuit.zkey", dir_ / "params" / "tiny.zkey");
  ASSERT_TRUE(registry.add_param_dir((dir_ / "params").string()).is_ok());
  auto tiny = registry.find("tiny");
  ASSERT_NE(tiny, nullptr);
  EXPECT_EQ(tiny->kind(), "circom");
  EXPECT_EQ(registry.add_param_dir((dir_ / "missing").string()).code(), StatusCode::kNotFound);
}

TEST_F(RegistryTest, ACorruptZkeyIsNamed) {
  CircuitRegistry registry((dir_ / "generated").string());
  std::ofstream(dir_ / "params" / "broken.zkey") << "not a zkey";
  const Status s = registry.add_param_dir((dir_ / "params").string());
  ASSERT_FALSE(s.is_ok());
  EXPECT_NE(s.message().find("broken.zkey"), std::string::npos) << s.message();
}

TEST_F(RegistryTest, SyntheticIdsResolveOnDemandAndOthersDoNot) {
  CircuitRegistry registry((dir_ / "generated").string());
  auto c = registry.find("synthetic-1024x3");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->kind(), "synthetic");
  EXPECT_EQ(c->validate({})->partitions, 3u);
  EXPECT_EQ(c->srs_path(), (dir_ / "generated" / "synthetic-1024.params").string());
  for (const char* bad : {"synthetic-", "synthetic-2", "synthetic-12x0", "synthetic-12x65", "synthetic-99999999",
                          "synthetic-12y", "nothing"}) {
    EXPECT_EQ(registry.find(bad), nullptr) << bad;
  }
}

TEST_F(RegistryTest, AnOperatorsParameterFileWinsOverTheGeneratedOne) {
  CircuitRegistry registry((dir_ / "generated").string());
  ASSERT_TRUE(registry.add_param_dir((dir_ / "params").string()).is_ok());
  EXPECT_EQ(registry.params_path("window-post-32GiB"), (dir_ / "generated" / "window-post-32GiB.params").string());
  std::ofstream(dir_ / "params" / "window-post-32GiB.params") << "x";
  EXPECT_EQ(registry.params_path("window-post-32GiB"), (dir_ / "params" / "window-post-32GiB.params").string());
}

}  // namespace
}  // namespace cuzk::engine
