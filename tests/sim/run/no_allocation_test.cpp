// No heap allocation inside the trial loop (docs/architecture.md "The kernel"): a counting replacement
// of the global operator new, switched on only around the loop, proves that playing trials of every
// shipped scenario allocates nothing once the worker exists.
#include "sim/scenario/embedded_scenarios.hpp"
#include "sim/scenario/scenario_model.hpp"

#include <catch2/catch.hpp>

#include <atomic>
#include <cstdlib>
#include <new>

namespace {
std::atomic<bool> counting{false};
std::atomic<uint64_t> allocations{0};
}  // namespace

void* operator new(std::size_t size) {
  if (counting.load(std::memory_order_relaxed)) allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size) { return operator new(size); }
// Every replaceable form that pairs with the deletes below (Catch2 uses the nothrow ones), so that no
// allocation made by the library's operator new is released by this file's free.
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  if (counting.load(std::memory_order_relaxed)) allocations.fetch_add(1, std::memory_order_relaxed);
  return std::malloc(size == 0 ? 1 : size);
}
void* operator new[](std::size_t size, const std::nothrow_t& tag) noexcept { return operator new(size, tag); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

TEST_CASE("Playing trials allocates nothing on the heap, for every shipped scenario", "[sim][allocation]") {
  for (const auto& shipped : volley::embedded_scenarios()) {
    for (const char* policy : {"", "herero.policy=always"}) {
      std::vector<std::string> sets;
      if (*policy != '\0') {
        if (std::string(shipped.name).find("barrage") != std::string::npos || std::string(shipped.name) == "designated-targets" ||
            std::string(shipped.name) == "pre-registered")
          continue;
        sets.push_back(policy);
      }
      const auto model = volley::load_model(volley::open_scenario(shipped.name, sets));
      const auto job = model->make_job(42);
      auto worker = job->make_worker();
      std::vector<int64_t> obs(job->schema()->observations());
      worker->play(0, obs.data());  // first use may touch lazily built tables
      allocations = 0;
      counting = true;
      for (uint64_t t = 1; t <= 2000; ++t) worker->play(t, obs.data());
      counting = false;
      INFO(shipped.name << " " << policy);
      CHECK(allocations.load() == 0);
    }
  }
}
