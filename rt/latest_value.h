// A latest-value channel from one producer thread to one consumer thread: the consumer always
// reads the newest value published so far; older unread values are overwritten, never queued.
// Used for commands (a valve position), where only the newest one matters.
//
// A triple buffer. Three slots; at any time one belongs to the producer (back), one to the
// consumer (front) and one is in the middle, whose index lives in an atomic byte with a "fresh"
// bit. Why it is correct without locks:
//  - publish: the producer writes its back slot, then exchanges (acq_rel) {back, fresh} into the
//    middle and takes the old middle index as its new back slot.
//  - read: if the middle is fresh, the consumer exchanges (acq_rel) its front index (not fresh)
//    into the middle and takes the old middle as its new front slot; then it reads its front slot.
//  - Every exchange swaps one owner's index with the middle's, so the three indices stay a
//    permutation of {0, 1, 2}: the producer and the consumer never touch the same slot.
//  - The producer's slot writes happen-before its release exchange; the consumer's acquire
//    exchange that takes that index reads the value the producer stored (or a later one in the
//    modification order of the byte, which belongs to a later publish), so the slot's bytes are
//    visible. Symmetrically the consumer's reads of a slot happen-before the producer's next
//    writes to it, because the index comes back to the producer through an acq_rel exchange.
//  - Both sides finish in a bounded number of steps (wait-free); T is copied, never allocated.
#pragma once

#include <atomic>
#include <cstdint>
#include <type_traits>

namespace hilsim::rt {

template <typename T>
class LatestValue final {
  static_assert(std::is_trivially_copyable_v<T>, "values are copied as plain data");

 public:
  // Producer side: never blocks, never fails.
  void publish(const T& value) noexcept {
    slots_[back_] = value;
    const std::uint8_t old =
        middle_.exchange(static_cast<std::uint8_t>(back_ | kFresh), std::memory_order_acq_rel);
    back_ = old & kIndexMask;
  }

  // Consumer side: the newest published value into `value`; false when nothing was ever
  // published (value untouched).
  bool read(T& value) noexcept {
    // The relaxed load is only a hint that a new value is waiting; the exchange synchronizes.
    if (middle_.load(std::memory_order_relaxed) & kFresh) {
      front_ = middle_.exchange(front_, std::memory_order_acq_rel) & kIndexMask;
      has_value_ = true;
    }
    if (!has_value_) return false;
    value = slots_[front_];
    return true;
  }

 private:
  static constexpr std::uint8_t kFresh = 0x4;
  static constexpr std::uint8_t kIndexMask = 0x3;

  T slots_[3]{};
  std::atomic<std::uint8_t> middle_{1};
  std::uint8_t back_ = 0;   // producer's slot; touched by the producer only
  std::uint8_t front_ = 2;  // consumer's slot; touched by the consumer only
  bool has_value_ = false;  // consumer only
};

}  // namespace hilsim::rt
