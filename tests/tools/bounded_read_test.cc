// io::BoundedLineReader: lines as they are in the file (the last one with or without its '\n'),
// and a line longer than the bound refused at one byte past it.
#include "tools/io/bounded_read.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "tools/io/input_error.h"

namespace hilsim {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::istringstream in(text);
  io::BoundedLineReader reader(in, "f.csv");
  std::vector<std::string> lines;
  std::string line;
  while (reader.next(line)) lines.push_back(line);
  return lines;
}

TEST(BoundedLineReader, ReadsEveryLineWithOrWithoutTheLastNewline) {
  EXPECT_EQ(lines_of("a,b\n\n1,2\r\n3"), (std::vector<std::string>{"a,b", "", "1,2\r", "3"}));
  EXPECT_EQ(lines_of("a\n"), (std::vector<std::string>{"a"}));
  EXPECT_EQ(lines_of(""), (std::vector<std::string>{}));
  EXPECT_EQ(lines_of("\xEF\xBB\xBFt,kappa\n"), (std::vector<std::string>{"t,kappa"}));
}

TEST(BoundedLineReader, TheLongestLineIsTheBound) {
  const std::string longest(io::kMaxInputLineBytes, 'x');
  EXPECT_EQ(lines_of(longest + "\n" + longest), (std::vector<std::string>{longest, longest}));
  for (const std::string& text : {longest + "x", longest + "x\n", longest + "xy\nz"}) {
    try {
      lines_of("ok\n" + text);
      ADD_FAILURE() << "a line of " << text.size() << " bytes was read";
    } catch (const io::InputError& e) {
      EXPECT_STREQ(e.what(), "f.csv:2: a line longer than 65536 bytes; not a text file of this format");
    }
  }
}

}  // namespace
}  // namespace hilsim
