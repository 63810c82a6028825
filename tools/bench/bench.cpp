// sudokit-bench: the project's benchmark program. Prints throughput for each
// part of the pipeline on the data sets in data/ and, when Debian's `qqwing` is
// installed, the ratio against it measured in the same run (these machines are
// shared and noisy, so every figure is a median of several runs and peers are
// timed alongside). Performance lives here, never in timed tests.
//   sudokit-bench [--data DIR] [--runs N] [--quick] [SECTION...]
// Sections: solver, generator, grader, speed, targeted, db, hints, books
// (default: all of those); queries (store and shipping-file query latency at
// 1,000,000 rows); writers (SQLite vs PostgreSQL). speed compares with the
// sudokit binary named by SUDOKIT_BASELINE, the build before a change. With
// SUDOKIT_TDOKU=PATH (a driver around tdoku, the fastest public solver;
// docs/BENCHMARKS.md), the solver section adds whole-process ratios to it.
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <set>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <boost/random/mersenne_twister.hpp>
#include <boost/random/uniform_int_distribution.hpp>
#include <sqlite3.h>

#include "sudokit/book/book.hpp"
#include "sudokit/book/preflight.hpp"
#include "sudokit/db/import.hpp"
#include "sudokit/db/ship.hpp"
#include "sudokit/db/used.hpp"
#include "sudokit/produce/db_sink.hpp"
#include "sudokit/db/store.hpp"
#include "sudokit/solver/canonical.hpp"
#include "sudokit/generator/grids.hpp"
#include "sudokit/generator/pipeline.hpp"
#include "sudokit/grader/grade.hpp"
#include "sudokit/grader/hint.hpp"
#include "sudokit/produce/generate.hpp"
#include "sudokit/solver/canonical.hpp"
#include "sudokit/solver/solve.hpp"
#include "sudokit/solver/text.hpp"
#include "sudokit/solver/transform.hpp"
#include "pg_server.hpp"  // tests/: a throwaway PostgreSQL server

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

struct Options {
  std::string data_dir = SUDOKIT_DATA_DIR;
  std::string sudokit;  // path of the sudokit binary
  int runs = 5;
  bool quick = false;
  std::uint64_t rows = 0;  // queries: store size (0 = 1,000,000, 100,000 with --quick)
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

/// Wall-clock and CPU seconds (user + system, of the command and its
/// children) of a command: medians over runs. On a shared machine the CPU
/// time is the steadier of the two; ratios against a peer are given in both.
struct Timing {
  double wall = -1;
  double cpu = -1;
};

/// CPU seconds (user + system) used so far by this process's finished children.
double child_cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_CHILDREN, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

/// Times `runs` runs of a shell command (output discarded by the command itself).
Timing time_command(const std::string& cmd, int runs) {
  std::vector<double> wall, cpu;
  for (int i = 0; i < runs; ++i) {
    const double c0 = child_cpu_seconds();
    const auto t0 = Clock::now();
    const int status = std::system(cmd.c_str());
    wall.push_back(seconds_since(t0));
    cpu.push_back(child_cpu_seconds() - c0);
    if (status != 0 && WIFEXITED(status) && WEXITSTATUS(status) != 0) {
      std::cerr << "bench: command failed: " << cmd << '\n';
      return {};
    }
  }
  return {median(wall), median(cpu)};
}

/// "qqwing 264/s  ratio 34.9x (CPU 35.2x)": the peer's wall-clock rate, our
/// rate over it, and the same ratio in CPU time. Ratios near 1 (tdoku) get
/// two decimals.
std::string peer_note(double ours_n, const Timing& ours, double peer_n, const Timing& peer,
                      const char* peer_name = "qqwing") {
  const double wall = (ours_n / ours.wall) / (peer_n / peer.wall);
  const double cpu = (ours_n / ours.cpu) / (peer_n / peer.cpu);
  char buf[160];
  if (wall < 10)
    std::snprintf(buf, sizeof buf, "%s %.0f/s  ratio %.2fx (CPU time %.2fx)", peer_name, peer_n / peer.wall, wall, cpu);
  else
    std::snprintf(buf, sizeof buf, "%s %.0f/s  ratio %.1fx (CPU time %.1fx)", peer_name, peer_n / peer.wall, wall, cpu);
  return buf;
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

/// Writes `n` random isomorphs of `puzzles` (puzzle i % size under a
/// uniformly random symmetry, from a fixed seed: the same file on every run
/// and machine) to a temporary file, one line each; returns its path.
std::string isomorph_file(const std::vector<sudokit::Grid>& puzzles, std::size_t n, const std::string& name) {
  boost::random::mt19937 rng(20261126);
  boost::random::uniform_int_distribution<std::uint32_t> positional(0, sudokit::kPositionalTransforms - 1);
  boost::random::uniform_int_distribution<std::uint32_t> relabel(0, sudokit::kDigitRelabellings - 1);
  std::string text;
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint32_t pos = positional(rng);
    const auto t = sudokit::Transform::from_index(pos, relabel(rng));
    sudokit::append_line(text, t.apply(puzzles[i % puzzles.size()]));
    text += '\n';
  }
  const std::string out =
      (fs::temp_directory_path() / ("sudokit-bench-" + std::to_string(getpid()) + "-" + name + ".txt")).string();
  std::ofstream(out, std::ios::binary) << text;
  return out;
}

/// Whole-process rows against tdoku's solver, when SUDOKIT_TDOKU names a
/// driver that prints its count (limit 2) for each line of the file it is
/// given (docs/BENCHMARKS.md says how to build one). Same files, same run.
void bench_solver_tdoku(const Options& o, const std::string& f17, double n17, const std::vector<sudokit::Grid>& hard) {
  const char* tdoku = std::getenv("SUDOKIT_TDOKU");
  if (tdoku == nullptr || *tdoku == '\0') {
    std::puts("solver: vs tdoku: (SUDOKIT_TDOKU not set: no ratio)");
    return;
  }
  const std::size_t niso = o.quick ? 10000 : 50000;
  const std::string fiso = isomorph_file(hard, niso, "top1465-isomorphs");
  std::puts("solver: whole process vs tdoku (sudokit solve --count FILE; $SUDOKIT_TDOKU FILE)");
  const std::vector<std::pair<std::string, std::pair<std::string, double>>> cases = {
      {"17-clue (" + std::to_string(static_cast<long>(n17)) + ")", {f17, n17}},
      {"top1465 isomorphs (" + std::to_string(niso) + ")", {fiso, static_cast<double>(niso)}},
  };
  for (const auto& [name, file] : cases) {
    const Timing ours = time_command(o.sudokit + " solve --count " + file.first + " > /dev/null", o.runs);
    const Timing peer = time_command(std::string(tdoku) + " " + file.first + " > /dev/null", o.runs);
    row(name + ", whole process", file.second / ours.wall, "puzzles/s",
        peer.wall > 0 ? peer_note(file.second, ours, file.second, peer, "tdoku") : "(tdoku driver failed)");
  }
  fs::remove(fiso);
}

void bench_solver(const Options& o) {
  std::puts("solver: count solutions up to 2 (uniqueness check)");
  std::string usable;
  for (const std::string& k : sudokit::solver_kernels()) usable += (usable.empty() ? "" : ", ") + k;
  std::printf("  kernel: %s (usable on this CPU: %s)\n", sudokit::solver_kernel().c_str(), usable.c_str());
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
    const Timing ours = time_command(o.sudokit + " solve --count " + c.ours_file + " > /dev/null", o.runs);
    const double ours_rate = c.ours_n / ours.wall;
    std::string note;
    if (qq) {
      const Timing peer = time_command("qqwing --solve --count-solutions --one-line < " + c.peer_file + " > /dev/null",
                                       std::max(1, o.runs / 2));
      note = peer_note(c.ours_n, ours, c.peer_n, peer);
    } else {
      note = "(qqwing not installed: no ratio)";
    }
    row(c.name + ", whole process", ours_rate, "puzzles/s", note);
  }
  bench_solver_tdoku(o, f17, static_cast<double>(n17), ph);
  for (const auto& f : {f17, f17_peer, fhard})
    if (f.find("sudokit-bench-") != std::string::npos) fs::remove(f);
}


