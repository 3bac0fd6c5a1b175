// Reading and writing the Commit-1 JSON (bare and wrapped). Reading is typed and streaming
// (common/json_reader): each value goes straight into its place in Commit1Output as it is
// read, no document tree is built, every count is checked against the configuration before
// the next element is read (Merkle paths against fixed bounds), nesting is bounded, and errors
// carry the value's path in the document, quoting client text only through
// common/client_text. Memory: the typed output (smaller than its text) and, for the wrapper,
// the decoded Phase1Out (three quarters of its base64).
#include "filecoin/porep/commit1_json.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <optional>

#include "common/client_text.hpp"
#include "common/json_reader.hpp"

namespace cuzk::filecoin::porep {

namespace {

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

// ---- where a value is, for messages ----

// A value's place in the document: member names and indices from the top down, a chain on the
// stack, made into text only for a message ("vanilla_proofs.StackedDrg2KiBV1[0][1].comm_d_proofs").
// Names are the reader's own (it descends only into members it knows), never the client's.
struct Where {
  const Where* parent = nullptr;
  std::string_view key;  // this member's name; empty: element `index` of the parent
  size_t index = 0;

  Where in(std::string_view member) const { return {this, member, 0}; }
  Where at(size_t i) const { return {this, {}, i}; }
  std::string text() const {
    if (parent == nullptr) return "(document)";
    std::string out = parent->parent == nullptr ? std::string() : parent->text();
    if (key.empty()) return out + "[" + std::to_string(index) + "]";
    return out.empty() ? std::string(key) : out + "." + std::string(key);
  }
};

Status error(const Where& where, const std::string& what) {
  return Status::invalid_argument(where.text() + ": " + what);
}

// A Merkle path has at most this many levels (a 64 GiB sector's TreeD has 31) and each level
// at most this many siblings (arity 8): a longer one is refused before it is held.
constexpr size_t kMaxPathLevels = 64;
constexpr size_t kMaxSiblings = 7;

using Type = JsonReader::Type;

// The typed reader of one JSON text (the bare output, the wrapper, or the wrapper's
// Phase1Out): every value read into its type as it comes, counts checked against the
// configuration as they go, members it does not know skipped.
class Commit1Reader {
 public:
  explicit Commit1Reader(std::string_view text) : json_(text) {}
  JsonReader& json() { return json_; }
  // A syntax error (or the nesting bound) ended the read, not a typed check.
  bool failed() const { return json_.failed(); }

  // The next value is of `type`, else an error naming its place and what was expected.
  Status expect(const Where& where, Type type, const char* expected) {
    CUZK_ASSIGN_OR_RETURN(const Type found, json_.peek());
    if (found == type) return Status::ok();
    return error(where, "a JSON " + std::string(JsonReader::type_name(found)) + ", expected " + expected);
  }

  Result<uint64_t> unsigned_of(const Where& where, uint64_t max) {
    CUZK_ASSIGN_OR_RETURN(const Type found, json_.peek());
    if (found != Type::kNumber) {
      return error(where, "a JSON " + std::string(JsonReader::type_name(found)) + ", expected an unsigned integer");
    }
    Result<uint64_t> v = json_.read_unsigned();
    if (!v.is_ok()) return json_.failed() ? v.status() : error(where, v.status().message());
    if (*v > max) return error(where, std::to_string(*v) + " is over the maximum " + std::to_string(max));
    return *v;
  }

  Result<std::string_view> string_of(const Where& where, const char* expected, std::string& scratch) {
    CUZK_RETURN_IF_ERROR(expect(where, Type::kString, expected));
    return json_.read_string(scratch);
  }

