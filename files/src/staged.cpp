// Staged files (staged.hpp): temporaries beside their targets, fsync,
// directory locks, publish and undo, the removal of what dead runs left.
#include "sudokit/files/staged.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <system_error>

namespace sudokit::files {

namespace {

namespace fs = std::filesystem;

constexpr std::string_view kTemporaryTag = ".sudokit-tmp.";
constexpr std::string_view kBackupTag = ".sudokit-old.";

std::string why(int e) { return std::strerror(e); }

// The host name as 8 hex digits (FNV-1a): short, and with no dot in it.
const std::string& host_hash() {
  static const std::string hash = [] {
    char name[256] = {};
    if (::gethostname(name, sizeof name - 1) != 0) name[0] = 0;
    std::uint32_t h = 2166136261u;
    for (const char* c = name; *c != 0; ++c) h = (h ^ static_cast<unsigned char>(*c)) * 16777619u;
    char hex[9];
    std::snprintf(hex, sizeof hex, "%08x", h);
    return std::string(hex);
  }();
  return hash;
}

// TAG + PID.HOST.RANDOM. + NAME
std::string unique_name(std::string_view tag, const std::string& name) {
  static thread_local std::mt19937_64 random{(static_cast<std::uint64_t>(std::random_device{}()) << 32) ^
                                             std::random_device{}()};
  char part[64];
  std::snprintf(part, sizeof part, "%ld.%s.%016llx.", static_cast<long>(::getpid()), host_hash().c_str(),
                static_cast<unsigned long long>(random()));
  return std::string(tag) + part + name;
}

struct Parsed {
  bool backup = false;
  long pid = 0;
  std::string host, name;
};

std::optional<Parsed> parse(std::string_view file) {
  Parsed p;
  if (file.starts_with(kTemporaryTag)) file.remove_prefix(kTemporaryTag.size());
  else if (file.starts_with(kBackupTag)) {
    file.remove_prefix(kBackupTag.size());
    p.backup = true;
  } else {
    return std::nullopt;
  }
  std::string_view fields[3];
  for (auto& f : fields) {
    const std::size_t dot = file.find('.');
    if (dot == std::string_view::npos || dot == 0) return std::nullopt;
    f = file.substr(0, dot);
    file.remove_prefix(dot + 1);
  }
  if (file.empty()) return std::nullopt;
  for (char c : fields[0])
    if (c < '0' || c > '9') return std::nullopt;
  if (fields[0].size() > 10) return std::nullopt;
  p.pid = std::stol(std::string(fields[0]));
  p.host = fields[1];
  p.name = file;
  return p;
}

bool process_alive(long pid) { return pid > 0 && (::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM); }

std::string parent_of(const std::string& path) {
  const fs::path parent = fs::path(path).parent_path();
  return parent.empty() ? std::string(".") : parent.string();
}

// fsync of a directory: its entries (a new name, a rename) reach the disk.
// A file system that cannot sync directories (EINVAL) has nothing to do.
void sync_directory(const std::string& dir, const std::string& path_for_errors) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) throw FileError(path_for_errors, "cannot open its directory: " + why(errno), errno);
  const int rc = ::fsync(fd);
  const int e = errno;
  ::close(fd);
  if (rc != 0 && e != EINVAL) throw FileError(path_for_errors, "cannot write: " + why(e), e);
}

// Takes DIR/.sudokit-lock (waiting); returns its descriptor.
int lock_directory(const std::string& dir, const std::string& path_for_errors) {
  const std::string name = (fs::path(dir) / kLockName).string();
  for (;;) {
    const int fd = ::open(name.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) throw FileError(path_for_errors, "cannot lock its directory: " + why(errno), errno);
    int rc;
    do rc = ::flock(fd, LOCK_EX);
    while (rc != 0 && errno == EINTR);
    if (rc != 0) {
      const int e = errno;
      ::close(fd);
      throw FileError(path_for_errors, "cannot lock its directory: " + why(e), e);
    }
    // The holder before us removes the file when it is done: the lock
    // counts only when the file locked is still the one at the name.
    struct stat held {}, now {};
    if (::fstat(fd, &held) == 0 && ::stat(name.c_str(), &now) == 0 && held.st_dev == now.st_dev &&
        held.st_ino == now.st_ino)
      return fd;
    ::close(fd);
  }
}

