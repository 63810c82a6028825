// The seeded search and the climb (seeded.hpp): starts graded (or stones
// dug), walks run on the worker pool and taken in order on the calling
// thread, finds filtered for isomorphs and written, round after round.
#include "sudokit/produce/seeded.hpp"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <map>
#include <memory>
#include <set>

#include "sudokit/grader/grade.hpp"
#include "sudokit/pool/ordered_pool.hpp"
#include "sudokit/solver/canonical.hpp"
#include "sudokit/solver/global_id.hpp"
#include "sudokit/solver/solve.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit::produce {

namespace {

using Clock = std::chrono::steady_clock;

// Walks per round: the hardest puzzles of the pool not walked from yet. A
// constant (not the thread count), so the rounds are the same on any machine.
constexpr std::size_t kBeam = 32;
// Of those, the walks from seeds (or a climb's stones) not walked from yet.
constexpr std::size_t kFresh = 8;
// Judgements kept for the walks to recall, at most (about 60 bytes each:
// 250 MB). Two threads judged about 310,000 puzzles in an hour at ER 10
// (docs/GRADING.md); past the cap, new ones are graded as before.
constexpr std::size_t kJudgedCap = std::size_t{1} << 22;

// A puzzle a walk starts from, with the rating the grader gave it.
struct Start {
  GeneratedPuzzle puzzle;
  double rating = 0;
  bool first_hand = true;  // a seed or a stone, not a walk's find
  bool walked = false;     // a round has walked from it
};

// Walk `start` of round `round`: its own stream, whatever ran before it.
Engine walk_engine(std::uint64_t seed, std::uint64_t round, std::uint64_t start) {
  std::uint64_t st = seed ^ (0x3C6EF372FE94F82Bull * (round + 1));
  return stream_engine(splitmix64(st), start);
}

// Runs task(i, stage, quit) for i = 0 .. n-1 on the ordered pool (each
// worker with its own grade stage; a build without threads runs them on
// the calling thread) and hands the results to take(i, result) on the
// calling thread in order of i. take() returns false to end the run (what
// is in flight is dropped). When `out_of_time` says so (asked after each
// result taken, and every 200 ms while none is back), the workers are told
// to quit (a walk returns what it found so far) and the results back by
// then are taken in order. What a task throws is passed on when its turn
// comes. Returns true when every task was taken.
template <class Result, class Task, class Take>
bool run_in_order(std::size_t n, std::vector<std::unique_ptr<GradeStage>>& stages, const Task& task, const Take& take,
                  const std::function<bool()>& out_of_time, const std::function<void()>& tick) {
  const unsigned workers = pool::kHasThreads ? static_cast<unsigned>(stages.size()) : 0;
  // How far the workers may run ahead (without threads: one task, then its take).
  const std::size_t window = workers == 0 ? 1 : 8 * stages.size();
  pool::OrderedPool<std::size_t, Result> pool(
      workers, window, [&](unsigned w, std::size_t& i, const std::atomic<bool>& quit) { return task(i, *stages[w], quit); });
  std::size_t submitted = 0, taken = 0;
  for (;;) {
    while (submitted < n && !pool.full()) {
      if (workers == 0 && out_of_time()) return false;
      pool.submit(submitted++);
    }
    if (taken == n) return true;
    std::optional<Result> r = pool.take(std::chrono::milliseconds(200));
    if (r) {
      if (!take(taken++, *r)) return false;
      if (taken == n) return true;
    }
    tick();
    if (!out_of_time()) continue;
    pool.stop();  // the walks in flight return what they found
    while ((r = pool.take(std::chrono::milliseconds(0))))
      if (!take(taken++, *r)) break;
    return false;
  }
}

// A sink that keeps what the pipeline writes, in order.
class Keep final : public PuzzleSink {
 public:
  void write(const GeneratedPuzzle& p) override { puzzles.push_back(p); }
  std::vector<GeneratedPuzzle> puzzles;
};

}  // namespace

std::string seed_problem(const Grid& puzzle) {
  if (const auto c = find_conflict(puzzle)) return grader::status_message(grader::GradeStatus::InvalidGivens) + ": " + c->message();
  const unsigned n = count_solutions(puzzle, 2);
  if (n == 0) return grader::status_message(grader::GradeStatus::NoSolution);
  if (n > 1) return grader::status_message(grader::GradeStatus::MultipleSolutions);
  return "";
}

