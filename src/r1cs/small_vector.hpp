// SmallVector: a vector of trivially copyable values that keeps its first N elements inline
// (no heap allocation) and moves to the heap only beyond N. Linear combinations are built by
// the million during synthesis and almost all have ≤ 4 terms, so this removes one allocation
// per linear combination from the synthesis hot path.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <new>
#include <span>
#include <type_traits>
#include <utility>

namespace cuzk::r1cs {

template <class T, size_t N>
class SmallVector {
  static_assert(std::is_trivially_copyable_v<T>, "SmallVector copies elements with memcpy");

 public:
  SmallVector() = default;
  SmallVector(const SmallVector& o) { append(o.data(), o.size_); }
  SmallVector(SmallVector&& o) noexcept { steal(std::move(o)); }
  SmallVector& operator=(const SmallVector& o) {
    if (this != &o) {
      size_ = 0;
      append(o.data(), o.size_);
    }
    return *this;
  }
  SmallVector& operator=(SmallVector&& o) noexcept {
    if (this != &o) {
      release();
      steal(std::move(o));
    }
    return *this;
  }
  ~SmallVector() { release(); }

  void push_back(const T& value) {
    if (size_ == capacity_) grow(capacity_ * 2);
    data()[size_++] = value;
  }
  void append(const T* values, size_t count) {
    if (size_ + count > capacity_) grow(std::max(size_ + count, capacity_ * 2));
    if (count != 0) std::memcpy(static_cast<void*>(data() + size_), values, count * sizeof(T));
    size_ += count;
  }
  void clear() { size_ = 0; }

  T* data() { return heap_ ? heap_ : reinterpret_cast<T*>(inline_); }
  const T* data() const { return heap_ ? heap_ : reinterpret_cast<const T*>(inline_); }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T& operator[](size_t i) { return data()[i]; }
  const T& operator[](size_t i) const { return data()[i]; }
  T* begin() { return data(); }
  T* end() { return data() + size_; }
  const T* begin() const { return data(); }
  const T* end() const { return data() + size_; }
  std::span<const T> span() const { return {data(), size_}; }

 private:
  void grow(size_t capacity) {
    T* fresh = static_cast<T*>(::operator new(capacity * sizeof(T), std::align_val_t{alignof(T)}));
    if (size_ != 0) std::memcpy(static_cast<void*>(fresh), data(), size_ * sizeof(T));
    release();
    heap_ = fresh;
    capacity_ = capacity;
  }
  void release() {
    if (heap_) ::operator delete(heap_, std::align_val_t{alignof(T)});
    heap_ = nullptr;
    capacity_ = N;
  }
  void steal(SmallVector&& o) {
    size_ = o.size_;
    if (o.heap_) {
      heap_ = o.heap_;
      capacity_ = o.capacity_;
      o.heap_ = nullptr;
      o.capacity_ = N;
    } else if (size_ != 0) {
      std::memcpy(static_cast<void*>(inline_), o.inline_, size_ * sizeof(T));
    }
    o.size_ = 0;
  }

  T* heap_ = nullptr;
  size_t size_ = 0;
  size_t capacity_ = N;
  alignas(T) unsigned char inline_[N * sizeof(T)];
};

}  // namespace cuzk::r1cs
