// Staged files (files/staged.hpp): a set published all or none, undone on
// request, temporaries that are unique and removed, two writers of one
// target (threads and processes) that never interleave their publishes, a
// run killed with kill -9 whose leftovers the next run removes (and a live
// run's that it leaves), and writes that fail (a full file system, a
// read-only one, a file-size limit) leaving the previous file intact.
#include "sudokit/files/staged.hpp"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>

#include "../small_file_system.hpp"
#include "../temp_dir.hpp"

namespace sudokit::files {
namespace {

namespace fs = std::filesystem;
using test::TempDir;

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void put(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

/// Every name in `dir` with its bytes.
std::map<std::string, std::string> contents(const std::string& dir) {
  std::map<std::string, std::string> out;
  for (const auto& e : fs::directory_iterator(dir)) out[e.path().filename().string()] = slurp(e.path().string());
  return out;
}

std::size_t count_staged_names(const std::string& dir) {
  std::size_t n = 0;
  for (const auto& e : fs::directory_iterator(dir))
    if (staged_target_name(e.path().filename().string())) ++n;
  return n;
}

TEST(StagedFiles, PublishesASetInPlaceAndLeavesNothingElse) {
  TempDir dir;
  put(dir.file("a.json"), "old a");
  StagedFiles set;
  StagedFile& a = set.stage(dir.file("a.json"));
  StagedFile& b = set.stage(dir.file("b.json"));
  a.write("new a");
  b.write("new b");
  // Unseen until published: the targets as they were, the temporaries
  // beside them under recognisable, distinct names.
  EXPECT_EQ(slurp(dir.file("a.json")), "old a");
  EXPECT_FALSE(fs::exists(dir.file("b.json")));
  EXPECT_EQ(fs::path(a.temporary()).parent_path(), fs::path(dir.path()));
  EXPECT_TRUE(fs::path(a.temporary()).filename().string().starts_with(".sudokit-tmp."));
  EXPECT_EQ(staged_target_name(fs::path(a.temporary()).filename().string()), "a.json");
  EXPECT_NE(a.temporary(), b.temporary());
  EXPECT_NE(fs::path(a.temporary()).filename().string().find("." + std::to_string(::getpid()) + "."), std::string::npos);
  set.commit();
  EXPECT_EQ(contents(dir.path()), (std::map<std::string, std::string>{{"a.json", "new a"}, {"b.json", "new b"}}));
  EXPECT_EQ(set.size(), 0u);
}

TEST(StagedFiles, TwoSetsOfOneTargetHaveTheirOwnTemporaries) {
  TempDir dir;
  StagedFiles one, two;
  StagedFile& a = one.stage(dir.file("x"));
  StagedFile& b = two.stage(dir.file("x"));
  EXPECT_NE(a.temporary(), b.temporary());
  a.write("one");
  b.write("two");
  two.commit();
  one.commit();
  EXPECT_EQ(contents(dir.path()), (std::map<std::string, std::string>{{"x", "one"}}));
}

TEST(StagedFiles, RestorePutsEveryFileBackAndDestroyingUnpublishedRemovesTemporaries) {
  TempDir dir;
  put(dir.file("a"), "old a");
  {
    StagedFiles set;
    set.stage(dir.file("a")).write("new a");
    set.stage(dir.file("b")).write("new b");
    set.publish();
    EXPECT_EQ(slurp(dir.file("a")), "new a");
    EXPECT_EQ(slurp(dir.file("b")), "new b");
    set.restore();
  }
  EXPECT_EQ(contents(dir.path()), (std::map<std::string, std::string>{{"a", "old a"}}));
  {
    StagedFiles set;  // published, neither kept nor restored: the destructor restores
    set.stage(dir.file("a")).write("new a");
    set.publish();
  }
  EXPECT_EQ(contents(dir.path()), (std::map<std::string, std::string>{{"a", "old a"}}));
  {
    StagedFiles set;  // never published
    set.stage(dir.file("a")).write("new a");
    set.stage(dir.file("c")).write("new c");
    EXPECT_EQ(count_staged_names(dir.path()), 2u);
  }
  EXPECT_EQ(contents(dir.path()), (std::map<std::string, std::string>{{"a", "old a"}}));
}

TEST(StagedFiles, APublishThatFailsHalfwayChangesNoTarget) {
  TempDir dir;
  put(dir.file("a"), "old a");
  put(dir.file("c"), "old c");
  StagedFiles set;
  set.stage(dir.file("a")).write("new a");
  set.stage(dir.file("b")).write("new b");
  set.stage(dir.file("c")).write("new c");
  fs::create_directory(dir.file("b"));  // b cannot be replaced any more
  try {
    set.publish();
    FAIL() << "published over a directory";
  } catch (const FileError& e) {
    EXPECT_EQ(e.path(), dir.file("b"));
    EXPECT_EQ(e.reason(), "cannot write: Is a directory");
  }
  EXPECT_EQ(slurp(dir.file("a")), "old a");
  EXPECT_EQ(slurp(dir.file("c")), "old c");
  EXPECT_TRUE(fs::is_directory(dir.file("b")));
  EXPECT_EQ(count_staged_names(dir.path()), 0u);
  EXPECT_EQ(dir.entries(), 3u);  // a, b/, c: no lock file either
}

TEST(StagedFiles, ALinkKeepsPointingAtTheFileItNamesWhichIsReplaced) {
  TempDir dir;
  fs::create_directory(dir.file("real"));
  put(dir.file("real/x"), "old");
  fs::create_symlink("real/x", dir.file("link"));
  StagedFiles set;
  set.stage(dir.file("link")).write("new");
  set.commit();
  EXPECT_TRUE(fs::is_symlink(dir.file("link")));
  EXPECT_EQ(slurp(dir.file("real/x")), "new");
  EXPECT_EQ(count_staged_names(dir.file("real")), 0u);
}

TEST(StagedFiles, ADirectoryOrADeviceIsNotStaged) {
  TempDir dir;
  fs::create_directory(dir.file("d"));
  EXPECT_THROW(StagedFiles().stage(dir.file("d")), FileError);
  EXPECT_THROW(StagedFiles().stage("/dev/null"), FileError);
  EXPECT_TRUE(fs::is_character_file("/dev/null"));
}

// Two threads publish sets {a, b} of one directory, each a hundred times;
// between its publish and its keep each checks that both files are its own
// (the directory's lock keeps the other out), and at the end a and b come
// from one writer and nothing else is left.
TEST(StagedFiles, TwoThreadsNeverInterleaveTheirPublishes) {
  TempDir dir;
  std::atomic<int> mixed{0};
  auto writer = [&](const std::string& me) {
    for (int i = 0; i < 100; ++i) {
      StagedFiles set;
      const std::string text = me + " " + std::to_string(i);
      set.stage(dir.file("a")).write(text);
      set.stage(dir.file("b")).write(text);
      set.publish();
      if (slurp(dir.file("a")) != text || slurp(dir.file("b")) != text) ++mixed;
      set.keep();
    }
  };
  std::thread one(writer, "one"), two(writer, "two");
  one.join();
  two.join();
  EXPECT_EQ(mixed.load(), 0);
  const auto after = contents(dir.path());
  ASSERT_EQ(after.size(), 2u);
  EXPECT_EQ(after.at("a"), after.at("b"));
}

// The same with processes; the second writer waits for the first's keep.
TEST(StagedFiles, TwoProcessesNeverInterleaveTheirPublishes) {
  TempDir dir;
  std::vector<pid_t> children;
  for (const char* me : {"one", "two", "three"}) {
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      int mixed = 0;
      for (int i = 0; i < 50; ++i) {
        StagedFiles set;
        const std::string text = std::string(me) + " " + std::to_string(i);
        set.stage(dir.file("a")).write(text);
        set.stage(dir.file("b")).write(text);
        set.publish();
        if (slurp(dir.file("a")) != text || slurp(dir.file("b")) != text) ++mixed;
        set.keep();
      }
      ::_exit(mixed == 0 ? 0 : 1);
    }
    children.push_back(pid);
  }
  for (pid_t pid : children) {
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "a writer saw another's file between publish and keep";
  }
  const auto after = contents(dir.path());
  ASSERT_EQ(after.size(), 2u);
  EXPECT_EQ(after.at("a"), after.at("b"));
}

TEST(StagedFiles, ASecondWriterWaitsForTheFirstsKeep) {
  TempDir dir;
  StagedFiles first;
  first.stage(dir.file("x")).write("first");
  first.publish();
  std::atomic<bool> second_done{false};
  std::thread second([&] {
    StagedFiles set;
    set.stage(dir.file("x")).write("second");
    set.commit();
    second_done = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_FALSE(second_done.load()) << "the second writer published while the first held the lock";
  EXPECT_EQ(slurp(dir.file("x")), "first");
  first.keep();
  second.join();
  EXPECT_EQ(contents(dir.path()), (std::map<std::string, std::string>{{"x", "second"}}));
}

/// Forks a child that stages `name` in `dir`, writes half of it and, with
/// `publish`, publishes it (holding the lock, a backup of the old file
/// made), then tells the parent and waits to be killed; kills it with
/// SIGKILL.
void kill_mid_write(const std::string& dir, const std::string& name, bool publish) {
  int ready[2];
  ASSERT_EQ(::pipe(ready), 0);
  const pid_t pid = ::fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    auto* set = new StagedFiles;  // never destroyed: the process dies
    StagedFile& f = set->stage(dir + "/" + name);
    f.write(std::string(1 << 16, 'h'));
    if (publish) set->publish();
    else f.finish();
    (void)!::write(ready[1], "x", 1);
    for (;;) ::pause();
  }
  ::close(ready[1]);
  char c = 0;
  ASSERT_EQ(::read(ready[0], &c, 1), 1);
  ::close(ready[0]);
  ::kill(pid, SIGKILL);
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFSIGNALED(status));
}

TEST(StagedFiles, WhatAKilledRunLeftIsRemovedByTheNextAndALiveRunsIsNot) {
  TempDir dir;
  put(dir.file("x"), "old x");
  kill_mid_write(dir.path(), "x", false);           // a half-written temporary
  kill_mid_write(dir.path(), "y", false);
  ASSERT_EQ(count_staged_names(dir.path()), 2u);
  // A live run (this process) with a temporary of its own in the directory.
  StagedFiles live;
  live.stage(dir.file("z")).write("live z");
  ASSERT_EQ(count_staged_names(dir.path()), 3u);
  {
    StagedFiles next;
    next.stage(dir.file("x")).write("new x");
    next.commit();  // takes the lock, removes the dead runs' temporaries
  }
  EXPECT_EQ(slurp(dir.file("x")), "new x");
  EXPECT_EQ(count_staged_names(dir.path()), 1u) << "the live run's temporary must stay, the dead ones' go";
  live.commit();
  EXPECT_EQ(contents(dir.path()), (std::map<std::string, std::string>{{"x", "new x"}, {"z", "live z"}}));

  // Killed between publish and keep: its lock dies with it, the next run
  // gets the lock and removes the backup and the lock file's leftovers.
  kill_mid_write(dir.path(), "x", true);
  EXPECT_GE(count_staged_names(dir.path()), 1u);  // the backup of "new x"
  StagedFiles after;
  after.stage(dir.file("x")).write("after");
  after.commit();
  EXPECT_EQ(contents(dir.path()), (std::map<std::string, std::string>{{"x", "after"}, {"z", "live z"}}));
  EXPECT_EQ(remove_stale(dir.path()), 0u);
}

// A full file system: the write (or the flush) fails with ENOSPC, the
// previous file stays, no temporary is left.
TEST(StagedFiles, AWriteToAFullFileSystemFailsAndKeepsThePreviousFile) {
  TempDir dir;
  test::SmallFileSystem small(dir.file("fs"), "64k");
  if (!small.ok()) GTEST_SKIP() << "mounting a tmpfs needs root";
  const std::string x = dir.file("fs/x");
  put(x, "old x");
  {
    StagedFiles set;
    StagedFile& f = set.stage(x);
    try {
      f.write(std::string(1 << 20, 'b'));
      f.finish();
      FAIL() << "1 MiB written to a 64 KiB file system";
    } catch (const FileError& e) {
      EXPECT_EQ(e.error(), ENOSPC);
      EXPECT_EQ(e.reason(), "cannot write: No space left on device");
      EXPECT_EQ(e.path(), x);
    }
  }
  EXPECT_EQ(contents(dir.file("fs")), (std::map<std::string, std::string>{{"x", "old x"}}));
  // A few bytes, still in the stream's buffer when the disk is full: the
  // flush in finish() fails.
  {
    std::FILE* filler = std::fopen(dir.file("fs/filler").c_str(), "wb");
    ASSERT_NE(filler, nullptr);
    const std::string block(4096, 'f');
    while (std::fwrite(block.data(), 1, block.size(), filler) == block.size() && std::fflush(filler) == 0) {
    }
    std::fclose(filler);
    StagedFiles set;
    StagedFile& f = set.stage(x);
    f.write("new x");
    try {
      f.finish();
      set.commit();
      FAIL() << "a full file system took the file";
    } catch (const FileError& e) {
      EXPECT_EQ(e.error(), ENOSPC);
    }
  }
  EXPECT_EQ(slurp(x), "old x");
  EXPECT_EQ(count_staged_names(dir.file("fs")), 0u);
  // Read-only: nothing can be staged.
  ASSERT_TRUE(small.remount(MS_RDONLY, "size=64k"));
  try {
    StagedFiles().stage(x);
    FAIL() << "staged on a read-only file system";
  } catch (const FileError& e) {
    EXPECT_EQ(e.error(), EROFS);
  }
  EXPECT_EQ(slurp(x), "old x");
}

// A file-size limit (works without root): EFBIG, the previous file intact.
TEST(StagedFiles, AWriteBeyondTheFileSizeLimitFailsAndKeepsThePreviousFile) {
  TempDir dir;
  put(dir.file("x"), "old x");
  const pid_t pid = ::fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    ::signal(SIGXFSZ, SIG_IGN);
    const rlimit limit{4096, 4096};
    ::setrlimit(RLIMIT_FSIZE, &limit);
    int code = 3;
    try {
      StagedFiles set;
      StagedFile& f = set.stage(dir.file("x"));
      f.write(std::string(1 << 16, 'b'));
      f.finish();
      set.commit();
    } catch (const FileError& e) {
      code = e.error() == EFBIG ? 0 : 2;
    }
    ::_exit(code);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << "1: wrote past the limit, 2: another error";
  EXPECT_EQ(contents(dir.path()), (std::map<std::string, std::string>{{"x", "old x"}}));
}

}  // namespace
}  // namespace sudokit::files
