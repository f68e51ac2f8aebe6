// The trajectory CSV writer and the CSV reader together: every number hilsim writes reads back to
// the same double, bit for bit (shortest round-trip form), over random doubles of every exponent,
// subnormals, ±0 and the extremes; and the writer's bytes for a known row stay as they were.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cfloat>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>
#include <span>
#include <sstream>
#include <string_view>
#include <vector>

#include "tests/tools/binary_harness.h"
#include "tools/io/csv_row.h"
#include "tools/io/csv_table.h"
#include "tools/io/input_error.h"
#include "tools/io/trajectory_files.h"

namespace hilsim {
namespace {

namespace fs = std::filesystem;

// Doubles that stress shortest formatting: random bit patterns (every exponent), random values of a
// simulation's magnitudes, subnormals, ±0, the extremes and values next to powers of ten.
std::vector<double> hard_doubles(std::size_t random_count) {
  std::vector<double> v = {0.0,
                           -0.0,
                           std::numeric_limits<double>::denorm_min(),
                           -std::numeric_limits<double>::denorm_min(),
                           DBL_MIN,
                           std::nextafter(DBL_MIN, 0.0),
                           DBL_MAX,
                           -DBL_MAX,
                           DBL_EPSILON,
                           1.0,
                           0.1,
                           1e23,
                           5e-324,
                           2.2250738585072014e-308,
                           9007199254740993.0,
                           1e-5,
                           123456789012345680.0};
  for (double p = 1e-300; p < 1e300; p *= 1e10) {
    v.push_back(std::nextafter(p, 0.0));
    v.push_back(std::nextafter(p, INFINITY));
  }
  std::mt19937_64 rng(20240516);
  std::uniform_int_distribution<std::uint64_t> bits;
  std::uniform_real_distribution<double> subnormal(0.0, DBL_MIN);
  std::normal_distribution<double> state(0.0, 1e6);
  for (std::size_t i = 0; i < random_count; ++i) {
    double x = std::bit_cast<double>(bits(rng));
    if (!std::isfinite(x)) x = std::bit_cast<double>(bits(rng) >> 2);  // a finite pattern instead
    v.push_back(x);
    v.push_back(subnormal(rng) * (i % 2 ? -1.0 : 1.0));
    v.push_back(state(rng));
  }
  return v;
}

// The samples of a trajectory file carrying `values` in every column, 17 to a row.
std::vector<sim::Sample> samples_of(const std::vector<double>& values) {
  std::vector<sim::Sample> rows;
  for (std::size_t i = 0; i < values.size(); i += 17) {
    double f[17];
    for (std::size_t k = 0; k < 17; ++k) f[k] = values[(i + k) % values.size()];
    sim::Sample s;
    s.t = f[0], s.cyl[0].kappa = f[1], s.cyl[0].s = f[2], s.cyl[0].s_dot = f[3], s.cyl[0].p1 = f[4],
    s.cyl[0].p2 = f[5], s.cyl[0].f_h = f[6];
    s.theta[0] = f[7], s.theta[1] = f[8], s.cyl[1].s = f[9], s.cyl[1].s_dot = f[10], s.cyl[1].p1 = f[11],
    s.cyl[1].p2 = f[12];
    s.cyl[1].f_h = f[13], s.cyl[1].kappa = f[14], s.dE = f[15], s.E_balance = f[16];
    rows.push_back(s);
  }
  return rows;
}

std::vector<double> fields_of(const sim::Sample& s) {
  return {s.t,          s.cyl[0].kappa, s.cyl[0].s,     s.cyl[0].s_dot, s.cyl[0].p1,    s.cyl[0].p2,
          s.cyl[0].f_h, s.theta[0],     s.theta[1],     s.cyl[1].s,     s.cyl[1].s_dot, s.cyl[1].p1,
          s.cyl[1].p2,  s.cyl[1].f_h,   s.cyl[1].kappa, s.dE,           s.E_balance};
}

// A data line with a field that is not a number reads as one more header line (titles and headers
// precede the data), so a table whose only data line is bad has no rows: the message names that
// line and its field, not only "no rows".
TEST(CsvTable, ATableWhoseDataLineIsBadNamesTheLine) {
  std::istringstream in("t,kappa\n0,abc\n");
  try {
    (void)io::read_numeric_csv(in, "k.csv", {});
    ADD_FAILURE() << "no error";
  } catch (const io::InputError& e) {
    EXPECT_STREQ(e.what(),
                 "k.csv: no rows of numbers found (line 2, read as a header: field 2 'abc' is not a number)");
  }
  std::istringstream titles("t,kappa\n");
  EXPECT_THROW((void)io::read_numeric_csv(titles, "k.csv", {}), io::InputError);
}

TEST(CsvRoundTrip, EveryWrittenNumberReadsBackToTheSameBits) {
  const std::vector<double> values = hard_doubles(20000);
  const std::vector<sim::Sample> rows = samples_of(values);
  const fs::path path = test::temp_path("csv", ".csv");
  std::ofstream(path, std::ios::binary) << io::trajectory_csv(rows, 2);
  const io::CsvTable table = io::read_numeric_csv(path.string());
  ASSERT_EQ(table.rows.size(), rows.size());
  std::size_t checked = 0;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const std::vector<double> expected = fields_of(rows[r]);
    ASSERT_EQ(table.rows[r].size(), expected.size());
    for (std::size_t k = 0; k < expected.size(); ++k) {
      // Bits, not ==: -0 must stay -0.
      ASSERT_EQ(std::bit_cast<std::uint64_t>(table.rows[r][k]), std::bit_cast<std::uint64_t>(expected[k]))
          << "row " << r << " column " << table.header[k] << ": wrote " << expected[k];
      ++checked;
    }
  }
  EXPECT_GE(checked, values.size());
  fs::remove(path);
}

TEST(CsvRoundTrip, ALinePutInPlaceHasTheBytesOfACsvRow) {
  // put_csv_line (trajectory rows, formatted where they are written) and CsvRow are one format.
  const std::vector<double> values = hard_doubles(2000);
  for (std::size_t width : {std::size_t{0}, std::size_t{1}, std::size_t{11}, std::size_t{25}}) {
    for (std::size_t i = 0; i + width <= values.size(); i += std::max<std::size_t>(width, 1)) {
      const std::span<const double> line(values.data() + i, width);
      io::CsvRow row;
      for (double v : line) row.add(v);
      // Exactly the room the contract asks for: a value longer than kMaxDoubleBytes would not fit.
      std::vector<char> buffer(std::max<std::size_t>(width * (io::kMaxDoubleBytes + 1), 1));
      const char* end = io::put_csv_line(buffer.data(), line);
      ASSERT_EQ(std::string_view(buffer.data(), static_cast<std::size_t>(end - buffer.data())), row.text())
          << width << " values from " << i;
      if (width == 0) break;
    }
  }
}

TEST(CsvRoundTrip, TheLongestRowsFitTheirBound) {
  // Every column at the longest shortest form: the bound the writer's buffer is sized by, to the byte.
  const double longest = -2.2250738585072014e-308;
  char text[64];
  ASSERT_EQ(static_cast<std::size_t>(std::to_chars(text, text + sizeof text, longest).ptr - text),
            io::kMaxDoubleBytes);
  sim::Sample s;
  for (double* v :
       {&s.t,          &s.cyl[0].kappa, &s.cyl[0].s,   &s.cyl[0].s_dot, &s.cyl[0].p1,     &s.cyl[0].p2,
        &s.cyl[0].f_h, &s.theta[0],     &s.theta[1],   &s.cyl[1].kappa, &s.cyl[1].s,      &s.cyl[1].s_dot,
        &s.cyl[1].p1,  &s.cyl[1].p2,    &s.cyl[1].f_h, &s.dE,           &s.E_balance,     &s.tool_x,
        &s.tool_y,     &s.tool_theta,   &s.tool_xdot,  &s.tool_ydot,    &s.tool_thetadot, &s.normal_force})
    *v = longest;
  s.contacts = -1000000;  // 8 bytes; a column never wider than a double's
  for (int actuators : {1, 2}) {
    for (bool tool : {false, true}) {
      const std::string csv = io::trajectory_csv(std::span(&s, 1), actuators, tool);
      const std::size_t header = io::trajectory_header(actuators, tool).size();
      EXPECT_LE(csv.size() - header, io::max_trajectory_row_bytes(actuators, tool)) << actuators << tool;
      EXPECT_GE(csv.size() - header, io::max_trajectory_row_bytes(actuators, tool) - io::kMaxDoubleBytes)
          << actuators << tool;
    }
  }
}

TEST(CsvRoundTrip, NumbersAreInTheirShortestForm) {
  io::CsvRow row;
  for (double v : {0.1, -0.0, 1e23, 5e-324, 1e-5, 123456.0, 1.0 / 3.0, 1e21, 2.5e-7}) row.add(v);
  row.add(std::int64_t{-42});
  EXPECT_EQ(row.text(), "0.1,-0,1e+23,5e-324,1e-05,123456,0.3333333333333333,1e+21,2.5e-07,-42\n");
}

TEST(CsvRoundTrip, TrajectoryRowBytesAreUnchanged) {
  // The bytes every recording's output hash and the replay and threads tests rest on.
  sim::Sample s;
  s.t = 0.001, s.cyl[0].kappa = 0.45434559, s.cyl[0].s = 0.5000000123, s.cyl[0].s_dot = -1.5e-6,
  s.cyl[0].p1 = 3170846.2, s.cyl[0].p2 = 4529153.8;
  s.cyl[0].f_h = 8829.000000000002, s.theta[0] = 0.5235987755982988, s.theta[1] = -0.0, s.dE = 1e-12,
  s.E_balance = -0.25;
  EXPECT_EQ(
      io::trajectory_csv(std::span(&s, 1), 1),
      "t,kappa,s1,s1dot,p1,p2,fh,theta1,theta2,dE,Ebal\n"
      "0.001,0.45434559,0.5000000123,-1.5e-06,3170846.2,4529153.8,8829.000000000002,0.5235987755982988,-0,"
      "1e-12,-0.25\n");
  std::ostringstream mono;
  io::write_monolithic_row(mono, s, 2.5e-9, 3);
  EXPECT_EQ(
      mono.str(),
      "0.001,0.45434559,0.5000000123,-1.5e-06,3170846.2,4529153.8,8829.000000000002,0.5235987755982988,-0,"
      "2.5e-09,3\n");
}

// Reading only some columns keeps those, in the file's order, with the values of a full read, and
// still checks every row's width.
TEST(CsvColumns, OnlyTheNamedColumnsAreKept) {
  const std::string text = "title line\nt, a, B, c\n0, 1, 2, 5\n0.5, 3, 4, 6\n";
  std::istringstream in(text);
  const io::CsvTable table = io::read_numeric_csv(in, "mem.csv", {"b", "t"});
  ASSERT_EQ(table.header, (std::vector<std::string>{"t", "B"}));
  ASSERT_EQ(table.rows.size(), 2u);
  EXPECT_EQ(table.rows[1], (std::vector<double>{0.5, 4.0}));
  EXPECT_EQ(table.column({"b"}), 1u);
  std::istringstream short_row("t, a\n0, 1\n0.5\n");
  EXPECT_THROW(io::read_numeric_csv(short_row, "mem.csv", {"t"}), io::InputError);
  std::istringstream all(text);
  EXPECT_EQ(io::read_numeric_csv(all, "mem.csv").rows[1], (std::vector<double>{0.5, 3.0, 4.0, 6.0}));
}

}  // namespace
}  // namespace hilsim