  // An array of exactly `expected` elements, each read by element(i); `noun` counts them in
  // the message ("entries", "bytes").
  template <class Element>
  Status exact_array(const Where& where, size_t expected, const char* noun, Element&& element) {
    CUZK_RETURN_IF_ERROR(expect(where, Type::kArray, "an array"));
    CUZK_RETURN_IF_ERROR(json_.begin_array());
    for (size_t i = 0;; ++i) {
      CUZK_ASSIGN_OR_RETURN(const bool more, json_.next_element());
      if (!more) {
        if (i == expected) return Status::ok();
        return error(where, std::to_string(i) + " " + noun + ", expected " + std::to_string(expected));
      }
      if (i == expected) {  // too many: counted (not held) for the message
        size_t count = i;
        for (bool next = true; next; ++count) {
          CUZK_RETURN_IF_ERROR(json_.skip_value());
          CUZK_ASSIGN_OR_RETURN(next, json_.next_element());
        }
        return error(where, std::to_string(count) + " " + noun + ", expected " + std::to_string(expected));
      }
      CUZK_RETURN_IF_ERROR(element(i));
    }
  }

  // An array of at most `max` elements (`what` names the bound in the message); their count.
  template <class Element>
  Result<size_t> bounded_array(const Where& where, size_t max, const std::string& what, Element&& element) {
    CUZK_RETURN_IF_ERROR(expect(where, Type::kArray, "an array"));
    CUZK_RETURN_IF_ERROR(json_.begin_array());
    for (size_t i = 0;; ++i) {
      CUZK_ASSIGN_OR_RETURN(const bool more, json_.next_element());
      if (!more) return i;
      if (i == max) return error(where, "more than " + std::to_string(max) + " " + what);
      CUZK_RETURN_IF_ERROR(element(i));
    }
  }

  // An object whose members named in `names` are read by member(k, where) (k: the name's
  // index), each at most once; others are skipped. Those in `required` (a bit per name) must
  // be there. Returns which were.
  template <size_t N, class Member>
  Result<uint32_t> object(const Where& where, const std::array<std::string_view, N>& names, uint32_t required,
                          Member&& member) {
    static_assert(N <= 32);
    CUZK_RETURN_IF_ERROR(expect(where, Type::kObject, "an object"));
    CUZK_RETURN_IF_ERROR(json_.begin_object());
    uint32_t seen = 0;
    std::string scratch;
    for (;;) {
      CUZK_ASSIGN_OR_RETURN(const std::optional<std::string_view> key, json_.next_member(scratch));
      if (!key) break;
      size_t k = 0;
      while (k < N && names[k] != *key) ++k;
      if (k == N) {
        CUZK_RETURN_IF_ERROR(json_.skip_value());
        continue;
      }
      if ((seen >> k & 1) != 0) return error(where, "\"" + std::string(names[k]) + "\" twice");
      seen |= uint32_t{1} << k;
      CUZK_RETURN_IF_ERROR(member(k, where.in(names[k])));
    }
    for (size_t k = 0; k < N; ++k) {
      if ((required >> k & 1) != 0 && (seen >> k & 1) == 0) {
        return error(where, "no \"" + std::string(names[k]) + "\"");
      }
    }
    return seen;
  }

  Result<Bytes32> bytes32_of(const Where& where) {
    Bytes32 out{};
    const auto byte = [&](size_t i) -> Status {
      CUZK_ASSIGN_OR_RETURN(const uint64_t b, unsigned_of(where.at(i), 255));
      out[i] = static_cast<uint8_t>(b);
      return Status::ok();
    };
    CUZK_RETURN_IF_ERROR(exact_array(where, 32, "bytes", byte));
    return out;
  }

  Result<Fr> fr_of(const Where& where) {
    CUZK_ASSIGN_OR_RETURN(const Bytes32 bytes, bytes32_of(where));
    const std::optional<Fr> v = Fr::from_bytes_le(bytes);
    if (!v) return error(where, "not a canonical field element (≥ the BLS12-381 scalar modulus)");
    return *v;
  }

  Result<std::vector<Fr>> fr_array_of(const Where& where, size_t expected) {
    std::vector<Fr> out;
    out.reserve(expected);
    const auto value = [&](size_t i) -> Status {
      CUZK_ASSIGN_OR_RETURN(const Fr v, fr_of(where.at(i)));
      out.push_back(v);
      return Status::ok();
    };
    CUZK_RETURN_IF_ERROR(exact_array(where, expected, "entries", value));
    return out;
  }

