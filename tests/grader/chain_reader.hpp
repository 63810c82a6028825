// A reader for chain explanations (grader/src/chain_notation.hpp) that
// follows one link by link on the position it was written for, the way a
// solver would: every "-" must be a weak link from a true candidate, every
// "=" the last candidate of its cell or house once the candidate before it
// and the bracketed ones are false, every "~" a technique's removal after a
// false candidate, every bracketed candidate must be proved false later in
// its branch (each proof starting at a candidate already shown), and the
// branches must cover every case and reach the stated conclusion. Nested
// hints quoted in braces are skipped (they speak of a reduced grid).
#pragma once

#include <cctype>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "grader_test_util.hpp"

namespace sudokit::grader::test {

/// Whether a step is a chain hint with an explanation in chain notation.
inline bool is_chain_step(const Step& s) {
  return s.technique >= Technique::XCycle && s.technique != Technique::TUVWXYZWing &&
         s.technique != Technique::AlignedTripletExclusion;
}

struct Cand {
  int cell = -1;
  int digit = 0;
  bool operator<(const Cand& o) const { return cell != o.cell ? cell < o.cell : digit < o.digit; }
  bool operator==(const Cand& o) const = default;
};

class ChainReader {
 public:
  ChainReader(const Board& board, const std::string& text) : board_(board), text_(text) {}

  // Follows a whole explanation; returns "" when it holds, else what fails.
  std::string follow(const Step& step) {
    const std::size_t arrow = text_.rfind(" => ");  // nested hints' own arrows sit in braces before it
    if (arrow == std::string::npos) return "no conclusion";
    end_ = arrow;
    if (step.technique <= Technique::ForcingChain) return follow_static(step);
    if (text_.find(" is impossible: ") != std::string::npos) return follow_contradiction(step);
    return follow_branches(step);
  }

 private:
  // Static chain: the first link tells the assumption ("-": true, "=": false).
  std::string follow_static(const Step& step) {
    std::map<Cand, bool> known;
    Cand first, last;
    bool first_state = false, last_state = false;
    if (!start_chain(first)) return error("a chain");
    first_state = peek() == '-';
    known[first] = first_state;
    if (!chain_rest(known, first, first_state, last, last_state)) return error_;
    if (pos_ != end_) return error("the end of the chain");
    const bool cycle = step.technique == Technique::XCycle || step.technique == Technique::YCycle ||
                       step.technique == Technique::XYCycle;
    if (cycle) return last == first && last_state == first_state ? "" : "a cycle must close on its start";
    if (!(last == first) || last_state == first_state) return "a forcing chain must reach its own negation";
    return conclusion_matches(step, last, last_state);
  }

  std::string follow_contradiction(const Step& step) {
    Cand a;
    bool a_on;
    if (!potential(a, a_on) || !literal(" is impossible: ")) return error("an assumption");
    std::map<Cand, bool> known{{a, a_on}};
    Cand end1, end2;
    bool s1, s2;
    if (!main_chain(known, a, a_on, end1, s1) || !literal("; ") || !main_chain(known, a, a_on, end2, s2))
      return error_.empty() ? error("two chains") : error_;
    if (!(end1 == end2) || s1 == s2) return "the two chains must reach one candidate as true and as false";
    if (!proofs(known)) return error_;
    if (pos_ != end_) return error("the end of the branch");
    return conclusion_matches(step, a, !a_on);
  }

  // Double, cell and region forcing: "[d in house: ]A: chain, proofs; B: ..."
  std::string follow_branches(const Step& step) {
    int region_digit = 0, unit = -1;
    if (pos_ + 1 < end_ && text_[pos_ + 1] == ' ') {
      region_digit = text_[pos_] - '0';
      pos_ += 5;  // "d in "
      const std::size_t colon = text_.find(": ", pos_);
      for (int u = 0; u < 27; ++u)
        if (unit_name(u) == text_.substr(pos_, colon - pos_)) unit = u;
      if (unit < 0) return error("a house");
      pos_ = colon + 2;
    }
    std::vector<std::pair<Cand, bool>> assumptions;
    Cand goal;
    bool goal_on = false;
    for (bool first = true; pos_ < end_; first = false) {
      if (!first && !literal("; ")) return error("\"; \"");
      Cand a, end;
      bool a_on, end_on;
      if (!potential(a, a_on) || !literal(": ")) return error("an assumption");
      assumptions.emplace_back(a, a_on);
      std::map<Cand, bool> known{{a, a_on}};
      if (!main_chain(known, a, a_on, end, end_on)) return error_;
      if (!proofs(known)) return error_;
      if (!first && (!(end == goal) || end_on != goal_on)) return "branches reach different conclusions";
      goal = end;
      goal_on = end_on;
    }
    // The assumptions must cover every case.
    if (step.technique == Technique::RegionForcingChain || unit >= 0) {
      int covered = 0;
      for (const auto& [a, on] : assumptions) covered += on && a.digit == region_digit;
      if (covered != popcount(board_.positions(unit, region_digit))) return "the branches miss a position";
    } else if (assumptions.size() == 2 && assumptions[0].first == assumptions[1].first) {
      if (assumptions[0].second == assumptions[1].second) return "double forcing needs both states";
    } else {
      const int cell = assumptions[0].first.cell;
      DigitMask seen = 0;
      for (const auto& [a, on] : assumptions)
        if (on && a.cell == cell) seen |= digit_bit(a.digit);
      if (seen != board_.candidates(cell)) return "the branches miss a candidate of the cell";
    }
    return conclusion_matches(step, goal, goal_on);
  }

