// Exporting rows of the store as text: JSON (one array), NDJSON (one object
// per line), CSV (a header, then every column) and line (the 81-character
// puzzles only). Rows are written in the record format (record_format.hpp,
// db/README.md "Record format") with every field of the store: JSON with the
// technique histogram as a nested object, CSV with it as its JSON text.
// import_text() reads the CSV back (by column name).
#pragma once

#include <cstdint>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>
#include <string_view>

#include "sudokit/db/record.hpp"
#include "sudokit/db/record_format.hpp"
#include "sudokit/db/store.hpp"
#include "sudokit/files/staged.hpp"

namespace sudokit::db {

enum class ExportFormat { Json, Ndjson, Csv, Line };

/// "json", "ndjson", "csv", "line".
std::optional<ExportFormat> parse_export_format(std::string_view name);

/// A write of the export's output failed; error() is the errno (EPIPE: the
/// reader of a pipe went away).
class ExportWriteError : public StoreError {
 public:
  ExportWriteError(const std::string& out_name, int error);
  int error() const { return error_; }

 private:
  int error_;
};

/// Writes the rows matching `filter` to `out` (called `out_name` in errors);
/// returns the number of rows written. Throws StoreError on a database
/// failure, ExportWriteError when a write or flush fails (e.g. "out.json:
/// write error: No space left on device").
/// `fields` (json, ndjson, csv): the record-format fields to write, in that
/// order; empty = every field of the store (store_fields(), and when the
/// filter's geometry is not the classic one, variant_store_fields(): with
/// geometry and rated_by). Line: a variant's cells (kDigits).
std::uint64_t export_puzzles(PuzzleStore& store, const PuzzleFilter& filter, ExportFormat format, std::FILE* out,
                             const std::string& out_name, std::span<const Field> fields = {});

/// export_puzzles into the file `path` (created or truncated; "out.json:
/// cannot write: ..." as a StoreError when it cannot be opened, and a failed
/// close is a write error too). A failure partway leaves what was written.
std::uint64_t export_to_file(PuzzleStore& store, const PuzzleFilter& filter, ExportFormat format,
                             const std::string& path, std::span<const Field> fields = {});

/// ipuz documents (ipuz_json) for a directory, all or nothing: stage()
/// writes each under a temporary name of its own (files/staged.hpp, every
/// write, sync and close checked) into a set of staged files, its own or
/// one shared with other files (a book's PDF: published by the set's
/// owner); publish() renames its own set to DIR/GID.ipuz (an existing file
/// of the same puzzle is replaced: the same puzzle gives the same
/// document); temporaries not published are removed when the set goes.
/// The directories it created are removed again when nothing was published
/// (left empty: a failed book). The file of a global id that begins with
/// '-' is "_GID.ipuz" (global_id_file_stem), so that no name reads as an
/// option.
/// Throws StoreError naming the file that could not be written.
class IpuzFiles {
 public:
  explicit IpuzFiles(std::string dir);  // creates DIR when missing
  IpuzFiles(std::string dir, files::StagedFiles& shared);
  ~IpuzFiles();
  IpuzFiles(const IpuzFiles&) = delete;
  IpuzFiles& operator=(const IpuzFiles&) = delete;
  void stage(const PuzzleRecord& record);
  /// Publishes the documents staged so far (a set of its own only).
  void publish();
  /// Documents staged so far.
  std::uint64_t staged() const { return staged_; }
  /// Documents published so far (a set of its own).
  std::uint64_t published() const { return published_; }

 private:
  std::string dir_;
  files::StagedFiles own_;
  files::StagedFiles* set_;
  std::uint64_t staged_ = 0, published_ = 0;
  std::vector<std::string> created_;  // directories the constructor made, deepest first
};

/// Writes each row matching `filter` as an ipuz document to DIR/GID.ipuz
/// through IpuzFiles, published 256 at a time as they are written (memory
/// and open files stay flat for any number of rows; a failure leaves the
/// batches published before it).
/// Returns the number written.
std::uint64_t export_ipuz(PuzzleStore& store, const PuzzleFilter& filter, const std::string& dir);

}  // namespace sudokit::db
