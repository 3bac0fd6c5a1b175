// MappedFile under a file that changes while mapped: a read past the end of a file truncated
// in place reads zeros instead of killing the process (SIGBUS), and the mapping says so; a
// rewrite, a replacement and a removal are told apart from an unchanged file; a SIGBUS in a
// mapping of someone else's still kills (in a child process).
#include "common/mapped_file.hpp"

#include <gtest/gtest.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <thread>

namespace cuzk {
namespace {

namespace fs = std::filesystem;

class MappedFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char name[] = "/tmp/cuzk_mapped_file_test.XXXXXX";
    ASSERT_NE(::mkdtemp(name), nullptr);
    dir_ = name;
    path_ = (dir_ / "x.params").string();
    write(path_, 4 * page_, 'x');
  }
  void TearDown() override { fs::remove_all(dir_); }
  static void write(const std::string& path, size_t bytes, char fill) {
    std::ofstream(path, std::ios::binary) << std::string(bytes, fill);
  }
  // Reads every byte, as a parser would.
  static uint64_t sum(std::span<const uint8_t> bytes) {
    uint64_t total = 0;
    for (const uint8_t b : bytes) total += b;
    return total;
  }
  fs::path dir_;
  std::string path_;
  const size_t page_ = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
};

TEST_F(MappedFileTest, AFileTruncatedWhileMappedReadsAsZerosAndIsReported) {
  Result<MappedFile> file = MappedFile::open(path_);
  ASSERT_TRUE(file.is_ok()) << file.status().to_string();
  EXPECT_EQ(sum(file->bytes().first(page_)), page_ * 'x');
  EXPECT_TRUE(file->matches(path_));
  EXPECT_TRUE(file->unchanged(path_, "parameter file").is_ok());

  ASSERT_EQ(::truncate(path_.c_str(), static_cast<off_t>(page_ + 10)), 0);  // in place: same inode
  // The first page and the 10 bytes after it are the file's; the rest is gone: zeros, no SIGBUS.
  EXPECT_EQ(sum(file->bytes()), (page_ + 10) * 'x');
  EXPECT_TRUE(file->truncated());
  EXPECT_FALSE(file->matches(path_));
  const Status s = file->unchanged(path_, "parameter file");
  EXPECT_EQ(s.code(), StatusCode::kUnavailable);
  std::string when_opened = std::to_string(4 * page_);
  when_opened.append(" bytes when opened");
  std::string now = ", now ";
  now.append(std::to_string(page_ + 10));
  for (const std::string& part : {path_, std::string("changed while it was read"), when_opened, now,
                                  std::string("shrank under the read")}) {
    EXPECT_NE(s.message().find(part), std::string::npos) << s.message();
  }
  // A mapping made now is of the file as it is.
  Result<MappedFile> again = MappedFile::open(path_);
  ASSERT_TRUE(again.is_ok());
  EXPECT_EQ(again->bytes().size(), page_ + 10);
  EXPECT_TRUE(again->matches(path_));
}

TEST_F(MappedFileTest, ReadsOnOtherThreadsAndManyMappingsAreGuarded) {
  std::vector<MappedFile> files;
  for (int i = 0; i < 8; ++i) {
    const std::string p = (dir_ / "f").string() + std::to_string(i);
    write(p, 3 * page_, 'y');
    files.push_back(std::move(MappedFile::open(p)).value());
    ASSERT_EQ(::truncate(p.c_str(), 0), 0);
  }
  std::vector<std::thread> readers;
  std::vector<uint64_t> sums(files.size());
  for (size_t i = 0; i < files.size(); ++i) readers.emplace_back([&, i] { sums[i] = sum(files[i].bytes()); });
  for (auto& t : readers) t.join();
  for (size_t i = 0; i < files.size(); ++i) {
    EXPECT_EQ(sums[i], 0u);
    EXPECT_TRUE(files[i].truncated());
  }
}

TEST_F(MappedFileTest, RewrittenReplacedAndRemovedFilesNoLongerMatch) {
  MappedFile file = std::move(MappedFile::open(path_)).value();
  std::this_thread::sleep_for(std::chrono::milliseconds(20));  // a later modification time
  write(path_, 4 * page_, 'z');                                // same size, in place
  EXPECT_FALSE(file.matches(path_));
  EXPECT_NE(file.unchanged(path_, "f").message().find("rewritten"), std::string::npos);
  EXPECT_FALSE(file.truncated());

  file = std::move(MappedFile::open(path_)).value();
  const std::string other = (dir_ / "new").string();
  write(other, 16, 'n');
  fs::rename(other, path_);
  EXPECT_NE(file.unchanged(path_, "f").message().find("now another file"), std::string::npos);
  fs::remove(path_);
  EXPECT_NE(file.unchanged(path_, "f").message().find("now gone"), std::string::npos);
}

TEST_F(MappedFileTest, ASigbusOutsideEveryGuardedMappingStillKills) {
  const MappedFile guarded = std::move(MappedFile::open(path_)).value();  // the handler is installed
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {  // a mapping of its own, not a MappedFile: its SIGBUS is not cuzk's to absorb
    const int fd = ::open(path_.c_str(), O_RDONLY);
    const auto* raw = static_cast<const volatile uint8_t*>(::mmap(nullptr, 4 * page_, PROT_READ, MAP_PRIVATE, fd, 0));
    if (::ftruncate(::open(path_.c_str(), O_WRONLY), 0) != 0) ::_exit(2);
    const uint8_t past_the_end = raw[3 * page_];
    ::_exit(past_the_end == 0 ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGBUS) << "status " << status;
}

}  // namespace
}  // namespace cuzk