// --- db -----------------------------------------------------------------------

/// CPU seconds (user + system) used so far by this process.
double self_cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

std::string cpu_note(double n, double cpu) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "cpu %.2f s: %.0f/s per cpu-second", cpu, n / cpu);
  return buf;
}

void remove_db(const std::string& path) {
  for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(path + suffix);
}

// The import benchmark file: the 17-clue puzzles, then each again with one
// more clue (taken from its solution) at two different cells, so that the
// file has 100,000 lines of essentially different puzzles.
std::vector<std::pair<sudokit::Grid, sudokit::Grid>> import_corpus(const std::vector<sudokit::Grid>& p17, std::size_t n) {
  std::vector<std::pair<sudokit::Grid, sudokit::Grid>> out;
  std::vector<sudokit::Grid> solutions;
  for (const auto& p : p17) solutions.push_back(sudokit::solve(p, 1).solution);
  for (int variant = 0; variant < 3 && out.size() < n; ++variant) {
    for (std::size_t i = 0; i < p17.size() && out.size() < n; ++i) {
      sudokit::Grid g = p17[i];
      if (variant > 0) {
        int empties = 0;
        for (int c = 0; c < 81; ++c) empties += g[c] == 0;
        int k = empties / 3 * variant;
        for (int c = 0; c < 81; ++c)
          if (g[c] == 0 && k-- == 0) {
            g[c] = solutions[i][c];
            break;
          }
      }
      out.emplace_back(g, solutions[i]);
    }
  }
  return out;
}

// Graded-looking store rows for the insert benchmarks.
std::vector<sudokit::db::PuzzleRecord> store_records(const std::vector<std::pair<sudokit::Grid, sudokit::Grid>>& corpus,
                                                     const std::vector<sudokit::Grid>& forms) {
  std::vector<sudokit::db::PuzzleRecord> records;
  records.reserve(corpus.size());
  for (std::size_t i = 0; i < corpus.size(); ++i) {
    sudokit::db::PuzzleRecord r;
    r.puzzle = corpus[i].first;
    r.solution = corpus[i].second;
    r.canonical = forms[i];
    r.clues = r.puzzle.clue_count();
    r.symmetry = "none";
    r.minimal = true;
    r.method = "backtrack";
    r.seed = 42;
    r.index = i;
    r.er = 7.2;
    r.ep = 2.6;
    r.ed = 1.2;
    r.level = "expert";
    r.hardest = "xy-chain";
    r.histogram = R"({"hidden-single":41,"pointing":3,"naked-pair":2,"x-wing":1,"xy-chain":2})";
    records.push_back(std::move(r));
  }
  return records;
}

void bench_db(const Options& o) {
  std::puts("db: SQLite store (WAL, default batches: 10,000 rows or 1 s, canonical-form deduplication)");
  const auto p17 = load(o.data_dir + "/puzzles_17clue.txt");
  const std::size_t n = o.quick ? 20000 : 100000;
  const auto corpus = import_corpus(p17, n);
  const std::string dir = fs::temp_directory_path().string();
  const std::string tag = std::to_string(getpid());

  // The parts of an import, in process, one core.
  {
    std::vector<double> t;
    unsigned checksum = 0;
    for (int r = 0; r < o.runs; ++r) {
      const auto t0 = Clock::now();
      for (const auto& [p, s] : corpus) checksum += sudokit::solve(p, 2).count + !sudokit::find_conflict(p);
      t.push_back(seconds_since(t0));
    }
    row("check: rules + unique solution (" + std::to_string(corpus.size()) + ")",
        static_cast<double>(corpus.size()) / median(t), "puzzles/s", checksum ? "" : "?");
  }
  std::vector<sudokit::Grid> forms(corpus.size());
  {
    std::vector<double> t;
    for (int r = 0; r < o.runs; ++r) {
      const auto t0 = Clock::now();
      for (std::size_t i = 0; i < corpus.size(); ++i) forms[i] = sudokit::canonical_form(corpus[i].first);
      t.push_back(seconds_since(t0));
    }
    row("canonical form of a puzzle (" + std::to_string(corpus.size()) + ")",
        static_cast<double>(corpus.size()) / median(t), "puzzles/s");
  }

  // Inserts: graded-looking rows, a fresh file per run.
  {
    const std::vector<sudokit::db::PuzzleRecord> records = store_records(corpus, forms);
    const std::string path = dir + "/sudokit-bench-" + tag + "-insert.db";
    for (const std::size_t batch : {sudokit::db::StoreOptions{}.batch_rows, std::size_t{1000}}) {
      std::vector<double> t, cpu;
      std::uint64_t stored = 0;
      for (int r = 0; r < o.runs; ++r) {
        remove_db(path);
        sudokit::db::StoreOptions options;
        options.batch_rows = batch;
        sudokit::db::PuzzleStore store(path, options);
        const double c0 = self_cpu_seconds();
        const auto t0 = Clock::now();
        for (const auto& rec : records) store.insert(rec);
        store.flush();
        t.push_back(seconds_since(t0));
        cpu.push_back(self_cpu_seconds() - c0);
        stored = store.stored();
      }
      remove_db(path);
      row("insert " + std::to_string(stored) + " rows, new file, batches of " + std::to_string(batch),
          static_cast<double>(records.size()) / median(t), "rows/s",
          cpu_note(static_cast<double>(records.size()), median(cpu)));
    }
  }

  // Whole process: sudokit db import on a file, a fresh store per run.
  auto import_case = [&](const std::string& label, const std::string& file, double lines, const std::string& flags,
                         int runs) {
    const std::string db = dir + "/sudokit-bench-" + tag + "-import.db";
    std::vector<double> t, cpu;
    for (int r = 0; r < runs; ++r) {
      remove_db(db);
      const double c0 = child_cpu_seconds();
      const double s = time_command(o.sudokit + " db import " + flags + " --db " + db + " " + file + " 2>/dev/null", 1).wall;
      if (s < 0) return;
      t.push_back(s);
      cpu.push_back(child_cpu_seconds() - c0);
    }
    remove_db(db);
    row(label, lines / median(t), "lines/s", cpu_note(lines, median(cpu)));
  };
  const std::string corpus_file = dir + "/sudokit-bench-" + tag + "-import.txt";
  {
    std::ofstream f(corpus_file, std::ios::binary);
    std::string text;
    for (const auto& [p, s] : corpus) {
      sudokit::append_line(text, p);
      text += '\n';
    }
    f << text;
  }
  std::puts("db: whole process (sudokit db import FILE --db NEW.db)");
  import_case("import --no-grade, " + std::to_string(corpus.size()) + " lines", corpus_file,
              static_cast<double>(corpus.size()), "--no-grade", o.runs);
  import_case("import --no-grade --threads 1, " + std::to_string(corpus.size()) + " lines", corpus_file,
              static_cast<double>(corpus.size()), "--no-grade --threads 1", o.runs);
  const std::size_t graded = o.quick ? 500 : 3000;
  const std::string graded_file = repeat_file(o.data_dir + "/puzzles_17clue.txt", 1, graded);
  import_case("import with grading, 17-clue (" + std::to_string(graded) + " lines)", graded_file,
              static_cast<double>(graded), "", std::max(1, o.runs / 2));

  // Whole process: sudokit db merge of four shard stores (the corpus in
  // quarters, imported --no-grade) into a new store, then again into the
  // full one (every row a duplicate: what a rerun after a crash reads).
  {
    std::vector<std::string> shards;
    std::string shard_list;
    for (int k = 0; k < 4; ++k) {
      const std::string text = dir + "/sudokit-bench-" + tag + "-shard" + std::to_string(k) + ".txt";
      const std::string db = dir + "/sudokit-bench-" + tag + "-shard" + std::to_string(k) + ".db";
      std::ofstream f(text, std::ios::binary);
      std::string lines;
      for (std::size_t i = static_cast<std::size_t>(k); i < corpus.size(); i += 4) {
        sudokit::append_line(lines, corpus[i].first);
        lines += '\n';
      }
      f << lines;
      f.close();
      remove_db(db);
      if (time_command(o.sudokit + " db import --no-grade --db " + db + " " + text + " 2>/dev/null", 1).wall < 0) return;
      fs::remove(text);
      shards.push_back(db);
      shard_list += " " + db;
    }
    const std::string out = dir + "/sudokit-bench-" + tag + "-merged.db";
    const double rows = static_cast<double>(corpus.size());
    std::vector<double> fresh, again, fresh_cpu, again_cpu;
    for (int r = 0; r < o.runs; ++r) {
      remove_db(out);
      double c0 = child_cpu_seconds();
      const double a = time_command(o.sudokit + " db merge --db " + out + shard_list + " 2>/dev/null", 1).wall;
      fresh_cpu.push_back(child_cpu_seconds() - c0);
      c0 = child_cpu_seconds();
      const double b = time_command(o.sudokit + " db merge --db " + out + shard_list + " 2>/dev/null", 1).wall;
      again_cpu.push_back(child_cpu_seconds() - c0);
      if (a < 0 || b < 0) return;
      fresh.push_back(a);
      again.push_back(b);
    }
    std::puts("db: whole process (sudokit db merge --db NEW.db 4 shard stores)");
    row("merge 4 shards, " + std::to_string(corpus.size()) + " rows, into a new store", rows / median(fresh), "rows/s",
        cpu_note(rows, median(fresh_cpu)));
    row("the same again (every row a duplicate)", rows / median(again), "rows/s", cpu_note(rows, median(again_cpu)));
    remove_db(out);
    for (const auto& db : shards) remove_db(db);
  }
  fs::remove(corpus_file);
  fs::remove(graded_file);
}

