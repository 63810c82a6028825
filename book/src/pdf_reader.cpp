// open_pdf(): finds and loads the PDF reader module (pdf_reader.hpp) once.
#include "pdf_reader.hpp"

#include <dlfcn.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

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

std::string read_pdf_file(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) throw std::runtime_error(std::string("cannot read: ") + std::strerror(errno));
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0) throw std::runtime_error(std::string("cannot read: ") + std::strerror(errno));
  if (!S_ISREG(st.st_mode)) throw std::runtime_error("not a PDF (not a regular file)");
  if (static_cast<std::uint64_t>(st.st_size) > kMaxPdfBytes)
    throw std::runtime_error("not a PDF sudokit reads: " + std::to_string(st.st_size) + " bytes, more than the " +
                             std::to_string(kMaxPdfBytes) + " a printer takes");
  std::string bytes(static_cast<std::size_t>(st.st_size), '\0');
  std::size_t got = 0;
  while (got < bytes.size()) {
    const ssize_t n = ::read(fd, bytes.data() + got, bytes.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw std::runtime_error(std::string("cannot read: ") + std::strerror(errno));
    if (n == 0) break;  // the file shrank meanwhile
    got += static_cast<std::size_t>(n);
  }
  bytes.resize(got);
  if (bytes.compare(0, 5, "%PDF-") != 0) throw std::runtime_error("not a PDF (it does not begin with %PDF-)");
  return bytes;
}

std::unique_ptr<PdfReader> open_pdf(const std::string& bytes) {
  return std::unique_ptr<PdfReader>(load()(bytes.data(), bytes.size()));
}

}  // namespace sudokit::book::detail
