// read_regular_file: a regular file is read whole; a device, a FIFO (without blocking), a
// directory, a missing file and a file over the limit are refused, naming what and why;
// read_regular_file_prefix reads a large file's start.
#include "common/file_reader.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace cuzk {
namespace {

namespace fs = std::filesystem;

class FileReaderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("cuzk_file_reader_test_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

TEST_F(FileReaderTest, ReadsARegularFileWhole) {
  std::ofstream(dir_ / "a.bin", std::ios::binary) << std::string("abc\0def", 7);
  auto bytes = read_regular_file((dir_ / "a.bin").string(), "--x", 100);
  ASSERT_TRUE(bytes.is_ok()) << bytes.status().to_string();
  EXPECT_EQ(bytes->size(), 7u);
  auto text = read_regular_text_file((dir_ / "a.bin").string(), "--x", 7);
  ASSERT_TRUE(text.is_ok());
  EXPECT_EQ(*text, std::string("abc\0def", 7));
  std::ofstream(dir_ / "empty");
  EXPECT_TRUE(read_regular_file((dir_ / "empty").string(), "", 0)->empty());
}

TEST_F(FileReaderTest, RefusesWhatIsNotARegularFileOrTooLarge) {
  const auto dev_zero = read_regular_file("/dev/zero", "--vk", 1 << 20);
  EXPECT_EQ(dev_zero.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(dev_zero.status().message().find("--vk /dev/zero: not a regular file"), std::string::npos)
      << dev_zero.status().message();
  const std::string fifo = (dir_ / "fifo").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_EQ(read_regular_file(fifo, "--proof", 1 << 20).status().code(), StatusCode::kInvalidArgument)
      << "a FIFO is refused at once, not waited on";
  EXPECT_EQ(read_regular_file(dir_.string(), "", 1 << 20).status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(read_regular_file((dir_ / "missing").string(), "", 1).status().code(), StatusCode::kNotFound);
  std::ofstream(dir_ / "big.bin") << std::string(101, 'x');
  const auto big = read_regular_file((dir_ / "big.bin").string(), "--payload", 100);
  EXPECT_EQ(big.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(big.status().message().find("101 bytes"), std::string::npos) << big.status().message();
}

TEST_F(FileReaderTest, ReadsThePrefixOfALargerFile) {
  std::ofstream(dir_ / "key.params", std::ios::binary) << std::string(1000, 'k');
  auto head = read_regular_file_prefix((dir_ / "key.params").string(), "--vk", 10);
  ASSERT_TRUE(head.is_ok()) << head.status().to_string();
  EXPECT_EQ(head->size(), 10u);
  EXPECT_EQ(read_regular_file_prefix((dir_ / "key.params").string(), "--vk", 5000)->size(), 1000u);
  const std::string fifo = (dir_ / "fifo").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_EQ(read_regular_file_prefix(fifo, "--vk", 10).status().code(), StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace cuzk