  std::string conclusion_matches(const Step& step, Cand c, bool on) {
    if (on) return step.places() && step.place_cell == c.cell && step.place_digit == c.digit ? "" : "wrong placement";
    return step.elimination_count() == 1 && test::removes(step, c.cell, c.digit) ? "" : "wrong elimination";
  }

  // A branch's chain, from its assumption `a`.
  bool main_chain(std::map<Cand, bool>& known, Cand a, bool a_on, Cand& end, bool& end_on) {
    Cand first;
    if (!start_chain(first)) return fail("a chain");
    if (!(first == a)) return fail("the chain to start at its assumption");
    return chain_rest(known, first, a_on, end, end_on);
  }

  // ", X<>d: chain" items; then every bracketed candidate must be known false.
  bool proofs(std::map<Cand, bool>& known) {
    while (pos_ < end_ && text_.compare(pos_, 2, ", ") == 0) {
      pos_ += 2;
      Cand claim;
      bool claim_on;
      if (!potential(claim, claim_on)) return fail("a proved candidate");
      if (text_.compare(pos_, 5, " by {") == 0) {  // a nested hint, quoted: skip it
        int depth = 0;
        do {
          if (pos_ >= end_) return fail("a closing brace");
          depth += text_[pos_] == '{' ? 1 : text_[pos_] == '}' ? -1 : 0;
          ++pos_;
        } while (depth > 0 || text_[pos_ - 1] != '}');
        known[claim] = claim_on;
        continue;
      }
      if (!literal(": ")) return fail("\": \"");
      Cand first, last;
      bool last_on;
      if (!start_chain(first)) return fail("a proof chain");
      auto it = known.find(first);
      if (it == known.end()) return fail("a proof to start at a candidate already shown");
      if (!chain_rest(known, first, it->second, last, last_on)) return false;
      if (!(last == claim) || last_on != claim_on) return fail("the proof to end at its claim");
    }
    for (const Cand& c : needed_) {
      auto it = known.find(c);
      if (it == known.end() || it->second) return fail("every bracketed candidate proved false in its branch");
    }
    needed_.clear();
    return true;
  }

  bool start_chain(Cand& c) {
    digit_ = 0;
    return node(c);
  }

  // Links after the first node; checks each against the position.
  bool chain_rest(std::map<Cand, bool>& known, Cand prev, bool prev_on, Cand& last, bool& last_on) {
    while (pos_ < end_ && (text_[pos_] == '-' || text_[pos_] == '=' || text_[pos_] == '~')) {
      const char link = text_[pos_++];
      Cand c;
      if (!node(c)) return fail("a candidate after a link");
      std::vector<Cand> extra;
      std::string rule;
      if (pos_ < end_ && text_[pos_] == '[' && !bracket(c.digit, rule, extra)) return fail("a bracket");
      const bool on = link == '=';
      if (link == '-') {
        if (!prev_on) return fail("\"-\" to follow a true candidate");
        const bool weak = (c.cell == prev.cell && c.digit != prev.digit) || (c.digit == prev.digit && sees(c.cell, prev.cell));
        if (!weak) return fail("\"-\" between candidates of one cell or one digit in one house");
      } else if (link == '=') {
        if (prev_on) return fail("\"=\" to follow a false candidate");
        if (!strong(known, prev, c, extra)) return fail("\"=\" to be the last candidate of a cell or house");
      } else {
        if (prev_on || rule.empty()) return fail("\"~\" after a false candidate, with its technique");
      }
      if (!board_.has(c.cell, c.digit)) return fail("a candidate of the position");
      for (const Cand& e : extra) needed_.push_back(e);
      known[c] = on;
      prev = c;
      prev_on = on;
    }
    last = prev;
    last_on = prev_on;
    return true;
  }

