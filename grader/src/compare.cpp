// Comparison of grades with reference ratings. See compare.hpp.
#include "sudokit/grader/compare.hpp"

#include "sudokit/solver/text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <numeric>

namespace sudokit::grader {
namespace {

bool same(double a, double b) { return std::fabs(a - b) < 1e-6; }

std::vector<double> ranks(const std::vector<double>& v) {
  std::vector<std::size_t> idx(v.size());
  std::iota(idx.begin(), idx.end(), 0);
  std::sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) { return v[a] < v[b]; });
  std::vector<double> r(v.size());
  for (std::size_t i = 0; i < idx.size();) {
    std::size_t j = i;
    while (j + 1 < idx.size() && v[idx[j + 1]] == v[idx[i]]) ++j;
    const double avg = (static_cast<double>(i) + static_cast<double>(j)) / 2.0 + 1.0;
    for (std::size_t k = i; k <= j; ++k) r[idx[k]] = avg;
    i = j + 1;
  }
  return r;
}

}  // namespace

double spearman(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() < 2 || a.size() != b.size()) return 0;
  const auto ra = ranks(a), rb = ranks(b);
  const double n = static_cast<double>(a.size());
  const double ma = std::accumulate(ra.begin(), ra.end(), 0.0) / n;
  const double mb = std::accumulate(rb.begin(), rb.end(), 0.0) / n;
  double cov = 0, va = 0, vb = 0;
  for (std::size_t i = 0; i < ra.size(); ++i) {
    cov += (ra[i] - ma) * (rb[i] - mb);
    va += (ra[i] - ma) * (ra[i] - ma);
    vb += (rb[i] - mb) * (rb[i] - mb);
  }
  return (va == 0 || vb == 0) ? 0 : cov / std::sqrt(va * vb);
}

bool parse_reference(std::string_view fields, Reference& ref, std::string& error) {
  double values[3];
  int n = 0;
  std::size_t i = 0;
  while (n < 3 && i < fields.size()) {
    while (i < fields.size() && (fields[i] == ' ' || fields[i] == '\t' || fields[i] == ',')) ++i;
    std::size_t j = i;
    while (j < fields.size() && fields[j] != ' ' && fields[j] != '\t' && fields[j] != ',') ++j;
    if (j == i) break;
    const std::string token(fields.substr(i, j - i));
    // A word ends the ratings (a comment, a source name); anything strtod
    // reads as a number, "nan", "inf" and "1e999" included, is a rating
    // field and must be one.
    char* end = nullptr;
    std::strtod(token.c_str(), &end);
    if (end == token.c_str() || *end != '\0') break;
    if (!parse_rating(token, values[n], error)) return false;
    ++n;
    i = j;
  }
  if (n == 0) {
    error = "no reference rating after the puzzle";
    return false;
  }
  ref.er = values[0];
  ref.has_ep = n >= 2;
  ref.has_ed = n >= 3;
  ref.ep = n >= 2 ? values[1] : 0;
  ref.ed = n >= 3 ? values[2] : 0;
  return true;
}

bool parse_reference(std::string_view fields, Reference& ref) {
  std::string error;
  return parse_reference(fields, ref, error);
}

void Comparison::add(const std::string& puzzle, const Reference& ref, const Grade& grade) {
  ComparedPuzzle row;
  row.puzzle = puzzle;
  row.ref = ref;
  row.rated = grade.rated();
  row.er = rounded_rating(grade.er);
  row.ep = rounded_rating(grade.ep);
  row.ed = rounded_rating(grade.ed);
  row.hardest = grade.rated() ? grade.hardest_name : status_message(grade.status);
  rows_.push_back(std::move(row));
}

