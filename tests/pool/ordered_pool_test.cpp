// The ordered pool (pool/include/sudokit/pool/ordered_pool.hpp): results in
// submission order whatever order the jobs finish in, the bounded window,
// what a job throws passed on in order, stop and the destructor joining,
// no threads when there are no workers.
#include "sudokit/pool/ordered_pool.hpp"
#include "gate.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace sudokit::pool {
namespace {

using namespace std::chrono_literals;

TEST(OrderedPool, HandsBackInSubmissionOrderWhateverOrderJobsFinish) {
  for (unsigned workers : {0u, 1u, 2u, 4u}) {
    // Early jobs sleep longest, so with several workers later ones finish first.
    std::atomic<int> out_of_order{0}, last_finished{-1};
    OrderedPool<int, int> pool(workers, 8, [&](unsigned, int& job, const std::atomic<bool>&) {
      std::this_thread::sleep_for(std::chrono::microseconds(200 * (job % 8 == 0 ? 8 : 1)));
      if (last_finished.exchange(job) > job) ++out_of_order;
      return job * job;
    });
    std::vector<int> got;
    int next = 0;
    while (next < 200 || !pool.empty()) {
      while (next < 200 && !pool.full()) pool.submit(next++);
      const auto r = pool.take();
      ASSERT_TRUE(r.has_value());
      got.push_back(*r);
    }
    ASSERT_EQ(got.size(), 200u) << workers;
    for (int i = 0; i < 200; ++i) EXPECT_EQ(got[i], i * i) << workers;
    if (workers >= 2) {
      EXPECT_GT(out_of_order.load(), 0) << "the jobs never ran out of order with " << workers;
    }
  }
}

TEST(OrderedPool, WindowBoundsTheJobsRunAheadOfTheOldest) {
  Gate gate;
  std::atomic<int> started{0};
  OrderedPool<int, int> pool(4, 3, [&](unsigned, int& job, const std::atomic<bool>&) {
    ++started;
    if (job == 0) gate.wait();  // the oldest holds everything behind it
    return job;
  });
  int next = 0;
  while (!pool.full()) pool.submit(next++);
  EXPECT_EQ(next, 3);
  EXPECT_EQ(pool.size(), 3u);
  // Nothing taken while the oldest is held, so no more than the window runs.
  EXPECT_FALSE(pool.take(50ms).has_value());
  EXPECT_LE(started.load(), 3);
  gate.open();
  for (int expect = 0; expect < 10; ++expect) {
    const auto r = pool.take();
    ASSERT_TRUE(r.has_value());
    EXPECT_EQ(*r, expect);
    EXPECT_LE(started.load(), expect + 1 + 3);  // taken + window at the most
    if (next < 10) pool.submit(next++);
  }
  EXPECT_TRUE(pool.empty());
  EXPECT_FALSE(pool.take().has_value());
}

TEST(OrderedPool, FirstErrorInOrderIsPassedOnAfterTheResultsBeforeIt) {
  for (unsigned workers : {0u, 3u}) {
    std::atomic<int> ran{0};
    bool caught = false;
    std::vector<int> got;
    try {
      OrderedPool<int, int> pool(workers, 16, [&](unsigned, int& job, const std::atomic<bool>&) {
        ++ran;
        // Job 6 throws first in time (no wait); job 4 is the first in order.
        if (job == 4) {
          std::this_thread::sleep_for(20ms);
          throw std::runtime_error("job 4");
        }
        if (job == 6) throw std::runtime_error("job 6");
        return job;
      });
      for (int i = 0; i < 10; ++i) pool.submit(i);
      for (;;) got.push_back(*pool.take());
    } catch (const std::runtime_error& e) {
      caught = true;
      EXPECT_STREQ(e.what(), "job 4") << workers;
    }
    // The pool is gone (its workers joined, job 6's error dropped) by here.
    EXPECT_TRUE(caught) << workers;
    EXPECT_EQ(got, (std::vector<int>{0, 1, 2, 3})) << workers;
    EXPECT_EQ(ran.load(), 10) << workers;
  }
}

TEST(OrderedPool, StopJoinsTheWorkersKeepsWhatIsBackAndDropsTheRest) {
  std::atomic<int> ran{0};
  OrderedPool<int, int> pool(2, 64, [&](unsigned, int& job, const std::atomic<bool>& stop) {
    ++ran;
    if (job < 4) return job;  // quick ones
    while (!stop.load()) std::this_thread::sleep_for(1ms);  // a long walk that ends on the stop
    return -job;
  });
  for (int i = 0; i < 40; ++i) pool.submit(i);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(pool.take(), std::optional<int>(i));
  while (ran.load() < 6) std::this_thread::sleep_for(1ms);  // both workers in a long job
  pool.stop();
  // The two long jobs running at the stop returned; nothing else was started.
  EXPECT_EQ(ran.load(), 6);
  EXPECT_EQ(pool.take(0ms), std::optional<int>(-4));
  EXPECT_EQ(pool.take(0ms), std::optional<int>(-5));
  EXPECT_FALSE(pool.take().has_value());
  EXPECT_TRUE(pool.empty());
}

TEST(OrderedPool, DestructorStopsAndJoinsWorkersStillRunning) {
  std::atomic<int> finished{0};
  {
    OrderedPool<int, int> pool(3, 8, [&](unsigned, int& job, const std::atomic<bool>& stop) {
      while (!stop.load()) std::this_thread::sleep_for(1ms);
      ++finished;
      return job;
    });
    for (int i = 0; i < 8; ++i) pool.submit(i);
    std::this_thread::sleep_for(20ms);
  }  // would hang (or std::terminate on joinable threads) without the stop and the join
  EXPECT_EQ(finished.load(), 3);
}

TEST(OrderedPool, NoWorkersRunsEachJobOnTheCallingThreadInsideSubmit) {
  const auto caller = std::this_thread::get_id();
  int ran = 0;
  OrderedPool<int, std::thread::id> pool(0, 4, [&](unsigned worker, int&, const std::atomic<bool>&) {
    EXPECT_EQ(worker, 0u);
    ++ran;
    return std::this_thread::get_id();
  });
  pool.submit(1);
  EXPECT_EQ(ran, 1);  // before any take
  pool.submit(2);
  EXPECT_EQ(ran, 2);
  EXPECT_EQ(pool.take(0ms), std::optional<std::thread::id>(caller));
  EXPECT_EQ(pool.take(0ms), std::optional<std::thread::id>(caller));
}

TEST(OrderedPool, WorkerIndexGivesEachThreadItsOwnState) {
  // Each worker's state is touched by that worker alone: no two jobs on the
  // same index at once.
  constexpr unsigned kWorkers = 3;
  std::vector<std::atomic<int>> busy(kWorkers);
  std::atomic<int> clashes{0};
  OrderedPool<int, unsigned> pool(kWorkers, 32, [&](unsigned w, int&, const std::atomic<bool>&) {
    if (busy[w]++ != 0) ++clashes;
    std::this_thread::sleep_for(100us);
    --busy[w];
    return w;
  });
  std::vector<bool> used(kWorkers);
  int next = 0;
  while (next < 300 || !pool.empty()) {
    while (next < 300 && !pool.full()) pool.submit(next++);
    const unsigned w = *pool.take();
    ASSERT_LT(w, kWorkers);
    used[w] = true;
  }
  EXPECT_EQ(clashes.load(), 0);
  EXPECT_EQ(used, std::vector<bool>(kWorkers, true));
}

TEST(OrderedPool, SubmitResultKeepsItsPlace) {
  OrderedPool<int, std::string> pool(2, 8, [](unsigned, int& job, const std::atomic<bool>&) {
    std::this_thread::sleep_for(std::chrono::milliseconds(job));
    return std::to_string(job);
  });
  pool.submit(30);
  pool.submit_result("between");
  pool.submit(1);
  EXPECT_EQ(*pool.take(), "30");
  EXPECT_EQ(*pool.take(), "between");
  EXPECT_EQ(*pool.take(), "1");
}

TEST(Workers, WhatEscapesAWorkerIsRethrownByCheckAndStopsTheOthers) {
  Workers workers;
  workers.start(3, [&](unsigned w) {
    if (w == 1) throw std::runtime_error("worker 1");
    while (!workers.stopping().load()) std::this_thread::sleep_for(1ms);
  });
  {
    std::unique_lock<std::mutex> lock(workers.mutex());
    workers.cv().wait(lock, [&] { return workers.failed(); });
    EXPECT_THROW(workers.check(), std::runtime_error);
  }
  EXPECT_TRUE(workers.stopping().load());
  workers.stop();  // the other two saw the flag and ended
}

}  // namespace
}  // namespace sudokit::pool
