// See marks_input.hpp. Pencil-mark lines are cut out of the text (replaced
// by blank lines, so line numbers stay) before the rest goes to
// PuzzleReader; they are handed on between the records around them.
#include "marks_input.hpp"

namespace sudokit::cli {
namespace {

bool is_field_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == ',' || c == ';'; }

struct MarksLine {
  std::size_t line;
  std::size_t begin, end;  // the line's extent in the text
};

}  // namespace

void for_each_source_text(const std::vector<std::string>& files, Diagnostics& diag,
                          const std::function<void(const std::string&, const std::string&)>& on_text) {
  const std::vector<std::string> names = files.empty() ? std::vector<std::string>{"-"} : files;
  std::string text;
  for (const auto& name : names) {
    const std::string label = source_label(name);
    std::string error;
    if (!read_source(name, text, error)) {
      diag.report(label, "cannot read: " + error);
      continue;
    }
    on_text(label, text);
  }
}

void for_each_record_or_marks(const std::vector<std::string>& files, Diagnostics& diag,
                              const std::function<void(const std::string&, const TextRecord&)>& on_record,
                              const std::function<void(const std::string&, const MarksRecord&)>& on_marks) {
  for_each_source_text(files, diag, [&](const std::string& label, const std::string& text) {
    // Find the pencil-mark lines: first field of 729 characters.
    std::vector<MarksLine> found;
    std::string rest = text;  // the text PuzzleReader sees
    std::size_t pos = 0, line_no = 0;
    while (pos < text.size()) {
      std::size_t end = text.find('\n', pos);
      if (end == std::string::npos) end = text.size();
      ++line_no;
      std::size_t a = pos;
      while (a < end && is_field_blank(text[a])) ++a;
      std::size_t b = a;
      while (b < end && !is_field_blank(text[b])) ++b;
      if (b - a == kPencilmarkLength) {
        found.push_back({line_no, pos, end});
        for (std::size_t i = pos; i < end; ++i) rest[i] = ' ';
      }
      pos = end + 1;
    }
    std::size_t next_marks = 0;
    auto emit_marks_before = [&](std::size_t line) {
      for (; next_marks < found.size() && found[next_marks].line < line; ++next_marks) {
        const MarksLine& m = found[next_marks];
        std::string_view l(text.data() + m.begin, m.end - m.begin);
        while (!l.empty() && is_field_blank(l.front())) l.remove_prefix(1);
        while (!l.empty() && is_field_blank(l.back())) l.remove_suffix(1);
        MarksRecord rec;
        rec.line = m.line;
        rec.fields = l.substr(kPencilmarkLength);
        while (!rec.fields.empty() && is_field_blank(rec.fields.front())) rec.fields.remove_prefix(1);
        ParseError perr;
        if (!parse_pencilmarks(l.substr(0, kPencilmarkLength), rec.marks, perr)) {
          diag.report(label, m.line, perr.message);
          continue;
        }
        on_marks(label, rec);
      }
    };
    PuzzleReader reader(rest);
    TextRecord record;
    ParseError perr;
    for (;;) {
      const ReadStatus status = reader.next(record, perr);
      if (status == ReadStatus::End) break;
      const std::size_t at = status == ReadStatus::Error ? perr.line : record.line;
      emit_marks_before(at);
      if (status == ReadStatus::Error) {
        diag.report(label, perr.line, perr.message);
        continue;
      }
      on_record(label, record);
    }
    emit_marks_before(static_cast<std::size_t>(-1));
  });
}

}  // namespace sudokit::cli
