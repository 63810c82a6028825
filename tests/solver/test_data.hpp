// Helpers for tests that read the public puzzle sets in data/.
#pragma once

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "sudokit/solver/text.hpp"
#include "../data_file.hpp"

namespace sudokit::test {

inline std::string data_path(const std::string& name) { return data_file(name); }

inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// Every puzzle of a data file (one 81-character puzzle per line).
inline std::vector<Grid> load_puzzles(const std::string& name, std::size_t every = 1) {
  const std::string text = read_file(data_path(name));
  PuzzleReader reader(text);
  TextRecord rec;
  ParseError err;
  std::vector<Grid> out;
  std::size_t i = 0;
  while (reader.next(rec, err) == ReadStatus::Record)
    if (i++ % every == 0) out.push_back(rec.grid);
  return out;
}

inline Grid grid_from(std::string_view s) {
  Grid g;
  ParseError err;
  if (!parse_puzzle(s, g, err)) throw std::runtime_error("bad test grid: " + err.message);
  return g;
}

}  // namespace sudokit::test
