# Writes ${OUT}: the build identity a recording carries (hil/build_identity.h). Run at every build
# (not only at configure time) so the commit and the state of the working tree are current; the
# file is rewritten only when its text changes, so an unchanged tree rebuilds nothing.
# Inputs: SOURCE_DIR, OUT, VERSION, COMPILER, BUILD_TYPE, FLAGS.
set(commit "unknown")
set(tree "")
find_package(Git QUIET)
if(GIT_FOUND AND EXISTS "${SOURCE_DIR}/.git")
  execute_process(COMMAND "${GIT_EXECUTABLE}" rev-parse HEAD WORKING_DIRECTORY "${SOURCE_DIR}"
                  OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    set(commit "unknown")
  endif()
  # Uncommitted changes make a different build of the same commit: name them by their hash.
  execute_process(COMMAND "${GIT_EXECUTABLE}" diff HEAD WORKING_DIRECTORY "${SOURCE_DIR}"
                  OUTPUT_VARIABLE diff ERROR_QUIET)
  if(NOT diff STREQUAL "")
    string(SHA256 diff_hash "${diff}")
    string(SUBSTRING "${diff_hash}" 0 12 diff_hash)
    set(tree "+dirty.${diff_hash}")
  endif()
endif()
string(STRIP "${FLAGS}" FLAGS)
set(identity "hilsim ${VERSION} ${commit}${tree} (${COMPILER}, ${BUILD_TYPE}, ${FLAGS})")
set(text "// Generated at build time by cmake/write_build_identity.cmake. Do not edit.\n#include \"hil/build_identity.h\"\n\nnamespace hilsim::hil {\n\nconst char* build_identity() { return \"${identity}\"; }\n\n}  // namespace hilsim::hil\n")
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
endif()
if(NOT old STREQUAL text)
  file(WRITE "${OUT}" "${text}")
endif()
