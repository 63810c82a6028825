// sudokit-bench: the project's benchmark program. Prints throughput for each
// part of the pipeline on the shared data sets and, when Debian's `qqwing` is
// installed, the ratio against it measured in the same run (these machines are
// shared and noisy, so every figure is a median of several runs and peers are
// timed alongside). Performance lives here, never in timed tests.
//   sudokit-bench [--data DIR] [--runs N] [--quick] [SECTION...]
// Sections: solver (default: all sections).
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "sudokit/solver/solve.hpp"
#include "sudokit/solver/text.hpp"

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

struct Options {
  std::string data_dir = SUDOKIT_DATA_DIR;
  std::string sudokit;  // path of the sudokit binary
  int runs = 5;
  bool quick = false;
  std::vector<std::string> sections;
};

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<sudokit::Grid> load(const std::string& path, std::size_t max = SIZE_MAX) {
  const std::string text = read_file(path);
  sudokit::PuzzleReader reader(text);
  sudokit::TextRecord rec;
  sudokit::ParseError err;
  std::vector<sudokit::Grid> out;
  while (out.size() < max && reader.next(rec, err) == sudokit::ReadStatus::Record) out.push_back(rec.grid);
  return out;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

/// Median wall time of `runs` runs of a shell command (output discarded by the command itself).
double time_command(const std::string& cmd, int runs) {
  std::vector<double> t;
  for (int i = 0; i < runs; ++i) {
    const auto t0 = Clock::now();
    const int status = std::system(cmd.c_str());
    t.push_back(seconds_since(t0));
    if (status != 0 && WIFEXITED(status) && WEXITSTATUS(status) != 0) {
      std::cerr << "bench: command failed: " << cmd << '\n';
      return -1;
    }
  }
  return median(t);
}

bool have_command(const std::string& name) {
  return std::system(("command -v " + name + " >/dev/null 2>&1").c_str()) == 0;
}

/// Writes `lines` copies of the file into a temporary file; returns its path.
std::string repeat_file(const std::string& path, int times, std::size_t max_lines = SIZE_MAX) {
  std::string text = read_file(path);
  std::string part;
  std::size_t n = 0, pos = 0;
  while (n < max_lines && pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    part.append(text, pos, end - pos).push_back('\n');
    pos = end + 1;
    ++n;
  }
  const std::string out = (fs::temp_directory_path() / ("sudokit-bench-" + std::to_string(getpid()) + "-" +
                                                        fs::path(path).stem().string() + "-" + std::to_string(times) +
                                                        "x" + std::to_string(n) + ".txt"))
                              .string();
  std::ofstream f(out, std::ios::binary);
  for (int i = 0; i < times; ++i) f << part;
  return out;
}

void row(const std::string& what, double rate, const std::string& unit, const std::string& note = "") {
  std::printf("  %-58s %12.0f %s%s%s\n", what.c_str(), rate, unit.c_str(), note.empty() ? "" : "  ", note.c_str());
}

// --- solver -----------------------------------------------------------------

void bench_in_process_count(const std::string& label, const std::vector<sudokit::Grid>& puzzles, int runs) {
  std::vector<double> t;
  unsigned checksum = 0;
  for (int r = 0; r < runs; ++r) {
    const auto t0 = Clock::now();
    for (const auto& p : puzzles) checksum += sudokit::solve(p, 2).count;
    t.push_back(seconds_since(t0));
  }
  row(label, static_cast<double>(puzzles.size()) / median(t), "puzzles/s", checksum ? "" : "(no solutions?)");
}

void bench_solver(const Options& o) {
  std::puts("solver: count solutions up to 2 (uniqueness check)");
  const std::string clue17 = o.data_dir + "/puzzles_17clue.txt";
  const std::string hard = o.data_dir + "/puzzles_top1465.txt";
  const auto p17 = load(clue17, o.quick ? 10000 : SIZE_MAX);
  const auto ph = load(hard);
  bench_in_process_count("in process, 17-clue (" + std::to_string(p17.size()) + ")", p17, o.runs);
  bench_in_process_count("in process, top1465 (" + std::to_string(ph.size()) + ")", ph, o.runs * 3);

  // Whole process, including parsing and printing, as a user runs it.
  const bool qq = have_command("qqwing");
  struct Case {
    std::string name, ours_file, peer_file;
    double ours_n, peer_n;
  };
  const std::size_t n17 = o.quick ? 10000 : p17.size();
  const std::string f17 = o.quick ? repeat_file(clue17, 1, n17) : clue17;
  const std::string f17_peer = repeat_file(clue17, 1, o.quick ? 2000 : 10000);
  const std::string fhard = repeat_file(hard, o.quick ? 3 : 10);
  std::vector<Case> cases = {
      {"17-clue", f17, f17_peer, static_cast<double>(n17), o.quick ? 2000.0 : 10000.0},
      {"top1465", fhard, hard, (o.quick ? 3.0 : 10.0) * static_cast<double>(ph.size()), static_cast<double>(ph.size())},
  };
  std::puts("solver: whole process (sudokit solve --count FILE > /dev/null)");
  for (const auto& c : cases) {
    const double ours = time_command(o.sudokit + " solve --count " + c.ours_file + " > /dev/null", o.runs);
    const double ours_rate = c.ours_n / ours;
    std::string note;
    if (qq) {
      const double peer = time_command("qqwing --solve --count-solutions --one-line < " + c.peer_file + " > /dev/null",
                                       std::max(1, o.runs / 2));
      const double peer_rate = c.peer_n / peer;
      char buf[160];
      std::snprintf(buf, sizeof buf, "qqwing %.0f/s  ratio %.1fx", peer_rate, ours_rate / peer_rate);
      note = buf;
    } else {
      note = "(qqwing not installed: no ratio)";
    }
    row(c.name + ", whole process", ours_rate, "puzzles/s", note);
  }
  for (const auto& f : {f17, f17_peer, fhard})
    if (f.find("sudokit-bench-") != std::string::npos) fs::remove(f);
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  o.sudokit = (fs::path(argv[0]).parent_path() / "sudokit").string();
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--data" && i + 1 < argc) o.data_dir = argv[++i];
    else if (a == "--runs" && i + 1 < argc) o.runs = std::max(1, std::atoi(argv[++i]));
    else if (a == "--sudokit" && i + 1 < argc) o.sudokit = argv[++i];
    else if (a == "--quick") o.quick = true;
    else if (a == "--help" || a == "-h") {
      std::puts("usage: sudokit-bench [--data DIR] [--runs N] [--quick] [--sudokit PATH] [SECTION...]\n"
                "sections: solver (default: all)");
      return 0;
    } else if (!a.empty() && a[0] != '-') o.sections.push_back(a);
    else {
      std::cerr << "sudokit-bench: unknown option " << a << '\n';
      return 2;
    }
  }
  const std::vector<std::pair<std::string, std::function<void(const Options&)>>> sections = {
      {"solver", bench_solver},
  };
  std::printf("sudokit-bench: median of %d runs; data from %s\n", o.runs, o.data_dir.c_str());
  for (const auto& [name, fn] : sections)
    if (o.sections.empty() || std::find(o.sections.begin(), o.sections.end(), name) != o.sections.end()) fn(o);
  return 0;
}
