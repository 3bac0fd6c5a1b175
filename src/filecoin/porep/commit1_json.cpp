// Reading and writing the Commit-1 JSON (bare and wrapped). Reading goes through nlohmann's
// DOM (its parser and destructor are iterative, so nesting depth cannot exhaust the stack);
// every access checks the type, every count the configuration, and errors carry the value's
// path in the document.
#include "filecoin/porep/commit1_json.hpp"

#include <charconv>
#include <nlohmann/json.hpp>

namespace cuzk::filecoin::porep {

namespace {

using Json = nlohmann::json;
using ff::Fr;

// ---- base64 (RFC 4648 §4, standard alphabet, '=' padding) ----

constexpr char kBase64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

std::string base64_encode(std::string_view in) {
  std::string out;
  out.reserve((in.size() + 2) / 3 * 4);
  size_t i = 0;
  for (; i + 3 <= in.size(); i += 3) {
    const uint32_t v = uint32_t{static_cast<uint8_t>(in[i])} << 16 | uint32_t{static_cast<uint8_t>(in[i + 1])} << 8 |
                       static_cast<uint8_t>(in[i + 2]);
    for (int s = 18; s >= 0; s -= 6) out.push_back(kBase64[(v >> s) & 63]);
  }
  const size_t rest = in.size() - i;
  if (rest > 0) {
    uint32_t v = uint32_t{static_cast<uint8_t>(in[i])} << 16;
    if (rest == 2) v |= uint32_t{static_cast<uint8_t>(in[i + 1])} << 8;
    out.push_back(kBase64[(v >> 18) & 63]);
    out.push_back(kBase64[(v >> 12) & 63]);
    out.push_back(rest == 2 ? kBase64[(v >> 6) & 63] : '=');
    out.push_back('=');
  }
  return out;
}

int base64_value(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

// (Shorter than its input, so within the caller's size limit.)
Result<std::string> base64_decode(std::string_view in) {
  if (in.size() % 4 != 0) {
    return Status::invalid_argument("Phase1Out: base64 of " + std::to_string(in.size()) +
                                    " characters (not a multiple of 4)");
  }
  std::string out;
  out.reserve(in.size() / 4 * 3);
  for (size_t i = 0; i < in.size(); i += 4) {
    const bool last = i + 4 == in.size();
    const size_t pad = last ? (in[i + 3] == '=' ? (in[i + 2] == '=' ? 2 : 1) : 0) : 0;
    uint32_t v = 0;
    for (size_t k = 0; k < 4; ++k) {
      const int d = k >= 4 - pad ? 0 : base64_value(in[i + k]);
      if (d < 0) {
        return Status::invalid_argument("Phase1Out: invalid base64 character at offset " + std::to_string(i + k));
      }
      v = v << 6 | static_cast<uint32_t>(d);
    }
    out.push_back(static_cast<char>(v >> 16));
    if (pad < 2) out.push_back(static_cast<char>(v >> 8));
    if (pad < 1) out.push_back(static_cast<char>(v));
  }
  return out;
}

// ---- typed access with paths ----

Status error(const std::string& path, const std::string& what) { return Status::invalid_argument(path + ": " + what); }

std::string type_of(const Json& j) { return j.type_name(); }

Result<const Json*> member(const Json& object, const std::string& path, const char* key) {
  if (!object.is_object()) return error(path, "a JSON " + type_of(object) + ", expected an object");
  const auto it = object.find(key);
  if (it == object.end()) return error(path, std::string("no \"") + key + "\"");
  return &*it;
}

std::string child(const std::string& path, const char* key) { return path.empty() ? key : path + "." + key; }
std::string element(const std::string& path, size_t i) { return path + "[" + std::to_string(i) + "]"; }

Result<const Json*> array_of(const Json& j, const std::string& path, size_t expected) {
  if (!j.is_array()) return error(path, "a JSON " + type_of(j) + ", expected an array");
  if (j.size() != expected) {
    return error(path, std::to_string(j.size()) + " entries, expected " + std::to_string(expected));
  }
  return &j;
}

Result<uint64_t> unsigned_of(const Json& j, const std::string& path, uint64_t max) {
  if (!j.is_number_unsigned()) {
    if (j.is_number_integer()) return error(path, "negative number " + std::to_string(j.get<int64_t>()));
    return error(path, "a JSON " + type_of(j) + ", expected an unsigned integer");
  }
  const uint64_t v = j.get<uint64_t>();
  if (v > max) return error(path, std::to_string(v) + " is over the maximum " + std::to_string(max));
  return v;
}

Result<Bytes32> bytes32_of(const Json& j, const std::string& path) {
  if (!j.is_array()) return error(path, "a JSON " + type_of(j) + ", expected an array of 32 bytes");
  if (j.size() != 32) return error(path, std::to_string(j.size()) + " bytes, expected 32");
  Bytes32 out;
  for (size_t i = 0; i < 32; ++i) {
    CUZK_ASSIGN_OR_RETURN(const uint64_t b, unsigned_of(j[i], element(path, i), 255));
    out[i] = static_cast<uint8_t>(b);
  }
  return out;
}

Result<Fr> fr_of(const Json& j, const std::string& path) {
  CUZK_ASSIGN_OR_RETURN(const Bytes32 bytes, bytes32_of(j, path));
  const std::optional<Fr> v = Fr::from_bytes_le(bytes);
  if (!v) return error(path, "not a canonical field element (≥ the BLS12-381 scalar modulus)");
  return *v;
}

Result<std::vector<Fr>> fr_array_of(const Json& j, const std::string& path, size_t expected) {
  CUZK_RETURN_IF_ERROR(array_of(j, path, expected));
  std::vector<Fr> out;
  out.reserve(expected);
  for (size_t i = 0; i < expected; ++i) {
    CUZK_ASSIGN_OR_RETURN(Fr v, fr_of(j[i], element(path, i)));
    out.push_back(v);
  }
  return out;
}

// IP = {"path":[{"hashes":[D…],"index":n}, …]}; appends its levels to `out`.
Status read_inclusion_path(const Json& j, const std::string& path, MerklePath& out) {
  CUZK_ASSIGN_OR_RETURN(const Json* levels, member(j, path, "path"));
  const std::string levels_path = child(path, "path");
  if (!levels->is_array()) return error(levels_path, "a JSON " + type_of(*levels) + ", expected an array");
  for (size_t i = 0; i < levels->size(); ++i) {
    const std::string level_path = element(levels_path, i);
    const Json& level = (*levels)[i];
    CUZK_ASSIGN_OR_RETURN(const Json* hashes, member(level, level_path, "hashes"));
    CUZK_ASSIGN_OR_RETURN(const Json* index, member(level, level_path, "index"));
    const std::string hashes_path = child(level_path, "hashes");
    if (!hashes->is_array()) return error(hashes_path, "a JSON " + type_of(*hashes) + ", expected an array");
    PathLevel step;
    CUZK_ASSIGN_OR_RETURN(step.siblings, fr_array_of(*hashes, hashes_path, hashes->size()));
    CUZK_ASSIGN_OR_RETURN(const uint64_t position, unsigned_of(*index, child(level_path, "index"), 1u << 16));
    step.index = static_cast<size_t>(position);
    out.levels.push_back(std::move(step));
  }
  return Status::ok();
}

// MP = {"data":{"Single"|"Sub"|"Top":{…}}}.
Result<InclusionProof> read_merkle_proof(const Json& j, const std::string& path) {
  CUZK_ASSIGN_OR_RETURN(const Json* data, member(j, path, "data"));
  const std::string data_path = child(path, "data");
  if (!data->is_object() || data->size() != 1) {
    return error(data_path, "expected an object with one of \"Single\", \"Sub\", \"Top\"");
  }
  const std::string form = data->begin().key();
  const Json& body = data->begin().value();
  const std::string body_path = child(data_path, form.c_str());
  InclusionProof proof;
  if (form == "Single") {
    proof.form = ProofForm::kSingle;
    CUZK_ASSIGN_OR_RETURN(const Json* ip, member(body, body_path, "path"));
    CUZK_RETURN_IF_ERROR(read_inclusion_path(*ip, child(body_path, "path"), proof.path));
    proof.base_levels = proof.path.levels.size();
  } else if (form == "Sub" || form == "Top") {
    proof.form = form == "Sub" ? ProofForm::kSub : ProofForm::kTop;
    CUZK_ASSIGN_OR_RETURN(const Json* base, member(body, body_path, "base_proof"));
    CUZK_RETURN_IF_ERROR(read_inclusion_path(*base, child(body_path, "base_proof"), proof.path));
    proof.base_levels = proof.path.levels.size();
    CUZK_ASSIGN_OR_RETURN(const Json* sub, member(body, body_path, "sub_proof"));
    CUZK_RETURN_IF_ERROR(read_inclusion_path(*sub, child(body_path, "sub_proof"), proof.path));
    if (proof.form == ProofForm::kTop) {
      CUZK_ASSIGN_OR_RETURN(const Json* top, member(body, body_path, "top_proof"));
      CUZK_RETURN_IF_ERROR(read_inclusion_path(*top, child(body_path, "top_proof"), proof.path));
    }
  } else {
    return error(data_path, "unknown Merkle proof form \"" + form + "\" (Single, Sub or Top)");
  }
  CUZK_ASSIGN_OR_RETURN(const Json* root, member(body, body_path, "root"));
  CUZK_ASSIGN_OR_RETURN(proof.root, fr_of(*root, child(body_path, "root")));
  CUZK_ASSIGN_OR_RETURN(const Json* leaf, member(body, body_path, "leaf"));
  CUZK_ASSIGN_OR_RETURN(proof.leaf, fr_of(*leaf, child(body_path, "leaf")));
  return proof;
}

Result<ColumnProof> read_column_proof(const Json& j, const std::string& path, size_t layers) {
  ColumnProof out;
  CUZK_ASSIGN_OR_RETURN(const Json* column, member(j, path, "column"));
  const std::string column_path = child(path, "column");
  CUZK_ASSIGN_OR_RETURN(const Json* index, member(*column, column_path, "index"));
  CUZK_ASSIGN_OR_RETURN(out.column.index, unsigned_of(*index, child(column_path, "index"), UINT32_MAX));
  CUZK_ASSIGN_OR_RETURN(const Json* rows, member(*column, column_path, "rows"));
  CUZK_ASSIGN_OR_RETURN(out.column.rows, fr_array_of(*rows, child(column_path, "rows"), layers));
  CUZK_ASSIGN_OR_RETURN(const Json* inclusion, member(j, path, "inclusion_proof"));
  CUZK_ASSIGN_OR_RETURN(out.inclusion, read_merkle_proof(*inclusion, child(path, "inclusion_proof")));
  return out;
}

Result<std::vector<ColumnProof>> read_column_proofs(const Json& j, const std::string& path, size_t count,
                                                    size_t layers) {
  CUZK_RETURN_IF_ERROR(array_of(j, path, count));
  std::vector<ColumnProof> out;
  for (size_t i = 0; i < count; ++i) {
    CUZK_ASSIGN_OR_RETURN(ColumnProof column, read_column_proof(j[i], element(path, i), layers));
    out.push_back(std::move(column));
  }
  return out;
}

Result<LabelingProof> read_labeling_proof(const Json& j, const std::string& path) {
  LabelingProof out;
  CUZK_ASSIGN_OR_RETURN(const Json* parents, member(j, path, "parents"));
  CUZK_ASSIGN_OR_RETURN(out.parents, fr_array_of(*parents, child(path, "parents"), kLabelParents));
  CUZK_ASSIGN_OR_RETURN(const Json* layer, member(j, path, "layer_index"));
  CUZK_ASSIGN_OR_RETURN(const uint64_t layer_index, unsigned_of(*layer, child(path, "layer_index"), UINT32_MAX));
  out.layer_index = static_cast<uint32_t>(layer_index);
  CUZK_ASSIGN_OR_RETURN(const Json* node, member(j, path, "node"));
  CUZK_ASSIGN_OR_RETURN(out.node, unsigned_of(*node, child(path, "node"), UINT64_MAX));
  return out;
}

Result<ChallengeProof> read_challenge_proof(const Json& j, const std::string& path, const PorepConfig& config) {
  ChallengeProof out;
  CUZK_ASSIGN_OR_RETURN(const Json* comm_d, member(j, path, "comm_d_proofs"));
  CUZK_ASSIGN_OR_RETURN(out.comm_d_proof, read_merkle_proof(*comm_d, child(path, "comm_d_proofs")));
  CUZK_ASSIGN_OR_RETURN(const Json* comm_r_last, member(j, path, "comm_r_last_proof"));
  CUZK_ASSIGN_OR_RETURN(out.comm_r_last_proof, read_merkle_proof(*comm_r_last, child(path, "comm_r_last_proof")));

  CUZK_ASSIGN_OR_RETURN(const Json* columns, member(j, path, "replica_column_proofs"));
  const std::string columns_path = child(path, "replica_column_proofs");
  CUZK_ASSIGN_OR_RETURN(const Json* c_x, member(*columns, columns_path, "c_x"));
  CUZK_ASSIGN_OR_RETURN(out.c_x, read_column_proof(*c_x, child(columns_path, "c_x"), config.layers));
  CUZK_ASSIGN_OR_RETURN(const Json* drg, member(*columns, columns_path, "drg_parents"));
  CUZK_ASSIGN_OR_RETURN(out.drg_parents,
                        read_column_proofs(*drg, child(columns_path, "drg_parents"), kDrgDegree, config.layers));
  CUZK_ASSIGN_OR_RETURN(const Json* exp, member(*columns, columns_path, "exp_parents"));
  CUZK_ASSIGN_OR_RETURN(out.exp_parents,
                        read_column_proofs(*exp, child(columns_path, "exp_parents"), kExpanderDegree, config.layers));

  CUZK_ASSIGN_OR_RETURN(const Json* labeling, member(j, path, "labeling_proofs"));
  const std::string labeling_path = child(path, "labeling_proofs");
  CUZK_RETURN_IF_ERROR(array_of(*labeling, labeling_path, config.layers));
  for (size_t l = 0; l < config.layers; ++l) {
    CUZK_ASSIGN_OR_RETURN(LabelingProof proof, read_labeling_proof((*labeling)[l], element(labeling_path, l)));
    out.labeling_proofs.push_back(std::move(proof));
  }
  CUZK_ASSIGN_OR_RETURN(const Json* encoding, member(j, path, "encoding_proof"));
  CUZK_ASSIGN_OR_RETURN(out.encoding_proof, read_labeling_proof(*encoding, child(path, "encoding_proof")));
  return out;
}

Result<Commit1Output> read_bare(const Json& doc) {
  Commit1Output out;
  CUZK_ASSIGN_OR_RETURN(const Json* proof_name, member(doc, "(document)", "registered_proof"));
  if (!proof_name->is_string()) return error("registered_proof", "a JSON " + type_of(*proof_name) + ", expected a string");
  CUZK_ASSIGN_OR_RETURN(out.registered_proof, parse_registered_seal_proof(proof_name->get<std::string>()));
  CUZK_ASSIGN_OR_RETURN(const PorepConfig config, porep_config(out.registered_proof));

  CUZK_ASSIGN_OR_RETURN(const Json* vanilla, member(doc, "(document)", "vanilla_proofs"));
  const std::string tag(vanilla_proof_tag(out.registered_proof));
  if (!vanilla->is_object() || vanilla->size() != 1 || !vanilla->contains(tag)) {
    std::string keys;
    if (vanilla->is_object()) {
      for (auto it = vanilla->begin(); it != vanilla->end(); ++it) keys += (keys.empty() ? "" : ", ") + it.key();
    }
    return error("vanilla_proofs", "expected one key \"" + tag + "\" for " +
                                       std::string(out.registered_proof.name) + ", found {" +
                                       keys + "}");
  }
  const std::string partitions_path = "vanilla_proofs." + tag;
  const Json& partitions = (*vanilla)[tag];
  CUZK_RETURN_IF_ERROR(array_of(partitions, partitions_path, config.partitions));
  for (size_t k = 0; k < config.partitions; ++k) {
    const std::string partition_path = element(partitions_path, k);
    CUZK_RETURN_IF_ERROR(array_of(partitions[k], partition_path, config.challenges_per_partition));
    std::vector<ChallengeProof> proofs;
    for (size_t i = 0; i < config.challenges_per_partition; ++i) {
      CUZK_ASSIGN_OR_RETURN(ChallengeProof proof, read_challenge_proof(partitions[k][i], element(partition_path, i), config));
      proofs.push_back(std::move(proof));
    }
    out.partitions.push_back(std::move(proofs));
  }
  const std::pair<const char*, Bytes32*> values[] = {{"comm_r", &out.comm_r},
                                                     {"comm_d", &out.comm_d},
                                                     {"replica_id", &out.replica_id},
                                                     {"seed", &out.seed},
                                                     {"ticket", &out.ticket}};
  for (const auto& [key, target] : values) {
    CUZK_ASSIGN_OR_RETURN(const Json* value, member(doc, "(document)", key));
    CUZK_ASSIGN_OR_RETURN(*target, bytes32_of(*value, key));
  }
  // comm_r, comm_d and replica_id are field elements (the circuit's public inputs).
  for (const auto& [key, target] : {values[0], values[1], values[2]}) {
    if (!Fr::from_bytes_le(*target)) return error(key, "not a canonical field element");
  }
  return out;
}

Result<Json> parse_json(std::string_view text, const char* what) {
  try {
    return Json::parse(text.begin(), text.end());
  } catch (const Json::exception& e) {
    return Status::invalid_argument(std::string(what) + ": not JSON (" + e.what() + ")");
  }
}

// "f01001" / "t01001" (an ID address) or a bare number.
Result<uint64_t> miner_of(const Json& j) {
  if (j.is_number_unsigned()) return j.get<uint64_t>();
  if (!j.is_string()) return error("Miner", "a JSON " + type_of(j) + ", expected an ID address such as \"f01000\"");
  const std::string text = j.get<std::string>();
  const bool prefixed = text.size() > 2 && (text[0] == 'f' || text[0] == 't') && text[1] == '0';
  const std::string_view digits = prefixed ? std::string_view(text).substr(2) : std::string_view(text);
  uint64_t id = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), id);
  if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size()) {
    return error("Miner", "\"" + text + "\" is not an ID address (f0<actor id>)");
  }
  return id;
}