  // {"hashes":[D…],"index":n}: one level of an inclusion path.
  Result<PathLevel> path_level(const Where& where) {
    PathLevel step;
    const auto sibling = [&](const Where& hashes, size_t j) -> Status {
      CUZK_ASSIGN_OR_RETURN(const Fr v, fr_of(hashes.at(j)));
      step.siblings.push_back(v);
      return Status::ok();
    };
    const auto member = [&](size_t k, const Where& value) -> Status {
      if (k == 0) {
        return bounded_array(value, kMaxSiblings, "hashes (a tree's arity is at most 8)",
                             [&](size_t j) { return sibling(value, j); })
            .status();
      }
      CUZK_ASSIGN_OR_RETURN(const uint64_t position, unsigned_of(value, 1u << 16));
      step.index = static_cast<size_t>(position);
      return Status::ok();
    };
    static constexpr std::array<std::string_view, 2> kNames{"hashes", "index"};
    CUZK_RETURN_IF_ERROR(object(where, kNames, 3, member));
    return step;
  }

  // IP = {"path":[level, …]}; appends its levels to `out`.
  Status inclusion_path(const Where& where, MerklePath& out) {
    const auto level = [&](const Where& levels, size_t i) -> Status {
      CUZK_ASSIGN_OR_RETURN(PathLevel step, path_level(levels.at(i)));
      out.levels.push_back(std::move(step));
      return Status::ok();
    };
    const auto member = [&](size_t, const Where& levels) -> Status {
      return bounded_array(levels, kMaxPathLevels, "levels", [&](size_t i) { return level(levels, i); }).status();
    };
    static constexpr std::array<std::string_view, 1> kNames{"path"};
    return object(where, kNames, 1, member).status();
  }

  // {"Single"|"Sub"|"Top":{…}}: exactly one member, the form.
  Status merkle_data(const Where& data, InclusionProof& proof) {
    const std::string one_form = "expected an object with one of \"Single\", \"Sub\", \"Top\"";
    CUZK_RETURN_IF_ERROR(expect(data, Type::kObject, "an object"));
    CUZK_RETURN_IF_ERROR(json_.begin_object());
    std::string scratch;
    CUZK_ASSIGN_OR_RETURN(const std::optional<std::string_view> form, json_.next_member(scratch));
    if (!form) return error(data, one_form);
    static constexpr std::array<std::string_view, 3> kForms{"Single", "Sub", "Top"};
    const size_t f = static_cast<size_t>(std::find(kForms.begin(), kForms.end(), *form) - kForms.begin());
    if (f == kForms.size()) {
      return error(data, "unknown Merkle proof form " + quote_client_text(*form) + " (Single, Sub or Top)");
    }
    proof.form = f == 0 ? ProofForm::kSingle : f == 1 ? ProofForm::kSub : ProofForm::kTop;
    CUZK_RETURN_IF_ERROR(merkle_body(data.in(kForms[f]), proof));
    CUZK_ASSIGN_OR_RETURN(const std::optional<std::string_view> second, json_.next_member(scratch));
    if (second) return error(data, one_form);
    return Status::ok();
  }

  // MP = {"data":{"Single"|"Sub"|"Top":{…}}}.
  Result<InclusionProof> merkle_proof(const Where& where) {
    InclusionProof proof;
    const auto member = [&](size_t, const Where& data) { return merkle_data(data, proof); };
    static constexpr std::array<std::string_view, 1> kNames{"data"};
    CUZK_RETURN_IF_ERROR(object(where, kNames, 1, member));
    return proof;
  }

