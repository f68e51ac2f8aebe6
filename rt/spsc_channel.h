// A first-in first-out channel from exactly one producer thread to exactly one consumer thread,
// with its capacity fixed at compile time: boost::lockfree::spsc_queue<T, capacity<N>>, whose
// ring buffer is stored inside the object (no allocation, ever).
//
// Why it is correct without locks (Boost.Lockfree's ringbuffer_base, checked against 1.74):
//  - The ring has N + 1 slots and two indices. Only the producer writes write_index, only the
//    consumer writes read_index; each side reads the other's index and its own.
//  - push: the producer reads read_index (acquire), and if a slot is free it copies the element
//    into slot write_index, then stores write_index + 1 (release). The element's bytes therefore
//    happen-before any load of the new write_index by the consumer.
//  - pop: the consumer reads write_index (acquire); if it differs from read_index, the element at
//    read_index was completely written (previous point), is copied out, and read_index + 1 is
//    stored (release), so the copy happens-before the producer reuses that slot.
//  - One slot always stays empty, so "full" (write + 1 == read) and "empty" (write == read) are
//    distinct without a shared counter. Both operations finish in a bounded number of steps
//    (wait-free), never block and never allocate: they may run inside real-time loops.
// The single-producer/single-consumer rule is the caller's to keep: every channel in hilsim has
// one owning thread at each end, named in the comment where it is declared.
#pragma once

#include <boost/lockfree/spsc_queue.hpp>
#include <cstddef>
#include <type_traits>

namespace hilsim::rt {

template <typename T, std::size_t Capacity>
class SpscChannel final {
  static_assert(std::is_trivially_copyable_v<T>, "channel elements are copied as plain data");

 public:
  static constexpr std::size_t kCapacity = Capacity;

  // Producer side. False (and nothing written) when the channel is full.
  bool try_push(const T& value) noexcept { return queue_.push(value); }

  // Consumer side. False when the channel is empty.
  bool try_pop(T& value) noexcept { return queue_.pop(value); }
  // The oldest element, or nullptr when empty; it stays in the channel until pop_front().
  const T* front() noexcept { return queue_.read_available() > 0 ? &queue_.front() : nullptr; }
  void pop_front() noexcept { queue_.pop(); }
  bool empty() const noexcept { return queue_.read_available() == 0; }

 private:
  boost::lockfree::spsc_queue<T, boost::lockfree::capacity<Capacity>> queue_;
};

}  // namespace hilsim::rt
