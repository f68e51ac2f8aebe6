// The jam detector on made-up samples: a stop of 0.2 s while pushing is a jam at the depth where it
// stopped; a shorter stop, a stop without a push, or a stop with the connector seated is none.
#include "sim/contact/jam_detector.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace hilsim::sim::contact {
namespace {

// 0.1 m/s until `stop` [s], then still (0.5 mm/s) until `go` [s], then 0.1 m/s again; 1 ms samples.
JamDetector run(double stop, double go, bool pushing, const JamSettings& settings = {}) {
  JamDetector d(settings);
  double depth = 0.0;
  for (int k = 1; k <= 2000; ++k) {
    const double t = 1e-3 * k;
    const double rate = (t > stop && t <= go) ? 5e-4 : 0.1;
    depth += 1e-3 * rate;
    d.update(t, depth, rate, pushing);
  }
  return d;
}

TEST(JamDetector, AStopOfAFifthOfASecondWhilePushingIsAJamWhereItStopped) {
  const JamDetector d = run(0.5, 1.5, true);
  ASSERT_TRUE(d.jammed());
  EXPECT_NEAR(d.jam_time(), 0.501, 1e-9);
  EXPECT_NEAR(d.jam_depth(), 0.05 + 5e-7, 1e-9);  // 0.5 s at 0.1 m/s, and the first still sample
}

TEST(JamDetector, AShorterStopAStopWithoutPushOrASeatedConnectorIsNone) {
  EXPECT_FALSE(run(0.5, 0.69, true).jammed());
  EXPECT_FALSE(run(0.5, 1.5, false).jammed());
  JamSettings seated;
  seated.full_depth = 0.0505;  // the stop at 0.05 m is within 1 mm of it
  EXPECT_FALSE(run(0.5, 1.5, true, seated).jammed());
}

TEST(JamDetector, BadSettingsAreRefused) {
  EXPECT_THROW(JamDetector({0.0, 0.2}), std::invalid_argument);
  EXPECT_THROW(JamDetector({1e-3, -1.0}), std::invalid_argument);
  JamSettings s;
  s.full_depth = 0.0;
  EXPECT_THROW(JamDetector{s}, std::invalid_argument);
}

}  // namespace
}  // namespace hilsim::sim::contact