  // The body of a Merkle proof of `proof.form`: its paths (base, then sub, then top levels),
  // root and leaf.
  Status merkle_body(const Where& where, InclusionProof& proof) {
    const uint32_t required = proof.form == ProofForm::kSingle ? 0b110001u
                              : proof.form == ProofForm::kSub  ? 0b110110u
                                                               : 0b111110u;
    MerklePath parts[4];
    const auto member = [&](size_t k, const Where& value) -> Status {
      if ((required >> k & 1) == 0) return json_.skip_value();  // not a part of this form
      if (k < 4) return inclusion_path(value, parts[k]);
      CUZK_ASSIGN_OR_RETURN(const Fr v, fr_of(value));
      (k == 4 ? proof.root : proof.leaf) = v;
      return Status::ok();
    };
    static constexpr std::array<std::string_view, 6> kNames{"path",      "base_proof", "sub_proof",
                                                            "top_proof", "root",       "leaf"};
    CUZK_RETURN_IF_ERROR(object(where, kNames, required, member));
    const size_t first = proof.form == ProofForm::kSingle ? 0 : 1;
    proof.base_levels = parts[first].levels.size();
    for (size_t k = first; k < 4; ++k) {
      for (PathLevel& level : parts[k].levels) proof.path.levels.push_back(std::move(level));
    }
    return Status::ok();
  }

  Result<ColumnProof> column_proof(const Where& where, size_t layers) {
    ColumnProof out;
    const auto column_member = [&](size_t c, const Where& field) -> Status {
      if (c == 0) {
        CUZK_ASSIGN_OR_RETURN(out.column.index, unsigned_of(field, UINT32_MAX));
      } else {
        CUZK_ASSIGN_OR_RETURN(out.column.rows, fr_array_of(field, layers));
      }
      return Status::ok();
    };
    const auto member = [&](size_t k, const Where& value) -> Status {
      if (k == 0) {
        static constexpr std::array<std::string_view, 2> kColumn{"index", "rows"};
        return object(value, kColumn, 3, column_member).status();
      }
      CUZK_ASSIGN_OR_RETURN(out.inclusion, merkle_proof(value));
      return Status::ok();
    };
    static constexpr std::array<std::string_view, 2> kNames{"column", "inclusion_proof"};
    CUZK_RETURN_IF_ERROR(object(where, kNames, 3, member));
    return out;
  }

  Result<std::vector<ColumnProof>> column_proofs(const Where& where, size_t count, size_t layers) {
    std::vector<ColumnProof> out;
    out.reserve(count);
    const auto column = [&](size_t i) -> Status {
      CUZK_ASSIGN_OR_RETURN(ColumnProof proof, column_proof(where.at(i), layers));
      out.push_back(std::move(proof));
      return Status::ok();
    };
    CUZK_RETURN_IF_ERROR(exact_array(where, count, "entries", column));
    return out;
  }

  Result<LabelingProof> labeling_proof(const Where& where) {
    LabelingProof out;
    const auto member = [&](size_t k, const Where& value) -> Status {
      if (k == 0) {
        CUZK_ASSIGN_OR_RETURN(out.parents, fr_array_of(value, kLabelParents));
      } else if (k == 1) {
        CUZK_ASSIGN_OR_RETURN(const uint64_t layer, unsigned_of(value, UINT32_MAX));
        out.layer_index = static_cast<uint32_t>(layer);
      } else {
        CUZK_ASSIGN_OR_RETURN(out.node, unsigned_of(value, UINT64_MAX));
      }
      return Status::ok();
    };
    static constexpr std::array<std::string_view, 3> kNames{"parents", "layer_index", "node"};
    CUZK_RETURN_IF_ERROR(object(where, kNames, 7, member));
    return out;
  }