// --- generator ----------------------------------------------------------------

void bench_generator(const Options& o) {
  std::puts("generator: solution grids (single thread, in process, no printing)");
  const std::uint64_t n = o.quick ? 20000 : 100000;
  for (auto method : {sudokit::GridMethod::Backtrack, sudokit::GridMethod::BoxPermutation, sudokit::GridMethod::DigitBox,
                      sudokit::GridMethod::Relabel}) {
    for (bool scramble : {false, true}) {
      sudokit::GridOptions g;
      g.method = method;
      g.scramble = scramble;
      const std::uint64_t count = method == sudokit::GridMethod::BoxPermutation || method == sudokit::GridMethod::Relabel ? n * 10 : n;
      std::vector<double> t;
      unsigned checksum = 0;
      for (int r = 0; r < std::max(1, o.runs / 2); ++r) {
        const auto t0 = Clock::now();
        for (std::uint64_t i = 0; i < count; ++i) checksum += sudokit::make_grid(g, 1, i)[40];
        t.push_back(seconds_since(t0));
      }
      row(std::string(sudokit::method_name(method)) + (scramble ? " --scramble" : ""), static_cast<double>(count) / median(t),
          "grids/s", checksum ? "" : "?");
    }
  }
  // Canonical forms of grids and of puzzles.
  {
    std::vector<sudokit::Grid> grids;
    sudokit::GridOptions g;
    for (std::uint64_t i = 0; i < (o.quick ? 20000u : 50000u); ++i) grids.push_back(sudokit::make_grid(g, 2, i));
    std::vector<double> t;
    for (int r = 0; r < std::max(1, o.runs / 2); ++r) {
      const auto t0 = Clock::now();
      for (const auto& x : grids) (void)sudokit::canonical_form(x);
      t.push_back(seconds_since(t0));
    }
    row("canonical form, solution grids", static_cast<double>(grids.size()) / median(t), "grids/s");
    const auto puzzles = load(o.data_dir + "/puzzles_17clue.txt", o.quick ? 5000 : 20000);
    t.clear();
    for (int r = 0; r < std::max(1, o.runs / 2); ++r) {
      const auto t0 = Clock::now();
      for (const auto& x : puzzles) (void)sudokit::canonical_form(x);
      t.push_back(seconds_since(t0));
    }
    row("canonical form, 17-clue puzzles", static_cast<double>(puzzles.size()) / median(t), "puzzles/s");
  }
  std::puts("generator: unique minimal puzzles, whole process (sudokit generate --count N > /dev/null)");
  const int n1 = o.quick ? 2000 : 30000;
  const Timing one = time_command(o.sudokit + " generate --seed 1 --threads 1 --count " + std::to_string(n1) + " > /dev/null 2>&1", o.runs);
  const Timing two = time_command(o.sudokit + " generate --seed 1 --threads 2 --count " + std::to_string(n1) + " > /dev/null 2>&1", o.runs);
  std::string note;
  if (have_command("qqwing")) {
    const int nq = o.quick ? 100 : 1000;
    const Timing q = time_command("qqwing --generate " + std::to_string(nq) + " --one-line > /dev/null", std::max(1, o.runs / 2));
    note = peer_note(n1, one, nq, q);
  } else {
    note = "(qqwing not installed: no ratio)";
  }
  row("1 thread", n1 / one.wall, "puzzles/s", note);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2fx the 1-thread rate", one.wall / two.wall);
  row("2 threads", n1 / two.wall, "puzzles/s", buf);
}

// --- targeted generation -----------------------------------------------------

// Puzzles per minute meeting a target, with 2 threads, over a fixed time:
// produce::generate in this process (what `sudokit generate --threads 2
// --time-limit T TARGET` runs), the accepted puzzles counted by the sink.
// "per CPU-min x2" scales the CPU time to two free cores, which is what the
// rate would be on an idle 2-core machine; the wall-clock rate is what this
// (possibly shared) machine gave. run_targeted_case runs one row.
void run_targeted_case(const std::string& label, const std::function<void(sudokit::produce::GenerateRequest&)>& target,
                       int seconds) {
  struct Count final : sudokit::PuzzleSink {
    double n = 0;
    void write(const sudokit::GeneratedPuzzle&) override { ++n; }
  };
  sudokit::produce::GenerateRequest q;
  q.count = 100'000'000;
  q.seed = 1;
  q.threads = 2;
  q.time_limit = seconds;
  target(q);
  Count sink;
  const double c0 = self_cpu_seconds();
  const auto t0 = Clock::now();
  sudokit::produce::generate(q, sink);
  const double wall = seconds_since(t0), cpu = self_cpu_seconds() - c0;
  char note[96];
  std::snprintf(note, sizeof note, "per wall-min (%.0f per CPU-min x2)", cpu > 0 ? 2 * 60 * sink.n / cpu : 0.0);
  row(label, wall > 0 ? 60 * sink.n / wall : 0, note);
}

