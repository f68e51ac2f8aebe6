#include "rt/histogram.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace hilsim::rt {

namespace {
constexpr std::int64_t kLinear = 256;  // values below this have a bucket each
constexpr int kSubBits = 7;            // 2^7 = 128 buckets per power of two above kLinear
constexpr std::int64_t kSub = std::int64_t{1} << kSubBits;
}  // namespace

std::size_t DurationHistogram::bucket_of(std::int64_t ns) noexcept {
  if (ns < kLinear) return static_cast<std::size_t>(std::max<std::int64_t>(ns, 0));
  const int msb = static_cast<int>(std::bit_width(static_cast<std::uint64_t>(ns))) - 1;  // ≥ 8
  const int shift = msb - kSubBits;                                                      // ≥ 1
  const std::int64_t top = ns >> shift;                                                  // in [128, 256)
  const std::size_t b = static_cast<std::size_t>(kLinear + (shift - 1) * kSub + (top - kSub));
  return std::min(b, kBuckets - 1);
}

std::int64_t DurationHistogram::bucket_lower(std::size_t bucket) noexcept {
  const auto b = static_cast<std::int64_t>(bucket);
  if (b < kLinear) return b;
  const std::int64_t shift = (b - kLinear) / kSub + 1;
  const std::int64_t top = (b - kLinear) % kSub + kSub;
  return top << shift;
}

std::int64_t DurationHistogram::bucket_upper(std::size_t bucket) noexcept {
  if (bucket + 1 >= kBuckets) return INT64_MAX;
  return bucket_lower(bucket + 1) - 1;
}

void DurationHistogram::record(std::int64_t ns) noexcept {
  if (ns < 0) ns = 0;  // CLOCK_MONOTONIC never runs backwards; guard the arithmetic anyway
  ++buckets_[bucket_of(ns)];
  if (count_ == 0 || ns < min_) min_ = ns;
  if (count_ == 0 || ns > max_) max_ = ns;
  ++count_;
  sum_ += static_cast<long double>(ns);
}

double DurationHistogram::mean() const {
  return count_ ? static_cast<double>(sum_ / static_cast<long double>(count_)) : 0.0;
}

std::int64_t DurationHistogram::percentile(double p) const {
  if (count_ == 0) return 0;
  const double wanted = std::ceil(std::clamp(p, 0.0, 1.0) * static_cast<double>(count_));
  const std::uint64_t rank = std::max<std::uint64_t>(1, static_cast<std::uint64_t>(wanted));
  std::uint64_t seen = 0;
  for (std::size_t b = 0; b < kBuckets; ++b) {
    seen += buckets_[b];
    if (seen >= rank) return std::clamp(bucket_upper(b), min_, max_);
  }
  return max_;
}

std::uint64_t DurationHistogram::count_above(std::int64_t threshold_ns) const {
  std::uint64_t n = 0;
  for (std::size_t b = 0; b < kBuckets; ++b) {
    if (bucket_lower(b) > threshold_ns) n += buckets_[b];
  }
  return n;
}

}  // namespace hilsim::rt