  // `c` is the last place left once `prev` and the bracketed candidates are
  // false (with what the branch already knows).
  bool strong(const std::map<Cand, bool>& known, Cand prev, Cand c, const std::vector<Cand>& extra) const {
    auto is_false = [&](Cand x) {
      if (x == prev) return true;
      for (const Cand& e : extra)
        if (e == x) return true;
      auto it = known.find(x);
      return it != known.end() && !it->second;
    };
    if (prev.cell == c.cell) {
      bool ok = true;
      for_each_digit(board_.candidates(c.cell), [&](int d) { ok = ok && (d == c.digit || is_false({c.cell, d})); });
      return ok;
    }
    if (prev.digit != c.digit) return false;
    for (int u : kCellUnits[static_cast<std::size_t>(c.cell)]) {
      if (!kUnitSet[u].has(prev.cell)) continue;
      bool ok = true;
      for (int x : kUnitCells[static_cast<std::size_t>(u)])
        if (x != c.cell && board_.has(x, c.digit)) ok = ok && is_false({x, c.digit});
      if (ok) return true;
    }
    return false;
  }

  // "[r1c4,(35)r5c5]" or "[Pointing: r1c4]".
  bool bracket(int digit, std::string& rule, std::vector<Cand>& extra) {
    ++pos_;
    const std::size_t close = text_.find(']', pos_);
    if (close == std::string::npos || close > end_) return false;
    const bool items_first = text_[pos_] == '(' || (text_[pos_] == 'r' && std::isdigit(static_cast<unsigned char>(text_[pos_ + 1])));
    if (!items_first) {
      const std::size_t colon = text_.find(':', pos_);
      const std::size_t stop = colon < close ? colon : close;
      rule = text_.substr(pos_, stop - pos_);
      pos_ = stop == colon ? colon + 2 : close;
    }
    while (pos_ < close) {
      std::string ds(1, static_cast<char>('0' + digit));
      if (text_[pos_] == '(') {
        const std::size_t rp = text_.find(')', pos_);
        ds = text_.substr(pos_ + 1, rp - pos_ - 1);
        pos_ = rp + 1;
      }
      int cell;
      if (!cell_at_pos(cell)) return false;
      for (char d : ds) extra.push_back({cell, d - '0'});
      if (text_[pos_] == ',') ++pos_;
    }
    pos_ = close + 1;
    return true;
  }

  // "(5)r2c3" or "r2c3" (digit carried from the node before).
  bool node(Cand& c) {
    if (pos_ < end_ && text_[pos_] == '(') {
      digit_ = text_[pos_ + 1] - '0';
      if (text_[pos_ + 2] != ')') return false;
      pos_ += 3;
    }
    if (digit_ < 1 || digit_ > 9) return false;
    c.digit = digit_;
    return cell_at_pos(c.cell);
  }

  bool cell_at_pos(int& cell) {
    if (pos_ + 4 > text_.size() || text_[pos_] != 'r' || text_[pos_ + 2] != 'c') return false;
    cell = cell_at(text_[pos_ + 1] - '1', text_[pos_ + 3] - '1');
    pos_ += 4;
    return true;
  }

  // "r1c2=5" or "r1c2<>5".
  bool potential(Cand& c, bool& on) {
    if (!cell_at_pos(c.cell)) return false;
    if (text_[pos_] == '=') {
      on = true;
      ++pos_;
    } else if (text_.compare(pos_, 2, "<>") == 0) {
      on = false;
      pos_ += 2;
    } else {
      return false;
    }
    c.digit = text_[pos_++] - '0';
    return true;
  }

  bool literal(const char* s) {
    const std::string want(s);
    if (text_.compare(pos_, want.size(), want) != 0) return false;
    pos_ += want.size();
    return true;
  }
  char peek() const { return pos_ < end_ ? text_[pos_] : '\0'; }
  bool fail(const std::string& what) {
    if (error_.empty()) error_ = error(what);
    return false;
  }
  std::string error(const std::string& what) const {
    return "expected " + what + " at column " + std::to_string(pos_) + ": " + text_;
  }

  const Board& board_;
  const std::string& text_;
  std::size_t pos_ = 0, end_ = 0;
  int digit_ = 0;
  std::vector<Cand> needed_;
  std::string error_;
};

/// "" when the step's explanation can be followed on `b`, else what fails.
inline std::string follow_chain(const Board& b, const Step& s) { return ChainReader(b, s.detail).follow(s); }

}  // namespace sudokit::grader::test