void bench_targeted(const Options& o) {
  std::puts("targeted generation: puzzles per minute, 2 threads, in process (produce::generate, as sudokit generate --threads 2 --time-limit T TARGET)");
  const int seconds = o.quick ? 8 : 30;
  using Request = sudokit::produce::GenerateRequest;
  struct Case {
    std::string label;
    std::function<void(Request&)> target;  // the options of the row, as `sudokit generate` names them
  };
  const auto rating = [](double lo, double hi = 100) { return [=](Request& q) { q.min_rating = lo; q.max_rating = hi; }; };
  const auto with = [](std::function<void(Request&)> base, std::function<void(Request&)> more) {
    return [=](Request& q) { base(q); more(q); };
  };
  const auto random_order = [](Request& q) { q.dig_order = "random"; };
  const auto plain = [](Request& q) { q.search = 0; };
  const auto technique = [](const char* key) { return [=](Request& q) { q.require_techniques = {key}; }; };
  // Targets beyond the singles dig in the sparse-digits order by default;
  // the "random dig order" rows measure what it brings.
  const std::vector<Case> cases = {
      {"ER >= 8.0", rating(8.0)},
      {"ER >= 8.0, random dig order", with(rating(8.0), random_order)},
      {"ER >= 8.0, plain filtering", with(rating(8.0), plain)},
      {"ER in [4.0, 6.0]", rating(4.0, 6.0)},
      {"ER in [4.0, 6.0], random dig order", with(rating(4.0, 6.0), random_order)},
      {"ER in [4.0, 6.0], plain filtering", with(rating(4.0, 6.0), plain)},
      {"ER >= 9.0", rating(9.0)},
      {"ER >= 9.0, random dig order", with(rating(9.0), random_order)},
      {"ER >= 9.0, plain filtering", with(rating(9.0), plain)},
      {"ER >= 9.0, --search-keep 4", with(rating(9.0), [](Request& q) { q.search_keep = 4; })},
      {"x-wing", technique("x-wing")},
      {"x-wing, random dig order", with(technique("x-wing"), random_order)},
      {"swordfish", technique("swordfish")},
      {"swordfish, random dig order", with(technique("swordfish"), random_order)},
      {"xy-wing", technique("xy-wing")},
      {"xyz-wing", technique("xyz-wing")},
      {"unique rectangle", technique("unique-rectangle")},
      {"unique rectangle, random dig order", with(technique("unique-rectangle"), random_order)},
      {"bug", technique("bug")},
      {"x-chain (any single-digit chain)", technique("x-chain")},
      {"xy-chain", technique("xy-chain")},
      {"forcing-x-chain (SE's Forcing X-Chain step)", technique("forcing-x-chain")},
  };
  // The seeded search (`sudokit generate --from FILE`): from top1465 (the
  // run starts by grading its 1,465 puzzles, about 16 s on 2 free cores, and
  // a walk's finds count when the walk ends), and from one ER 10.2 puzzle
  // that `sudokit generate --min-rating 9.5 --seed 1 --threads 2` found
  // (docs/GRADING.md, "Seeded search"): these rows run 90 s (60 with --quick).
  std::vector<sudokit::produce::SeedPuzzle> top1465, found10;
  for (const auto& g : load(o.data_dir + "/puzzles_top1465.txt")) top1465.push_back({g, top1465.size() + 1, {}});
  sudokit::ParseError error;
  sudokit::Grid ten;
  sudokit::parse_puzzle("....7.....456.8..1..2...7...9.....5.8.1.6....4..5......1...5.........1746..4..8..", ten, error);
  found10.push_back({ten, 1, {}});
  const auto seeded = [](const std::vector<sudokit::produce::SeedPuzzle>& seeds, double floor) {
    return [&seeds, floor](Request& q) {
      q.min_rating = floor;
      q.seeded = true;
      q.from = seeds;
    };
  };
  const std::vector<Case> seeded_cases = {
      {"ER >= 9.0, --from top1465", seeded(top1465, 9.0)},
      {"ER >= 10.0, --from one 10.2 puzzle", seeded(found10, 10.0)},
  };
  // From scratch above 9.3: the climb (the default there: stones dug at a
  // lower floor, then walks, seeded.hpp) against digging alone. A climb's
  // first 10+ puzzle comes after a minute or so, then its cluster follows:
  // the 10.0 row runs 300 s (120 with --quick).
  const auto strategy = [](const char* name) { return [=](Request& q) { q.strategy = name; }; };
  const std::vector<Case> climb_cases = {
      {"ER >= 9.5, climb (the default)", rating(9.5)},
      {"ER >= 9.5, --strategy dig", with(rating(9.5), strategy("dig"))},
  };
  for (const auto& c : cases) run_targeted_case(c.label, c.target, seconds);
  for (const auto& c : seeded_cases) run_targeted_case(c.label, c.target, o.quick ? 60 : 90);
  for (const auto& c : climb_cases) run_targeted_case(c.label, c.target, o.quick ? 60 : 90);
  run_targeted_case("ER >= 10.0, climb (from scratch)", rating(10.0), o.quick ? 120 : 300);
}

// --- grader -------------------------------------------------------------------

// Per-puzzle grading times (seconds) of a list, in order.
std::vector<double> grade_times(const std::vector<sudokit::Grid>& puzzles, int& not_rated) {
  sudokit::grader::Grader grader;
  std::vector<double> t;
  not_rated = 0;
  for (const auto& p : puzzles) {
    const auto t0 = Clock::now();
    const auto g = grader.grade(p);
    t.push_back(seconds_since(t0));
    not_rated += !g.rated();
  }
  return t;
}

void bench_grader(const Options& o) {
  std::puts("grader: SE-scale rating (single thread, in process)");
  // The calibration set, split by the reference rating.
  std::vector<sudokit::Grid> easy, mid;
  {
    const std::string text = read_file(o.data_dir + "/se_rated_calibration.tsv");
    sudokit::PuzzleReader reader(text);
    sudokit::TextRecord rec;
    sudokit::ParseError err;
    while (reader.next(rec, err) != sudokit::ReadStatus::End) {
      const double er = std::atof(std::string(rec.fields.substr(0, rec.fields.find('\t'))).c_str());
      if (er < 7.0) easy.push_back(rec.grid);
      else if (er < 7.5) mid.push_back(rec.grid);
    }
  }
  int nr = 0;
  std::vector<double> runs;
  for (int r = 0; r < std::max(1, o.runs / 2); ++r) {
    auto t = grade_times(easy, nr);
    double total = 0;
    for (double x : t) total += x;
    runs.push_back(static_cast<double>(easy.size()) / total);
  }
  row("calibration, SE ER < 7.0 (" + std::to_string(easy.size()) + ")", median(runs), "puzzles/s");
  auto tm = grade_times(mid, nr);
  char note[96];
  std::snprintf(note, sizeof note, "median, p90 %.1f ms", 1000 * [&] { auto v = tm; std::sort(v.begin(), v.end()); return v[v.size() * 9 / 10]; }());
  row("calibration, 7.0 <= SE ER < 7.5 (" + std::to_string(mid.size()) + "), us/puzzle", 1e6 * median(tm), "us", note);
  // A sample of the hardest published list: every 7th puzzle, 200 of them.
  std::vector<sudokit::Grid> hard = load(o.data_dir + "/puzzles_top1465.txt"), sample;
  for (std::size_t i = 0; i < hard.size() && sample.size() < (o.quick ? 50u : 200u); i += 7) sample.push_back(hard[i]);
  auto th = grade_times(sample, nr);
  std::snprintf(note, sizeof note, "median, max %.0f ms, not rated %d", 1000 * *std::max_element(th.begin(), th.end()), nr);
  row("top1465 sample (" + std::to_string(sample.size()) + "), us/puzzle", 1e6 * median(th), "us", note);
}


// --- speed: the targets of issue #20 ------------------------------------------