Result<Commit1Input> read_parsed(const Json& doc) {
  Commit1Input in;
  if (!doc.is_object()) return error("(document)", "a JSON " + type_of(doc) + ", expected an object");
  if (!doc.contains("Phase1Out")) {
    CUZK_ASSIGN_OR_RETURN(in.output, read_bare(doc));
    return in;
  }
  in.wrapper.present = true;
  CUZK_ASSIGN_OR_RETURN(const Json* sector_num, member(doc, "(document)", "SectorNum"));
  CUZK_ASSIGN_OR_RETURN(in.wrapper.sector_number, unsigned_of(*sector_num, "SectorNum", UINT64_MAX));
  CUZK_ASSIGN_OR_RETURN(const Json* sector_size, member(doc, "(document)", "SectorSize"));
  CUZK_ASSIGN_OR_RETURN(in.wrapper.sector_size, unsigned_of(*sector_size, "SectorSize", UINT64_MAX));
  if (const auto it = doc.find("Miner"); it != doc.end()) {
    CUZK_ASSIGN_OR_RETURN(in.wrapper.miner, miner_of(*it));
    in.wrapper.has_miner = true;
  }
  const Json& phase1 = doc["Phase1Out"];
  if (!phase1.is_string()) return error("Phase1Out", "a JSON " + type_of(phase1) + ", expected a base64 string");
  std::string inner;
  {
    CUZK_ASSIGN_OR_RETURN(inner, base64_decode(phase1.get_ref<const std::string&>()));
  }
  CUZK_ASSIGN_OR_RETURN(const Json inner_doc, parse_json(inner, "Phase1Out"));
  inner.clear();
  inner.shrink_to_fit();
  if (!inner_doc.is_object()) return error("Phase1Out", "a JSON " + type_of(inner_doc) + ", expected an object");
  Result<Commit1Output> output = read_bare(inner_doc);
  if (!output.is_ok()) return Status::invalid_argument("Phase1Out: " + output.status().message());
  in.output = std::move(output).value();
  CUZK_ASSIGN_OR_RETURN(const PorepConfig config, porep_config(in.output.registered_proof));
  if (in.wrapper.sector_size != config.sector_size) {
    return error("SectorSize", std::to_string(in.wrapper.sector_size) + " bytes, but the Commit-1 output is " +
                                   std::string(config.registered_proof.name) + " (" +
                                   std::to_string(config.sector_size) + " bytes)");
  }
  return in;
}

