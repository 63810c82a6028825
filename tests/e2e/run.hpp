// Runs the built `sudokit` binary as a child process and captures its
// stdout, stderr and exit status, for end-to-end tests of the CLI.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

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

}  // namespace sudokit::test
