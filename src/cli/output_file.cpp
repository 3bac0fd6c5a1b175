// write_whole_file through an ofstream.
#include "cli/output_file.hpp"

#include <fstream>

namespace cuzk::cli {

Status write_whole_file(const std::string& path, std::span<const uint8_t> bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  if (!out.flush()) return Status::internal("cannot write " + path);
  return Status::ok();
}

}  // namespace cuzk::cli
