pragma circom 2.0.0;

// Negative coefficients: every row below has terms with coefficient −k, i.e. p − k ≥ p/2 in the
// file. Also large "near p" constants.
template Negative() {
    signal input a;
    signal input b;
    signal input c;
    signal output d;
    signal output e;
    signal t1;
    signal t2;
    // (a − 7)·(b − 3c) = t1 − 5
    t1 <== (a - 7) * (b - 3 * c) + 5;
    // (−a − b)·(c − 11) = t2
    t2 <== (-a - b) * (c - 11);
    // d = (t1 − 2·t2)·(−c + 13)
    d <== (t1 - 2 * t2) * (13 - c);
    // e = (−1)·a·b  + (p−1)/2 style huge constant
    e <== (-a) * b - 21888242871839275222246405745257275088548364400416034343698204186575808495616;
}

component main {public [a]} = Negative();
