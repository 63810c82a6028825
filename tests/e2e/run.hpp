// Runs the built `sudokit` binary as a child process and captures its
// stdout, stderr and exit status, for end-to-end tests of the CLI; and the
// small helpers those tests share to read what it wrote (files, lines, a
// shell command's output).
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "../data_file.hpp"

namespace sudokit::test {

struct RunResult {
  int status = -1;
  std::string out;
  std::string err;
};

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// Runs `SUDOKIT_BIN args` through the shell (args are shell words), with
/// `input` on stdin, in the directory `cwd` when it is given, and `env`
/// (shell words VAR=value ...) in its environment.
inline RunResult run_sudokit(const std::string& args, const std::string& input = "", const std::string& cwd = "",
                             const std::string& env = "") {
  char dir_template[] = "/tmp/sudokit-e2e-XXXXXX";
  const std::string dir = mkdtemp(dir_template);
  const std::string in = dir + "/in", out = dir + "/out", err = dir + "/err";
  std::ofstream(in, std::ios::binary) << input;
  const std::string cmd = (cwd.empty() ? "" : "cd '" + cwd + "' && ") + (env.empty() ? "" : env + " ") +
                          std::string(SUDOKIT_BIN) + " " + args + " <" + in + " >" + out + " 2>" + err;
  const int raw = std::system(cmd.c_str());
  RunResult r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  std::system(("rm -rf " + dir).c_str());
  return r;
}

inline std::string test_file(const std::string& name) { return std::string(SUDOKIT_TEST_DATA) + "/" + name; }

/// Runs a shell command; its stdout, and the exit status in `status`.
inline std::string shell(const std::string& cmd, int* status = nullptr) {
  std::string out;
  FILE* p = popen(cmd.c_str(), "r");
  char buf[4096];
  while (std::size_t n = std::fread(buf, 1, sizeof buf, p)) out.append(buf, n);
  const int raw = pclose(p);
  if (status != nullptr) *status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return out;
}

/// The lines of a command's output, empty ones included, without their '\n'.
inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

/// The non-empty lines of a file.
inline std::vector<std::string> lines_of_file(const std::string& path) {
  std::vector<std::string> out;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out.push_back(line);
  return out;
}

}  // namespace sudokit::test
