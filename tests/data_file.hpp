// The path of a public puzzle set in the repository's data/ (data/README.md),
// for every test suite that reads one.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>

namespace sudokit::test {

/// The path of data/NAME; throws when the file is missing, so that a test
/// never passes on an empty set or hands a command a path that is not there.
inline std::string data_file(const std::string& name) {
  const std::string path = std::string(SUDOKIT_DATA_DIR) + "/" + name;
  if (!std::filesystem::is_regular_file(path)) throw std::runtime_error("missing data file " + path);
  return path;
}

}  // namespace sudokit::test
