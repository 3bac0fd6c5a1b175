pragma circom 2.0.0;

include "circomlib/circuits/sha256/sha256.circom";

// circomlib's SHA-256 of a 64-bit message (one 512-bit block), digest as public outputs.
template Sha256Small(nBits) {
    signal input in[nBits];
    signal output out[256];
    component h = Sha256(nBits);
    for (var i = 0; i < nBits; i++) h.in[i] <== in[i];
    for (var i = 0; i < 256; i++) out[i] <== h.out[i];
}

component main = Sha256Small(64);
