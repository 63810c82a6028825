// Staged files: the one way sudokit replaces a file it publishes (a book's
// PDF and manifest, ipuz documents, a daily directory's JSON and images, an
// app's shipping database). Each file is written under a temporary name
// beside its target and renamed over it only when whole, so a reader sees
// the old file or the new one, never a part; several files are published
// together and undone together.
//
// Its own library (sudokit_files, depending on nothing of ours) so that
// book (which must not depend on db), db and produce all use it.
//
// - Temporary names are unique per run and recognisable:
//   DIR/.sudokit-tmp.PID.HOST.RANDOM.NAME (HOST: a hash of the host name,
//   so that runs on machines sharing a directory never take each other's
//   process ids for their own; RANDOM: 64 random bits, so two writers in one
//   process, or a reused pid, never share a name). A backup of a replaced
//   file is .sudokit-old.PID.HOST.RANDOM.NAME.
// - Durability: publish() fsyncs each file, then its directory (the
//   temporary's entry), renames, then fsyncs the directory again (the
//   rename); a power cut leaves the old file or the new one.
// - Two writers of one target: publishing takes an advisory lock, flock(2)
//   on DIR/.sudokit-lock for each directory it writes into (in sorted order,
//   so two sets never deadlock), waits for it, and holds it until keep() or
//   restore(). A second writer waits rather than fails: its temporaries are
//   already whole, publishing takes milliseconds, and the last run to publish
//   wins, as if the two had run one after the other. A lock per directory
//   rather than per target: a daily directory publishes hundreds of files
//   in one set, and one lock file per directory keeps that to one. flock
//   (not fcntl) because its lock belongs to the open file, so two threads
//   of one process exclude each other as two processes do, and the kernel
//   drops it when its holder dies (kill -9 included). The lock file is
//   removed by its holder on release (the next locker checks that the file
//   it locked is still the one at the name, or starts again).
// - Crashes: a run killed with kill -9 leaves its temporaries; the next run
//   that publishes into the directory removes every temporary and backup
//   whose owner is gone: a temporary whose process (same host hash) no
//   longer exists, a backup of any run (backups live only while their
//   owner holds the directory's lock, which the cleaner now holds). Another
//   live run's temporaries are never touched.
//
// Failures throw FileError naming the path as given and saying why
// ("cannot write: No space left on device"); after a failed publish() no
// target has changed.
#pragma once

#include <cstdio>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace sudokit::files {

/// The lock file publish() takes in each directory it writes into.
inline constexpr std::string_view kLockName = ".sudokit-lock";

/// "PATH: WHAT" (what()), with the path, the reason and the errno apart.
class FileError : public std::runtime_error {
 public:
  FileError(const std::string& path, const std::string& reason, int error = 0)
      : std::runtime_error(path + ": " + reason), path_(path), reason_(reason), error_(error) {}
  const std::string& path() const noexcept { return path_; }
  const std::string& reason() const noexcept { return reason_; }
  /// errno of the failed call, 0 when there was none.
  int error() const noexcept { return error_; }

 private:
  std::string path_, reason_;
  int error_;
};

/// One file of a set, written under its temporary name until publish().
class StagedFile {
 public:
  ~StagedFile();
  StagedFile(const StagedFile&) = delete;
  StagedFile& operator=(const StagedFile&) = delete;

  const std::string& path() const noexcept { return path_; }            // as given
  const std::string& target() const noexcept { return target_; }        // the file replaced (a link resolved)
  const std::string& temporary() const noexcept { return temporary_; }  // where it is written now

  /// Appends `data`; throws FileError ("cannot write: ...") with errno.
  void write(std::string_view data);
  /// Flushes, fsyncs and closes the file; throws FileError. publish() calls
  /// it for files not finished.
  void finish();
  /// Closes the file without writing, for a writer that opens the temporary
  /// by its name (SQLite); publish() fsyncs what it wrote.
  void close_for_others();

 private:
  friend class StagedFiles;
  StagedFile(std::string path, std::string target, std::string temporary, std::FILE* stream);
  std::string path_, target_, temporary_, backup_;
  std::FILE* stream_ = nullptr;
  bool synced_ = false;
  bool existed_ = false;  // a file was at the target when published (backup_ holds it)
  bool published_ = false;
};

/// A set of files published all or none.
class StagedFiles {
 public:
  StagedFiles() = default;
  /// Temporaries not published are removed; a publish not kept is restored.
  ~StagedFiles();
  StagedFiles(const StagedFiles&) = delete;
  StagedFiles& operator=(const StagedFiles&) = delete;

  /// Creates the temporary of a file that will replace `path` (a symbolic
  /// link at `path` is followed: its target is replaced, the link stays).
  /// Throws FileError ("cannot write: ...") when it cannot be created, or
  /// when `path` is a directory or another file that is not a regular one
  /// (a device, a FIFO: callers that write those in place do it themselves).
  /// The reference lives as long as the set.
  StagedFile& stage(const std::string& path);

  /// Moves every staged file into place, in the order staged, under the
  /// directories' locks (waiting for them): all, or none and FileError.
  /// Each file it replaces is kept as a backup until keep() or restore().
  void publish();
  /// After publish(): the published files stay, the backups go, the locks
  /// are released; the set is empty again (more files may be staged).
  void keep() noexcept;
  /// After publish(): every file back as it was (or removed where there was
  /// none); the locks are released; the set is empty again.
  void restore() noexcept;
  /// publish(), then keep().
  void commit() {
    publish();
    keep();
  }

  /// Files staged and not yet kept or restored.
  std::size_t size() const noexcept { return files_.size(); }
  bool published() const noexcept { return published_; }

 private:
  void unlock() noexcept;
  std::vector<std::unique_ptr<StagedFile>> files_;
  std::vector<std::pair<std::string, int>> locks_;  // directory, lock file descriptor
  std::vector<std::string> cleaned_;                // directories already cleaned of stale files
  bool published_ = false;
};

/// The target's name when `name` is a temporary or backup name of this
/// helper (".sudokit-tmp.PID.HOST.RANDOM.NAME"), else nullopt. For the check
/// that no input is written over (a directory's writes).
std::optional<std::string> staged_target_name(std::string_view name);

/// Removes the temporaries and backups in `dir` whose owners are gone (see
/// the header comment); returns how many. publish() does this once per
/// directory and set, under the directory's lock.
std::size_t remove_stale(const std::string& dir);

}  // namespace sudokit::files