  // replica_column_proofs = {"c_x":…, "drg_parents":[…], "exp_parents":[…]}.
  Status replica_columns(const Where& where, const PorepConfig& config, ChallengeProof& out) {
    const auto member = [&](size_t c, const Where& columns) -> Status {
      if (c == 0) {
        CUZK_ASSIGN_OR_RETURN(out.c_x, column_proof(columns, config.layers));
      } else if (c == 1) {
        CUZK_ASSIGN_OR_RETURN(out.drg_parents, column_proofs(columns, kDrgDegree, config.layers));
      } else {
        CUZK_ASSIGN_OR_RETURN(out.exp_parents, column_proofs(columns, kExpanderDegree, config.layers));
      }
      return Status::ok();
    };
    static constexpr std::array<std::string_view, 3> kNames{"c_x", "drg_parents", "exp_parents"};
    return object(where, kNames, 7, member).status();
  }

  Result<ChallengeProof> challenge_proof(const Where& where, const PorepConfig& config) {
    ChallengeProof out;
    const auto labeling = [&](const Where& proofs, size_t l) -> Status {
      CUZK_ASSIGN_OR_RETURN(LabelingProof proof, labeling_proof(proofs.at(l)));
      out.labeling_proofs.push_back(std::move(proof));
      return Status::ok();
    };
    const auto member = [&](size_t k, const Where& value) -> Status {
      switch (k) {
        case 0: {
          CUZK_ASSIGN_OR_RETURN(out.comm_d_proof, merkle_proof(value));
          return Status::ok();
        }
        case 1: {
          CUZK_ASSIGN_OR_RETURN(out.comm_r_last_proof, merkle_proof(value));
          return Status::ok();
        }
        case 2: return replica_columns(value, config, out);
        case 3:
          out.labeling_proofs.reserve(config.layers);
          return exact_array(value, config.layers, "entries", [&](size_t l) { return labeling(value, l); });
        default: {
          CUZK_ASSIGN_OR_RETURN(out.encoding_proof, labeling_proof(value));
          return Status::ok();
        }
      }
    };
    static constexpr std::array<std::string_view, 5> kNames{"comm_d_proofs", "comm_r_last_proof",
                                                            "replica_column_proofs", "labeling_proofs",
                                                            "encoding_proof"};
    CUZK_RETURN_IF_ERROR(object(where, kNames, 31, member));
    return out;
  }

  // One partition's challenge proofs.
  Status partition(const Where& where, const PorepConfig& config, Commit1Output& out) {
    std::vector<ChallengeProof> proofs;
    proofs.reserve(config.challenges_per_partition);
    const auto challenge = [&](size_t i) -> Status {
      CUZK_ASSIGN_OR_RETURN(ChallengeProof proof, challenge_proof(where.at(i), config));
      proofs.push_back(std::move(proof));
      return Status::ok();
    };
    CUZK_RETURN_IF_ERROR(exact_array(where, config.challenges_per_partition, "entries", challenge));
    out.partitions.push_back(std::move(proofs));
    return Status::ok();
  }

  // vanilla_proofs = {"<the proof's tag>": [[challenge proof; challenges] ; partitions]}.
  Status vanilla_proofs(const Where& where, const PorepConfig& config, Commit1Output& out) {
    CUZK_RETURN_IF_ERROR(expect(where, Type::kObject, "an object"));
    CUZK_RETURN_IF_ERROR(json_.begin_object());
    const std::string_view tag = vanilla_proof_tag(out.registered_proof);
    const std::string expected = "expected one key \"" + std::string(tag) + "\" for " +
                                 std::string(out.registered_proof.name);
    std::string scratch;
    bool seen = false;
    for (;;) {
      CUZK_ASSIGN_OR_RETURN(const std::optional<std::string_view> key, json_.next_member(scratch));
      if (!key) break;
      if (*key != tag || seen) return error(where, expected + ", found " + quote_client_text(*key));
      seen = true;
      const Where partitions = where.in(tag);
      out.partitions.reserve(config.partitions);
      const auto each = [&](size_t k) { return partition(partitions.at(k), config, out); };
      CUZK_RETURN_IF_ERROR(exact_array(partitions, config.partitions, "entries", each));
    }
    if (!seen) return error(where, expected + ", found none");
    return Status::ok();
  }

