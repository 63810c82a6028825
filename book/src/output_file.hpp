// Where cairo's PDF, SVG and PNG streams (and the book's manifest) go,
// private to the book library: a staged file (files/staged.hpp: a
// temporary of its own beside the destination, synced and renamed over it
// only when the whole document was written, so a failed or interrupted run
// never leaves a truncated file behind), or stdout, or, for a device, FIFO
// or socket (/dev/null, a named pipe), the file itself written in place
// (renaming over it would replace the node with a regular file). Write
// failures keep errno so the error says why ("No space left on device").
//
// An OutputFile stages into a set of files published together: its own
// (commit() publishes it), or one the caller shares among several
// (render_book: the PDF, the manifest and the ipuz documents, published
// and undone together by the set).
#pragma once

#include <cairo.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

#include "sudokit/book/book.hpp"
#include "sudokit/files/staged.hpp"

namespace sudokit::book {

class OutputFile {
 public:
  /// "-" = stdout (unless `dash_is_stdout` is false). `set`: the set to
  /// stage into (published by its owner), nullptr for a set of its own.
  explicit OutputFile(std::string path, bool dash_is_stdout = true, files::StagedFiles* set = nullptr)
      : path_(std::move(path)), set_(set != nullptr ? set : &own_) {
    if (path_ == "-" && dash_is_stdout) {
      path_ = "<stdout>";  // as errors name it
      direct_ = stdout;
      return;
    }
    struct stat st {};
    if (::stat(path_.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
      direct_ = std::fopen(path_.c_str(), "wb");
      if (direct_ == nullptr) throw RenderError(path_, std::string("cannot write: ") + std::strerror(errno));
      owns_direct_ = true;
      return;
    }
    try {
      staged_ = &set_->stage(path_);
    } catch (const files::FileError& e) {
      throw RenderError(path_, e.reason(), e.error());
    }
  }
  ~OutputFile() {
    if (owns_direct_) std::fclose(direct_);
  }
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  /// cairo's write callback; `closure` is the OutputFile.
  static cairo_status_t write(void* closure, const unsigned char* data, unsigned int length) {
    auto* self = static_cast<OutputFile*>(closure);
    if (self->errno_ != 0) return CAIRO_STATUS_WRITE_ERROR;
    if (self->staged_ != nullptr) {
      try {
        self->staged_->write({reinterpret_cast<const char*>(data), length});
      } catch (const files::FileError& e) {
        self->errno_ = e.error() != 0 ? e.error() : EIO;
        return CAIRO_STATUS_WRITE_ERROR;
      }
    } else if (std::fwrite(data, 1, length, self->direct_) != length) {
      self->errno_ = errno != 0 ? errno : EIO;
      return CAIRO_STATUS_WRITE_ERROR;
    }
    return CAIRO_STATUS_SUCCESS;
  }

  /// Writes `text`; throws RenderError when it fails.
  void write_text(const std::string& text) {
    check(write(this, reinterpret_cast<const unsigned char*>(text.data()), static_cast<unsigned int>(text.size())));
  }

  /// Throws RenderError when cairo reported a failure or a write failed.
  void check(cairo_status_t status) const {
    if (errno_ != 0) throw RenderError(path_, std::string("cannot write: ") + std::strerror(errno_), errno_);
    if (status != CAIRO_STATUS_SUCCESS) throw RenderError(path_, std::string("cannot render: ") + cairo_status_to_string(status));
  }

  /// Flushes the file, and syncs and closes it when staged (still under its
  /// temporary name).
  void finish() {
    if (staged_ != nullptr) {
      try {
        staged_->finish();
      } catch (const files::FileError& e) {
        throw RenderError(path_, e.reason(), e.error());
      }
      return;
    }
    if (direct_ == nullptr) return;
    if (std::fflush(direct_) != 0) throw RenderError(path_, std::string("cannot write: ") + std::strerror(errno), errno);
    if (!owns_direct_) return;
    std::FILE* f = direct_;
    direct_ = nullptr;
    owns_direct_ = false;
    if (std::fclose(f) != 0) throw RenderError(path_, std::string("cannot write: ") + std::strerror(errno), errno);
  }

  /// finish(), then (with a set of its own) moves the file into place.
  void commit() {
    finish();
    if (set_ != &own_) return;
    publish_set(own_);
    own_.keep();
  }

  /// StagedFiles::publish, its FileError as a RenderError.
  static void publish_set(files::StagedFiles& set) {
    try {
      set.publish();
    } catch (const files::FileError& e) {
      throw RenderError(e.path(), e.reason(), e.error());
    }
  }

 private:
  std::string path_;  // as given, for messages
  files::StagedFiles own_;
  files::StagedFiles* set_;
  files::StagedFile* staged_ = nullptr;  // null when written directly
  std::FILE* direct_ = nullptr;          // stdout or a device written in place
  bool owns_direct_ = false;
  int errno_ = 0;
};

}  // namespace sudokit::book
