pragma circom 2.0.0;

// No public inputs and no outputs: the verifier's IC has a single point (the ONE wire).
// A chain of products and sums over two private inputs.
template NoPublic(n) {
    signal input a;
    signal input b;
    signal acc[n];
    acc[0] <== a * b;
    for (var i = 1; i < n; i++) {
        acc[i] <== acc[i - 1] * (a + i) + b;
    }
    // Keep the last value constrained to something non-trivial.
    signal sq;
    sq <== acc[n - 1] * acc[n - 1];
}

component main = NoPublic(8);
