// Where cairo's PDF, SVG and PNG streams (and the book's manifest) go,
// private to the book library: a temporary file next to the destination
// ("NAME.tmp-PID"), moved over it only when the whole document was written
// (a failed or interrupted run never leaves a truncated file behind), or
// stdout. Write failures keep errno so the error says why ("No space left on
// device").
//
// Publishing is undoable, so that several files and the caller's record can
// be published together (render_book): publish() keeps the file it replaces
// under a backup name ("NAME.old-PID", a hard link, so NAME never goes
// missing), keep() then drops the backup, restore() puts the old file back
// (or removes the new one when there was none). An OutputFile destroyed
// after publish() without keep() restores; one destroyed before publish()
// removes its temporary.
#pragma once

#include <cairo.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>

#include "sudokit/book/book.hpp"

namespace sudokit::book {

class OutputFile {
 public:
  /// "-" = stdout (unless `dash_is_stdout` is false).
  explicit OutputFile(std::string path, bool dash_is_stdout = true) : path_(std::move(path)) {
    if (path_ == "-" && dash_is_stdout) {
      path_ = "<stdout>";  // as errors name it
      file_ = stdout;
      return;
    }
    // A device, FIFO or socket (/dev/null, a named pipe) is written in
    // place: renaming a temporary over it would replace the device node
    // with a regular file. A symbolic link keeps pointing where it did: the
    // temporary goes beside the file it names, and replaces that file.
    struct stat st {};
    if (::stat(path_.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
      file_ = std::fopen(path_.c_str(), "wb");
      if (file_ == nullptr) throw RenderError(path_, std::string("cannot write: ") + std::strerror(errno));
      return;
    }
    place_ = path_;
    if (::lstat(path_.c_str(), &st) == 0 && S_ISLNK(st.st_mode)) {
      std::error_code ec;
      const auto target = std::filesystem::weakly_canonical(path_, ec);
      if (ec) throw RenderError(path_, "cannot follow the link: " + ec.message());
      place_ = target.string();
    }
    temporary_ = place_ + ".tmp-" + std::to_string(::getpid());
    file_ = std::fopen(temporary_.c_str(), "wb");
    if (file_ == nullptr) {
      temporary_.clear();
      throw RenderError(path_, std::string("cannot write: ") + std::strerror(errno));
    }
  }
  ~OutputFile() {
    if (file_ != nullptr && file_ != stdout) std::fclose(file_);
    if (published_) restore();
    else if (!temporary_.empty()) std::remove(temporary_.c_str());
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

  /// Writes `text`; throws RenderError when it fails.
  void write_text(const std::string& text) {
    check(write(this, reinterpret_cast<const unsigned char*>(text.data()), static_cast<unsigned int>(text.size())));
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

  /// finish(), then moves the file into place for good.
  void commit() {
    finish();
    publish();
    keep();
  }

  /// Moves the finished file into place, the file it replaces kept as a
  /// backup until keep() or restore(). Throws RenderError (NAME unchanged).
  void publish() {
    finish();
    if (temporary_.empty()) return;
    struct stat st {};
    bool linked = false;
    if (::lstat(place_.c_str(), &st) == 0) {
      if (S_ISDIR(st.st_mode)) throw RenderError(path_, "cannot write: Is a directory");
      backup_ = place_ + ".old-" + std::to_string(::getpid());
      std::remove(backup_.c_str());
      // A hard link keeps NAME in place; a file system without them gets a
      // rename (NAME is missing for a moment).
      linked = ::link(place_.c_str(), backup_.c_str()) == 0;
      if (!linked && std::rename(place_.c_str(), backup_.c_str()) != 0) {
        const int e = errno;
        backup_.clear();
        throw RenderError(path_, std::string("cannot keep the file it replaces: ") + std::strerror(e));
      }
    }
    if (std::rename(temporary_.c_str(), place_.c_str()) != 0) {
      const int e = errno;
      if (!backup_.empty()) {
        if (linked) std::remove(backup_.c_str());
        else std::rename(backup_.c_str(), place_.c_str());
        backup_.clear();
      }
      throw RenderError(path_, std::string("cannot write: ") + std::strerror(e));
    }
    temporary_.clear();
    published_ = true;
  }

  /// The published file stays; the backup of the file it replaced goes.
  void keep() noexcept {
    if (!backup_.empty()) std::remove(backup_.c_str());
    backup_.clear();
    published_ = false;
  }

  /// Undoes publish(): the old file back in place, or no file if there was none.
  void restore() noexcept {
    if (!published_) return;
    published_ = false;
    if (!backup_.empty()) std::rename(backup_.c_str(), place_.c_str());
    else std::remove(place_.c_str());
    backup_.clear();
  }

 private:
  std::string path_;   // as given, for messages
  std::string place_;  // the file replaced on publish (a link resolved); empty when written in place
  std::string temporary_, backup_;
  std::FILE* file_ = nullptr;
  int errno_ = 0;
  bool published_ = false;
};

}  // namespace sudokit::book
