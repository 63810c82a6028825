// `sudokit preflight`: checks book interior PDFs against the print-on-demand
// printers' rules (book/preflight.hpp) and prints a report per file.
#include <iostream>

#include "commands.hpp"
#include "input.hpp"
#include "options.hpp"
#include "sudokit/book/preflight.hpp"

namespace sudokit::cli {

namespace {

const char* const kUsage =
    "usage: sudokit preflight FILE.pdf... [--trim SIZE] [--dpi N]\n"
    "Checks a book interior against the rules of print-on-demand printers (KDP, IngramSpark,\n"
    "Lulu) and prints what it found, check by check: the page count (24 to 828, even), the\n"
    "page, trim and bleed boxes (the same on every page; bleed 0.125 in on the top, bottom\n"
    "and outside edge), every font embedded, no ink outside the safe area (KDP's margins for\n"
    "the page count, mirrored on left and right pages; each page is rendered and its margins\n"
    "looked at), no line thinner than 0.5 pt. Made for sudokit's PDFs (`sudokit book --trim`);\n"
    "another producer's file may fail the line check for want of readable page contents.\n"
    "Exit status 1 when a file fails a check or cannot be read, 2 for a usage error.";

}  // namespace

int run_preflight(const std::vector<std::string>& args) {
  po::options_description opts("options");
  book::PreflightRules rules;
  opts.add_options()("trim", po::value<std::string>(),
                     ("the trim the book must have: a preset (" + book::trim_presets() + ") or WxHmm / WxHin").c_str());
  add_number(opts, "dpi", rules.dpi, {36, 600}, "resolution of the safe-area check (each page is rendered)", 72.0);
  po::variables_map vm;
  if (auto status = parse_options(args, kUsage, opts, vm)) return *status;
  const std::vector<std::string> files = input_files(vm);
  if (files.empty()) {
    std::cerr << "sudokit preflight: give the PDF to check\n" << kUsage << '\n';
    return kUsageError;
  }
  if (vm.count("trim")) {
    std::string error;
    rules.trim = book::parse_trim(vm["trim"].as<std::string>(), error);
    if (!rules.trim) {
      std::cerr << "sudokit preflight: --trim: " << error << '\n';
      return kUsageError;
    }
  }
  int status = 0;
  Output out;
  for (const std::string& file : files) {
    try {
      const book::PreflightReport report = book::preflight_pdf(file, rules);
      out.buffer() += book::format_preflight(report);
      if (!report.passed()) status = 1;
    } catch (const book::PreflightError& e) {
      out.flush();
      std::cerr << "sudokit preflight: " << e.what() << '\n';
      status = 1;
    }
    out.flush();
  }
  return status;
}

}  // namespace sudokit::cli
