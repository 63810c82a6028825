// `sudokit hint`: the next step from a player's position (givens, entries,
// pencil marks), after any mistakes, revealed step by step. The logic is
// grader/hint.hpp's find_hint; this file reads options and prints.
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "input.hpp"
#include "options.hpp"
#include "sudokit/grader/hint.hpp"
#include "sudokit/grader/view.hpp"

namespace sudokit::cli {

using namespace sudokit::grader;

namespace {

std::string area_text(const HintArea& a) {
  std::string s;
  for (int u : a.houses) s += (s.empty() ? "" : ", ") + unit_name(u);
  if (a.houses.empty())
    for (int c : a.cells) s += (s.empty() ? "" : ",") + cell_name(c);
  return s;
}

nlohmann::json hint_json(const Hint& h, std::size_t line) {
  nlohmann::json j = {{"line", line}, {"status", hint_status_key(h.status)}};
  if (h.status == HintStatus::Mistakes) {
    nlohmann::json m = nlohmann::json::array();
    for (const Mistake& x : h.mistakes) {
      nlohmann::json e = {{"cell", cell_name(x.cell)},
                          {"kind", x.kind == MistakeKind::WrongEntry ? "wrong-entry" : "lost-digit"},
                          {"solution_digit", x.solution_digit},
                          {"message", x.message}};
      if (x.kind == MistakeKind::WrongEntry) e["entry"] = x.digit;
      m.push_back(std::move(e));
    }
    j["mistakes"] = m;
    return j;
  }
  if (h.status != HintStatus::Hint) {
    j["message"] = h.message;
    return j;
  }
  nlohmann::json houses = nlohmann::json::array(), cells = nlohmann::json::array();
  for (int u : h.area.houses) houses.push_back(unit_name(u));
  for (int c : h.area.cells) cells.push_back(cell_name(c));
  j["area"] = {{"houses", houses}, {"cells", cells}};
  if (h.reveal == HintReveal::Area) return j;
  const StepView step = step_view(h.step);
  j["technique"] = {{"key", step.technique}, {"name", step.name}, {"rating", step.rating}};
  if (h.reveal == HintReveal::Step) {
    auto candidates = [](const std::vector<CandidateRef>& list) {
      nlohmann::json a = nlohmann::json::array();
      for (const CandidateRef& c : list) a.push_back({{"cell", cell_name(c.cell)}, {"digit", c.digit}});
      return a;
    };
    nlohmann::json placements = nlohmann::json::array();
    if (step.place_cell >= 0) placements.push_back({{"cell", cell_name(step.place_cell)}, {"digit", step.place_digit}});
    j["step"] = {{"placements", placements}, {"eliminations", candidates(step.eliminations)}, {"text", step.text}};
    nlohmann::json dh = nlohmann::json::array();
    for (int u : h.drawing.houses) dh.push_back(unit_name(u));
    j["step"]["cause"] = candidates(h.drawing.cause);
    j["step"]["houses"] = dh;
    if (!step.chain.empty()) j["step"]["chain"] = step.chain;
    if (!h.drawing.links.empty()) {
      nlohmann::json links = nlohmann::json::array();
      for (const ChainLink& l : h.drawing.links)
        links.push_back({{"from", {{"cell", cell_name(l.from.cell)}, {"digit", l.from.digit}, {"on", l.from.on}}},
                         {"to", {{"cell", cell_name(l.to.cell)}, {"digit", l.to.digit}, {"on", l.to.on}}},
                         {"kind", l.kind == LinkKind::Strong ? "strong" : l.kind == LinkKind::Weak ? "weak" : "technique"}});
      j["step"]["links"] = links;
      j["step"]["on"] = candidates(h.drawing.on);
      j["step"]["off"] = candidates(h.drawing.off);
    }
  }
  return j;
}

std::string hint_text(const Hint& h) {
  if (h.status == HintStatus::Mistakes) {
    std::string s = "mistakes:\n";
    for (const Mistake& x : h.mistakes) s += "  " + x.message + "\n";
    return s;
  }
  if (h.status != HintStatus::Hint) return std::string(hint_status_key(h.status)) + ": " + h.message + "\n";
  std::string s = "area: " + area_text(h.area) + "\n";
  if (h.reveal == HintReveal::Area) return s;
  const StepView step = step_view(h.step);
  s += "technique: " + step.name + " (" + format_rating(h.step.difficulty) + ")\n";
  if (h.reveal == HintReveal::Step) s += "step: " + step.text + "\n";
  return s;
}

}  // namespace

int run_hint(const std::vector<std::string>& args) {
  po::options_description opts("options");
  opts.add_options()
      ("reveal", po::value<std::string>()->default_value("step"), "how much to show: area (where to look), technique (its name and SE rating) or step (the full deduction)")
      ("format", po::value<std::string>()->default_value("text"), "output: text or json (one object per position)");
  HintOptions options;
  add_number(opts, "time-limit", options.time_limit, {0, kMaxSeconds, "no limit"},
             "give up after this many seconds of search per position", options.time_limit);
  po::variables_map vm;
  const std::string usage =
      "usage: sudokit hint [options] [FILE...]\n"
      "Prints the next step Sukaku Explainer would take from each position, after the player's mistakes.\n"
      "A position is one of: GIVENS (81 chars), GIVENS ENTRIES (two 81-char fields), GIVENS MARKS\n"
      "(81 + 729 chars), a 729-char pencil-mark line, a 9-line candidate grid (HoDoKu, SudokuWiki),\n"
      "or a JSON object {\"givens\": ..., \"entries\": ..., \"marks\": ...} on one line (see docs/HINTS.md).";
  if (auto status = parse_options(args, usage, opts, vm)) return *status;
  const std::string format = vm["format"].as<std::string>();
  if (format != "text" && format != "json") {
    std::cerr << "sudokit hint: unknown --format '" << format << "' (expected text or json)\n";
    return kUsageError;
  }
  const auto reveal = parse_hint_reveal(vm["reveal"].as<std::string>());
  if (!reveal) {
    std::cerr << "sudokit hint: unknown --reveal '" << vm["reveal"].as<std::string>() << "' (expected "
              << kHintRevealWords << ")\n";
    return kUsageError;
  }
  options.reveal = *reveal;

  Grader grader;
  Diagnostics diag;
  Output out;
  auto handle = [&](const std::string& label, const std::string& record, std::size_t first) {
    Position p;
    PositionError perr;
    if (!parse_position(record, p, perr)) {
      diag.report(label, first + (perr.line > 0 ? perr.line - 1 : 0), perr.message);
      return;
    }
    const Hint h = find_hint(grader, p, options);
    if (h.status == HintStatus::InvalidPosition || h.status == HintStatus::NoSolution ||
        h.status == HintStatus::MultipleSolutions || h.status == HintStatus::InternalError) {
      diag.report(label, first, h.message);
      return;
    }
    if (format == "json") {
      out.buffer() += hint_json(h, first).dump();
      out.buffer() += '\n';
    } else {
      out.buffer() += hint_text(h);
    }
    out.maybe_flush();
  };
  for_each_position(input_files(vm), diag, handle, [&] { out.flush(); });  // a pipe's writer may wait for the answers
  out.flush();
  return diag.exit_status();
}

}  // namespace sudokit::cli
