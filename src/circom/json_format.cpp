// snarkjs JSON: proof.json, public.json, verification_key.json (see json_format.hpp).
#include "circom/json_format.hpp"

#include <fstream>
#include <optional>
#include <sstream>

#include <nlohmann/json.hpp>

#include "common/file_reader.hpp"
#include "ec/pairing.hpp"

namespace cuzk::circom {

namespace {

using Json = nlohmann::ordered_json;

// ---- writing (bfj {space: 1} layout) ----

void append_string(std::string& out, const std::string& s) {
  out += '"';
  for (const char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          static constexpr char kHex[] = "0123456789abcdef";
          out += "\\u00";
          out += kHex[(c >> 4) & 0xf];
          out += kHex[c & 0xf];
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

void dump(const Json& j, size_t level, std::string& out) {
  auto newline = [&](size_t indent) {
    out += '\n';
    out.append(indent, ' ');
  };
  if (j.is_array()) {
    out += '[';
    bool first = true;
    for (const Json& e : j) {
      if (!first) out += ',';
      first = false;
      newline(level + 1);
      dump(e, level + 1, out);
    }
    newline(level);
    out += ']';
  } else if (j.is_object()) {
    out += '{';
    bool first = true;
    for (const auto& [key, value] : j.items()) {
      if (!first) out += ',';
      first = false;
      newline(level + 1);
      append_string(out, key);
      out += ": ";
      dump(value, level + 1, out);
    }
    newline(level);
    out += '}';
  } else if (j.is_string()) {
    append_string(out, j.get<std::string>());
  } else {
    out += j.dump();  // numbers, booleans, null
  }
}

std::string dump(const Json& j) {
  std::string out;
  dump(j, 0, out);
  return out;
}

Json fq2_json(const ff::Fq2& v) { return Json::array({v.c0.to_decimal(), v.c1.to_decimal()}); }

Json g1_json(const ec::G1Affine& p) {
  if (p.infinity) return Json::array({"0", "1", "0"});
  return Json::array({p.x.to_decimal(), p.y.to_decimal(), "1"});
}

Json g2_json(const ec::G2Affine& p) {
  if (p.infinity) return Json::array({Json::array({"0", "0"}), Json::array({"1", "0"}), Json::array({"0", "0"})});
  return Json::array({fq2_json(p.x), fq2_json(p.y), Json::array({"1", "0"})});
}

Json fq6_json(const ff::Fq6& v) { return Json::array({fq2_json(v.c0), fq2_json(v.c1), fq2_json(v.c2)}); }

// ---- reading ----

class Reader {
 public:
  explicit Reader(std::string source) : source_(std::move(source)) {}

  Status error(const std::string& where, const std::string& problem) const {
    return Status::invalid_argument(source_ + ": " + where + ": " + problem);
  }

  std::optional<Json> parse(std::string_view text, Status& status) const {
    try {
      return Json::parse(text.begin(), text.end());
    } catch (const Json::exception& e) {
      status = Status::invalid_argument(source_ + ": not valid JSON (" + e.what() + ")");
      return std::nullopt;
    }
  }

  template <class F>
  Status field(const Json& j, const std::string& where, F& out) const {
    if (!j.is_string()) return error(where, "expected a decimal string, got " + std::string(j.type_name()));
    const std::string& text = j.get_ref<const std::string&>();
    const auto v = F::from_decimal(text);
    if (!v) {
      std::string problem = "\"";  // built by appending: GCC 12 warns (-Wrestrict) on "…" + std::string&&
      problem += text;
      problem += "\" is not a canonical decimal below the field modulus";
      return error(where, problem);
    }
    out = *v;
    return Status::ok();
  }

  Status fq2(const Json& j, const std::string& where, ff::Fq2& out) const {
    if (!j.is_array() || j.size() != 2) return error(where, "expected an array of 2 decimal strings");
    CUZK_RETURN_IF_ERROR(field(j[0], where + "[0]", out.c0));
    return field(j[1], where + "[1]", out.c1);
  }

  // [x, y] or [x, y, z] (Jacobian, z = 0: infinity), on the curve and in the subgroup.
  Status g1(const Json& j, const std::string& where, ec::G1Affine& out) const {
    if (!j.is_array() || (j.size() != 2 && j.size() != 3)) return error(where, "expected a G1 point [x, y, z]");
    ec::G1Jacobian p{ff::Fq::zero(), ff::Fq::zero(), ff::Fq::one()};
    CUZK_RETURN_IF_ERROR(field(j[0], where + "[0]", p.x));
    CUZK_RETURN_IF_ERROR(field(j[1], where + "[1]", p.y));
    if (j.size() == 3) {
      CUZK_RETURN_IF_ERROR(field(j[2], where + "[2]", p.z));
    }
    out = p.to_affine();
    if (!out.is_on_curve()) return error(where, "point is not on the curve");
    if (!ec::g1_in_subgroup(out)) return error(where, "point is not in the prime-order subgroup");
    return Status::ok();
  }

  Status g2(const Json& j, const std::string& where, ec::G2Affine& out) const {
    if (!j.is_array() || (j.size() != 2 && j.size() != 3)) return error(where, "expected a G2 point [x, y, z]");
    ec::G2Jacobian p{ff::Fq2::zero(), ff::Fq2::zero(), ff::Fq2::one()};
    CUZK_RETURN_IF_ERROR(fq2(j[0], where + "[0]", p.x));
    CUZK_RETURN_IF_ERROR(fq2(j[1], where + "[1]", p.y));
    if (j.size() == 3) {
      CUZK_RETURN_IF_ERROR(fq2(j[2], where + "[2]", p.z));
    }
    out = p.to_affine();
    if (!out.is_on_curve()) return error(where, "point is not on the curve");
    if (!ec::g2_in_subgroup(out)) return error(where, "point is not in the prime-order subgroup");
    return Status::ok();
  }

  // obj[key], which must exist.
  const Json* member(const Json& obj, const char* key, Status& status) const {
    const auto it = obj.find(key);
    if (it == obj.end()) {
      status = Status::invalid_argument(source_ + ": missing \"" + key + "\"");
      return nullptr;
    }
    return &*it;
  }

  // "protocol" must be "groth16" and "curve" "bls12381" (when `required`, both must be present).
  Status protocol_and_curve(const Json& obj, bool required) const {
    for (const auto& [key, expected] : {std::pair<const char*, const char*>{"protocol", "groth16"},
                                        std::pair<const char*, const char*>{"curve", "bls12381"}}) {
      const auto it = obj.find(key);
      if (it == obj.end()) {
        if (required) return Status::invalid_argument(source_ + ": missing \"" + key + "\"");
        continue;
      }
      if (!it->is_string() || it->get<std::string>() != expected) {
        const std::string got = it->is_string() ? it->get<std::string>() : it->dump();
        return error(key, "is \"" + got + "\", expected \"" + expected + "\"" +
                              (std::string(key) == "curve" ? " (only BLS12-381 is supported)" : ""));
      }
    }
    return Status::ok();
  }

 private:
  std::string source_;
};

}  // namespace

std::string proof_to_json(const groth16::Proof& proof) {
  Json j = Json::object();
  j["pi_a"] = g1_json(proof.a);
  j["pi_b"] = g2_json(proof.b);
  j["pi_c"] = g1_json(proof.c);
  j["protocol"] = "groth16";
  j["curve"] = "bls12381";
  return dump(j);
}

Result<groth16::Proof> proof_from_json(std::string_view text, const std::string& source) {
  const Reader rd(source);
  Status status;
  const auto j = rd.parse(text, status);
  if (!j) return status;
  if (!j->is_object()) return Status::invalid_argument(source + ": expected a JSON object (a snarkjs proof)");
  CUZK_RETURN_IF_ERROR(rd.protocol_and_curve(*j, false));
  groth16::Proof proof;
  const Json* a = rd.member(*j, "pi_a", status);
  if (a == nullptr) return status;
  CUZK_RETURN_IF_ERROR(rd.g1(*a, "pi_a", proof.a));
  const Json* b = rd.member(*j, "pi_b", status);
  if (b == nullptr) return status;
  CUZK_RETURN_IF_ERROR(rd.g2(*b, "pi_b", proof.b));
  const Json* c = rd.member(*j, "pi_c", status);
  if (c == nullptr) return status;
  CUZK_RETURN_IF_ERROR(rd.g1(*c, "pi_c", proof.c));
  return proof;
}

std::string public_to_json(std::span<const ff::Fr> signals) {
  Json j = Json::array();
  for (const ff::Fr& v : signals) j.push_back(v.to_decimal());
  return dump(j);
}

Result<std::vector<ff::Fr>> public_from_json(std::string_view text, const std::string& source) {
  const Reader rd(source);
  Status status;
  const auto j = rd.parse(text, status);
  if (!j) return status;
  if (!j->is_array()) return Status::invalid_argument(source + ": expected a JSON array of public signals");
  std::vector<ff::Fr> out(j->size());
  for (size_t i = 0; i < j->size(); ++i) {
    CUZK_RETURN_IF_ERROR(rd.field((*j)[i], "public signal " + std::to_string(i), out[i]));
  }
  return out;
}

std::string vk_to_json(const groth16::VerifyingKey& vk) {
  Json j = Json::object();
  j["protocol"] = "groth16";
  j["curve"] = "bls12381";
  j["nPublic"] = vk.ic.empty() ? 0 : vk.ic.size() - 1;
  j["vk_alpha_1"] = g1_json(vk.alpha_g1);
  j["vk_beta_2"] = g2_json(vk.beta_g2);
  j["vk_gamma_2"] = g2_json(vk.gamma_g2);
  j["vk_delta_2"] = g2_json(vk.delta_g2);
  const ff::Fq12 alpha_beta = ec::pairing(vk.alpha_g1, vk.beta_g2);
  j["vk_alphabeta_12"] = Json::array({fq6_json(alpha_beta.c0), fq6_json(alpha_beta.c1)});
  Json ic = Json::array();
  for (const ec::G1Affine& p : vk.ic) ic.push_back(g1_json(p));
  j["IC"] = ic;
  return dump(j);
}

Result<groth16::VerifyingKey> vk_from_json(std::string_view text, const std::string& source) {
  const Reader rd(source);
  Status status;
  const auto j = rd.parse(text, status);
  if (!j) return status;
  if (!j->is_object()) return Status::invalid_argument(source + ": expected a JSON object (a verification key)");
  CUZK_RETURN_IF_ERROR(rd.protocol_and_curve(*j, true));
  groth16::VerifyingKey vk;
  const Json* alpha = rd.member(*j, "vk_alpha_1", status);
  if (alpha == nullptr) return status;
  CUZK_RETURN_IF_ERROR(rd.g1(*alpha, "vk_alpha_1", vk.alpha_g1));
  struct G2Field {
    const char* key;
    ec::G2Affine* out;
  };
  for (const G2Field f : {G2Field{"vk_beta_2", &vk.beta_g2}, G2Field{"vk_gamma_2", &vk.gamma_g2},
                          G2Field{"vk_delta_2", &vk.delta_g2}}) {
    const Json* v = rd.member(*j, f.key, status);
    if (v == nullptr) return status;
    CUZK_RETURN_IF_ERROR(rd.g2(*v, f.key, *f.out));
  }
  const Json* ic = rd.member(*j, "IC", status);
  if (ic == nullptr) return status;
  if (!ic->is_array() || ic->empty()) return rd.error("IC", "expected a non-empty array of G1 points");
  vk.ic.resize(ic->size());
  for (size_t i = 0; i < ic->size(); ++i) {
    CUZK_RETURN_IF_ERROR(rd.g1((*ic)[i], "IC[" + std::to_string(i) + "]", vk.ic[i]));
  }
  const Json* n_public = rd.member(*j, "nPublic", status);
  if (n_public == nullptr) return status;
  if (!n_public->is_number_unsigned() || n_public->get<uint64_t>() + 1 != vk.ic.size()) {
    return rd.error("nPublic", n_public->dump() + " does not match the " + std::to_string(vk.ic.size()) +
                                   " IC points (expected " + std::to_string(vk.ic.size() - 1) + ")");
  }
  if (const auto it = j->find("vk_alphabeta_12"); it != j->end()) {
    const Json& ab = *it;
    ff::Fq12 value;
    ff::Fq6* halves[2] = {&value.c0, &value.c1};
    bool shape_ok = ab.is_array() && ab.size() == 2;
    for (size_t h = 0; shape_ok && h < 2; ++h) {
      shape_ok = ab[h].is_array() && ab[h].size() == 3;
      ff::Fq2* parts[3] = {&halves[h]->c0, &halves[h]->c1, &halves[h]->c2};
      for (size_t k = 0; shape_ok && k < 3; ++k) {
        const std::string where = "vk_alphabeta_12[" + std::to_string(h) + "][" + std::to_string(k) + "]";
        CUZK_RETURN_IF_ERROR(rd.fq2(ab[h][k], where, *parts[k]));
      }
    }
    if (!shape_ok) return rd.error("vk_alphabeta_12", "expected an Fq12 element [[3 × Fq2], [3 × Fq2]]");
    if (value != ec::pairing(vk.alpha_g1, vk.beta_g2)) {
      return rd.error("vk_alphabeta_12", "is not e(vk_alpha_1, vk_beta_2)");
    }
  }
  return vk;
}

Result<std::string> read_text_file(const std::string& path) {
  // proof.json, public.json, verification_key.json: kilobytes; the limit only stops a wrong file.
  constexpr size_t kMaxJsonBytes = size_t{256} << 20;
  return read_regular_text_file(path, "", kMaxJsonBytes);
}

Status write_text_file(const std::string& path, std::string_view text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) return Status::internal(path + ": cannot open for writing");
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  out.close();
  if (!out) return Status::internal(path + ": write failed");
  return Status::ok();
}

}  // namespace cuzk::circom
