// Fuzz target: `sudokit db import` minus the command line (db/import.hpp)
// on any text: the line reader, the CSV layout (header detection, quotes,
// separators, carried columns), the puzzle-bank layout and format
// auto-detection, into a real store file. The first byte picks the layout
// and the thread count. Checks that every record is either stored, a
// duplicate or rejected with a line number inside the text and a reason,
// that rejections come in line order, and that the store holds exactly the
// rows the import says it committed.
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <string>

#include "fuzz_support.hpp"
#include "sudokit/db/import.hpp"
#include "sudokit/db/store.hpp"

using namespace sudokit;
using namespace sudokit::db;

namespace {

std::string g_dir;
std::unique_ptr<PuzzleStore> g_store;
unsigned g_inputs = 0;

// A fresh store now and then keeps the file small and the inputs independent enough.
PuzzleStore& store() {
  if (!g_store || ++g_inputs % 500 == 0) {
    g_store.reset();
    std::filesystem::remove_all(g_dir);
    std::filesystem::create_directories(g_dir);
    g_store = std::make_unique<PuzzleStore>(g_dir + "/fuzz.db");
  }
  return *g_store;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  const char* shm = "/dev/shm";
  const std::string base = std::filesystem::is_directory(shm) ? shm : std::filesystem::temp_directory_path().string();
  g_dir = base + "/sudokit-fuzz-import-" + std::to_string(getpid());
  std::atexit([] {
    g_store.reset();
    std::error_code ec;
    std::filesystem::remove_all(g_dir, ec);
  });
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static constexpr ImportFormat kFormats[] = {ImportFormat::Auto, ImportFormat::Line, ImportFormat::Csv,
                                             ImportFormat::Bank};
  ImportOptions options;
  options.format = kFormats[data[0] & 3];
  options.threads = (data[0] & 4) ? 2 : 1;
  // No rater: grading has its own target; here the readers and the store.
  const std::string_view text = fuzz::as_text(data + 1, size - 1);
  const std::size_t lines = text.empty() ? 0 : static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) +
                                                   (text.back() != '\n' ? 1 : 0);

  PuzzleStore& s = store();
  const std::uint64_t rows_before = s.count();
  std::size_t problems = 0, last_line = 0;
  const ImportCounts counts = import_text(s, text, options, [&](std::size_t line, const std::string& reason) {
    ++problems;
    FUZZ_CHECK(line >= 1 && line <= lines, "rejection at line %zu of %zu", line, lines);
    FUZZ_CHECK(line >= last_line, "rejection at line %zu after line %zu", line, last_line);
    FUZZ_CHECK(!reason.empty(), "rejection without a reason at line %zu", line);
    last_line = line;
  });
  FUZZ_CHECK(!counts.interrupted, "interrupted without a stop request");
  FUZZ_CHECK(counts.lines == lines, "%llu lines counted, the text has %zu", static_cast<unsigned long long>(counts.lines),
             lines);
  FUZZ_CHECK(counts.rejected == problems, "%llu rejected, %zu reported", static_cast<unsigned long long>(counts.rejected),
             problems);
  FUZZ_CHECK(counts.imported + counts.duplicates + counts.rejected == counts.records,
             "imported %llu + duplicates %llu + rejected %llu != records %llu",
             static_cast<unsigned long long>(counts.imported), static_cast<unsigned long long>(counts.duplicates),
             static_cast<unsigned long long>(counts.rejected), static_cast<unsigned long long>(counts.records));
  FUZZ_CHECK(s.queued() == 0, "rows left queued after the import");
  FUZZ_CHECK(s.count() == rows_before + counts.imported, "the store grew by %llu rows, %llu reported imported",
             static_cast<unsigned long long>(s.count() - rows_before), static_cast<unsigned long long>(counts.imported));
  return 0;
}
