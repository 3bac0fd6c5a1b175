pragma circom 2.0.0;

// 20 public inputs and 2 public outputs (22 public signals): IC has 23 points.
template ManyPublic(n) {
    signal input in[n];
    signal input secret;
    signal output sum;
    signal output prod;
    signal sq[n];
    signal p[n];
    var s = 0;
    for (var i = 0; i < n; i++) {
        sq[i] <== in[i] * in[i];
        s += sq[i] * (i + 1);
    }
    sum <== s;
    p[0] <== in[0] * secret;
    for (var i = 1; i < n; i++) {
        p[i] <== p[i - 1] * (in[i] + secret);
    }
    prod <== p[n - 1];
}

component main {public [in]} = ManyPublic(20);