 private:
  JsonReader json_;
};

// The top-level members a document may have: the bare output's, then the wrapper's.
constexpr std::array<std::string_view, 11> kTopLevel{"registered_proof", "vanilla_proofs", "comm_r",   "comm_d",
                                                     "replica_id",       "seed",           "ticket",   "SectorNum",
                                                     "Phase1Out",        "SectorSize",     "Miner"};
enum TopLevel : size_t { kRegisteredProof, kVanillaProofs, kCommR, kSectorNum = 7, kPhase1Out, kSectorSize, kMiner };
using TopMarks = std::array<std::optional<JsonReader::Mark>, kTopLevel.size()>;

// The whole text checked as one JSON object (nesting bounded, nothing held) and where each
// top-level member's value begins, so that they are read in the order their meaning needs
// (registered_proof before vanilla_proofs).
Result<TopMarks> index_top_level(Commit1Reader& reader) {
  JsonReader& json = reader.json();
  const Where document;
  CUZK_RETURN_IF_ERROR(reader.expect(document, Type::kObject, "an object"));
  CUZK_RETURN_IF_ERROR(json.begin_object());
  TopMarks marks;
  std::string scratch;
  for (;;) {
    CUZK_ASSIGN_OR_RETURN(const std::optional<std::string_view> key, json.next_member(scratch));
    if (!key) break;
    const size_t k = static_cast<size_t>(std::find(kTopLevel.begin(), kTopLevel.end(), *key) - kTopLevel.begin());
    if (k < kTopLevel.size()) {
      if (marks[k]) return error(document, "\"" + std::string(kTopLevel[k]) + "\" twice");
      CUZK_RETURN_IF_ERROR(json.peek().status());
      marks[k] = json.mark();
    }
    CUZK_RETURN_IF_ERROR(json.skip_value());
  }
  CUZK_RETURN_IF_ERROR(json.expect_end());
  return marks;
}

Result<Commit1Output> read_bare(Commit1Reader& reader, const TopMarks& marks) {
  JsonReader& json = reader.json();
  const Where document;
  auto seek = [&](size_t k) -> Status {
    if (!marks[k]) return error(document, "no \"" + std::string(kTopLevel[k]) + "\"");
    json.seek(*marks[k]);
    return Status::ok();
  };
  Commit1Output out;
  CUZK_RETURN_IF_ERROR(seek(kRegisteredProof));
  std::string scratch;
  CUZK_ASSIGN_OR_RETURN(const std::string_view proof_name,
                        reader.string_of(document.in("registered_proof"), "a string", scratch));
  CUZK_ASSIGN_OR_RETURN(out.registered_proof, parse_registered_seal_proof(proof_name));
  CUZK_ASSIGN_OR_RETURN(const PorepConfig config, porep_config(out.registered_proof));
  CUZK_RETURN_IF_ERROR(seek(kVanillaProofs));
  CUZK_RETURN_IF_ERROR(reader.vanilla_proofs(document.in("vanilla_proofs"), config, out));
  Bytes32* const values[] = {&out.comm_r, &out.comm_d, &out.replica_id, &out.seed, &out.ticket};
  for (size_t i = 0; i < std::size(values); ++i) {
    CUZK_RETURN_IF_ERROR(seek(kCommR + i));
    CUZK_ASSIGN_OR_RETURN(*values[i], reader.bytes32_of(document.in(kTopLevel[kCommR + i])));
  }
  // comm_r, comm_d and replica_id are field elements (the circuit's public inputs).
  for (size_t i = 0; i < 3; ++i) {
    if (!Fr::from_bytes_le(*values[i])) return error(document.in(kTopLevel[kCommR + i]), "not a canonical field element");
  }
  return out;
}

// "f01001" / "t01001" (an ID address) or a bare number.
Result<uint64_t> miner_of(Commit1Reader& reader, const Where& where) {
  CUZK_ASSIGN_OR_RETURN(const Type type, reader.json().peek());
  if (type == Type::kNumber) return reader.unsigned_of(where, UINT64_MAX);
  std::string scratch;
  CUZK_ASSIGN_OR_RETURN(const std::string_view text,
                        reader.string_of(where, "an ID address such as \"f01000\"", scratch));
  const bool prefixed = text.size() > 2 && (text[0] == 'f' || text[0] == 't') && text[1] == '0';
  const std::string_view digits = prefixed ? text.substr(2) : text;
  uint64_t id = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), id);
  if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size()) {
    return error(where, quote_client_text(text) + " is not an ID address (f0<actor id>)");
  }
  return id;
}

