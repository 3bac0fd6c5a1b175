pragma circom 2.0.0;

// Wide linear combinations: a 50-term sum on each side of one product, and a 50-term C side.
template WideLc(n) {
    signal input x[n];
    signal output out;
    var left = 0;
    var right = 0;
    for (var i = 0; i < n; i++) {
        left += (i + 1) * x[i];
        right += (2 * i + 3) * x[i];
    }
    // One constraint whose A and B rows both hold 50 terms.
    out <== left * right;
    // One constraint whose C row holds 50 terms plus out.
    signal t;
    t <== x[0] * x[1];
    var wide = 0;
    for (var i = 0; i < n; i++) {
        wide += (7 * i + 5) * x[i];
    }
    signal u;
    u <== t * x[2] + wide;
}

component main = WideLc(50);
