// circom_prove_tool: prove_command from the command line, for tools/circom/interop_test.sh
// (the `cuzk prove` subcommand does the same inside the CLI).
//   circom_prove_tool --zkey C.zkey --witness W.wtns --proof proof.json --public public.json
//                     [--r1cs C.r1cs]
// Exit status 0 on success; 1 with the Status on stderr otherwise; 2 on bad usage.
#include <cstdio>
#include <cstring>
#include <string>

#include "circom/commands.hpp"
#include "groth16/blinding.hpp"

int main(int argc, char** argv) {
  std::string zkey, witness, proof, pub;
  cuzk::circom::ProveCommandOptions options;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i], value = argv[i + 1];
    if (flag == "--zkey") {
      zkey = value;
    } else if (flag == "--witness") {
      witness = value;
    } else if (flag == "--proof") {
      proof = value;
    } else if (flag == "--public") {
      pub = value;
    } else if (flag == "--r1cs") {
      options.r1cs_path = value;
    } else {
      std::fprintf(stderr, "unknown flag %s\n", flag.c_str());
      return 2;
    }
  }
  if (argc % 2 != 1 || zkey.empty() || witness.empty() || proof.empty() || pub.empty()) {
    std::fprintf(stderr,
                 "usage: %s --zkey C.zkey --witness W.wtns --proof proof.json --public public.json [--r1cs C.r1cs]\n",
                 argv[0]);
    return 2;
  }
  cuzk::groth16::SystemBlinding blinding;
  const cuzk::Status status = cuzk::circom::prove_command(zkey, witness, proof, pub, blinding, options);
  if (!status.is_ok()) {
    std::fprintf(stderr, "%s\n", status.to_string().c_str());
    return 1;
  }
  return 0;
}