// A JSON text's reading: its syntax errors framed as "<what>: not JSON (…)", its typed errors
// as they are.
Status framed(const Commit1Reader& reader, Status status, std::string_view what) {
  if (status.is_ok() || !reader.failed()) return status;
  std::string message(what);
  message += message.empty() ? "not JSON (" : ": not JSON (";
  message += status.message();
  message += ")";
  return Status::invalid_argument(std::move(message));
}

// The bare output in `text` (the wrapper's Phase1Out).
Result<Commit1Output> read_inner(std::string_view text) {
  Commit1Reader reader(text);
  Result<Commit1Output> out = [&]() -> Result<Commit1Output> {
    CUZK_ASSIGN_OR_RETURN(const TopMarks marks, index_top_level(reader));
    return read_bare(reader, marks);
  }();
  if (out.is_ok()) return out;
  return framed(reader, out.status(), "");
}

Result<Commit1Input> read_document(std::string_view text) {
  Commit1Reader reader(text);
  JsonReader& json = reader.json();
  const Where document;
  Commit1Input in;
  Status status = [&]() -> Status {
    CUZK_ASSIGN_OR_RETURN(const TopMarks marks, index_top_level(reader));
    if (!marks[kPhase1Out]) {
      CUZK_ASSIGN_OR_RETURN(in.output, read_bare(reader, marks));
      return Status::ok();
    }
    in.wrapper.present = true;
    for (const size_t k : {kSectorNum, kSectorSize}) {
      if (!marks[k]) return error(document, "no \"" + std::string(kTopLevel[k]) + "\"");
      json.seek(*marks[k]);
      CUZK_ASSIGN_OR_RETURN(const uint64_t v, reader.unsigned_of(document.in(kTopLevel[k]), UINT64_MAX));
      (k == kSectorNum ? in.wrapper.sector_number : in.wrapper.sector_size) = v;
    }
    if (marks[kMiner]) {
      json.seek(*marks[kMiner]);
      CUZK_ASSIGN_OR_RETURN(in.wrapper.miner, miner_of(reader, document.in("Miner")));
      in.wrapper.has_miner = true;
    }
    json.seek(*marks[kPhase1Out]);
    std::string inner;
    {
      std::string scratch;
      CUZK_ASSIGN_OR_RETURN(const std::string_view phase1,
                            reader.string_of(document.in("Phase1Out"), "a base64 string", scratch));
      CUZK_ASSIGN_OR_RETURN(inner, base64_decode(phase1));
    }
    Result<Commit1Output> output = read_inner(inner);
    inner.clear();
    inner.shrink_to_fit();
    if (!output.is_ok()) return Status::invalid_argument("Phase1Out: " + output.status().message());
    in.output = std::move(output).value();
    CUZK_ASSIGN_OR_RETURN(const PorepConfig config, porep_config(in.output.registered_proof));
    if (in.wrapper.sector_size != config.sector_size) {
      return error(document.in("SectorSize"),
                   std::to_string(in.wrapper.sector_size) + " bytes, but the Commit-1 output is " +
                       std::string(config.registered_proof.name) + " (" + std::to_string(config.sector_size) +
                       " bytes)");
    }
    return Status::ok();
  }();
  if (!status.is_ok()) return framed(reader, std::move(status), "Commit-1 output");
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
    return read_document(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
  } catch (const std::bad_alloc&) {
    return Status(StatusCode::kOutOfMemory, "Commit-1 output: out of memory while reading it");
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
