// End-to-end tests of `sudokit preflight` (and `book --preflight`): the
// printer's checks of a book made by `sudokit book` from a store filled by
// `sudokit generate --db` (graded_store.hpp), and poppler loaded only when
// a PDF is read.
#include <gtest/gtest.h>
#include <unistd.h>

#include <signal.h>
#include <sys/wait.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <functional>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <thread>

#include "graded_store.hpp"
#include "run.hpp"
#include "store_check.hpp"
#include "sudokit/solver/canonical.hpp"
#include "sudokit/solver/global_id.hpp"
#include "sudokit/solver/solve.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit {
namespace {

using namespace sudokit::test;
using json = nlohmann::json;

class PreflightCli : public GradedStore {};

TEST_F(PreflightCli, BookPreflightAndThePreflightCommandReportEveryCheck) {
  const std::string db = store(), pdf = dir_.file("b.pdf");
  // 80 medium puzzles on 6 x 9 in with bleed: more than 24 pages, a book printers take.
  auto r = run_sudokit("book --db " + db + " --level medium --count 80 --trim 6x9 --bleed --preflight --out " + pdf);
  ASSERT_EQ(r.status, 0) << r.err << r.out;
  for (const char* check : {"ok   pages", "ok   even", "ok   boxes", "ok   fonts", "ok   safe area", "ok   lines"})
    EXPECT_NE(r.out.find(check), std::string::npos) << check << "\n" << r.out;
  EXPECT_NE(r.out.find("passes preflight"), std::string::npos) << r.out;
  r = run_sudokit("preflight " + pdf + " --trim 6x9");
  EXPECT_EQ(r.status, 0) << r.err << r.out;
  EXPECT_NE(r.out.find("with bleed"), std::string::npos) << r.out;
  // The wrong trim fails, with the reason; a short book fails its own
  // preflight, and is not written.
  r = run_sudokit("preflight " + pdf + " --trim 5x8");
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("FAIL boxes"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("not 5.000 x 8.000 in"), std::string::npos) << r.out;
  const std::string short_pdf = dir_.file("short.pdf");
  r = run_sudokit("book --db " + db + " --level medium --count 6 --trim 6x9 --preflight --out " + short_pdf);
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.out.find("FAIL pages"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("does not pass preflight (see above); nothing was written"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(short_pdf));
  // Without --preflight too: a print book is checked before it is written.
  r = run_sudokit("book --db " + db + " --level medium --count 6 --trim 6x9 --out " + short_pdf);
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.out.find("FAIL pages"), std::string::npos) << r.out;
  EXPECT_FALSE(std::filesystem::exists(short_pdf));
  // Usage: --preflight checks a print interior; preflight needs a file.
  r = run_sudokit("book --db " + db + " --level medium --count 6 --preflight --out " + dir_.file("a4.pdf"));
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("--preflight needs --trim"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir_.file("a4.pdf")));
  EXPECT_EQ(run_sudokit("preflight").status, 2);
  EXPECT_EQ(run_sudokit("preflight " + pdf + " --trim 3x3").status, 2);
  // A file that is not a PDF, beside one that passes: both reported, exit 1.
  std::ofstream(dir_.file("notes.pdf")) << "not a PDF\n";
  r = run_sudokit("preflight " + dir_.file("notes.pdf") + " " + pdf);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("notes.pdf: not a PDF (it does not begin with %PDF-)"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("passes preflight"), std::string::npos) << r.out;
}

// poppler is loaded when a PDF is read (the PDF reader module,
// book/src/pdf_reader.hpp), not at every start: a command that reads none
// loads none of it, as the loader reports (LD_DEBUG=libs); preflight loads
// the module beside the program. Without the module, preflight is a clear
// error and exit status 1.
TEST_F(PreflightCli, PopplerIsLoadedOnlyToReadAPdf) {
  const std::string db = store(), pdf = dir_.file("b.pdf");
  // A paper book reads no PDF; a print book reads its own back (preflight).
  auto r = run_sudokit("book --db " + db + " --level medium --count 8 --out " + dir_.file("a4.pdf"), "", "", "LD_DEBUG=libs");
  ASSERT_EQ(r.status, 0) << r.err;
  ASSERT_NE(r.err.find("libcairo"), std::string::npos) << "no loader report:\n" << r.err;
  EXPECT_EQ(r.err.find("poppler"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("sudokit-pdf-reader"), std::string::npos) << r.err;
  r = run_sudokit("book --db " + db + " --level medium --count 8 --trim 6x9 --pad-to 24 --out " + pdf, "", "", "LD_DEBUG=libs");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("sudokit-pdf-reader.so"), std::string::npos) << r.err;
  r = run_sudokit("preflight " + pdf + " --trim 6x9", "", "", "LD_DEBUG=libs");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("passes preflight"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("sudokit-pdf-reader.so"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("libpoppler"), std::string::npos) << r.err;

  const std::string missing = dir_.file("none.so");
  r = run_sudokit("preflight " + pdf + " --trim 6x9", "", "", "SUDOKIT_PDF_READER=" + missing);
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out.find("passes"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("b.pdf: PDFs cannot be read: the PDF reader module (sudokit-pdf-reader.so, poppler) cannot be "
                       "loaded: " + missing),
            std::string::npos)
      << r.err;
  // A print book that cannot be checked is not written.
  const std::string unchecked = dir_.file("u.pdf");
  r = run_sudokit("book --db " + db + " --level medium --count 8 --trim 6x9 --pad-to 24 --out " + unchecked, "", "",
                  "SUDOKIT_PDF_READER=" + missing);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("PDFs cannot be read"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(unchecked));
}

}  // namespace
}  // namespace sudokit
