// Trusted paths: private folders (in sticky /tmp too) pass; a folder or file others may write, a
// folder under one others may write without the sticky bit, a link leading into such a folder,
// and (as root, with a real second uid) a folder, a file or a sticky parent of another user are
// refused, the message naming the path, its owner and its mode.
#include "common/trusted_paths.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace cuzk {
namespace {

namespace fs = std::filesystem;

// The uid of nobody, which owns nothing of the test's.
constexpr uid_t kOtherUid = 65534;

class TrustedPathsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char name[] = "/tmp/cuzk_trusted_paths_test.XXXXXX";  // 0700, ours, in sticky /tmp
    ASSERT_NE(::mkdtemp(name), nullptr);
    dir_ = name;
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path folder(const std::string& name, mode_t mode) const {
    const fs::path p = dir_ / name;
    fs::create_directories(p);
    ::chmod(p.c_str(), mode);
    return p;
  }
  static fs::path file(const fs::path& p, mode_t mode) {
    std::ofstream(p) << "x";
    ::chmod(p.c_str(), mode);
    return p;
  }
  static void expect_refused(const Status& s, std::initializer_list<std::string> parts) {
    EXPECT_EQ(s.code(), StatusCode::kInvalidArgument) << s.to_string();
    for (const std::string& part : parts) EXPECT_NE(s.message().find(part), std::string::npos) << s.message();
  }
  fs::path dir_;
};

TEST_F(TrustedPathsTest, PrivateFoldersAndFilesPass) {
  EXPECT_TRUE(check_trusted_folder(dir_.string(), "test folder").is_ok());
  EXPECT_TRUE(check_trusted_folder(folder("readable", 0755).string() + "/", "test folder").is_ok());
  EXPECT_TRUE(check_trusted_file(file(dir_ / "a.params", 0644).string(), "test file").is_ok());
  // In a sticky folder of ours others may write (as /tmp): a folder of ours stays ours.
  const fs::path sticky = folder("sticky", 01777);
  EXPECT_TRUE(check_trusted_folder(folder("sticky/mine", 0700).string(), "test folder").is_ok());
  EXPECT_FALSE(check_trusted_folder(sticky.string(), "test folder").is_ok()) << "others may create files in it";
  EXPECT_EQ(check_trusted_file((dir_ / "missing").string(), "test file").code(), StatusCode::kNotFound);
}

TEST_F(TrustedPathsTest, WhatOthersMayWriteIsRefused) {
  expect_refused(check_trusted_folder(folder("open", 0777).string(), "srs.param_dirs folder"),
                 {"srs.param_dirs folder", "/open", "mode 0777", "writable by group or others"});
  expect_refused(check_trusted_folder(folder("group", 0775).string(), "test folder"), {"mode 0775"});
  // Under a folder others may write without the sticky bit: they can rename ours away.
  const fs::path inner = folder("open/inner", 0700);
  expect_refused(check_trusted_folder(inner.string(), "test folder"),
                 {inner.string(), "the folder above it, " + (dir_ / "open").string(), "without the sticky bit"});
  expect_refused(check_trusted_file(file(dir_ / "w.params", 0666).string(), "parameter file"),
                 {"parameter file", "w.params", "mode 0666"});
  // A link in a trusted folder that leads into an untrusted one.
  const fs::path planted = file(inner / "x.params", 0644);
  fs::create_symlink(planted, dir_ / "link.params");
  expect_refused(check_trusted_file((dir_ / "link.params").string(), "parameter file"),
                 {planted.string(), "without the sticky bit"});
  fs::create_directory_symlink(inner, dir_ / "link-dir");
  expect_refused(check_trusted_folder((dir_ / "link-dir").string(), "test folder"), {inner.string()});
  // A link to a trusted file is fine.
  fs::create_symlink(file(dir_ / "real.params", 0644), dir_ / "good-link.params");
  EXPECT_TRUE(check_trusted_file((dir_ / "good-link.params").string(), "parameter file").is_ok());
}

TEST_F(TrustedPathsTest, AnotherUsersFoldersAndFilesAreRefused) {
  if (::geteuid() != 0) {
    GTEST_SKIP() << "SKIPPED LOUDLY: needs root to give folders and files to another uid (" << kOtherUid
                 << "); the other-user refusals are not tested in this run";
  }
  const fs::path foreign = folder("foreign", 0700);
  ASSERT_EQ(::chown(foreign.c_str(), kOtherUid, kOtherUid), 0);
  expect_refused(check_trusted_folder(foreign.string(), "socket folder"),
                 {"socket folder", foreign.string(), "uid 65534", "mode 0700", "belongs to neither this user"});
  // The hijack: another user pre-creates the daemon's folder in /tmp, sticky; a folder of ours
  // inside it can still be renamed away by that user.
  const fs::path hijacked = folder("cuzk-0", 01777);
  ASSERT_EQ(::chown(hijacked.c_str(), kOtherUid, kOtherUid), 0);
  const fs::path params = folder("cuzk-0/params", 0700);
  expect_refused(check_trusted_folder(params.string(), "srs.generated_dir"),
                 {params.string(), "the folder above it, " + hijacked.string(), "uid 65534", "mode 1777"});
  const fs::path theirs = file(dir_ / "theirs.params", 0644);
  ASSERT_EQ(::chown(theirs.c_str(), kOtherUid, kOtherUid), 0);
  expect_refused(check_trusted_file(theirs.string(), "parameter file"), {"theirs.params", "uid 65534", "mode 0644"});
}

}  // namespace
}  // namespace cuzk
