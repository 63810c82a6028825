// docs/CLI.md, the command reference, must name every option of every command
// and no other: each command `sudokit --help` lists (and each `db` subcommand
// `sudokit db --help` lists) has a section "## sudokit CMD" whose table rows
// name, in their first cell, exactly the options (and short aliases) of
// `sudokit CMD --help`, --help itself aside.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "run.hpp"

namespace sudokit::test {
namespace {

using Names = std::set<std::string>;

// The lines of `text` after the line `heading` up to the next empty line.
std::vector<std::string> block_after(const std::string& text, const std::string& heading) {
  std::istringstream in(text);
  std::string line;
  std::vector<std::string> out;
  bool inside = false;
  while (std::getline(in, line)) {
    if (inside && line.empty()) break;
    if (inside) out.push_back(line);
    if (line == heading) inside = true;
  }
  return out;
}

// Command names from the two-space-indented "name  summary" lines of a list.
std::vector<std::string> listed_names(const std::vector<std::string>& lines) {
  std::vector<std::string> names;
  const std::regex entry(R"(^  ([a-z]+)\s{2,}\S)");
  for (const auto& line : lines) {
    std::smatch m;
    if (std::regex_search(line, m, entry)) names.push_back(m[1]);
  }
  return names;
}

// Options of a --help text: "  --name ...", "  -n [ --name ] ...".
Names help_options(const std::string& help) {
  Names names;
  const std::regex option(R"(^  (?:-([a-zA-Z]) \[ )?--([a-z0-9-]+))");
  for (const auto& line : block_after(help, "options:")) {
    std::smatch m;
    if (!std::regex_search(line, m, option) || m[2] == "help") continue;
    names.insert("--" + m[2].str());
    if (m[1].matched) names.insert("-" + m[1].str());
  }
  return names;
}

// Options named in the first cell of each table row of each "## sudokit CMD"
// section of the reference.
std::map<std::string, Names> doc_options(const std::string& doc) {
  std::map<std::string, Names> sections;
  std::istringstream in(doc);
  std::string line, current;
  const std::regex heading(R"(^## sudokit (.+)$)");
  const std::regex name(R"((?:^|[`, ])(--?[a-zA-Z][a-z0-9-]*))");
  while (std::getline(in, line)) {
    std::smatch m;
    if (std::regex_match(line, m, heading)) {
      current = m[1];
      sections[current];
      continue;
    }
    if (line.rfind("## ", 0) == 0) current.clear();
    if (current.empty() || line.rfind("| `", 0) != 0) continue;
    const std::string first = line.substr(2, line.find(" | ", 2) - 2);
    for (auto it = std::sregex_iterator(first.begin(), first.end(), name); it != std::sregex_iterator(); ++it)
      sections[current].insert((*it)[1]);
  }
  return sections;
}

std::string joined(const Names& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : " ") + n;
  return out;
}

TEST(CliDoc, EveryCommandAndOptionIsDocumentedAndNothingElse) {
  const std::string doc = slurp(SUDOKIT_CLI_DOC);
  ASSERT_FALSE(doc.empty()) << "cannot read " SUDOKIT_CLI_DOC;
  const auto documented = doc_options(doc);

  const RunResult top = run_sudokit("--help");
  ASSERT_EQ(top.status, 0) << top.err;
  std::vector<std::string> commands;
  for (const auto& c : listed_names(block_after(top.out, "commands:"))) {
    if (c != "db") {
      commands.push_back(c);
      continue;
    }
    const RunResult db = run_sudokit("db --help");
    ASSERT_EQ(db.status, 0) << db.err;
    std::vector<std::string> lines;
    std::istringstream in(db.out);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    const auto subs = listed_names(lines);
    ASSERT_GE(subs.size(), 6u) << db.out;
    for (const auto& s : subs) commands.push_back("db " + s);
  }
  ASSERT_GE(commands.size(), 17u) << top.out;

  Names seen;
  for (const auto& command : commands) {
    SCOPED_TRACE("sudokit " + command);
    seen.insert(command);
    const RunResult help = run_sudokit(command + " --help");
    ASSERT_EQ(help.status, 0) << help.err;
    const Names options = help_options(help.out);
    ASSERT_FALSE(options.empty()) << help.out;
    const auto at = documented.find(command);
    ASSERT_NE(at, documented.end()) << "docs/CLI.md has no section \"## sudokit " << command << "\"";
    Names missing, extra;
    for (const auto& o : options)
      if (!at->second.count(o)) missing.insert(o);
    for (const auto& o : at->second)
      if (!options.count(o)) extra.insert(o);
    EXPECT_TRUE(missing.empty()) << "options of `sudokit " << command << " --help` missing from docs/CLI.md: "
                                 << joined(missing);
    EXPECT_TRUE(extra.empty()) << "docs/CLI.md names options `sudokit " << command << "` does not have: "
                               << joined(extra);
  }
  for (const auto& [section, options] : documented)
    EXPECT_TRUE(seen.count(section)) << "docs/CLI.md documents `sudokit " << section << "`, which is no command";
}

}  // namespace
}  // namespace sudokit::test
