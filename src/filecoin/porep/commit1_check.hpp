// The native checks of a Commit-1 output before any synthesis (rust-fil-proofs' vanilla
// StackedDrg verification, with errors that say what is wrong): every Merkle path against its
// root with the configuration's shape (TreeD binary SHA-256 to comm_d; TreeR and TreeC
// Poseidon with their sub/top levels to comm_r_last and comm_c), the roots consistent and
// comm_r = Poseidon2(comm_c, comm_r_last); the challenges recomputed from (replica_id, seed)
// against every node index the file carries; the graph's parents against the parent columns;
// column hashes against the TreeC leaves; labels recomputed from the labeling proofs' parents,
// which must be the parents' column rows, against the challenge's column; the encoding
// replica = last label + data leaf against the TreeR leaf.
//
// Each failure is kInvalidArgument naming the partition, challenge, proof and field, e.g.
//   partition 3 challenge 7: drg parent 2: column index 1234, the graph says 1288
#pragma once

#include <vector>

#include "common/thread_pool.hpp"
#include "filecoin/porep/commit1.hpp"

namespace cuzk::filecoin::porep {

// What the circuit and the public inputs need, derived and checked.
struct CheckedCommit1 {
  ff::Fr replica_id, comm_d, comm_r;
  ff::Fr comm_c, comm_r_last;                     // private inputs of every partition
  std::vector<std::vector<uint64_t>> challenges;  // [partition][i]
};

// `config` is the configuration the output is checked against (porep_config of its
// registered proof, or a test configuration with the same registered_proof); the output must
// have config.partitions × config.challenges_per_partition proofs. Partitions are checked in
// parallel on `pool`; the first failing partition's error is reported.
Result<CheckedCommit1> check_commit1(const PorepConfig& config, const Commit1Output& output, ThreadPool& pool);

}  // namespace cuzk::filecoin::porep
