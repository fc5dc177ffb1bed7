#pragma once
// The threads that serve `volley serve`'s connections (sim/web/http_server.hpp): a fixed number, and
// a connection that finds none free is refused with 503 at once, never queued behind slow clients
// and never reset. Refusals are answered by one thread of their own (the answer, then a short
// lingering read so the client sees it rather than a reset); past a bound on refusals waiting, a
// connection is answered without lingering on the accepting thread itself.
#include <httplib.h>

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace volley {

class ConnectionPool : public httplib::TaskQueue {
 public:
  enum class Duty { Serve, Refuse, RefuseAtOnce };

  ConnectionPool(size_t threads, size_t refusals_waiting);
  ~ConnectionPool() override;
  ConnectionPool(const ConnectionPool&) = delete;
  ConnectionPool& operator=(const ConnectionPool&) = delete;

  void enqueue(std::function<void()> connection) override;
  void shutdown() override;

  // What the connection running on this thread is to get: served, or refused.
  static Duty duty();

 private:
  // A thread's life: take the next connection of its queue (to serve, or to refuse), until shutdown.
  void work(Duty duty);

  // A lock off every hot path: taken once per connection accepted and ended, never by a trial.
  std::mutex mutex_;
  std::condition_variable work_;
  std::condition_variable refusal_;
  std::deque<std::function<void()>> connections_;
  std::deque<std::function<void()>> refusals_;
  size_t busy_ = 0;  // threads serving a connection
  size_t refusals_waiting_;
  bool shutting_down_ = false;
  std::vector<std::thread> threads_;
  std::thread refuser_;
};

}  // namespace volley
