// serve::Service without sockets: routing, errors, limits, token (issue #51).
#include "sudokit/serve/service.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "sudokit/solver/solve.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit::serve {
namespace {

using nlohmann::json;

// A published 17-clue puzzle with one solution.
const std::string kPuzzle = "000000010400000000020000000000050407008000300001090000300400200050100000000806000";

json body_of(const Response& r) { return json::parse(r.body); }

TEST(Service, SolveAnswersTheSolverSolution) {
  Service s;
  const Response r = s.handle({"POST", "/solve", json{{"puzzle", kPuzzle}}.dump(), ""});
  ASSERT_EQ(r.status, 200) << r.body;
  Grid g;
  ParseError e;
  ASSERT_TRUE(parse_puzzle(kPuzzle, g, e));
  const SolveResult truth = solve(g, 2);
  EXPECT_EQ(body_of(r)["solutions"], truth.count);
  EXPECT_EQ(body_of(r)["solution"], format_line(truth.solution));
  Grid sol;
  ASSERT_TRUE(parse_puzzle(body_of(r)["solution"].get<std::string>(), sol, e));
  EXPECT_TRUE(is_solution_of(sol, g));
}

TEST(Service, GradeRatesAndHintGivesAStep) {
  Service s;
  const Response g = s.handle({"POST", "/grade", json{{"puzzle", kPuzzle}}.dump(), ""});
  ASSERT_EQ(g.status, 200) << g.body;
  EXPECT_EQ(body_of(g)["status"], "rated");
  const Response h = s.handle({"POST", "/hint", json{{"givens", kPuzzle}}.dump(), ""});
  ASSERT_EQ(h.status, 200) << h.body;
  EXPECT_EQ(body_of(h)["status"], "hint");
  EXPECT_FALSE(body_of(h)["technique"]["key"].get<std::string>().empty());
}

TEST(Service, ErrorsAreJsonWithTheirStatus) {
  Service s(Limits{100, 5, 5});
  EXPECT_EQ(s.handle({"GET", "/nope", "", ""}).status, 404);
  const Response m = s.handle({"GET", "/grade", "", ""});
  EXPECT_EQ(m.status, 405);
  EXPECT_EQ(m.headers.at(0).second, "POST");
  EXPECT_EQ(s.handle({"POST", "/healthz", "", ""}).status, 405);
  EXPECT_EQ(s.handle({"POST", "/grade", "not json", ""}).status, 400);
  const Response bad = s.handle({"POST", "/solve", json{{"puzzle", "12x"}}.dump(), ""});
  EXPECT_EQ(bad.status, 400);
  EXPECT_TRUE(body_of(bad).contains("error"));
  EXPECT_EQ(s.handle({"POST", "/solve", std::string(101, ' '), ""}).status, 413);
  const Response multi = s.handle({"POST", "/hint", json{{"givens", std::string(81, '.')}}.dump(), ""});
  EXPECT_EQ(multi.status, 400);
}

TEST(Service, TokenGuardsPostsAndMetricsCount) {
  Service s(Limits{}, "s3cret");
  const Response denied = s.handle({"POST", "/solve", json{{"puzzle", kPuzzle}}.dump(), "Bearer wrong"});
  EXPECT_EQ(denied.status, 401);
  EXPECT_EQ(denied.body.find("s3cret"), std::string::npos);
  EXPECT_EQ(s.handle({"POST", "/solve", json{{"puzzle", kPuzzle}}.dump(), "Bearer s3cret"}).status, 200);
  EXPECT_EQ(s.handle({"GET", "/healthz", "", ""}).status, 200);
  const Response m = s.handle({"GET", "/metrics", "", ""});
  EXPECT_NE(m.body.find("sudokit_requests_total 3\n"), std::string::npos) << m.body;
  EXPECT_NE(m.body.find("sudokit_responses_total{class=\"4xx\"} 1\n"), std::string::npos) << m.body;
  EXPECT_EQ(m.body.find("s3cret"), std::string::npos);
}

}  // namespace
}  // namespace sudokit::serve
