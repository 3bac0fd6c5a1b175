// Private folders and exclusive files: folders made 0700 and refused when linked, foreign or
// writable by others; a planted temporary (file or symlink) is never followed; commit renames
// into place; an uncommitted or failed file leaves nothing and a failed write names the file and
// errno; stale temporaries of dead writers go, and open ones on demand (an immediate exit).
#include "common/private_files.hpp"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace cuzk {
namespace {

namespace fs = std::filesystem;

class PrivateFilesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("cuzk_private_files_test_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  static std::string read(const fs::path& p) {
    std::ifstream in(p);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  }
  fs::path dir_;
};

TEST_F(PrivateFilesTest, FoldersAreMadePrivateAndForeignOnesRefused) {
  const fs::path made = dir_ / "a" / "b";
  ASSERT_TRUE(ensure_private_dir(made.string()).is_ok());
  struct stat st {};
  ASSERT_EQ(::stat(made.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0700u);

  const fs::path open_dir = dir_ / "open";
  fs::create_directories(open_dir);
  ::chmod(open_dir.c_str(), 01777);  // sticky and world-writable, like /tmp
  const Status open = ensure_private_dir(open_dir.string());
  EXPECT_EQ(open.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(open.message().find("writable by other users"), std::string::npos) << open.message();

  fs::create_directory_symlink(made, dir_ / "link");
  const Status link = ensure_private_dir((dir_ / "link").string());
  EXPECT_NE(link.message().find("symbolic link"), std::string::npos) << link.message();

  if (::geteuid() == 0) {  // as root, a folder owned by someone else can be made here
    const fs::path foreign = dir_ / "foreign";
    fs::create_directories(foreign);
    ::chmod(foreign.c_str(), 0700);
    ASSERT_EQ(::chown(foreign.c_str(), 12345, 12345), 0);
    EXPECT_NE(ensure_private_dir(foreign.string()).message().find("belongs to uid 12345"), std::string::npos);
    // Nothing is made inside a folder another user controls (a pre-created /tmp/cuzk-<uid>).
    const fs::path hijacked = dir_ / "hijacked";
    fs::create_directories(hijacked);
    ::chmod(hijacked.c_str(), 01777);
    ASSERT_EQ(::chown(hijacked.c_str(), 12345, 12345), 0);
    const Status inside = ensure_private_dir((hijacked / "params" / "x").string());
    EXPECT_NE(inside.message().find("the folder above it, " + hijacked.string()), std::string::npos) << inside.message();
    EXPECT_FALSE(fs::exists(hijacked / "params"));
  }
}

TEST_F(PrivateFilesTest, APlantedTemporaryIsNeverFollowed) {
  const fs::path target = dir_ / "x.params";
  const fs::path victim = dir_ / "victim";
  std::ofstream(victim) << "precious";
  fs::create_symlink(victim, target.string() + ".tmp." + std::to_string(::getpid()));
  auto file = AtomicFile::create(target.string());
  ASSERT_FALSE(file.is_ok());
  EXPECT_NE(file.status().message().find("File exists"), std::string::npos) << file.status().message();
  EXPECT_EQ(read(victim), "precious");
}

TEST_F(PrivateFilesTest, CommitRenamesAndAnUncommittedFileLeavesNothing) {
  const fs::path target = dir_ / "y.params";
  {
    auto file = AtomicFile::create(target.string());
    ASSERT_TRUE(file.is_ok()) << file.status().to_string();
    (*file)->stream() << "half";
  }
  EXPECT_FALSE(fs::exists(target));
  EXPECT_EQ(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()), 0) << "the temporary is gone";
  auto file = AtomicFile::create(target.string());
  ASSERT_TRUE(file.is_ok());
  (*file)->stream() << std::string(3 << 20, 'z');  // beyond the buffer
  ASSERT_TRUE((*file)->commit().is_ok());
  EXPECT_EQ(fs::file_size(target), size_t{3} << 20);
}

TEST_F(PrivateFilesTest, StaleTemporariesOfDeadWritersAreRemoved) {
  const fs::path target = dir_ / "z.params";
  const std::string ours = target.string() + ".tmp." + std::to_string(::getpid());
  std::ofstream(target.string() + ".tmp.999999999") << "left by a killed writer";
  std::ofstream(ours) << "left by an earlier process with this pid";
  std::ofstream(dir_ / "other.tmp.1") << "not ours";
  EXPECT_EQ(remove_stale_temporaries(target.string()), 2u);
  EXPECT_FALSE(fs::exists(ours));
  EXPECT_TRUE(fs::exists(dir_ / "other.tmp.1"));

  auto live = AtomicFile::create(target.string());  // a writer of this process: kept
  ASSERT_TRUE(live.is_ok()) << live.status().to_string();
  std::ofstream(dir_ / "w.params.tmp.999999998") << "left by a killed writer";
  std::ofstream(dir_ / "w.params") << "not a temporary";
  EXPECT_EQ(remove_stale_temporaries_in(dir_.string() + "/"), 1u);
  EXPECT_EQ(remove_stale_temporaries(target.string()), 0u);
  EXPECT_TRUE(fs::exists(ours));
  EXPECT_TRUE(fs::exists(dir_ / "w.params"));
  EXPECT_TRUE(fs::exists(dir_ / "other.tmp.1"));  // pid 1 lives
}

TEST_F(PrivateFilesTest, OpenTemporariesAreRemovedForAnImmediateExit) {
  const fs::path target = dir_ / "v.params";
  auto file = AtomicFile::create(target.string());
  ASSERT_TRUE(file.is_ok());
  (*file)->stream() << "half";
  EXPECT_EQ(remove_open_temporaries(), 1u);
  EXPECT_EQ(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()), 0);
}

// A write the file system refuses (here the file-size limit: EFBIG, as a full disk gives
// ENOSPC) names the temporary and the errno, and leaves nothing behind.
TEST_F(PrivateFilesTest, AFailedWriteNamesTheFileAndErrno) {
  const fs::path target = dir_ / "big.params";
  rlimit old {};
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &old), 0);
  auto* old_handler = ::signal(SIGXFSZ, SIG_IGN);
  rlimit small = old;
  small.rlim_cur = 1 << 20;
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
  const Status written = write_file_atomically(target.string(), [](std::ostream& out) {
    out << std::string(3 << 20, 'x');
    return out ? Status::ok() : Status::internal("write failed");
  });
  ::setrlimit(RLIMIT_FSIZE, &old);
  ::signal(SIGXFSZ, old_handler);
  EXPECT_EQ(written.code(), StatusCode::kInternal);
  EXPECT_NE(written.message().find(target.string() + ".tmp."), std::string::npos) << written.message();
  EXPECT_NE(written.message().find(std::strerror(EFBIG)), std::string::npos) << written.message();
  EXPECT_EQ(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()), 0) << "no temporary is left";

  const Status refused = write_file_atomically(target.string(), [](std::ostream& out) {
    out << "partial";
    return Status::invalid_argument("the writer gave up");
  });
  EXPECT_EQ(refused.message(), "the writer gave up");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()), 0);
  ASSERT_TRUE(write_file_atomically(target.string(), [](std::ostream& out) {
                out << "whole";
                return Status::ok();
              }).is_ok());
  EXPECT_EQ(read(target), "whole");
}

}  // namespace
}  // namespace cuzk
