// Generated parameter files and their sidecars: "cuzk-generated-params 1 <bytes> <checksum>".
#include "kinds/generated_params.hpp"

#include <filesystem>
#include <sstream>

#include "common/file_reader.hpp"
#include "common/mapped_file.hpp"
#include "common/private_files.hpp"
#include "r1cs/recorded_matrices_file.hpp"

namespace cuzk::kinds {
namespace {

constexpr std::string_view kSidecarTag = "cuzk-generated-params 1";

std::string sidecar_text(size_t bytes, uint64_t checksum) {
  std::ostringstream out;
  out << kSidecarTag << ' ' << bytes << ' ' << std::hex << checksum << '\n';
  return out.str();
}

}  // namespace

std::string generated_params_sidecar(const std::string& params_path) { return params_path + ".cuzk-sum"; }

Status write_generated_params(const std::string& params_path, const std::function<Status(std::ostream&)>& fill) {
  CUZK_RETURN_IF_ERROR(write_file_atomically(params_path, fill));
  CUZK_ASSIGN_OR_RETURN(const MappedFile written, MappedFile::open(params_path));
  const std::string text = sidecar_text(written.bytes().size(), r1cs::matrices_file_checksum(written.bytes()));
  return write_file_atomically(generated_params_sidecar(params_path), [&text](std::ostream& out) {
    out << text;
    return Status::ok();
  });
}

Result<GeneratedParamsState> check_generated_params(const std::string& params_path) {
  std::error_code ec;
  const std::string sidecar = generated_params_sidecar(params_path);
  if (!std::filesystem::exists(sidecar, ec)) return GeneratedParamsState::kNotMarked;
  auto recorded = read_regular_text_file(sidecar, "generated parameters sidecar", 4096);
  CUZK_ASSIGN_OR_RETURN(const MappedFile file, MappedFile::open(params_path));
  if (!recorded.is_ok() || !recorded->starts_with(kSidecarTag)) return GeneratedParamsState::kDamaged;
  const bool intact = *recorded == sidecar_text(file.bytes().size(), r1cs::matrices_file_checksum(file.bytes()));
  return intact ? GeneratedParamsState::kIntact : GeneratedParamsState::kDamaged;
}

}  // namespace cuzk::kinds
