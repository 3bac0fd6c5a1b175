// CircuitCatalog: registered circuits, kinds' circuits, ids resolved on demand (remembered
// once under their canonical id, and only a bounded number of them), the kinds they are of.
#include "engine/circuit_catalog.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "engine/fake_circuit.hpp"

namespace cuzk::engine {
namespace {

using testing::FakeBehaviour;
using testing::FakeCircuit;

// Resolves "dyn-<n>" (and "dyn-0<n>", as the same circuit) to fake circuits.
class DynamicKind final : public ProofKind {
 public:
  DynamicKind(std::filesystem::path dir, FakeBehaviour& b) : dir_(std::move(dir)), b_(b) {}
  std::string_view name() const override { return "dyn"; }
  std::vector<std::shared_ptr<const CircuitDef>> circuits() const override {
    return {std::make_shared<FakeCircuit>("dyn-listed", dir_, 1, b_)};
  }
  std::shared_ptr<const CircuitDef> resolve(std::string_view id) const override {
    if (!id.starts_with("dyn-") || id == "dyn-listed") return nullptr;
    std::string n(id.substr(4));
    while (n.size() > 1 && n[0] == '0') n.erase(0, 1);
    ++resolved;
    return std::make_shared<FakeCircuit>("dyn-" + n, dir_, 1, b_);
  }
  mutable int resolved = 0;

 private:
  std::filesystem::path dir_;
  FakeBehaviour& b_;
};

class CatalogTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("cuzk_circuit_catalog_test_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::filesystem::path dir_;
  FakeBehaviour b_;
};

TEST_F(CatalogTest, KindsListTheirCircuitsAndResolveOthersOnDemand) {
  CircuitCatalog catalog(2);
  auto kind = std::make_unique<DynamicKind>(dir_, b_);
  DynamicKind* dyn = kind.get();
  ASSERT_TRUE(catalog.add_kind(std::move(kind)).is_ok());
  EXPECT_NE(catalog.find("dyn-listed"), nullptr);
  EXPECT_EQ(catalog.find("other"), nullptr);
  auto a = catalog.find("dyn-7");
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(catalog.find("dyn-007"), a) << "one circuit per canonical id";
  EXPECT_EQ(catalog.find("dyn-7"), a) << "remembered";
  EXPECT_EQ(dyn->resolved, 2);
  catalog.find("dyn-8");
  catalog.find("dyn-9");  // the bound is 2: dyn-7 is forgotten
  EXPECT_EQ(catalog.ids(), (std::vector<std::string>{"dyn-8", "dyn-9", "dyn-listed"}));
  EXPECT_EQ(catalog.kinds(), std::vector<std::string>{"fake"});  // each kind once
  EXPECT_NE(catalog.find("dyn-7"), nullptr) << "resolved again";
}

TEST_F(CatalogTest, IdsAreUnique) {
  CircuitCatalog catalog;
  ASSERT_TRUE(catalog.add(std::make_shared<FakeCircuit>("a", dir_, 1, b_)).is_ok());
  const Status twice = catalog.add(std::make_shared<FakeCircuit>("a", dir_, 1, b_));
  EXPECT_EQ(twice.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(twice.message().find("'a'"), std::string::npos);
  ASSERT_TRUE(catalog.add_kind(std::make_unique<DynamicKind>(dir_, b_)).is_ok());
  EXPECT_FALSE(catalog.add_kind(std::make_unique<DynamicKind>(dir_, b_)).is_ok()) << "a kind listing a taken id";
}

}  // namespace
}  // namespace cuzk::engine