GenerateSummary generate_from_seeds(const GeneratePlan& plan, PuzzleSink& sink, const GenerateHooks& hooks) {
  assert(plan.walks());
  const auto t0 = Clock::now();
  const PipelineOptions& o = plan.pipeline;
  GenerateSummary summary;
  PipelineReport& report = summary.report;
  SeededTally& tally = summary.seeded;
  report.wanted = o.count;

  std::vector<std::unique_ptr<GradeStage>> stages;
  for (unsigned t = 0; t < std::max(1u, o.threads); ++t) {
    stages.push_back(std::make_unique<GradeStage>(plan.criteria));
    if (o.time_limit > 0) stages.back()->set_run_limit(t0, o.time_limit);
  }

  // Round 0 starts from the seeds; nothing isomorphic to one is ever written.
  std::set<Grid> known;
  std::vector<Start> starts;
  for (const SeedPuzzle& seed : plan.seeds) {
    Start s;
    GeneratedPuzzle& p = s.puzzle;
    p.seed = o.seed;
    p.index = seed.line;
    p.puzzle = seed.puzzle;
    p.solution = seed.solution;
    p.clues = seed.puzzle.clue_count();
    const Grid canonical = canonical_form(seed.puzzle);
    p.origin = global_id_of_canonical(canonical);
    known.insert(canonical);
    starts.push_back(std::move(s));
  }

  bool count_reached = false;
  auto out_of_time = [&] {
    return (hooks.stop && hooks.stop->load()) ||
           (o.time_limit > 0 && std::chrono::duration<double>(Clock::now() - t0).count() >= o.time_limit);
  };
  auto tick = [&] {
    if (hooks.progress) hooks.progress(report.accepted, report.tried);
  };

  // What the filter said of every puzzle judged so far (the seeds, the
  // stones, the walks' neighbours), by the key of its canonical form (at
  // most kJudgedCap; the seeds always): a walk recalls these
  // instead of grading them again. It grows between rounds only, so every
  // walk of a round reads the same map, whatever the thread count.
  JudgedMap judged;

  // The seeds' ratings: the walks start from the hardest.
  const bool graded_all = run_in_order<Judged>(
      starts.size(), stages,
      [&](std::size_t i, GradeStage& stage, const std::atomic<bool>&) {
        GeneratedPuzzle p = starts[i].puzzle;
        const bool accepted = stage.accept(p);
        return Judged{stage.rating(), accepted};
      },
      [&](std::size_t i, Judged& seed) {
        starts[i].rating = seed.rating;
        judged.emplace(global_key_of_canonical(canonical_form(starts[i].puzzle.puzzle)), seed);
        return true;
      },
      out_of_time, tick);

  // Batched best-first: each round walks from kBeam puzzles of the pool not
  // walked from yet, the hardest first (ties: the order they joined it; the
  // loop below says which); what the walks find (written) and their near
  // misses join the pool. A climb has no seeds: each round first digs its
  // stones.
  std::set<Grid> pooled = known;  // every puzzle that joined the pool
  std::vector<Start> pool = std::move(starts);

  // The climb's stones for a round: plan.stones.count puzzles dug from
  // scratch (the pipeline, on a stream of its own per round) at the stone
  // floor. Those that meet the target are written as dug (no origin); every
  // one joins the pool as a start named by its own global id. False when
  // the time limit, the stop flag or a digging failure ended it.
  auto dig_stones = [&](std::uint64_t round) {
    PipelineOptions d = plan.stones;
    std::uint64_t st = o.seed ^ (0xA54FF53A5F1D36F1ull * (round + 1));
    d.seed = splitmix64(st);
    const double elapsed = std::chrono::duration<double>(Clock::now() - t0).count();
    d.time_limit = o.time_limit > 0 ? std::max(1e-3, o.time_limit - elapsed) : 0;
    d.stop = hooks.stop;
    d.progress = [&](std::uint64_t, std::uint64_t tried) {
      if (hooks.progress) hooks.progress(report.accepted, report.tried + tried);
    };
    Keep kept;
    const PipelineReport r = run_pipeline(d, kept);
    report.tried += r.tried;
    report.rejected += r.rejected;
    report.failed += r.failed;
    report.searched += r.searched;
    report.timed_out += r.timed_out;
    tally.timed_out += r.timed_out;
    tally.stones += kept.puzzles.size();
    for (GeneratedPuzzle& p : kept.puzzles) {
      const GradeAnnotation* a = grade_of(p);
      assert(a != nullptr && a->grade.rated());
      const Grid canonical = canonical_form(p.puzzle);
      p.index += round * d.count;  // the stone's number in the run
      const double er = grader::rounded_rating(a->grade.er);
      if (judged.size() < kJudgedCap)
        judged.emplace(global_key_of_canonical(canonical), Judged{er, plan.criteria.target.met(a->grade)});
      if (er > tally.best_judged_er) {
        tally.best_judged_er = er;
        tally.best_judged = format_line(p.puzzle);
      }
      if (plan.criteria.target.met(a->grade) && known.insert(canonical).second) {
        sink.write(p);
        ++report.accepted;
        if (er > tally.best_er) {
          tally.best_er = er;
          tally.best = format_line(p.puzzle);
        }
        if (report.accepted >= o.count) {
          count_reached = true;
          return true;
        }
      }
      if (!pooled.insert(canonical).second) continue;
      Start s{p, er};
      s.puzzle.origin = global_id_of_canonical(canonical);
      s.puzzle.search_moves = 0;
      pool.push_back(std::move(s));
    }
    if (!r.failure.empty()) report.failure = "digging stones: " + r.failure;
    return !r.stopped && r.failure.empty();
  };
  bool whole = graded_all;
  for (std::uint64_t round = 0; whole; ++round) {
    // Each round walks first from the kFresh hardest seeds (or this round's
    // stones) not walked from yet, then from the hardest of the rest: the
    // near misses of a cluster that tops out below the target cannot keep
    // every other seed from being walked.
    if (plan.climb) {
      whole = dig_stones(round);
      if (!whole || count_reached) break;
    }
    auto harder = [&](std::size_t a, std::size_t b) {
      return pool[a].rating > pool[b].rating || (pool[a].rating == pool[b].rating && a < b);
    };
    std::vector<std::size_t> order, rest;
    for (std::size_t i = 0; i < pool.size(); ++i)
      if (!pool[i].walked) (pool[i].first_hand ? order : rest).push_back(i);
    if (order.empty() && rest.empty()) {
      report.failure = "the walks found nothing more to walk from after " + std::to_string(round) +
                       " rounds: reached " + std::to_string(report.accepted) + " of the " + std::to_string(o.count) +
                       " puzzles asked for";
      break;
    }
    const std::size_t fresh = std::min(order.size(), kFresh);
    std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(fresh), order.end(), harder);
    rest.insert(rest.end(), order.begin() + static_cast<std::ptrdiff_t>(fresh), order.end());
    order.resize(fresh);
    const std::size_t more = std::min(rest.size(), kBeam - fresh);
    std::partial_sort(rest.begin(), rest.begin() + static_cast<std::ptrdiff_t>(more), rest.end(), harder);
    order.insert(order.end(), rest.begin(), rest.begin() + static_cast<std::ptrdiff_t>(more));
    const std::size_t width = order.size();
    for (std::size_t i : order) pool[i].walked = true;
    ++tally.rounds;
    std::vector<Start> joined;  // this round's finds and near misses, in walk order
    std::vector<std::pair<std::uint64_t, Judged>> judged_now;  // this round's judgements, in walk order
    whole = run_in_order<SeedWalkResult>(
        width, stages,
        [&](std::size_t i, GradeStage& stage, const std::atomic<bool>& quit) {
          Engine engine = walk_engine(o.seed, round, i);
          const Start& start = pool[order[i]];
          return walk_from_seed(start.puzzle, start.rating, stage, plan.walk, engine, &quit, &judged);
        },
        [&](std::size_t, SeedWalkResult& r) {
          ++tally.starts;
          tally.moves += static_cast<std::uint64_t>(r.moves);
          tally.unique += static_cast<std::uint64_t>(r.unique);
          tally.repeated += static_cast<std::uint64_t>(r.repeated);
          tally.recalled += static_cast<std::uint64_t>(r.recalled);
          judged_now.insert(judged_now.end(), r.judged.begin(), r.judged.end());
          if (r.best_rating > tally.best_judged_er) {
            tally.best_judged_er = r.best_rating;
            tally.best_judged = format_line(r.best);
          }
          report.tried += static_cast<std::uint64_t>(r.evaluated);
          report.searched += static_cast<std::uint64_t>(r.evaluated);
          report.rejected += static_cast<std::uint64_t>(r.evaluated) - r.accepted.size();
          for (SeedWalkFound& f : r.climbing)
            if (pooled.insert(f.canonical).second) joined.push_back({std::move(f.puzzle), f.rating, false});
          for (SeedWalkFound& f : r.accepted) {
            pooled.insert(f.canonical);
            if (!known.insert(f.canonical).second) {
              ++tally.isomorphs;
              continue;
            }
            sink.write(f.puzzle);
            ++report.accepted;
            ++report.from_search;
            if (f.rating > tally.best_er) {
              tally.best_er = f.rating;
              tally.best = format_line(f.puzzle.puzzle);
            }
            joined.push_back({std::move(f.puzzle), f.rating, false});
            if (report.accepted >= o.count) {
              count_reached = true;
              return false;
            }
          }
          return true;
        },
        out_of_time, tick);
    for (Start& j : joined) pool.push_back(std::move(j));
    for (const auto& [key, j] : judged_now) {  // the first judgement of a form stays
      if (judged.size() >= kJudgedCap) break;
      judged.emplace(key, j);
    }
  }
  report.stopped = !whole && !count_reached && report.failure.empty();
  for (const auto& stage : stages) {
    tally.bounded += stage->tally().bounded;
    tally.graded += stage->tally().graded;
    tally.timed_out += stage->tally().timed_out;
    report.timed_out += stage->tally().timed_out;
  }
  report.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  tick();
  return summary;
}

}  // namespace sudokit::produce
