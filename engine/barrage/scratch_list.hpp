#pragma once
// A list in a worker's scratch: its capacity is fixed once, from the scenario, and a trial pushes,
// clears and iterates it with no allocation and no capacity check (std::vector::push_back keeps
// both, out of line, on the hot path).
#include <cassert>
#include <cstddef>
#include <vector>

namespace volley::barrage {

template <class T>
class ScratchList {
 public:
  ScratchList() = default;
  explicit ScratchList(size_t capacity) : items_(capacity) {}

  void push_back(const T& item) noexcept {
    assert(size_ < items_.size());
    items_[size_++] = item;
  }
  void clear() noexcept { size_ = 0; }
  bool empty() const noexcept { return size_ == 0; }
  size_t size() const noexcept { return size_; }
  size_t capacity() const noexcept { return items_.size(); }

  T* begin() noexcept { return items_.data(); }
  T* end() noexcept { return items_.data() + size_; }
  const T* begin() const noexcept { return items_.data(); }
  const T* end() const noexcept { return items_.data() + size_; }

 private:
  std::vector<T> items_;
  size_t size_ = 0;
};

}  // namespace volley::barrage
