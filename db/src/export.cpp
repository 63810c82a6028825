// Export writers (see export.hpp). Rows stream from the database straight to
// the output through one buffer, so exporting millions of rows needs no more
// memory than exporting ten; a JSON array is written element by element.
#include "sudokit/db/export.hpp"
#include "sudokit/solver/global_id.hpp"

#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <cstring>

#include "sudokit/db/record_format.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit::db {

namespace {

class Writer {
 public:
  Writer(std::FILE* out, const std::string& name) : out_(out), name_(name) { buffer_.reserve(1 << 17); }
  std::string& buffer() { return buffer_; }
  void maybe_flush() {
    if (buffer_.size() >= (1 << 16)) flush();
  }
  void flush() {
    if (!buffer_.empty() && std::fwrite(buffer_.data(), 1, buffer_.size(), out_) != buffer_.size()) fail();
    buffer_.clear();
    if (std::fflush(out_) != 0) fail();
  }

 private:
  [[noreturn]] void fail() { throw ExportWriteError(name_, errno != 0 ? errno : EIO); }
  std::FILE* out_;
  const std::string& name_;
  std::string buffer_;
};

}  // namespace

ExportWriteError::ExportWriteError(const std::string& out_name, int error)
    : StoreError(out_name, std::string("write error: ") + std::strerror(error)), error_(error) {}

std::optional<ExportFormat> parse_export_format(std::string_view name) {
  if (name == "json") return ExportFormat::Json;
  if (name == "ndjson") return ExportFormat::Ndjson;
  if (name == "csv") return ExportFormat::Csv;
  if (name == "line") return ExportFormat::Line;
  return std::nullopt;
}

std::uint64_t export_puzzles(PuzzleStore& store, const PuzzleFilter& filter, ExportFormat format, std::FILE* out,
                             const std::string& out_name, std::span<const Field> fields) {
  // Variants bring their geometry and grading status (rated_by); a classic
  // export is as before variants.
  if (fields.empty()) fields = filter.geometry.empty() ? store_fields() : variant_store_fields();
  Writer w(out, out_name);
  std::string& buf = w.buffer();
  std::uint64_t rows = 0;
  if (format == ExportFormat::Csv) {
    buf += csv_header(fields);
    buf += '\n';
  } else if (format == ExportFormat::Json) {
    buf += '[';
  }
  store.for_each(filter, [&](const PuzzleRecord& r) {
    switch (format) {
      case ExportFormat::Json:
        buf += rows == 0 ? "\n" : ",\n";
        buf += record_json(r, fields).dump();
        break;
      case ExportFormat::Ndjson:
        buf += record_json(r, fields).dump();
        buf += '\n';
        break;
      case ExportFormat::Csv:
        append_csv_row(buf, r, fields);
        buf += '\n';
        break;
      case ExportFormat::Line:
        if (r.variant()) buf += r.variant_puzzle;  // its cells; the geometry is the filter's
        else append_line(buf, r.puzzle);
        buf += '\n';
        break;
    }
    ++rows;
    w.maybe_flush();
    return true;
  });
  if (format == ExportFormat::Json) buf += rows == 0 ? "]\n" : "\n]\n";
  w.flush();
  return rows;
}

}  // namespace sudokit::db

namespace sudokit::db {

std::uint64_t export_to_file(PuzzleStore& store, const PuzzleFilter& filter, ExportFormat format,
                             const std::string& path, std::span<const Field> fields) {
  std::FILE* out = std::fopen(path.c_str(), "wb");
  if (out == nullptr) throw StoreError(path, std::string("cannot write: ") + std::strerror(errno));
  std::uint64_t rows = 0;
  try {
    rows = export_puzzles(store, filter, format, out, path, fields);
  } catch (...) {
    std::fclose(out);
    throw;
  }
  if (std::fclose(out) != 0) throw ExportWriteError(path, errno);
  return rows;
}

IpuzFiles::IpuzFiles(std::string dir) : dir_(std::move(dir)), set_(&own_) {
  // The directories this creates, deepest first: removed again when
  // nothing is published (a failed book leaves no empty directory).
  std::error_code ec;
  for (std::filesystem::path p = dir_; !p.empty() && !std::filesystem::exists(p, ec); p = p.parent_path()) {
    created_.push_back(p.string());
    if (p == p.parent_path()) break;
  }
  std::filesystem::create_directories(dir_, ec);
  if (ec) throw StoreError(dir_, "cannot create the directory: " + ec.message());
}

IpuzFiles::IpuzFiles(std::string dir, files::StagedFiles& shared) : IpuzFiles(std::move(dir)) { set_ = &shared; }

IpuzFiles::~IpuzFiles() {
  // Only empty ones: a shared set's owner that published leaves its files.
  if (published_ == 0)
    for (const auto& d : created_) {
      std::error_code ec;
      std::filesystem::remove(d, ec);
    }
}

void IpuzFiles::stage(const PuzzleRecord& r) {
  const std::string path = (std::filesystem::path(dir_) / (global_id_file_stem(r.gid()) + ".ipuz")).string();
  try {
    files::StagedFile& f = set_->stage(path);
    f.write(ipuz_json(r).dump() + "\n");
    f.finish();
  } catch (const files::FileError& e) {
    throw StoreError(path, e.reason());
  }
  ++staged_;
}

void IpuzFiles::publish() {
  if (set_ != &own_) return;  // the shared set's owner publishes
  const std::size_t n = own_.size();
  try {
    own_.commit();
  } catch (const files::FileError& e) {
    throw StoreError(e.path(), e.reason());
  }
  published_ += n;
}

std::uint64_t export_ipuz(PuzzleStore& store, const PuzzleFilter& filter, const std::string& dir) {
  // Published in batches: each publish syncs the directory twice, so one a
  // document would cost two directory syncs per file.
  constexpr std::uint64_t kBatch = 256;
  IpuzFiles files(dir);
  store.for_each(filter, [&](const PuzzleRecord& r) {
    files.stage(r);
    if (files.staged() % kBatch == 0) files.publish();
    return true;
  });
  files.publish();
  return files.published();
}

}  // namespace sudokit::db