// One row per speed target of issue #20 (grading and graded generation 5x
// faster), each with the ratio against the build before the change, timed in
// the same run: SUDOKIT_BASELINE names that build's `sudokit` binary
// (docs/BENCHMARKS.md, "Peers", says how to make it); without it the rows
// say "(no baseline)". A ratio is our rate over the baseline's (above 1 =
// faster), in wall-clock and in CPU time; the two binaries' runs alternate.
// The worked examples run max(1, runs / 2) times, graded generation
// max(1, runs / 4) and the whole top1465 list once (about 3 minutes of CPU
// time with 5 runs before the speed-up); --quick takes every 7th top1465
// puzzle and generates fewer puzzles.

/// The baseline `sudokit` from SUDOKIT_BASELINE, or "" with the reason in `why`.
std::string baseline_binary(std::string& why) {
  const char* path = std::getenv("SUDOKIT_BASELINE");
  if (path == nullptr || *path == '\0') {
    why = "(no baseline)";
    return "";
  }
  if (access(path, X_OK) != 0) {
    why = std::string("(no baseline: SUDOKIT_BASELINE=") + path + " is not executable)";
    return "";
  }
  return path;
}

/// "baseline 2.10 s  ratio 1.0x (CPU time 1.0x)", for rows whose figure is a
/// time: the baseline's time and its time over ours (above 1 = faster).
std::string baseline_time_note(const Timing& ours, const Timing& base) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "baseline %.2f s  ratio %.1fx (CPU time %.1fx)", base.wall, base.wall / ours.wall,
                base.cpu / ours.cpu);
  return buf;
}

/// Times `runs` runs of our command and of the baseline's, alternating, so
/// that a change in the machine's load falls on both; medians as in
/// time_command. Without a baseline command only ours runs. Both stay empty
/// (wall -1) if a command fails.
std::pair<Timing, Timing> time_against_baseline(const std::string& ours_cmd, const std::string& base_cmd, int runs) {
  std::vector<double> wall[2], cpu[2];
  for (int r = 0; r < runs; ++r)
    for (int k = 0; k < (base_cmd.empty() ? 1 : 2); ++k) {
      const Timing t = time_command(k == 0 ? ours_cmd : base_cmd, 1);
      if (t.wall < 0) return {};
      wall[k].push_back(t.wall);
      cpu[k].push_back(t.cpu);
    }
  std::pair<Timing, Timing> out{{median(wall[0]), median(cpu[0])}, {}};
  if (!wall[1].empty()) out.second = {median(wall[1]), median(cpu[1])};
  return out;
}

std::string temp_file_path(const std::string& name) {
  return (fs::temp_directory_path() / ("sudokit-bench-" + std::to_string(getpid()) + "-" + name)).string();
}

void write_puzzles(const std::string& path, const std::vector<sudokit::Grid>& puzzles) {
  std::string text;
  for (const auto& p : puzzles) {
    sudokit::append_line(text, p);
    text += '\n';
  }
  std::ofstream(path, std::ios::binary) << text;
}

void bench_speed(const Options& o) {
  std::puts("speed: issue #20's targets (one thread unless said; ratios against $SUDOKIT_BASELINE, same run)");
  std::string why;
  const std::string base = baseline_binary(why);
  const int heavy_runs = std::max(1, o.runs / 2);
  char note[256];

  // Batch grading of the qqwing mix, whole process, on 1 and on 2 threads.
  const std::string mix = o.data_dir + "/puzzles_qqwing_mix.txt";
  const double n_mix = static_cast<double>(load(mix).size());
  // The command of `binary` ("" when there is no baseline: no command).
  auto grade_mix = [&](const std::string& binary, int threads, const std::string& out) {
    return binary.empty() ? "" : binary + " grade --threads " + std::to_string(threads) + " < " + mix + " > " + out;
  };
  const std::string mix_ours = temp_file_path("mix-ours.txt"), mix_base = temp_file_path("mix-base.txt");
  const auto [one, base_one] =
      time_against_baseline(grade_mix(o.sudokit, 1, "/dev/null"), grade_mix(base, 1, "/dev/null"), o.runs);
  const auto [two, base_two] =
      time_against_baseline(grade_mix(o.sudokit, 2, mix_ours), grade_mix(base, 2, mix_base), o.runs);
  const std::string label_mix = "qqwing mix (" + std::to_string(static_cast<int>(n_mix)) + "), grade";
  if (one.wall > 0)
    row(label_mix + " --threads 1, whole process", n_mix / one.wall, "puzzles/s",
        "target >= 7,500/s; " + (base_one.wall > 0 ? peer_note(n_mix, one, n_mix, base_one, "baseline") : why));
  if (one.wall > 0 && two.wall > 0) {
    std::snprintf(note, sizeof note, "%.2fx the 1-thread rate, target near 2x; ", one.wall / two.wall);
    std::string n2 = note;
    if (base_two.wall > 0) {
      std::snprintf(note, sizeof note, "baseline's %.2fx; ", base_one.wall / base_two.wall);
      n2 += note + peer_note(n_mix, two, n_mix, base_two, "baseline") +
            (read_file(mix_ours) == read_file(mix_base) ? ", same output" : ", OUTPUT DIFFERS");
    } else {
      n2 += why;
    }
    row(label_mix + " --threads 2, whole process", n_mix / two.wall, "puzzles/s", n2);
  }
  fs::remove(mix_ours);
  fs::remove(mix_base);

  // top1465: per-puzzle times in process, once; the ratio of the list's
  // total against the baseline grading it whole process (`grade --threads
  // 1`, once): starting, reading and printing are milliseconds of a total of
  // tens of seconds, so our in-process total stands for our whole process.
  {
    const std::string hard_path = o.data_dir + "/puzzles_top1465.txt";
    std::vector<sudokit::Grid> hard = load(hard_path);
    std::string file = hard_path;
    if (o.quick) {
      std::vector<sudokit::Grid> sample;
      for (std::size_t i = 0; i < hard.size(); i += 7) sample.push_back(hard[i]);
      hard = sample;
      file = temp_file_path("top1465-sample.txt");
      write_puzzles(file, hard);
    }
    int not_rated = 0;
    const double c0 = self_cpu_seconds();
    const std::vector<double> t = grade_times(hard, not_rated);
    Timing ours{0, self_cpu_seconds() - c0};
    for (const double x : t) ours.wall += x;
    std::snprintf(note, sizeof note, "median, max %.0f ms, not rated %d; target median <= 1,500 us; ",
                  1000 * *std::max_element(t.begin(), t.end()), not_rated);
    std::string nb = note;
    const Timing theirs = base.empty() ? Timing{} : time_command(base + " grade --threads 1 < " + file + " > /dev/null", 1);
    if (theirs.wall > 0) {
      std::snprintf(note, sizeof note, "the same list: ours %.1f s, ", ours.wall);
      nb += note + baseline_time_note(ours, theirs);
    } else {
      nb += why;
    }
    if (file != hard_path) fs::remove(file);
    row("top1465" + std::string(o.quick ? " every 7th (" : " (") + std::to_string(hard.size()) +
            "), in process, us/puzzle",
        1e6 * median(t), "us", nb);
  }

  // The specification's worked examples rated 10 and above
  // (tests/grader/worked_examples_test.cpp): in process, median of the runs,
  // each run followed by one of the baseline (whole process, one thread).
  struct Example {
    const char* name;
    const char* puzzle;
  };
  const Example examples[] = {
      {"AI Escargot (10.5/1.2/1.2)",
       "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."},
      {"the 10.7/10.7/9.7 example",
       "800000000003600000070090200050007000000045700000100030001000068008500010090000400"},
  };
  for (const Example& e : examples) {
    const std::string file = temp_file_path("example.txt");
    std::ofstream(file, std::ios::binary) << e.puzzle << '\n';
    const std::vector<sudokit::Grid> puzzle = load(file);
    std::vector<double> wall, cpu, base_wall, base_cpu;
    int not_rated = 0;
    for (int r = 0; r < heavy_runs; ++r) {
      const double c0 = self_cpu_seconds();
      wall.push_back(grade_times(puzzle, not_rated).at(0));
      cpu.push_back(self_cpu_seconds() - c0);
      if (base.empty()) continue;
      const Timing b = time_command(base + " grade --threads 1 " + file + " > /dev/null", 1);
      base_wall.push_back(b.wall);
      base_cpu.push_back(b.cpu);
    }
    fs::remove(file);
    std::string ne = not_rated ? "NOT RATED; target <= 300 ms; " : "target <= 300 ms; ";
    if (!base.empty() && *std::min_element(base_wall.begin(), base_wall.end()) > 0)
      ne += baseline_time_note({median(wall), median(cpu)}, {median(base_wall), median(base_cpu)});
    else
      ne += why;
    row(std::string(e.name) + ", in process, ms", 1000 * median(wall), "ms", ne);
  }

  // Graded generation with the defaults on 2 threads, whole process.
  const int n_gen = o.quick ? 2000 : 8000;
  auto generate = [&](const std::string& binary) {
    return binary.empty() ? "" : binary + " generate --grade --seed 1 --threads 2 --count " + std::to_string(n_gen) +
                                     " > /dev/null 2>&1";
  };
  const auto [gen, base_gen] = time_against_baseline(generate(o.sudokit), generate(base), std::max(1, o.runs / 4));
  if (gen.wall > 0)
    row("generate --grade --threads 2 (" + std::to_string(n_gen) + "), whole process", n_gen / gen.wall,
        "puzzles/s",
        "target >= 5,000/s; " + (base_gen.wall > 0 ? peer_note(n_gen, gen, n_gen, base_gen, "baseline") : why));

  // The solver's count to 2 on top1465 isomorphs, whole process (its target,
  // tdoku's speed, is the solver section's last row).
  const std::size_t n_iso = o.quick ? 10000 : 50000;
  const std::string iso = isomorph_file(load(o.data_dir + "/puzzles_top1465.txt"), n_iso, "speed-isomorphs");
  auto count = [&](const std::string& binary) {
    return binary.empty() ? "" : binary + " solve --count " + iso + " > /dev/null";
  };
  const auto [solved, base_solved] = time_against_baseline(count(o.sudokit), count(base), o.runs);
  fs::remove(iso);
  const double n = static_cast<double>(n_iso);
  if (solved.wall > 0)
    row("solve --count, top1465 isomorphs (" + std::to_string(n_iso) + "), whole process", n / solved.wall,
        "puzzles/s",
        "target: tdoku's rate (solver section); " +
            (base_solved.wall > 0 ? peer_note(n, solved, n, base_solved, "baseline") : why));
}

