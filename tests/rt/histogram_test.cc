// The duration histogram: bucket edges, exact statistics and percentiles against a sorted list.
#include "rt/histogram.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <random>
#include <vector>

namespace hilsim::rt {
namespace {

TEST(DurationHistogram, BucketsTileTheRangeWithoutGaps) {
  for (std::size_t b = 0; b + 1 < DurationHistogram::kBuckets; ++b) {
    ASSERT_EQ(DurationHistogram::bucket_upper(b) + 1, DurationHistogram::bucket_lower(b + 1)) << b;
    ASSERT_EQ(DurationHistogram::bucket_of(DurationHistogram::bucket_lower(b)), b);
    ASSERT_EQ(DurationHistogram::bucket_of(DurationHistogram::bucket_upper(b)), b);
  }
}

TEST(DurationHistogram, BucketWidthIsBelowOnePercentOfItsValues) {
  for (std::size_t b = 256; b + 1 < DurationHistogram::kBuckets; ++b) {
    const double lo = static_cast<double>(DurationHistogram::bucket_lower(b));
    const double width = static_cast<double>(DurationHistogram::bucket_upper(b)) - lo + 1.0;
    ASSERT_LE(width / lo, 1.0 / 128.0) << b;
  }
  EXPECT_EQ(DurationHistogram::bucket_of(-5), 0u);
  EXPECT_EQ(DurationHistogram::bucket_of(INT64_MAX), DurationHistogram::kBuckets - 1);
}

TEST(DurationHistogram, EmptyHistogramReportsZeros) {
  const auto h = std::make_unique<DurationHistogram>();
  EXPECT_EQ(h->count(), 0u);
  EXPECT_EQ(h->percentile(0.99), 0);
  EXPECT_EQ(h->max(), 0);
  EXPECT_EQ(h->mean(), 0.0);
}

TEST(DurationHistogram, StatisticsMatchASortedList) {
  std::mt19937_64 rng(7);
  // Latency-like: most values of tens of microseconds, a tail up to milliseconds.
  std::lognormal_distribution<double> dist(10.0, 0.8);
  std::vector<std::int64_t> values;
  const auto h = std::make_unique<DurationHistogram>();
  for (int i = 0; i < 100000; ++i) {
    const auto v = static_cast<std::int64_t>(dist(rng));
    values.push_back(v);
    h->record(v);
  }
  std::sort(values.begin(), values.end());
  EXPECT_EQ(h->count(), values.size());
  EXPECT_EQ(h->min(), values.front());
  EXPECT_EQ(h->max(), values.back());
  long double sum = 0;
  for (auto v : values) sum += static_cast<long double>(v);
  EXPECT_DOUBLE_EQ(h->mean(), static_cast<double>(sum / static_cast<long double>(values.size())));
  for (double p : {0.5, 0.9, 0.99, 0.999, 1.0}) {
    const std::size_t rank = static_cast<std::size_t>(std::ceil(p * static_cast<double>(values.size())));
    const std::int64_t exact = values[rank - 1];
    const std::int64_t got = h->percentile(p);
    // The histogram answers the upper edge of the exact value's bucket.
    EXPECT_GE(got, exact) << p;
    EXPECT_LE(static_cast<double>(got), static_cast<double>(exact) * (1.0 + 1.0 / 128.0) + 1.0) << p;
  }
  const std::int64_t threshold = 100000;
  const auto above =
      static_cast<std::uint64_t>(values.end() - std::upper_bound(values.begin(), values.end(), threshold));
  // Counting by bucket: exact when the threshold is a bucket edge.
  const std::int64_t edge = DurationHistogram::bucket_upper(DurationHistogram::bucket_of(threshold));
  const auto above_edge =
      static_cast<std::uint64_t>(values.end() - std::upper_bound(values.begin(), values.end(), edge));
  EXPECT_EQ(h->count_above(threshold), above_edge);
  EXPECT_LE(h->count_above(threshold), above);
}

TEST(DurationHistogram, SmallValuesAreExact) {
  const auto h = std::make_unique<DurationHistogram>();
  for (int v = 1; v <= 200; ++v) h->record(v);
  EXPECT_EQ(h->percentile(0.5), 100);
  EXPECT_EQ(h->percentile(0.99), 198);
  EXPECT_EQ(h->percentile(1.0), 200);
}

}  // namespace
}  // namespace hilsim::rt
