// sudokit_reader: solver's PuzzleReader (every text format, one record per
// call, flat memory) over a copied buffer, a caller's FILE* or a path.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

#include "boundary.hpp"
#include "sudokit/solver/marks_text.hpp"
#include "sudokit/solver/text.hpp"

using namespace sudokit;
using namespace sudokit::capi;

struct sudokit_reader {
  std::string buffer;           // open_buffer: the copy the reader reads
  std::FILE* owned = nullptr;   // open_path: closed by sudokit_reader_free
  std::unique_ptr<PuzzleReader> reader;
  std::string text, fields, message;  // the last record
  bool ended = false;

  ~sudokit_reader() {
    if (owned) std::fclose(owned);
  }
};

namespace {

// The bytes of `file` as a ByteSource: fread, with the system's reason on a read error.
ByteSource file_source(std::FILE* file) {
  return [file](char* out, std::size_t size, std::string& error) -> long {
    const std::size_t n = std::fread(out, 1, size, file);
    if (n == 0 && std::ferror(file)) {
      error = std::strerror(errno);
      return -1;
    }
    return static_cast<long>(n);
  };
}

int open_reader(std::unique_ptr<sudokit_reader> r, std::uint32_t flags, sudokit_reader** out) {
  if (flags & SUDOKIT_READ_PENCILMARKS) r->reader->accept_pencilmarks();
  *out = r.release();
  return SUDOKIT_OK;
}

int check_flags(std::uint32_t flags) {
  if (flags & ~std::uint32_t{SUDOKIT_READ_PENCILMARKS})
    return fail_option(SUDOKIT_E_OPTION, "flags", "flags: unknown bits (expected 0 or SUDOKIT_READ_PENCILMARKS)");
  return SUDOKIT_OK;
}

}  // namespace

extern "C" {

int sudokit_reader_open_buffer(const char* data, size_t length, uint32_t flags, sudokit_reader** reader) {
  return guard([&] {
    if (!reader) return fail(SUDOKIT_E_INVALID_ARGUMENT, "reader is NULL");
    *reader = nullptr;
    std::string_view text;
    if (!text_arg(data, length, "data", text)) return SUDOKIT_E_INVALID_ARGUMENT;
    if (int s = check_flags(flags)) return s;
    auto r = std::make_unique<sudokit_reader>();
    r->buffer.assign(text);
    r->reader = std::make_unique<PuzzleReader>(std::string_view(r->buffer));
    return open_reader(std::move(r), flags, reader);
  });
}

int sudokit_reader_open_file(FILE* file, uint32_t flags, sudokit_reader** reader) {
  return guard([&] {
    if (!reader) return fail(SUDOKIT_E_INVALID_ARGUMENT, "reader is NULL");
    *reader = nullptr;
    if (!file) return fail(SUDOKIT_E_INVALID_ARGUMENT, "file is NULL");
    if (int s = check_flags(flags)) return s;
    auto r = std::make_unique<sudokit_reader>();
    r->reader = std::make_unique<PuzzleReader>(LineReader(file_source(file)));
    return open_reader(std::move(r), flags, reader);
  });
}

int sudokit_reader_open_path(const char* path, uint32_t flags, sudokit_reader** reader) {
  return guard([&] {
    if (!reader) return fail(SUDOKIT_E_INVALID_ARGUMENT, "reader is NULL");
    *reader = nullptr;
    if (!path) return fail(SUDOKIT_E_INVALID_ARGUMENT, "path is NULL");
    if (int s = check_flags(flags)) return s;
    auto r = std::make_unique<sudokit_reader>();
    r->owned = std::fopen(path, "rb");
    if (!r->owned) return fail(SUDOKIT_E_IO, std::string(path) + ": " + std::strerror(errno));
    r->reader = std::make_unique<PuzzleReader>(LineReader(file_source(r->owned)));
    return open_reader(std::move(r), flags, reader);
  });
}

int sudokit_reader_next(sudokit_reader* reader, sudokit_record* record) {
  return guard([&] {
    if (!reader) return fail(SUDOKIT_E_INVALID_ARGUMENT, "reader is NULL");
    if (!record) return fail(SUDOKIT_E_INVALID_ARGUMENT, "record is NULL");
    if (record->struct_size < sizeof(std::uint32_t))
      return fail(SUDOKIT_E_INVALID_ARGUMENT, "record: struct_size is 0 (use SUDOKIT_RECORD_INIT)");
    sudokit_record full = SUDOKIT_RECORD_INIT;
    int status = SUDOKIT_OK;
    reader->text.clear();
    reader->fields.clear();
    reader->message.clear();
    if (reader->ended) {
      status = SUDOKIT_END;
    } else {
      TextRecord rec;
      ParseError error;
      switch (reader->reader->next(rec, error)) {
        case ReadStatus::Record:
          full.kind = rec.has_marks ? SUDOKIT_RECORD_PENCILMARKS : SUDOKIT_RECORD_PUZZLE;
          reader->text = rec.has_marks ? format_pencilmarks(rec.marks) : format_line(rec.grid);
          reader->fields.assign(rec.fields);
          full.line = rec.line;
          break;
        case ReadStatus::Error:
          reader->message = error.message;
          full.line = error.line;
          full.column = error.column;
          status = fail(SUDOKIT_E_PARSE, "line " + std::to_string(error.line) + ": " + error.message);
          break;
        case ReadStatus::End:
          reader->ended = true;
          if (!reader->reader->read_error().empty()) {
            reader->message = reader->reader->read_error();
            full.line = reader->reader->lines().number();
            status = fail(SUDOKIT_E_IO, "read error: " + reader->message);
          } else {
            status = SUDOKIT_END;
          }
          break;
      }
    }
    full.text = reader->text.c_str();
    full.text_length = reader->text.size();
    full.fields = reader->fields.c_str();
    full.fields_length = reader->fields.size();
    full.message = reader->message.c_str();
    write_struct(full, record, "record");
    return status;
  });
}

void sudokit_reader_free(sudokit_reader* reader) { delete reader; }

}  // extern "C"
