// A temporary directory for tests that write real files: created under /tmp,
// removed with everything in it when the test ends.
#pragma once

#include <stdlib.h>

#include <cstddef>
#include <filesystem>
#include <string>
#include <system_error>

namespace sudokit::test {

class TempDir {
 public:
  TempDir() {
    char pattern[] = "/tmp/sudokit-test-XXXXXX";
    path_ = mkdtemp(pattern);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  std::string file(const std::string& name) const { return path_ + "/" + name; }
  const std::string& path() const { return path_; }
  /// Files and directories directly inside.
  std::size_t entries() const {
    std::size_t n = 0;
    for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(path_)) ++n;
    return n;
  }

 private:
  std::string path_;
};

}  // namespace sudokit::test
