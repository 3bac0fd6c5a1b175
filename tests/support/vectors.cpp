// Loading and decoding of the committed oracle vectors.
#include "support/vectors.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <stdexcept>

namespace cuzk::test {

nlohmann::json load_vectors(const std::string& name) {
  const std::string path = std::string(CUZK_VECTORS_DIR) + "/" + name;
  std::ifstream in(path);
  if (!in) {
    ADD_FAILURE() << "cannot open vector file " << path;
    throw std::runtime_error("missing vectors: " + path);
  }
  return nlohmann::json::parse(in);
}

namespace {
template <class F>
F parse_or_throw(const nlohmann::json& j) {
  const auto value = F::from_hex(j.get<std::string>());
  if (!value) throw std::runtime_error("bad field element in vectors: " + j.dump());
  return *value;
}
}  // namespace

ff::Fq fq_from_json(const nlohmann::json& j) { return parse_or_throw<ff::Fq>(j); }
ff::Fr fr_from_json(const nlohmann::json& j) { return parse_or_throw<ff::Fr>(j); }
ff::Fq2 fq2_from_json(const nlohmann::json& j) { return {fq_from_json(j.at(0)), fq_from_json(j.at(1))}; }
ff::Fq6 fq6_from_json(const nlohmann::json& j) {
  return {fq2_from_json(j.at(0)), fq2_from_json(j.at(1)), fq2_from_json(j.at(2))};
}
ff::Fq12 fq12_from_json(const nlohmann::json& j) { return {fq6_from_json(j.at(0)), fq6_from_json(j.at(1))}; }

ff::Limbs<4> scalar_from_json(const nlohmann::json& j) {
  const auto limbs = ff::parse_hex_limbs<4>(j.get<std::string>());
  if (!limbs) throw std::runtime_error("bad scalar in vectors: " + j.dump());
  return *limbs;
}

std::vector<uint8_t> bytes_from_hex(const std::string& hex) {
  if (hex.size() % 2) throw std::runtime_error("odd-length hex: " + hex);
  std::vector<uint8_t> out(hex.size() / 2);
  for (size_t i = 0; i < out.size(); ++i) out[i] = static_cast<uint8_t>(std::stoul(hex.substr(2 * i, 2), nullptr, 16));
  return out;
}

}  // namespace cuzk::test
