#include "sudokit/serve/server.hpp"

#include <httplib.h>
#include <pthread.h>
#include <signal.h>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

namespace sudokit::serve {

namespace {

// Set while the acceptor thread answers a connection the full queue refused.
thread_local bool t_refused = false;

// httplib's task queue with a bound: `workers` threads take connections from
// a queue of at most `capacity`. A connection beyond it is answered on the
// acceptor thread with 503 and Retry-After (t_refused), and closed.
class BoundedPool : public httplib::TaskQueue {
 public:
  BoundedPool(int workers, int capacity) : capacity_(static_cast<std::size_t>(capacity)) {
    for (int i = 0; i < workers; ++i) threads_.emplace_back([this] { work(); });
  }
  void enqueue(std::function<void()> fn) override {
    {
      std::unique_lock lock(mutex_);
      if (jobs_.size() < capacity_) {
        jobs_.push_back(std::move(fn));
        cond_.notify_one();
        return;
      }
    }
    t_refused = true;
    fn();
    t_refused = false;
  }
  void shutdown() override {  // runs the queued connections, then joins
    {
      std::unique_lock lock(mutex_);
      stop_ = true;
    }
    cond_.notify_all();
    for (std::thread& t : threads_) t.join();
  }

 private:
  void work() {
    for (;;) {
      std::function<void()> fn;
      {
        std::unique_lock lock(mutex_);
        cond_.wait(lock, [&] { return stop_ || !jobs_.empty(); });
        if (jobs_.empty()) return;
        fn = std::move(jobs_.front());
        jobs_.pop_front();
      }
      fn();
    }
  }
  std::size_t capacity_;
  std::mutex mutex_;
  std::condition_variable cond_;
  std::deque<std::function<void()>> jobs_;
  std::vector<std::thread> threads_;
  bool stop_ = false;
};

void answer(httplib::Response& res, const Response& r) {
  res.status = r.status;
  for (const auto& [k, v] : r.headers) res.set_header(k, v);
  res.set_content(r.body, r.content_type);
}

}  // namespace

bool run_server(const ServerOptions& options, std::ostream& log, const std::function<void(int)>& on_ready,
                std::string& error) {
  Service service(options.limits, options.token);
  httplib::Server server;
  server.new_task_queue = [&] { return new BoundedPool(options.threads, options.queue); };
  server.set_read_timeout(options.timeout_seconds, 0);
  server.set_write_timeout(options.timeout_seconds, 0);
  server.set_payload_max_length(options.limits.max_body);  // httplib answers 413 beyond it
  std::mutex log_mutex;
  // A refused connection (queue full) is answered before its body is read.
  server.set_pre_routing_handler([&](const httplib::Request&, httplib::Response& res) {
    if (!t_refused) return httplib::Server::HandlerResponse::Unhandled;
    answer(res, {503, "application/json", "{\"error\":\"server busy, retry later\"}\n", {{"Retry-After", "1"}, {"Connection", "close"}}});
    service.count_status(503);
    return httplib::Server::HandlerResponse::Handled;
  });
  // Every path and method goes to the Service (its routing gives 404 and 405).
  const auto handler = [&](const httplib::Request& req, httplib::Response& res) {
    const auto start = std::chrono::steady_clock::now();
    Request rq{req.method, req.path, req.body, req.get_header_value("Authorization")};
    answer(res, service.handle(rq));
    const auto us = std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start).count();
    std::lock_guard lock(log_mutex);  // no headers, no bodies: the token never reaches the log
    log << req.remote_addr << ' ' << req.method << ' ' << req.path << ' ' << res.status << ' ' << us << "us\n"
        << std::flush;
  };
  server.Get(".*", handler);
  server.Post(".*", handler);
  server.Put(".*", handler);
  server.Delete(".*", handler);
  server.Patch(".*", handler);
  server.set_error_handler([&](const httplib::Request&, httplib::Response& res) {
    // httplib's own refusals (413 over the payload limit, 400 unreadable requests, 408): JSON too.
    if (res.body.empty()) {
      const std::string msg = res.status == 413   ? "request body over the limit of " + std::to_string(options.limits.max_body) + " bytes"
                              : res.status == 408 ? "request not read in time"
                                                  : "bad request (HTTP status " + std::to_string(res.status) + ")";
      res.set_content("{\"error\":\"" + msg + "\"}\n", "application/json");
    }
  });

  // SIGTERM and SIGINT are taken by a waiting thread (blocked everywhere else,
  // before any thread starts), which stops the server: listen returns after
  // the workers finish the requests they hold.
  sigset_t signals, old;
  sigemptyset(&signals);
  sigaddset(&signals, SIGTERM);
  sigaddset(&signals, SIGINT);
  pthread_sigmask(SIG_BLOCK, &signals, &old);
  const int port = options.port == 0 ? server.bind_to_any_port(options.host)
                                     : (server.bind_to_port(options.host, options.port) ? options.port : -1);
  if (port < 0) {
    pthread_sigmask(SIG_SETMASK, &old, nullptr);
    error = "cannot listen on " + options.host + ":" + std::to_string(options.port);
    return false;
  }
  std::atomic<bool> done{false};
  std::thread waiter([&] {
    const timespec tick{0, 200'000'000};
    while (!done) {
      if (sigtimedwait(&signals, nullptr, &tick) > 0) {
        server.stop();
        return;
      }
    }
  });
  on_ready(port);
  server.listen_after_bind();
  done = true;
  waiter.join();
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
  return true;
}

}  // namespace sudokit::serve
