// Export writers (see export.hpp). Rows stream from the database straight to
// the output through one buffer, so exporting millions of rows needs no more
// memory than exporting ten; a JSON array is written element by element.
#include "sudokit/db/export.hpp"

#include <cerrno>
#include <charconv>
#include <cstring>

#include "sudokit/solver/text.hpp"

namespace sudokit::db {

namespace {

void append_number(std::string& out, double v) {
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);  // shortest text that reads back as v
  out.append(buf, r.ptr);
}

void append_number(std::string& out, std::uint64_t v) {
  char buf[24];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, r.ptr);
}

void append_field(std::string& out, std::string_view v) {
  if (v.find_first_of(",\"\r\n") == std::string_view::npos) {
    out += v;
    return;
  }
  out += '"';
  for (char c : v) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
}

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

nlohmann::ordered_json record_json(const PuzzleRecord& r) {
  using json = nlohmann::ordered_json;
  auto text_or_null = [](const std::string& s) { return s.empty() ? json(nullptr) : json(s); };
  auto opt = [](const auto& v) { return v ? json(*v) : json(nullptr); };
  json j;
  j["id"] = r.id;
  j["puzzle"] = format_line(r.puzzle);
  j["solution"] = format_line(r.solution);
  j["canonical"] = format_line(r.canonical);
  j["clues"] = r.clues;
  j["symmetry"] = text_or_null(r.symmetry);
  j["minimal"] = opt(r.minimal);
  j["symmetric_minimal"] = opt(r.symmetric_minimal);
  j["method"] = r.method;
  j["seed"] = opt(r.seed);
  j["seed_index"] = opt(r.index);
  j["er"] = opt(r.er);
  j["ep"] = opt(r.ep);
  j["ed"] = opt(r.ed);
  j["level"] = text_or_null(r.level);
  j["hardest"] = text_or_null(r.hardest);
  // The column holds JSON text; an app-edited value that does not parse is
  // exported as the string it is rather than failing the whole export.
  json histogram = json::parse(r.histogram, nullptr, /*allow_exceptions=*/false);
  j["histogram"] = r.histogram.empty() ? json(nullptr) : histogram.is_discarded() ? json(r.histogram) : histogram;
  j["source_rating"] = opt(r.source_rating);
  j["created_at"] = r.created_at;
  j["search_moves"] = opt(r.search_moves);
  j["dig_order"] = text_or_null(r.dig_order);
  return j;
}

std::string_view csv_header() {
  return "id,puzzle,solution,canonical,clues,symmetry,minimal,method,seed,seed_index,er,ep,ed,level,hardest,"
         "histogram,source_rating,created_at,search_moves,dig_order,symmetric_minimal";
}

void append_csv_row(std::string& out, const PuzzleRecord& r) {
  append_number(out, static_cast<std::uint64_t>(r.id));
  out += ',';
  append_line(out, r.puzzle);
  out += ',';
  append_line(out, r.solution);
  out += ',';
  append_line(out, r.canonical);
  out += ',';
  append_number(out, static_cast<std::uint64_t>(r.clues));
  out += ',';
  append_field(out, r.symmetry);
  out += ',';
  if (r.minimal) out += *r.minimal ? '1' : '0';
  out += ',';
  append_field(out, r.method);
  out += ',';
  if (r.seed) append_number(out, *r.seed);
  out += ',';
  if (r.index) append_number(out, *r.index);
  for (const auto& v : {r.er, r.ep, r.ed}) {
    out += ',';
    if (v) append_number(out, *v);
  }
  out += ',';
  append_field(out, r.level);
  out += ',';
  append_field(out, r.hardest);
  out += ',';
  append_field(out, r.histogram);
  out += ',';
  if (r.source_rating) append_number(out, *r.source_rating);
  out += ',';
  append_field(out, r.created_at);
  out += ',';
  if (r.search_moves) append_number(out, static_cast<std::uint64_t>(*r.search_moves));
  out += ',';
  append_field(out, r.dig_order);
  out += ',';
  if (r.symmetric_minimal) out += *r.symmetric_minimal ? '1' : '0';
}

std::uint64_t export_puzzles(PuzzleStore& store, const PuzzleFilter& filter, ExportFormat format, std::FILE* out,
                             const std::string& out_name) {
  Writer w(out, out_name);
  std::string& buf = w.buffer();
  std::uint64_t rows = 0;
  if (format == ExportFormat::Csv) {
    buf += csv_header();
    buf += '\n';
  } else if (format == ExportFormat::Json) {
    buf += '[';
  }
  store.for_each(filter, [&](const PuzzleRecord& r) {
    switch (format) {
      case ExportFormat::Json:
        buf += rows == 0 ? "\n" : ",\n";
        buf += record_json(r).dump();
        break;
      case ExportFormat::Ndjson:
        buf += record_json(r).dump();
        buf += '\n';
        break;
      case ExportFormat::Csv:
        append_csv_row(buf, r);
        buf += '\n';
        break;
      case ExportFormat::Line:
        append_line(buf, r.puzzle);
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