void unlock_directory(const std::string& dir, int fd) noexcept {
  ::unlink((fs::path(dir) / kLockName).c_str());
  ::close(fd);
}

std::size_t remove_stale_locked(const std::string& dir) {
  std::size_t removed = 0;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string file = it->path().filename().string();
    const auto p = parse(file);
    if (!p) continue;
    // A backup exists only while its owner holds this directory's lock,
    // which we hold: its owner is gone. A temporary is its owner's until
    // the owner's process ends (on this host).
    const bool stale = p->backup || (p->host == host_hash() && !process_alive(p->pid));
    if (stale && ::unlink(it->path().c_str()) == 0) ++removed;
  }
  return removed;
}

}  // namespace

// --- StagedFile ---------------------------------------------------------------

StagedFile::StagedFile(std::string path, std::string target, std::string temporary, std::FILE* stream)
    : path_(std::move(path)), target_(std::move(target)), temporary_(std::move(temporary)), stream_(stream) {}

StagedFile::~StagedFile() {
  if (stream_ != nullptr) std::fclose(stream_);
}

void StagedFile::write(std::string_view data) {
  if (stream_ == nullptr) throw FileError(path_, "cannot write: the file is closed", EBADF);
  if (data.empty()) return;
  errno = 0;
  if (std::fwrite(data.data(), 1, data.size(), stream_) != data.size()) {
    const int e = errno != 0 ? errno : EIO;
    throw FileError(path_, "cannot write: " + why(e), e);
  }
}

void StagedFile::finish() {
  if (synced_) return;
  if (stream_ != nullptr) {
    std::FILE* f = stream_;
    stream_ = nullptr;
    errno = 0;
    const bool flushed = std::fflush(f) == 0 && ::fsync(::fileno(f)) == 0;
    const int e = errno != 0 ? errno : EIO;
    const bool closed = std::fclose(f) == 0;
    if (!flushed || !closed) {
      const int c = flushed ? (errno != 0 ? errno : EIO) : e;
      throw FileError(path_, "cannot write: " + why(c), c);
    }
  } else {
    // Written by another writer through the name (close_for_others).
    const int fd = ::open(temporary_.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0 || ::fsync(fd) != 0) {
      const int e = errno;
      if (fd >= 0) ::close(fd);
      throw FileError(path_, "cannot write: " + why(e), e);
    }
    ::close(fd);
  }
  synced_ = true;
}

void StagedFile::close_for_others() {
  if (stream_ == nullptr) return;
  std::FILE* f = stream_;
  stream_ = nullptr;
  if (std::fclose(f) != 0) throw FileError(path_, "cannot write: " + why(errno), errno);
}

// --- StagedFiles --------------------------------------------------------------

StagedFiles::~StagedFiles() {
  if (published_) restore();
  for (const auto& f : files_) ::unlink(f->temporary_.c_str());
}

StagedFile& StagedFiles::stage(const std::string& path) {
  if (published_) throw std::logic_error("StagedFiles::stage after publish, before keep or restore");
  std::string target = path;
  struct stat st {};
  if (::lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode)) {
    std::error_code ec;
    const fs::path resolved = fs::weakly_canonical(path, ec);
    if (ec) throw FileError(path, "cannot follow the link: " + ec.message(), ec.value());
    target = resolved.string();
  }
  if (::stat(target.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) throw FileError(path, "cannot write: Is a directory", EISDIR);
    if (!S_ISREG(st.st_mode)) throw FileError(path, "cannot write: not a regular file", EINVAL);
  }
  const fs::path t(target);
  const std::string temporary = (t.parent_path() / unique_name(kTemporaryTag, t.filename().string())).string();
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0) throw FileError(path, "cannot write: " + why(errno), errno);
  std::FILE* stream = ::fdopen(fd, "wb");
  if (stream == nullptr) {
    const int e = errno;
    ::close(fd);
    ::unlink(temporary.c_str());
    throw FileError(path, "cannot write: " + why(e), e);
  }
  files_.push_back(std::unique_ptr<StagedFile>(new StagedFile(path, target, temporary, stream)));
  return *files_.back();
}