// Hint latency from players' positions: positions along SE's path of every
// calibration puzzle (every 4th with --quick) after 0, 10 and 30 steps, the
// player's marks being the path's candidates; one find_hint per position
// (solution check, mistakes, next step), one thread.
// The two back-ends side by side: rows/s into a new SQLite file and a new
// PostgreSQL database (a throwaway durable server on this machine, started
// here: tests/pg_server.hpp), by one writer process and by four at once
// (each its own quarter of the rows; the store's default batches).
void bench_writers(const Options& o) {
  std::puts("writers: rows/s into a new store, SQLite file vs PostgreSQL 15 (local server, fsync on), 1 and 4 processes");
  const auto p17 = load(o.data_dir + "/puzzles_17clue.txt");
  const std::size_t n = o.quick ? 20000 : 100000;
  const auto corpus = import_corpus(p17, n);
  std::vector<sudokit::Grid> forms(corpus.size());
  for (std::size_t i = 0; i < corpus.size(); ++i) forms[i] = sudokit::canonical_form(corpus[i].first);
  const std::vector<sudokit::db::PuzzleRecord> records = store_records(corpus, forms);
  std::set<std::string> distinct;  // the corpus repeats some forms: stored once
  for (const auto& f : forms) distinct.insert(sudokit::format_line(f));
  std::optional<sudokit::test::PgServer> server;
  try {
    server.emplace(sudokit::test::PgServerOptions{true});
  } catch (const std::exception& e) {
    std::printf("  no PostgreSQL server: %s\n", e.what());
  }
  const std::string file = fs::temp_directory_path().string() + "/sudokit-bench-" + std::to_string(getpid()) + "-writers.db";
  int database = 0;
  // Seconds for `writers` processes to store every row in `location`.
  auto run = [&](const std::string& location, int writers) -> double {
    { sudokit::db::PuzzleStore create(location); }  // the schema first, as a deployment would
    const auto t0 = Clock::now();
    std::vector<pid_t> children;
    for (int w = 0; w < writers; ++w) {
      const pid_t pid = fork();
      if (pid == 0) {
        int status = 0;
        try {
          sudokit::db::PuzzleStore store(location);
          for (std::size_t i = static_cast<std::size_t>(w); i < records.size(); i += static_cast<std::size_t>(writers))
            store.insert(records[i]);
          store.flush();
        } catch (const std::exception& e) {
          std::fprintf(stderr, "  writer %d: %s\n", w, e.what());
          status = 1;
        }
        _exit(status);
      }
      children.push_back(pid);
    }
    bool ok = true;
    for (const pid_t pid : children) {
      int status = 0;
      waitpid(pid, &status, 0);
      ok = ok && WIFEXITED(status) && WEXITSTATUS(status) == 0;
    }
    const double seconds = seconds_since(t0);
    sudokit::db::PuzzleStore check(location, {sudokit::db::OpenMode::Read});
    if (!ok || check.count() != distinct.size()) return -1;
    return seconds;
  };
  for (const int writers : {1, 4}) {
    std::vector<double> sqlite_t, pg_t;
    for (int r = 0; r < o.runs; ++r) {
      remove_db(file);
      sqlite_t.push_back(run(file, writers));
      if (server) {
        const std::string name = "bench" + std::to_string(database++);
        server->create_database(name);
        pg_t.push_back(run(server->uri(name), writers));
      }
    }
    remove_db(file);
    const std::string what = std::to_string(records.size()) + " rows, " + std::to_string(writers) + " writer" +
                             (writers > 1 ? "s" : "");
    const double sqlite_rate = static_cast<double>(records.size()) / median(sqlite_t);
    row("SQLite: " + what, sqlite_rate, "rows/s");
    if (server) {
      const double pg_rate = static_cast<double>(records.size()) / median(pg_t);
      char ratio[64];
      std::snprintf(ratio, sizeof ratio, "%.2fx SQLite", pg_rate / sqlite_rate);
      row("PostgreSQL: " + what, pg_rate, "rows/s", ratio);
    }
  }
}