// ---- writing ----

void write_bytes(std::string& out, const uint8_t* bytes) {
  out.push_back('[');
  char digits[4];
  for (size_t i = 0; i < 32; ++i) {
    if (i > 0) out.push_back(',');
    const auto [end, ec] = std::to_chars(digits, digits + sizeof(digits), bytes[i]);
    out.append(digits, end);
  }
  out.push_back(']');
}

void write_fr(std::string& out, const Fr& value) {
  uint8_t bytes[32];
  value.to_bytes_le(bytes);
  write_bytes(out, bytes);
}

void write_fr_array(std::string& out, const std::vector<Fr>& values) {
  out.push_back('[');
  for (size_t i = 0; i < values.size(); ++i) {
    if (i > 0) out.push_back(',');
    write_fr(out, values[i]);
  }
  out.push_back(']');
}

void write_path(std::string& out, const MerklePath& path, size_t begin, size_t end) {
  out += "{\"path\":[";
  for (size_t i = begin; i < end; ++i) {
    if (i > begin) out.push_back(',');
    out += "{\"hashes\":";
    write_fr_array(out, path.levels[i].siblings);
    out += ",\"index\":" + std::to_string(path.levels[i].index) + "}";
  }
  out += "]}";
}

void write_merkle_proof(std::string& out, const InclusionProof& proof) {
  const size_t levels = proof.path.levels.size();
  const size_t base = std::min(proof.base_levels, levels);
  out += "{\"data\":{";
  if (proof.form == ProofForm::kSingle) {
    out += "\"Single\":{\"root\":";
    write_fr(out, proof.root);
    out += ",\"leaf\":";
    write_fr(out, proof.leaf);
    out += ",\"path\":";
    write_path(out, proof.path, 0, levels);
  } else {
    // Sub: base levels, then one sub level; Top: then one top level.
    const size_t sub_end = proof.form == ProofForm::kSub ? levels : std::min(base + 1, levels);
    out += proof.form == ProofForm::kSub ? "\"Sub\":{\"base_proof\":" : "\"Top\":{\"base_proof\":";
    write_path(out, proof.path, 0, base);
    out += ",\"sub_proof\":";
    write_path(out, proof.path, base, sub_end);
    if (proof.form == ProofForm::kTop) {
      out += ",\"top_proof\":";
      write_path(out, proof.path, sub_end, levels);
    }
    out += ",\"root\":";
    write_fr(out, proof.root);
    out += ",\"leaf\":";
    write_fr(out, proof.leaf);
  }
  out += "}}}";
}

