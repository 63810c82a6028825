// Where cairo's PDF, SVG and PNG streams go, private to the book library:
// a temporary file next to the destination, renamed over it only when the
// whole document was written (a failed or interrupted run never leaves a
// truncated book behind), or stdout. Write failures keep errno so the error
// says why ("No space left on device").
#pragma once

#include <cairo.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

#include "sudokit/book/book.hpp"

namespace sudokit::book {

class OutputFile {
 public:
  /// "-" = stdout.
  explicit OutputFile(std::string path) : path_(std::move(path)) {
    if (path_ == "-") {
      path_ = "<stdout>";  // as errors name it
      file_ = stdout;
      return;
    }
    temporary_ = path_ + ".tmp-" + std::to_string(::getpid());
    file_ = std::fopen(temporary_.c_str(), "wb");
    if (file_ == nullptr) throw RenderError(path_, std::string("cannot write: ") + std::strerror(errno));
  }
  ~OutputFile() {
    if (file_ != nullptr && file_ != stdout) std::fclose(file_);
    if (!temporary_.empty() && !committed_) std::remove(temporary_.c_str());
  }
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  /// cairo's write callback; `closure` is the OutputFile.
  static cairo_status_t write(void* closure, const unsigned char* data, unsigned int length) {
    auto* self = static_cast<OutputFile*>(closure);
    if (self->errno_ != 0) return CAIRO_STATUS_WRITE_ERROR;
    if (std::fwrite(data, 1, length, self->file_) != length) {
      self->errno_ = errno != 0 ? errno : EIO;
      return CAIRO_STATUS_WRITE_ERROR;
    }
    return CAIRO_STATUS_SUCCESS;
  }

  /// Throws RenderError when cairo reported a failure or a write failed.
  void check(cairo_status_t status) const {
    if (errno_ != 0) throw RenderError(path_, std::string("cannot write: ") + std::strerror(errno_), errno_);
    if (status != CAIRO_STATUS_SUCCESS) throw RenderError(path_, std::string("cannot render: ") + cairo_status_to_string(status));
  }

  /// Flushes and closes the file (still under its temporary name).
  void finish() {
    if (file_ == nullptr) return;
    if (std::fflush(file_) != 0) throw RenderError(path_, std::string("cannot write: ") + std::strerror(errno), errno);
    if (file_ == stdout) return;
    std::FILE* f = file_;
    file_ = nullptr;
    if (std::fclose(f) != 0) throw RenderError(path_, std::string("cannot write: ") + std::strerror(errno), errno);
  }

  /// finish(), then moves the file into place.
  void commit() {
    finish();
    if (temporary_.empty()) return;
    if (std::rename(temporary_.c_str(), path_.c_str()) != 0)
      throw RenderError(path_, std::string("cannot write: ") + std::strerror(errno));
    committed_ = true;
  }

 private:
  std::string path_, temporary_;
  std::FILE* file_ = nullptr;
  int errno_ = 0;
  bool committed_ = false;
};

}  // namespace sudokit::book