void bench_hints(const Options& o) {
  std::puts("hints: latency of find_hint from positions of the calibration set (single thread, in process)");
  std::vector<sudokit::Grid> puzzles;
  {
    const std::string text = read_file(o.data_dir + "/se_rated_calibration.tsv");
    sudokit::PuzzleReader reader(text);
    sudokit::TextRecord rec;
    sudokit::ParseError err;
    for (std::size_t i = 0; reader.next(rec, err) != sudokit::ReadStatus::End; ++i)
      if (!o.quick || i % 4 == 0) puzzles.push_back(rec.grid);
  }
  sudokit::grader::Grader grader;
  sudokit::grader::GradeOptions keep;
  keep.keep_steps = true;
  const int depths[] = {0, 10, 30};
  std::vector<double> times[3], all;
  for (const auto& puzzle : puzzles) {
    const auto g = grader.grade(puzzle, keep);
    if (!g.rated()) continue;
    sudokit::grader::Board board(puzzle);
    for (std::size_t k = 0; k < g.steps.size() && k <= 30; ++k) {
      for (int d = 0; d < 3; ++d) {
        if (static_cast<std::size_t>(depths[d]) != k) continue;
        sudokit::grader::Position p;
        p.givens = puzzle;
        for (int c = 0; c < sudokit::kCells; ++c)
          if (puzzle[c] == 0) p.entries[c] = static_cast<std::uint8_t>(board.value(c));
        p.has_marks = true;
        p.marks = board.candidate_masks();
        const auto t0 = std::chrono::steady_clock::now();
        const auto h = sudokit::grader::find_hint(grader, p);
        const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (h.status != sudokit::grader::HintStatus::Hint) std::fprintf(stderr, "unexpected hint status\n");
        times[d].push_back(t);
        all.push_back(t);
      }
      board.apply(g.steps[k]);
    }
  }
  auto pct = [](std::vector<double> v, double q) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0.0 : v[std::min(v.size() - 1, static_cast<std::size_t>(q * static_cast<double>(v.size())))];
  };
  char note[96];
  for (int d = 0; d < 3; ++d) {
    std::snprintf(note, sizeof note, "median, p99 %.2f ms, max %.1f ms", 1000 * pct(times[d], 0.99),
                  1000 * pct(times[d], 1.0));
    row("after " + std::to_string(depths[d]) + " steps (" + std::to_string(times[d].size()) + "), us/hint",
        1e6 * pct(times[d], 0.5), "us", note);
  }
  std::snprintf(note, sizeof note, "median, p99 %.2f ms", 1000 * pct(all, 0.99));
  row("all (" + std::to_string(all.size()) + "), us/hint", 1e6 * pct(all, 0.5), "us", note);
}