void write_column_proof(std::string& out, const ColumnProof& proof) {
  out += "{\"column\":{\"index\":" + std::to_string(proof.column.index) + ",\"rows\":";
  write_fr_array(out, proof.column.rows);
  out += ",\"_h\":null},\"inclusion_proof\":";
  write_merkle_proof(out, proof.inclusion);
  out.push_back('}');
}

void write_column_proofs(std::string& out, const std::vector<ColumnProof>& proofs) {
  out.push_back('[');
  for (size_t i = 0; i < proofs.size(); ++i) {
    if (i > 0) out.push_back(',');
    write_column_proof(out, proofs[i]);
  }
  out.push_back(']');
}

void write_labeling_proof(std::string& out, const LabelingProof& proof) {
  out += "{\"parents\":";
  write_fr_array(out, proof.parents);
  out += ",\"layer_index\":" + std::to_string(proof.layer_index) + ",\"node\":" + std::to_string(proof.node) + "}";
}

void write_challenge_proof(std::string& out, const ChallengeProof& proof) {
  out += "{\"comm_d_proofs\":";
  write_merkle_proof(out, proof.comm_d_proof);
  out += ",\"comm_r_last_proof\":";
  write_merkle_proof(out, proof.comm_r_last_proof);
  out += ",\"replica_column_proofs\":{\"c_x\":";
  write_column_proof(out, proof.c_x);
  out += ",\"drg_parents\":";
  write_column_proofs(out, proof.drg_parents);
  out += ",\"exp_parents\":";
  write_column_proofs(out, proof.exp_parents);
  out += "},\"labeling_proofs\":[";
  for (size_t l = 0; l < proof.labeling_proofs.size(); ++l) {
    if (l > 0) out.push_back(',');
    write_labeling_proof(out, proof.labeling_proofs[l]);
  }
  out += "],\"encoding_proof\":";
  write_labeling_proof(out, proof.encoding_proof);
  out.push_back('}');
}

}  // namespace

