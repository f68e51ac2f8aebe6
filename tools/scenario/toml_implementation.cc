// toml++ compiled into hilsim: this translation unit holds its implementation (TOML_IMPLEMENTATION),
// every other includes it with TOML_HEADER_ONLY=0 (tools/CMakeLists.txt, and the fuzz targets of
// tests/fuzz/CMakeLists.txt, instrumented like the code that calls it). Not Debian's shared
// libtomlplusplus: loading it (and through it the shared C++ runtime) cost every hilsim process
// about 0.3 ms of its start-up, a sixth of it (hilsim-bench-process).
//
// Debian's library is built with NDEBUG: its internal assertions are off, and with gcc an "assume"
// is nothing, so its parser goes on to report the error. Here they are off too, in every build: toml++ 3.3.0
// asserts (TOML_ASSERT_ASSUME in parser::parse_key) that a table header's first character starts a key, which
// `[` followed by a control character or a non-ASCII letter breaks; the library then answers "expected bare
// key starting character or string delimiter" (tests/tools/scenario_test.cc checks it). hilsim's own
// translation units keep their assertions.
#define TOML_ASSERT(expr) static_assert(true)
#define TOML_IMPLEMENTATION
#include <toml++/toml.h>
