// A tmpfs of a given size mounted for a test, to fail writes with a
// genuinely full file system (mounting needs root or CAP_SYS_ADMIN; tests
// skip when ok() is false).
#pragma once

#include <sys/mount.h>

#include <filesystem>
#include <string>

namespace sudokit::test {

/// A tmpfs of a given size mounted on a fresh directory for the test's
/// lifetime (mounting needs root or CAP_SYS_ADMIN: ok() says whether it worked).
class SmallFileSystem {
 public:
  SmallFileSystem(const std::string& dir, const std::string& size) : dir_(dir) {
    std::filesystem::create_directories(dir_);
    mounted_ = mount("tmpfs", dir_.c_str(), "tmpfs", 0, ("size=" + size).c_str()) == 0;
  }
  ~SmallFileSystem() {
    if (mounted_) umount2(dir_.c_str(), MNT_DETACH);
  }
  bool ok() const { return mounted_; }
  bool remount(unsigned long flags, const std::string& options) {
    return mount("tmpfs", dir_.c_str(), "tmpfs", MS_REMOUNT | flags, options.c_str()) == 0;
  }

 private:
  std::string dir_;
  bool mounted_ = false;
};

}  // namespace sudokit::test