Result<Commit1Input> read_commit1(std::span<const uint8_t> bytes, size_t max_bytes) {
  if (bytes.size() > max_bytes) {
    return Status::invalid_argument("Commit-1 output of " + std::to_string(bytes.size()) +
                                    " bytes, over the limit of " + std::to_string(max_bytes));
  }
  try {
    CUZK_ASSIGN_OR_RETURN(
        const Json doc,
        parse_json(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()), "Commit-1 output"));
    return read_parsed(doc);
  } catch (const std::bad_alloc&) {
    return Status(StatusCode::kOutOfMemory, "Commit-1 output: out of memory while parsing");
  } catch (const Json::exception& e) {  // a type check missed above; reported, never thrown on
    return Status::invalid_argument(std::string("Commit-1 output: ") + e.what());
  }
}

std::string write_commit1_json(const Commit1Output& output) {
  std::string out;
  out += "{\"registered_proof\":\"" + std::string(output.registered_proof.name) +
         "\",\"vanilla_proofs\":{\"" + std::string(vanilla_proof_tag(output.registered_proof)) + "\":[";
  for (size_t k = 0; k < output.partitions.size(); ++k) {
    if (k > 0) out.push_back(',');
    out.push_back('[');
    for (size_t i = 0; i < output.partitions[k].size(); ++i) {
      if (i > 0) out.push_back(',');
      write_challenge_proof(out, output.partitions[k][i]);
    }
    out.push_back(']');
  }
  out += "]},\"comm_r\":";
  write_bytes(out, output.comm_r.data());
  out += ",\"comm_d\":";
  write_bytes(out, output.comm_d.data());
  out += ",\"replica_id\":";
  write_bytes(out, output.replica_id.data());
  out += ",\"seed\":";
  write_bytes(out, output.seed.data());
  out += ",\"ticket\":";
  write_bytes(out, output.ticket.data());
  out.push_back('}');
  return out;
}

std::string write_commit1_wrapped(const Commit1Output& output, const Commit1Wrapper& wrapper) {
  std::string out = "{\"SectorNum\":" + std::to_string(wrapper.sector_number) + ",\"Phase1Out\":\"" +
                    base64_encode(write_commit1_json(output)) +
                    "\",\"SectorSize\":" + std::to_string(wrapper.sector_size);
  if (wrapper.has_miner) out += ",\"Miner\":\"f0" + std::to_string(wrapper.miner) + "\"";
  out.push_back('}');
  return out;
}

}  // namespace cuzk::filecoin::porep