void StagedFiles::publish() {
  if (published_) throw std::logic_error("StagedFiles::publish twice without keep or restore");
  if (files_.empty()) {
    published_ = true;
    return;
  }
  for (const auto& f : files_) f->finish();
  // The directories, each locked once, in one order for every run.
  std::map<std::string, std::string> dirs;  // directory -> a path in it, for messages
  for (const auto& f : files_) dirs.emplace(parent_of(f->target_), f->path_);
  try {
    for (const auto& [dir, path] : dirs) {
      locks_.emplace_back(dir, lock_directory(dir, path));
      if (std::find(cleaned_.begin(), cleaned_.end(), dir) == cleaned_.end()) {
        remove_stale_locked(dir);
        cleaned_.push_back(dir);
      }
      sync_directory(dir, path);  // the temporaries' names, before they are renamed
    }
  } catch (...) {
    unlock();
    throw;
  }
  published_ = true;  // from here restore() undoes what was done
  try {
    for (const auto& f : files_) {
      struct stat st {};
      if (::lstat(f->target_.c_str(), &st) == 0) {
        if (S_ISDIR(st.st_mode)) throw FileError(f->path_, "cannot write: Is a directory", EISDIR);
        const fs::path t(f->target_);
        f->backup_ = (t.parent_path() / unique_name(kBackupTag, t.filename().string())).string();
        // A hard link keeps the target in place; a file system without them
        // gets a rename (the name is missing for a moment).
        if (::link(f->target_.c_str(), f->backup_.c_str()) != 0 &&
            ::rename(f->target_.c_str(), f->backup_.c_str()) != 0) {
          const int e = errno;
          f->backup_.clear();
          throw FileError(f->path_, "cannot keep the file it replaces: " + why(e), e);
        }
        f->existed_ = true;
      }
      if (::rename(f->temporary_.c_str(), f->target_.c_str()) != 0) {
        const int e = errno;
        if (f->existed_) {
          // Undo the backup of this file: a link goes, a moved file returns.
          struct stat now {};
          if (::lstat(f->target_.c_str(), &now) == 0) ::unlink(f->backup_.c_str());
          else ::rename(f->backup_.c_str(), f->target_.c_str());
          f->backup_.clear();
          f->existed_ = false;
        }
        throw FileError(f->path_, "cannot write: " + why(e), e);
      }
      f->published_ = true;
    }
    for (const auto& [dir, path] : dirs) sync_directory(dir, path);  // the renames
  } catch (...) {
    restore();
    throw;
  }
}

void StagedFiles::keep() noexcept {
  if (!published_) return;
  for (const auto& f : files_)
    if (!f->backup_.empty()) ::unlink(f->backup_.c_str());
  files_.clear();
  published_ = false;
  unlock();
}

void StagedFiles::restore() noexcept {
  if (!published_) return;
  std::set<std::string> dirs;
  for (auto it = files_.rbegin(); it != files_.rend(); ++it) {
    StagedFile& f = **it;
    if (f.published_) {
      if (f.existed_) ::rename(f.backup_.c_str(), f.target_.c_str());
      else ::unlink(f.target_.c_str());
      dirs.insert(parent_of(f.target_));
    } else if (!f.backup_.empty()) {
      ::unlink(f.backup_.c_str());
    }
  }
  for (const std::string& dir : dirs) {
    try {
      sync_directory(dir, dir);
    } catch (const FileError&) {  // best effort: the names are back in place
    }
  }
  for (const auto& f : files_) ::unlink(f->temporary_.c_str());
  files_.clear();
  published_ = false;
  unlock();
}

void StagedFiles::unlock() noexcept {
  for (auto it = locks_.rbegin(); it != locks_.rend(); ++it) unlock_directory(it->first, it->second);
  locks_.clear();
}

std::optional<std::string> staged_target_name(std::string_view name) {
  const auto p = parse(name);
  if (!p) return std::nullopt;
  return p->name;
}

std::size_t remove_stale(const std::string& dir) {
  const int fd = lock_directory(dir, dir);
  std::size_t removed = 0;
  try {
    removed = remove_stale_locked(dir);
  } catch (...) {
    unlock_directory(dir, fd);
    throw;
  }
  unlock_directory(dir, fd);
  return removed;
}

}  // namespace sudokit::files
