// A histogram of durations [ns] with fixed storage, for wake-up latencies and execution times
// recorded inside real-time loops: record() is O(1), noexcept and allocates nothing.
//
// Buckets: one per nanosecond below 256 ns, then 128 buckets per power of two (a bucket is at
// most 1/128 < 0.8 % of its value wide) up to 2^35 ns ≈ 34 s; longer durations share the last
// bucket. min, max and the mean are exact.
#pragma once

#include <array>
#include <cstdint>

namespace hilsim::rt {

class DurationHistogram final {
 public:
  void record(std::int64_t ns) noexcept;

  std::uint64_t count() const { return count_; }
  std::int64_t min() const { return count_ ? min_ : 0; }  // [ns]
  std::int64_t max() const { return count_ ? max_ : 0; }  // [ns]
  double mean() const;                                    // [ns]
  // The p-quantile, p in (0, 1]: the smallest v such that at least ⌈p·count⌉ values are ≤ v, to
  // the bucket's resolution (its upper edge, clamped to [min, max]). 0 when empty.
  std::int64_t percentile(double p) const;
  // Number of values > threshold_ns, to the bucket's resolution (a bucket counts when its lower
  // edge exceeds the threshold).
  std::uint64_t count_above(std::int64_t threshold_ns) const;

  static constexpr std::size_t kBuckets = 256 + 27 * 128;
  // The values recorded in `bucket` (< kBuckets), whose range bucket_lower() .. bucket_upper() gives.
  std::uint64_t bucket_count(std::size_t bucket) const { return buckets_[bucket]; }

  // Bucket of a value, and the inclusive value range of a bucket (exposed for tests).
  static std::size_t bucket_of(std::int64_t ns) noexcept;
  static std::int64_t bucket_lower(std::size_t bucket) noexcept;
  static std::int64_t bucket_upper(std::size_t bucket) noexcept;

 private:
  std::array<std::uint64_t, kBuckets> buckets_{};
  std::uint64_t count_ = 0;
  std::int64_t min_ = 0;
  std::int64_t max_ = 0;
  long double sum_ = 0.0L;  // [ns]; long double keeps the mean exact to well past 1e9 samples
};

}  // namespace hilsim::rt
