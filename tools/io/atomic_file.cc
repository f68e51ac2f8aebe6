#include "tools/io/atomic_file.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "tools/io/input_error.h"

namespace hilsim::io {

void write_file_atomically(const std::string& path, const std::string& text) {
  const std::string temporary = path + ".tmp-" + std::to_string(::getpid());
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) throw InputError(path + ": cannot open the output file for writing (" + std::strerror(errno) + ")");
    out << text;
    out.close();
    if (!out) {
      std::remove(temporary.c_str());
      throw InputError(path + ": writing the output file failed");
    }
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    const std::string why = std::strerror(errno);
    std::remove(temporary.c_str());
    throw InputError(path + ": cannot replace the output file (" + why + ")");
  }
}

}  // namespace hilsim::io
