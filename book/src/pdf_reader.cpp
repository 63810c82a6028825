// open_pdf(): finds and loads the PDF reader module (pdf_reader.hpp) once.
#include "pdf_reader.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <stdexcept>

namespace sudokit::book::detail {
namespace {

namespace fs = std::filesystem;

/// Where to look, in order: $SUDOKIT_PDF_READER alone when set; else the
/// installed place relative to the file holding this code (the program, or
/// a shared library it is part of), then the build's.
std::vector<std::string> candidates() {
  if (const char* env = std::getenv("SUDOKIT_PDF_READER"); env != nullptr && *env != '\0') return {env};
  std::vector<std::string> out;
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&candidates), &info) != 0 && info.dli_fname != nullptr) {
    std::error_code ec;
    const fs::path self = fs::canonical(info.dli_fname, ec);
    if (!ec) out.push_back((self.parent_path() / SUDOKIT_PDF_READER_FROM_BIN).lexically_normal().string());
  }
  out.push_back(SUDOKIT_PDF_READER_BUILT);
  return out;
}

OpenPdfFunction load() {
  static OpenPdfFunction open = nullptr;
  static std::string error;
  static std::once_flag once;
  std::call_once(once, [] {
    std::string tried;
    for (const std::string& file : candidates()) {
      void* handle = dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
      if (handle == nullptr) {
        const char* why = dlerror();
        tried += (tried.empty() ? "" : "; ") + std::string(why != nullptr ? why : file + ": cannot be loaded");
        continue;
      }
      open = reinterpret_cast<OpenPdfFunction>(dlsym(handle, kOpenPdfSymbol));
      if (open != nullptr) return;
      tried += (tried.empty() ? "" : "; ") + file + ": has no " + kOpenPdfSymbol;
    }
    error = "PDFs cannot be read: the PDF reader module (sudokit-pdf-reader.so, poppler) cannot be loaded: " + tried;
  });
  if (open == nullptr) throw std::runtime_error(error);
  return open;
}

}  // namespace

std::unique_ptr<PdfReader> open_pdf(const std::string& path) { return std::unique_ptr<PdfReader>(load()(path.c_str())); }

}  // namespace sudokit::book::detail