Comparison::Slice Comparison::slice(const std::string& name, double lo, double hi) const {
  Slice s;
  s.name = name;
  std::vector<double> ref, ours;
  for (const auto& r : rows_) {
    if (r.ref.er < lo - 1e-9 || r.ref.er >= hi - 1e-9) continue;
    ++s.count;
    ref.push_back(r.ref.er);
    ours.push_back(r.rated ? r.er : 20.0);  // not rated ranks above everything, like SE's "beyond solver"
    if (!r.rated) continue;
    ++s.rated;
    s.exact_er += same(r.er, r.ref.er);
    s.within_03 += std::fabs(r.er - r.ref.er) <= 0.3 + 1e-9;
    s.exact_ep += r.ref.has_ep && same(r.ep, r.ref.ep);
    s.exact_ed += r.ref.has_ed && same(r.ed, r.ref.ed);
  }
  s.spearman = spearman(ref, ours);
  return s;
}

std::string Comparison::report() const {
  std::string out;
  char buf[256];
  auto pct = [](int a, int b) { return b ? 100.0 * a / b : 0.0; };
  std::snprintf(buf, sizeof buf, "%-22s %6s %6s %8s %8s %8s %8s %8s\n", "reference ER", "count", "rated", "ER exact",
                "ER ±0.3", "EP exact", "ED exact", "spearman");
  out += buf;
  const std::vector<std::tuple<std::string, double, double>> slices = {
      {"all", 0, 100}, {"< 7.0", 0, 7.0}, {"< 7.5", 0, 7.5}, {">= 7.0", 7.0, 100}, {">= 7.5", 7.5, 100}};
  for (const auto& [name, lo, hi] : slices) {
    const Slice s = slice(name, lo, hi);
    if (s.count == 0) continue;
    std::snprintf(buf, sizeof buf, "%-22s %6d %6d %7.1f%% %7.1f%% %7.1f%% %7.1f%% %8.3f\n", name.c_str(), s.count,
                  s.rated, pct(s.exact_er, s.count), pct(s.within_03, s.count), pct(s.exact_ep, s.count),
                  pct(s.exact_ed, s.count), s.spearman);
    out += buf;
  }
  // Confusion table: reference ER band (rows) against ours (columns).
  // Clamped before the conversion: a reference rating can be any number
  // (1e40, inf, nan), and converting one out of int's range is undefined.
  auto band = [](double er) {
    const double b = std::floor(er + 1e-9);
    return !(b > 0) ? 0 : b >= 10 ? 10 : static_cast<int>(b);
  };
  std::map<std::pair<int, int>, int> cells;
  for (const auto& r : rows_) cells[{band(r.ref.er), r.rated ? band(r.er) : 11}]++;
  out += "\nconfusion: reference ER band (rows) vs ours (columns); n/r = not rated\n   ref ";
  for (int c = 1; c <= 11; ++c) {
    std::snprintf(buf, sizeof buf, "%6s", c == 11 ? "n/r" : c == 10 ? "10+" : (std::to_string(c) + ".x").c_str());
    out += buf;
  }
  out += '\n';
  for (int r = 1; r <= 10; ++r) {
    bool any = false;
    for (int c = 1; c <= 11; ++c) any = any || cells.count({r, c});
    if (!any) continue;
    std::snprintf(buf, sizeof buf, "%6s", r == 10 ? "10+" : (std::to_string(r) + ".x").c_str());
    out += buf;
    for (int c = 1; c <= 11; ++c) {
      auto it = cells.find({r, c});
      std::snprintf(buf, sizeof buf, "%6d", it == cells.end() ? 0 : it->second);
      out += buf;
    }
    out += '\n';
  }
  return out;
}

std::string Comparison::mismatches() const {
  std::string out;
  for (const auto& r : rows_) {
    if (r.rated && same(r.er, r.ref.er)) continue;
    char buf[64];
    std::snprintf(buf, sizeof buf, " ref %.1f ours ", r.ref.er);
    out += r.puzzle + buf + (r.rated ? format_rating(r.er) : std::string("n/r")) + " " + r.hardest + "\n";
  }
  return out;
}

}  // namespace sudokit::grader