// A print-on-demand book of about 300 pages (large print on 8.5 x 11 in, a
// puzzle a page: 270 calibration puzzles and their answer pages), rendered in
// process as `sudokit book` renders it, then checked as `sudokit preflight`
// checks it (each page rasterised at 72 dpi). Medians of --runs.
void bench_books(const Options& o) {
  std::puts("books: a 300-page print book (8.5x11 in, large print), rendered and preflighted (in process, one thread)");
  std::vector<sudokit::book::BookPuzzle> puzzles;
  {
    const std::string text = read_file(o.data_dir + "/se_rated_calibration.tsv");
    sudokit::PuzzleReader reader(text);
    sudokit::TextRecord rec;
    sudokit::ParseError err;
    while (puzzles.size() < 270 && reader.next(rec, err) != sudokit::ReadStatus::End)
      puzzles.push_back({rec.grid, sudokit::solve(rec.grid, 2).solution, "hard", 5.0, static_cast<std::int64_t>(puzzles.size() + 1)});
  }
  sudokit::book::BookOptions options;
  std::string error;
  options.trim = sudokit::book::parse_trim("8.5x11", error);
  options.large_print = true;
  options.per_page = 1;
  const std::string path = (fs::temp_directory_path() / ("sudokit-bench-book-" + std::to_string(getpid()) + ".pdf")).string();
  std::vector<double> render, check;
  int pages = 0;
  bool passed = true;
  for (int r = 0; r < o.runs; ++r) {
    auto t0 = std::chrono::steady_clock::now();
    pages = sudokit::book::render_book(puzzles, options, path).pages;
    render.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    t0 = std::chrono::steady_clock::now();
    passed = passed && sudokit::book::preflight_pdf(path).passed();
    check.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  fs::remove(path);
  row("render " + std::to_string(pages) + " pages, ms", 1000 * median(render), "ms", "target < 5,000 ms");
  row("preflight " + std::to_string(pages) + " pages, ms", 1000 * median(check), "ms", passed ? "passes" : "FAILS preflight");
}

// Latency of the queries an app or a publishing job makes, at a size an app
// catalogue reaches (1,000,000 rows; --quick: 100,000): the store and the
// shipping file made from it. The store is generated once (graded, two
// threads, seed 1) and kept in the temporary directory for the next run.
void bench_queries(const Options& o) {
  const std::uint64_t rows = o.rows ? o.rows : o.quick ? 100'000 : 1'000'000;
  const std::string dir = fs::temp_directory_path().string();
  const std::string store_path = dir + "/sudokit-bench-queries-" + std::to_string(rows) + ".db";
  const std::string ship_path = dir + "/sudokit-bench-queries-" + std::to_string(rows) + "-ship.db";
  std::printf("queries: %llu rows (store %s, kept for the next run)\n", static_cast<unsigned long long>(rows),
              store_path.c_str());
  std::uint64_t have = 0;
  if (fs::exists(store_path)) {
    sudokit::db::PuzzleStore store(store_path, {.mode = sudokit::db::OpenMode::Read});
    have = store.count();
  }
  if (have < rows) {
    fs::remove(store_path);
    fs::remove(ship_path);
    sudokit::produce::GenerateRequest request;
    request.count = rows;
    request.seed = 1;
    request.threads = 2;
    request.grade = true;
    request.symmetry = "random";
    const auto t0 = Clock::now();
    const auto summary = sudokit::produce::generate_into_store(sudokit::produce::plan_generation(request), store_path);
    std::printf("  made the store: %llu rows in %.0f s\n", static_cast<unsigned long long>(summary.stored),
                seconds_since(t0));
  }
  sudokit::db::PuzzleStore store(store_path, {.mode = sudokit::db::OpenMode::Read});
  if (!fs::exists(ship_path)) {
    const auto t0 = Clock::now();
    const auto shipped = sudokit::db::ship_store(store, {}, {.extra = {}, .seed = 1, .levels = {}}, ship_path);
    std::printf("  made the shipping file: %llu rows, %.0f bytes/puzzle, in %.1f s\n",
                static_cast<unsigned long long>(shipped.puzzles),
                static_cast<double>(shipped.bytes) / static_cast<double>(shipped.puzzles), seconds_since(t0));
  }
  // The levels that hold puzzles (a level the store has none of would make
  // the daily/book query a shortage, not a latency).
  std::vector<std::string> levels;
  std::printf("  levels:");
  for (const auto& c : store.stats().levels) {
    std::printf(" %s %llu", c.key.empty() ? "(ungraded)" : c.key.c_str(), static_cast<unsigned long long>(c.count));
    if (!c.key.empty()) levels.push_back(c.key);
  }
  std::printf("\n");
  std::fflush(stdout);

  // Each query runs `reps` times with parameters from a seeded engine; the
  // figure is the median, with p99 beside it.
  boost::random::mt19937_64 rng(7);
  auto pick_level = [&] { return levels[boost::random::uniform_int_distribution<std::size_t>(0, levels.size() - 1)(rng)]; };
  auto timed = [&](const std::string& what, int reps, const std::function<std::uint64_t()>& query) {
    std::vector<double> t;
    std::uint64_t found = 0;
    for (int r = 0; r < reps; ++r) {
      const auto t0 = Clock::now();
      found += query();
      t.push_back(seconds_since(t0));
    }
    std::sort(t.begin(), t.end());
    char note[96];
    std::snprintf(note, sizeof note, "median, p99 %.3f ms, %llu rows found in all", 1000 * t[t.size() * 99 / 100],
                  static_cast<unsigned long long>(found));
    std::printf("  %-58s %12.3f ms  %s\n", what.c_str(), 1000 * median(t), note);
  };
  const int reps = o.quick ? 50 : 200;
  using sudokit::db::PuzzleFilter;
  std::puts(" the store (what daily, book and db export run)");
  timed("unused puzzle of a level, oldest (daily, book)", reps, [&] {
    return sudokit::db::select_puzzles(store, {{pick_level(), 1}}).size();
  });
  timed("unused puzzle of a level, random order (book --pick random)", std::max(5, reps / 20), [&] {
    PuzzleFilter f;
    f.level = pick_level();
    f.unused = f.random = true;
    f.seed = rng();
    f.limit = 1;
    std::uint64_t n = 0;
    store.for_each(f, [&](const sudokit::db::PuzzleRecord&) { return ++n, true; });
    return n;
  });
  auto rating_range = [&](PuzzleFilter& f) {
    const double lo = boost::random::uniform_int_distribution<int>(10, 90)(rng) / 10.0;
    f.min_rating = lo;
    f.max_rating = lo + 0.5;
  };
  timed("10 puzzles rated [x, x+0.5] (db export --min/max-rating)", reps, [&] {
    PuzzleFilter f;
    rating_range(f);
    f.limit = 10;
    std::uint64_t n = 0;
    store.for_each(f, [&](const sudokit::db::PuzzleRecord&) { return ++n, true; });
    return n;
  });
  timed("count of a level", reps, [&] {
    PuzzleFilter f;
    f.level = pick_level();
    return store.count(f) ? 1 : 0;
  });
  timed("count of a level's unused puzzles", std::max(5, reps / 20),
        [&] { return sudokit::db::count_unused(store, pick_level()) ? 1 : 0; });

  std::puts(" the shipping file (db ship; the queries of db/README.md)");
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(ship_path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
    std::printf("  cannot open %s: %s\n", ship_path.c_str(), sqlite3_errmsg(db));
    sqlite3_close(db);
    return;
  }
  auto prepare = [&](const char* sql) {
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(db, sql, -1, &st, nullptr) != SQLITE_OK) std::printf("  %s: %s\n", sql, sqlite3_errmsg(db));
    return st;
  };
  auto run = [&](sqlite3_stmt* st) {
    std::uint64_t n = 0;
    while (sqlite3_step(st) == SQLITE_ROW) ++n;
    sqlite3_reset(st);
    return n;
  };
  struct ShipLevel {
    std::string name;
    std::int64_t puzzles;
    double min_er, max_er;
  };
  std::vector<ShipLevel> ship_levels;
  {
    sqlite3_stmt* st = prepare("SELECT level, puzzles, min_er, max_er FROM levels");
    while (sqlite3_step(st) == SQLITE_ROW)
      ship_levels.push_back({reinterpret_cast<const char*>(sqlite3_column_text(st, 0)), sqlite3_column_int64(st, 1),
                             sqlite3_column_double(st, 2), sqlite3_column_double(st, 3)});
    sqlite3_finalize(st);
  }
  auto ship_level = [&]() -> const ShipLevel& {
    return ship_levels[boost::random::uniform_int_distribution<std::size_t>(0, ship_levels.size() - 1)(rng)];
  };
  // A half-point rating range starting within the level's own range.
  auto bind_range = [&](sqlite3_stmt* st, int first, const ShipLevel& level) {
    const int lo = static_cast<int>(level.min_er * 10 + 0.5), hi = static_cast<int>(level.max_er * 10 + 0.5);
    const double x = boost::random::uniform_int_distribution<int>(lo, std::max(lo, hi - 5))(rng) / 10.0;
    sqlite3_bind_double(st, first, x);
    sqlite3_bind_double(st, first + 1, x + 0.5);
  };
  sqlite3_stmt* by_rank = prepare("SELECT gid, puzzle, solution, er FROM puzzles WHERE level = ?1 AND rank = ?2");
  sqlite3_stmt* by_rating = prepare(
      "SELECT gid, puzzle, solution, er FROM puzzles WHERE level = ?1 AND er BETWEEN ?2 AND ?3 ORDER BY er LIMIT 10");
  sqlite3_stmt* by_rating_rank = prepare(
      "SELECT gid, puzzle, solution, er FROM puzzles WHERE level = ?1 AND er BETWEEN ?2 AND ?3 AND rank >= ?4 "
      "ORDER BY rank LIMIT 1");
  sqlite3_stmt* count_table = prepare("SELECT puzzles FROM levels WHERE level = ?1");
  sqlite3_stmt* count_rows = prepare("SELECT count(*) FROM puzzles WHERE level = ?1");
  auto bind_level = [&](sqlite3_stmt* st, const ShipLevel& level) {
    sqlite3_bind_text(st, 1, level.name.c_str(), -1, SQLITE_TRANSIENT);
  };
  auto random_rank = [&](const ShipLevel& level) {
    return boost::random::uniform_int_distribution<std::int64_t>(0, level.puzzles - 1)(rng);
  };
  timed("next unused puzzle of a level (rank = the app's counter)", reps, [&] {
    const ShipLevel& level = ship_level();
    bind_level(by_rank, level);
    sqlite3_bind_int64(by_rank, 2, random_rank(level));
    return run(by_rank);
  });
  timed("10 puzzles of a level rated [x, x+0.5], easiest first", reps, [&] {
    const ShipLevel& level = ship_level();
    bind_level(by_rating, level);
    bind_range(by_rating, 2, level);
    return run(by_rating);
  });
  timed("next puzzle of a level rated [x, x+0.5] after the counter", reps, [&] {
    const ShipLevel& level = ship_level();
    bind_level(by_rating_rank, level);
    bind_range(by_rating_rank, 2, level);
    sqlite3_bind_int64(by_rating_rank, 4, random_rank(level));
    return run(by_rating_rank);
  });
  timed("count of a level (levels table)", reps, [&] {
    bind_level(count_table, ship_level());
    return run(count_table);
  });
  timed("count of a level (count(*) on the index)", reps, [&] {
    bind_level(count_rows, ship_level());
    return run(count_rows);
  });
  for (sqlite3_stmt* st : {by_rank, by_rating, by_rating_rank, count_table, count_rows}) sqlite3_finalize(st);
  sqlite3_close(db);
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
    else if (a == "--rows" && i + 1 < argc) o.rows = std::strtoull(argv[++i], nullptr, 10);
    else if (a == "--help" || a == "-h") {
      std::puts("usage: sudokit-bench [--data DIR] [--runs N] [--quick] [--sudokit PATH] [SECTION...]\n"
                "sections: solver, generator, grader, speed, targeted, db, hints, books (default: all of those;\n"
                "          speed: issue #20's targets, ratios against the sudokit binary in $SUDOKIT_BASELINE),\n"
                "          queries (--rows N: store size, default 1,000,000; makes the store once, minutes),\n"
                "          writers (SQLite vs PostgreSQL, 1 and 4 writer processes; starts a throwaway server)\n"
                "environment: SUDOKIT_TDOKU=PATH, a driver printing tdoku's count (limit 2) per line of a file:\n"
                "          the solver section then adds whole-process ratios to tdoku (docs/BENCHMARKS.md)");
      return 0;
    } else if (!a.empty() && a[0] != '-') o.sections.push_back(a);
    else {
      std::cerr << "sudokit-bench: unknown option " << a << '\n';
      return 2;
    }
  }
  const std::vector<std::pair<std::string, std::function<void(const Options&)>>> sections = {
      {"solver", bench_solver},
      {"generator", bench_generator},
      {"grader", bench_grader},
      {"speed", bench_speed},
      {"targeted", bench_targeted},
      {"db", bench_db},
      {"hints", bench_hints},
      {"queries", bench_queries},
      {"writers", bench_writers},
      {"books", bench_books},
  };
  std::printf("sudokit-bench: median of %d runs; data from %s\n", o.runs, o.data_dir.c_str());
  for (const auto& [name, fn] : sections)
    if ((o.sections.empty() && name != "queries" && name != "writers") || std::find(o.sections.begin(), o.sections.end(), name) != o.sections.end()) fn(o);
  return 0;
}
