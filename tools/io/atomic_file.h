// Writing an output file so that nothing a user has is lost: the text goes to a temporary file
// beside the target, which replaces the target only once it is complete (rename(2) is atomic on
// one file system). A failed or interrupted write leaves the old file as it was.
#pragma once

#include <string>

namespace hilsim::io {

// Throws io::InputError naming `path` when the file cannot be written.
void write_file_atomically(const std::string& path, const std::string& text);

}  // namespace hilsim::io
