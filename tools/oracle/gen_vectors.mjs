#!/usr/bin/env node
// gen_vectors.mjs -- deterministic BLS12-381 test-vector oracle for cuzk.
//
// What it is:
//   An independent reference (the audited pure-JS library @noble/curves, pinned
//   to an exact version in package.json) used to generate JSON known-answer
//   vectors for the C++ field / curve / pairing code.  The C++ tests read the
//   committed files in tests/vectors/ offline; nothing here runs at build time.
//
// How to run (from the repo root):
//   cd tools/oracle && npm ci && node gen_vectors.mjs
//
// Output: tests/vectors/{fq,fr,fq2,fq6,fq12,g1,g2,pairing}.json (resolved
// relative to this script, so the working directory does not matter).  The
// schema is documented in tests/vectors/README.md.
//
// Determinism: every random value comes from a SHA-256 counter-mode stream with
// a fixed seed (see SEED below), and the output is serialised with a fixed key
// order, so re-running reproduces byte-identical files.  Changing the seed, the
// order of draws, or the noble version changes the vectors; commit them together.
//
// Self-checks: every value noble produces is cross-checked against a second
// computation here (plain BigInt modular arithmetic, generic pow for Frobenius,
// a textbook affine double-and-add for point ops, bilinearity for pairings,
// round-tripping encodings) and the script aborts if anything disagrees.  Every
// "invalid" encoding is confirmed to be rejected by noble's Point.fromHex.

import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bls12_381 as bls } from '@noble/curves/bls12-381.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const OUT_DIR = resolve(HERE, '..', '..', 'tests', 'vectors');

const { Fp, Fp2, Fp6, Fp12, Fr } = bls.fields;
const G1 = bls.G1.Point;
const G2 = bls.G2.Point;
const P = Fp.ORDER;
const R = Fr.ORDER;

function check(cond, msg) {
  if (!cond) throw new Error('self-check failed: ' + msg);
}

// ---------------------------------------------------------------------------
// Deterministic PRNG: SHA-256(SEED || domain || counter_be64), concatenated.
// ---------------------------------------------------------------------------
const SEED = 'cuzk-bls12-381-oracle-v1';

class Rng {
  constructor(domain) {
    this.domain = domain;
    this.ctr = 0n;
    this.buf = Buffer.alloc(0);
  }
  bytes(n) {
    while (this.buf.length < n) {
      const c = Buffer.alloc(8);
      c.writeBigUInt64BE(this.ctr++);
      const h = createHash('sha256').update(SEED).update('/').update(this.domain).update('/').update(c).digest();
      this.buf = Buffer.concat([this.buf, h]);
    }
    const out = this.buf.subarray(0, n);
    this.buf = this.buf.subarray(n);
    return out;
  }
  // uniform in [0, 2^bits)
  bits(bits) {
    const nb = Math.ceil(bits / 8);
    let v = BigInt('0x' + this.bytes(nb).toString('hex'));
    return v & ((1n << BigInt(bits)) - 1n);
  }
  // uniform in [0, m) by rejection sampling
  below(m) {
    const bits = m.toString(2).length;
    for (;;) {
      const v = this.bits(bits);
      if (v < m) return v;
    }
  }
  // uniform in [1, m)
  nonzeroBelow(m) {
    for (;;) {
      const v = this.below(m);
      if (v !== 0n) return v;
    }
  }
  bool() {
    return (this.bytes(1)[0] & 1) === 1;
  }
}

// ---------------------------------------------------------------------------
// Hex formatting (canonical big-endian, lowercase, zero-padded, no 0x).
// ---------------------------------------------------------------------------
const hexN = (x, n) => {
  check(typeof x === 'bigint' && x >= 0n, 'hexN input');
  const s = x.toString(16);
  check(s.length <= n, `value too wide for ${n} hex chars`);
  return s.padStart(n, '0');
};
const fq = (x) => hexN(x, 96);
const fr = (x) => hexN(x, 64);
const sc = (x) => hexN(x, 64); // scalars / exponents, Fr width
const fq2 = (a) => [fq(a.c0), fq(a.c1)];
const fq6 = (a) => [fq2(a.c0), fq2(a.c1), fq2(a.c2)];
const fq12 = (a) => [fq6(a.c0), fq6(a.c1)];

// ---------------------------------------------------------------------------
// Plain BigInt helpers used for cross-checks.
// ---------------------------------------------------------------------------
const mod = (a, m) => ((a % m) + m) % m;
function powmod(b, e, m) {
  let r = 1n;
  b = mod(b, m);
  while (e > 0n) {
    if (e & 1n) r = (r * b) % m;
    b = (b * b) % m;
    e >>= 1n;
  }
  return r;
}

// ---------------------------------------------------------------------------
// Prime fields Fq, Fr
// ---------------------------------------------------------------------------
function legendre(F, a) {
  if (a === 0n) return 0;
  const t = F.pow(a, (F.ORDER - 1n) / 2n);
  if (t === 1n) return 1;
  check(t === F.ORDER - 1n, 'euler criterion');
  return -1;
}

function primeFieldCase(F, a, b, e) {
  const m = F.ORDER;
  const add = F.add(a, b), sub = F.sub(a, b), mul = F.mul(a, b), sqr = F.sqr(a), neg = F.neg(a);
  check(add === mod(a + b, m) && sub === mod(a - b, m) && mul === mod(a * b, m), 'prime field add/sub/mul');
  check(sqr === mod(a * a, m) && neg === mod(-a, m), 'prime field sqr/neg');
  let inv = null;
  if (a !== 0n) {
    inv = F.inv(a);
    check(mod(inv * a, m) === 1n, 'prime field inv');
  }
  const pw = F.pow(a, e);
  check(pw === powmod(a, e, m), 'prime field pow');
  const leg = legendre(F, a);
  let sqrt = null;
  if (leg >= 0) {
    sqrt = F.sqrt(a);
    check(mod(sqrt * sqrt, m) === a, 'prime field sqrt');
  } else {
    let threw = false;
    try { F.sqrt(a); } catch { threw = true; }
    check(threw, 'noble sqrt of non-residue must throw');
  }
  const w = m === P ? fq : fr;
  return {
    a: w(a), b: w(b), add: w(add), sub: w(sub), mul: w(mul), sqr: w(sqr), neg: w(neg),
    inv: inv === null ? null : w(inv),
    e: sc(e), pow: w(pw), legendre: leg,
    sqrt: sqrt === null ? null : w(sqrt),
    a_dec: a.toString(10),
  };
}

function genPrimeField(F, name) {
  const m = F.ORDER;
  const rng = new Rng(name);
  const edges = [
    0n, 1n, 2n, m - 1n, m - 2n, (m - 1n) / 2n, (m + 1n) / 2n,
    1n << 64n, 1n << 128n, 1n << 192n,
  ];
  if (m === P) {
    edges.push(1n << 256n, (1n << 64n) - 1n, mod(1n << 384n, m), mod(1n << 768n, m));
  } else {
    edges.push((1n << 64n) - 1n, mod(1n << 256n, m), mod(1n << 512n, m));
  }
  for (const x of edges) check(x < m, 'edge in range');
  // exponent cycle; 'rand' = fresh random 256-bit value
  const eCycle = [0n, 1n, 2n, R - 1n, 'rand', (1n << 256n) - 1n, 'rand', R - 2n];
  let ei = 0;
  const nextE = () => {
    const e = eCycle[ei++ % eCycle.length];
    return e === 'rand' ? rng.bits(256) : e;
  };
  const cases = [];
  for (let i = 0; i < edges.length; i++)
    for (let j = i; j < edges.length; j++)
      cases.push(primeFieldCase(F, edges[i], edges[j], nextE()));
  for (let i = 0; i < 24; i++) {
    let a = rng.below(m);
    if (i % 4 === 0) a = F.sqr(a); // guarantee some residues
    const b = rng.below(m);
    cases.push(primeFieldCase(F, a, b, nextE()));
  }
  const w = m === P ? fq : fr;
  return { modulus: w(m), cases };
}

// ---------------------------------------------------------------------------
// Extension fields
// ---------------------------------------------------------------------------
const randFp2 = (rng) => Fp2.create({ c0: rng.below(P), c1: rng.below(P) });
const randFp6 = (rng) => Fp6.create({ c0: randFp2(rng), c1: randFp2(rng), c2: randFp2(rng) });
const randFp12 = (rng) => Fp12.create({ c0: randFp6(rng), c1: randFp6(rng) });

function fp2IsSquare(a) {
  // a is a square in Fp2 iff its norm c0^2 + c1^2 is a square in Fp.
  if (Fp2.is0(a)) return true;
  return legendre(Fp, Fp.add(Fp.sqr(a.c0), Fp.sqr(a.c1))) === 1;
}

function fq2Case(a, b, e) {
  const inv = Fp2.is0(a) ? null : Fp2.inv(a);
  if (inv) check(Fp2.eql(Fp2.mul(a, inv), Fp2.ONE), 'fp2 inv');
  // cross-check mul against schoolbook (c0 + c1 u)(d0 + d1 u), u^2 = -1
  const mul = Fp2.mul(a, b);
  check(mul.c0 === mod(a.c0 * b.c0 - a.c1 * b.c1, P) && mul.c1 === mod(a.c0 * b.c1 + a.c1 * b.c0, P), 'fp2 mul');
  const sqr = Fp2.sqr(a);
  check(Fp2.eql(sqr, Fp2.mul(a, a)), 'fp2 sqr');
  let sqrt = null;
  if (fp2IsSquare(a)) {
    sqrt = Fp2.sqrt(a);
    check(Fp2.eql(Fp2.sqr(sqrt), a), 'fp2 sqrt');
  } else {
    let threw = false;
    try { Fp2.sqrt(a); } catch { threw = true; }
    check(threw, 'noble fp2 sqrt of non-square must throw');
  }
  const frob = Fp2.frobeniusMap(a, 1);
  check(Fp2.eql(frob, Fp2.pow(a, P)), 'fp2 frobenius vs pow');
  check(frob.c0 === a.c0 && frob.c1 === mod(-a.c1, P), 'fp2 frobenius = conjugate');
  const pw = Fp2.pow(a, e);
  return {
    a: fq2(a), b: fq2(b), add: fq2(Fp2.add(a, b)), sub: fq2(Fp2.sub(a, b)), mul: fq2(mul), sqr: fq2(sqr),
    neg: fq2(Fp2.neg(a)), inv: inv ? fq2(inv) : null, sqrt: sqrt ? fq2(sqrt) : null,
    frobenius: fq2(frob), e: sc(e), pow: fq2(pw),
  };
}

function genFq2() {
  const rng = new Rng('fq2');
  const mk = (c0, c1) => Fp2.create({ c0, c1 });
  const specials = [
    mk(0n, 0n), mk(1n, 0n), mk(0n, 1n), mk(P - 1n, 0n), mk(0n, P - 1n), mk(1n, 1n), mk(2n, 0n),
    mk(P - 1n, P - 1n), mk((P - 1n) / 2n, (P + 1n) / 2n), mk(mod(1n << 384n, P), 0n), mk(4n, 4n),
  ];
  const eCycle = [0n, 1n, 2n, R - 1n, 'rand', (1n << 256n) - 1n, 'rand'];
  let ei = 0;
  const nextE = () => {
    const e = eCycle[ei++ % eCycle.length];
    return e === 'rand' ? rng.bits(256) : e;
  };
  const cases = [];
  specials.forEach((a, i) => cases.push(fq2Case(a, specials[(i * 5 + 3) % specials.length], nextE())));
  let sq = 0, nsq = 0;
  for (let i = 0; i < 30; i++) {
    let a = randFp2(rng);
    if (i % 3 === 0) a = Fp2.sqr(a); // guaranteed squares
    const b = i % 7 === 6 ? Fp2.ZERO : randFp2(rng);
    cases.push(fq2Case(a, b, nextE()));
  }
  for (const c of cases) (c.sqrt ? sq++ : nsq++);
  check(sq >= 5 && nsq >= 5, 'fq2 needs both squares and non-squares');
  return { cases };
}

function towerCase(F, fmt, a, b) {
  const inv = F.is0(a) ? null : F.inv(a);
  if (inv) check(F.eql(F.mul(a, inv), F.ONE), 'tower inv');
  const sqr = F.sqr(a);
  check(F.eql(sqr, F.mul(a, a)), 'tower sqr');
  const mul = F.mul(a, b);
  check(F.eql(mul, F.mul(b, a)), 'tower mul commutes');
  const out = { a: fmt(a), b: fmt(b), mul: fmt(mul), sqr: fmt(sqr), inv: inv ? fmt(inv) : null };
  for (let k = 1; k <= 3; k++) {
    const fr_ = F.frobeniusMap(a, k);
    check(F.eql(fr_, F.pow(a, P ** BigInt(k))), `tower frobenius ${k} vs pow`);
    out['frobenius' + k] = fmt(fr_);
  }
  return out;
}

function genFq6() {
  const rng = new Rng('fq6');
  const mk = (a0, a1, a2) => Fp6.create({ c0: a0, c1: a1, c2: a2 });
  const z2 = Fp2.ZERO, o2 = Fp2.ONE, u = Fp2.create({ c0: 0n, c1: 1n });
  const cases = [];
  cases.push(towerCase(Fp6, fq6, Fp6.ONE, randFp6(rng)));
  cases.push(towerCase(Fp6, fq6, Fp6.ZERO, randFp6(rng)));
  cases.push(towerCase(Fp6, fq6, mk(z2, o2, z2), mk(z2, o2, z2))); // v * v
  cases.push(towerCase(Fp6, fq6, mk(z2, z2, o2), mk(z2, o2, z2))); // v^2 * v = u+1
  cases.push(towerCase(Fp6, fq6, mk(randFp2(rng), z2, z2), randFp6(rng))); // Fp2 subfield
  cases.push(towerCase(Fp6, fq6, mk(u, u, u), Fp6.ONE));
  while (cases.length < 16) cases.push(towerCase(Fp6, fq6, randFp6(rng), randFp6(rng)));
  return { cases };
}

function genFq12() {
  const rng = new Rng('fq12');
  const mk = (a0, a1) => Fp12.create({ c0: a0, c1: a1 });
  const z6 = Fp6.ZERO, o6 = Fp6.ONE;
  const cases = [];
  cases.push(towerCase(Fp12, fq12, Fp12.ONE, randFp12(rng)));
  cases.push(towerCase(Fp12, fq12, Fp12.ZERO, randFp12(rng)));
  cases.push(towerCase(Fp12, fq12, mk(z6, o6), mk(z6, o6))); // w * w = v
  cases.push(towerCase(Fp12, fq12, mk(randFp6(rng), z6), randFp12(rng))); // Fp6 subfield
  cases.push(towerCase(Fp12, fq12, mk(z6, randFp6(rng)), randFp12(rng)));
  // a pairing value (unitary, cyclotomic subgroup element)
  cases.push(towerCase(Fp12, fq12, bls.pairing(G1.BASE, G2.BASE), randFp12(rng)));
  while (cases.length < 16) cases.push(towerCase(Fp12, fq12, randFp12(rng), randFp12(rng)));
  return { cases };
}

// ---------------------------------------------------------------------------
// Curves: generic textbook affine arithmetic for cross-checks and for building
// off-subgroup points; own encoder for the invalid-encoding vectors.
// ---------------------------------------------------------------------------
const CURVES = {
  g1: {
    name: 'G1', Point: G1, F: Fp, b: 4n, coordBytes: 48,
    fmt: fq, isZero: (x) => x === 0n,
    rand: (rng) => rng.below(P),
    // sign = y lexicographically largest
    sign: (y) => y > (P - 1n) / 2n,
    // field element -> BE bytes as written on the wire
    wire: (x) => hexN(x, 96),
  },
  g2: {
    name: 'G2', Point: G2, F: Fp2, b: Fp2.create({ c0: 4n, c1: 4n }), coordBytes: 96,
    fmt: fq2, isZero: (x) => Fp2.is0(x),
    rand: (rng) => randFp2(rng),
    sign: (y) => (y.c1 !== 0n ? y.c1 > (P - 1n) / 2n : y.c0 > (P - 1n) / 2n),
    wire: (x) => hexN(x.c1, 96) + hexN(x.c0, 96), // c1 first, then c0
  },
};

const INF = null; // affine infinity in the textbook arithmetic
function affAdd(F, A, B) {
  if (A === INF) return B;
  if (B === INF) return A;
  if (F.eql(A.x, B.x)) {
    if (F.is0(F.add(A.y, B.y))) return INF;
    return affDbl(F, A);
  }
  const l = F.div(F.sub(B.y, A.y), F.sub(B.x, A.x));
  const x = F.sub(F.sub(F.sqr(l), A.x), B.x);
  const y = F.sub(F.mul(l, F.sub(A.x, x)), A.y);
  return { x, y };
}
function affDbl(F, A) {
  if (A === INF || F.is0(A.y)) return INF;
  const x2 = F.sqr(A.x);
  const l = F.div(F.add(F.add(x2, x2), x2), F.add(A.y, A.y));
  const x = F.sub(F.sqr(l), F.add(A.x, A.x));
  const y = F.sub(F.mul(l, F.sub(A.x, x)), A.y);
  return { x, y };
}
function affMul(F, k, A) {
  let acc = INF;
  for (const bit of k.toString(2)) {
    acc = affDbl(F, acc);
    if (bit === '1') acc = affAdd(F, acc, A);
  }
  return k === 0n ? INF : acc;
}
const toAff = (Pt) => (Pt.is0() ? INF : Pt.toAffine());
function affEq(F, A, B) {
  if (A === INF || B === INF) return A === B;
  return F.eql(A.x, B.x) && F.eql(A.y, B.y);
}
function onCurve(C, x, y) {
  const F = C.F;
  return F.eql(F.sqr(y), F.add(F.mul(F.sqr(x), x), C.b));
}

function pointObj(C, Pt) {
  // noble only serialises the canonical (0, 1, 0) infinity; normalise others.
  if (Pt.is0()) Pt = C.Point.ZERO;
  const comp = Pt.toHex(true);
  const unc = Pt.toHex(false);
  check(comp.length === 2 * C.coordBytes && unc.length === 4 * C.coordBytes, 'encoding length');
  // round-trip both encodings through noble's decoder
  check(C.Point.fromHex(comp).equals(Pt) && C.Point.fromHex(unc).equals(Pt), 'encoding round-trip');
  if (Pt.is0()) {
    check(comp === 'c0' + '0'.repeat(comp.length - 2) && unc === '40' + '0'.repeat(unc.length - 2), 'infinity encoding');
    return { infinity: true, x: null, y: null, compressed: comp, uncompressed: unc };
  }
  const { x, y } = Pt.toAffine();
  check(onCurve(C, x, y), 'point on curve');
  // cross-check noble's encoder with ours
  check(myEncode(C, x, y, true) === comp && myEncode(C, x, y, false) === unc, 'own encoder agrees with noble');
  return { infinity: false, x: C.fmt(x), y: C.fmt(y), compressed: comp, uncompressed: unc };
}

// Encode raw (possibly invalid) coordinates; x/y given as field elements, or
// as already-formatted wire hex strings (for out-of-range coordinates).
function myEncode(C, x, y, compressed, { signOverride } = {}) {
  const xw = typeof x === 'string' ? x : C.wire(x);
  let hex;
  let flags;
  if (compressed) {
    hex = xw;
    const s = signOverride !== undefined ? signOverride : C.sign(y);
    flags = 0x80 | (s ? 0x20 : 0);
  } else {
    const yw = typeof y === 'string' ? y : C.wire(y);
    hex = xw + yw;
    flags = 0;
  }
  const b0 = parseInt(hex.slice(0, 2), 16);
  check((b0 & 0xe0) === 0, 'top three bits free');
  return (b0 | flags).toString(16).padStart(2, '0') + hex.slice(2);
}

const setByte0 = (hex, fn) => fn(parseInt(hex.slice(0, 2), 16)).toString(16).padStart(2, '0') + hex.slice(2);

function randPoint(rng) {
  return (C) => C.Point.BASE.multiply(rng.nonzeroBelow(R));
}

function genCurve(key) {
  const C = CURVES[key];
  const F = C.F;
  const rng = new Rng(key);
  const rp = () => randPoint(rng)(C);
  const Z = C.Point.ZERO, Gen = C.Point.BASE;

  const mkCase = (p, q, k) => {
    const add = p.add(q), dbl = p.double(), neg = p.negate();
    const kp = k === 0n ? Z : p.multiply(k);
    const [pa, qa] = [toAff(p), toAff(q)];
    check(affEq(F, toAff(add), affAdd(F, pa, qa)), 'add vs textbook');
    check(affEq(F, toAff(dbl), affDbl(F, pa)), 'dbl vs textbook');
    check(affEq(F, toAff(kp), affMul(F, k, pa)), 'k*p vs textbook');
    check(affEq(F, toAff(neg.add(p)), INF), 'neg');
    return { p: pointObj(C, p), q: pointObj(C, q), add: pointObj(C, add), dbl: pointObj(C, dbl), neg: pointObj(C, neg), k: sc(k), kp: pointObj(C, kp) };
  };
  const kCycle = [0n, 1n, 2n, R - 1n, R - 2n, 'rand', 'rand', (R - 1n) / 2n, 'rand'];
  let ki = 0;
  const nextK = () => {
    const k = kCycle[ki++ % kCycle.length];
    return k === 'rand' ? rng.below(R) : k;
  };
  const cases = [];
  cases.push(mkCase(Gen, Gen, nextK())); // p = q
  cases.push(mkCase(Gen, Gen.negate(), nextK())); // sum = infinity
  cases.push(mkCase(Z, Gen, nextK())); // p infinity
  cases.push(mkCase(Gen, Z, nextK())); // q infinity
  cases.push(mkCase(Z, Z, nextK()));
  { const a = rp(); cases.push(mkCase(a, a, nextK())); }
  { const a = rp(); cases.push(mkCase(a, a.negate(), nextK())); }
  { const a = rp(); cases.push(mkCase(a, a.double(), nextK())); }
  { const a = rp(); cases.push(mkCase(a, Gen, nextK())); }
  while (cases.length < 30) cases.push(mkCase(rp(), rp(), nextK()));

  const encodings = [];
  for (let i = 0; i < 20; i++) encodings.push(pointObj(C, rp()));
  encodings.push(pointObj(C, Z));

  // ---- invalid encodings -------------------------------------------------
  const invalid = [];
  const addInvalid = (hex, form, reason) => {
    let threw = false;
    try { C.Point.fromHex(hex); } catch { threw = true; }
    check(threw, `noble must reject ${C.name} ${reason}/${form}: ${hex}`);
    invalid.push({ hex, form, reason });
  };
  const gc = Gen.toHex(true), gu = Gen.toHex(false);
  const nb = C.coordBytes; // bytes of one coordinate
  const zeros = (nbytes) => '0'.repeat(2 * nbytes);

  // length: one byte short / long
  addInvalid(gc.slice(0, -2), 'compressed', 'length');
  addInvalid(gc + '00', 'compressed', 'length');
  addInvalid(gu.slice(0, -2), 'uncompressed', 'length');
  addInvalid(gu + '00', 'uncompressed', 'length');
  addInvalid(('c0' + zeros(nb - 1)).slice(0, -2), 'compressed', 'length'); // short infinity

  // flags
  addInvalid(setByte0(gc, (b) => b & 0x7f), 'compressed', 'flags'); // compression bit missing on short form
  addInvalid(setByte0(gu, (b) => b | 0x80), 'uncompressed', 'flags'); // compression bit set on long form
  addInvalid('c0' + zeros(nb - 2) + '01', 'compressed', 'flags'); // infinity with non-zero rest
  addInvalid(setByte0(gc, (b) => b | 0x40), 'compressed', 'flags'); // infinity bit on a real point (non-zero rest)
  addInvalid('40' + zeros(2 * nb - 2) + '01', 'uncompressed', 'flags'); // infinity with non-zero rest
  addInvalid('e0' + zeros(nb - 1), 'compressed', 'flags'); // infinity + sign
  addInvalid('60' + zeros(2 * nb - 1), 'uncompressed', 'flags'); // infinity + sign on uncompressed
  addInvalid(setByte0(gu, (b) => b | 0x20), 'uncompressed', 'flags'); // sign bit on uncompressed
  addInvalid('40' + zeros(nb - 1), 'compressed', 'flags'); // infinity bit without compression bit, short form
  addInvalid('c0' + zeros(2 * nb - 1), 'uncompressed', 'flags'); // compressed infinity flags on long form

  // x_not_canonical: x >= p (either Fp2 coordinate for G2).  Most cases use
  // x' = x + p for a valid subgroup point (x, y), so a decoder that silently
  // reduces mod p would accept them: the range check is the only defect.
  const LIM = (1n << 381n) - P; // x + P must still fit in 381 bits
  const withSmall = (pred) => {
    for (;;) {
      const pt = rp();
      const a = pt.toAffine();
      if (pred(a)) return a;
    }
  };
  if (key === 'g1') {
    const a = withSmall((a) => a.x < LIM);
    const b_ = withSmall((a) => a.x < LIM);
    addInvalid(myEncode(C, hexN(P, 96), null, true, { signOverride: false }), 'compressed', 'x_not_canonical');
    addInvalid(myEncode(C, hexN(a.x + P, 96), a.y, true, { signOverride: C.sign(a.y) }), 'compressed', 'x_not_canonical');
    addInvalid(myEncode(C, hexN((1n << 381n) - 1n, 96), null, true, { signOverride: true }), 'compressed', 'x_not_canonical');
    addInvalid(myEncode(C, hexN(a.x + P, 96), a.y, false), 'uncompressed', 'x_not_canonical');
    addInvalid(myEncode(C, hexN(b_.x + P, 96), b_.y, false), 'uncompressed', 'x_not_canonical');
    const c = withSmall((a) => a.x < LIM);
    addInvalid(myEncode(C, hexN(c.x + P, 96), c.y, false), 'uncompressed', 'x_not_canonical');
  } else {
    const a = withSmall((a) => a.x.c0 < LIM);
    const b_ = withSmall((a) => a.x.c1 < LIM);
    const w = (c1, c0) => hexN(c1, 96) + hexN(c0, 96);
    addInvalid(myEncode(C, w(a.x.c1, a.x.c0 + P), a.y, true, { signOverride: C.sign(a.y) }), 'compressed', 'x_not_canonical');
    addInvalid(myEncode(C, w(b_.x.c1 + P, b_.x.c0), b_.y, true, { signOverride: C.sign(b_.y) }), 'compressed', 'x_not_canonical');
    addInvalid(myEncode(C, w(P, 0n), null, true, { signOverride: false }), 'compressed', 'x_not_canonical');
    addInvalid(myEncode(C, w(0n, P), null, true, { signOverride: true }), 'compressed', 'x_not_canonical');
    addInvalid(myEncode(C, w(a.x.c1, a.x.c0 + P), a.y, false), 'uncompressed', 'x_not_canonical');
    addInvalid(myEncode(C, w(b_.x.c1 + P, b_.x.c0), b_.y, false), 'uncompressed', 'x_not_canonical');
    const c = withSmall((a) => a.x.c0 < LIM && a.x.c1 < LIM);
    addInvalid(myEncode(C, w(c.x.c1 + P, c.x.c0 + P), c.y, false), 'uncompressed', 'x_not_canonical');
  }

  // not_on_curve
  const rhs = (x) => F.add(F.mul(F.sqr(x), x), C.b);
  const isSq = (v) => (key === 'g1' ? legendre(Fp, v) >= 0 : fp2IsSquare(v));
  for (let n = 0; n < 3; ) {
    const x = C.rand(rng);
    if (isSq(rhs(x))) continue;
    addInvalid(myEncode(C, x, null, true, { signOverride: rng.bool() }), 'compressed', 'not_on_curve');
    n++;
  }
  for (let n = 0; n < 3; n++) {
    const a = rp().toAffine();
    const ybad = n === 0 ? F.add(a.y, F.ONE) : n === 1 ? F.ZERO : C.rand(rng);
    check(!onCurve(C, a.x, ybad), 'bad y really off-curve');
    addInvalid(myEncode(C, a.x, ybad, false), 'uncompressed', 'not_on_curve');
  }
  {
    // x with no y at all, arbitrary y
    let x;
    do { x = C.rand(rng); } while (isSq(rhs(x)));
    addInvalid(myEncode(C, x, C.rand(rng), false), 'uncompressed', 'not_on_curve');
  }

  // not_in_subgroup: on E (resp. the twist E') but not r-torsion
  const offSub = [];
  if (key === 'g1') offSub.push({ x: 0n, y: 2n }); // (0, 2) is on y^2 = x^3 + 4
  while (offSub.length < 4) {
    const x = C.rand(rng);
    const v = rhs(x);
    if (!isSq(v)) continue;
    let y = F.sqrt(v);
    if (rng.bool()) y = F.neg(y);
    offSub.push({ x, y });
  }
  offSub.forEach((a, i) => {
    check(onCurve(C, a.x, a.y), 'off-subgroup point on curve');
    check(affMul(F, R, a) !== INF, 'off-subgroup point is not r-torsion');
    check(!C.Point.fromAffine(a).isTorsionFree(), 'noble agrees: not torsion-free');
    if (i < 3 || key === 'g1') addInvalid(myEncode(C, a.x, a.y, true), 'compressed', 'not_in_subgroup');
    addInvalid(myEncode(C, a.x, a.y, false), 'uncompressed', 'not_in_subgroup');
  });

  const byReason = {};
  for (const c of invalid) byReason[c.reason] = (byReason[c.reason] || 0) + 1;
  for (const r of ['length', 'flags', 'x_not_canonical', 'not_on_curve', 'not_in_subgroup'])
    check((byReason[r] || 0) >= 3, `${C.name} needs >=3 invalid of reason ${r}`);

  return { generator: pointObj(C, Gen), cases, encodings, invalid };
}

// ---------------------------------------------------------------------------
// Pairing
// ---------------------------------------------------------------------------
// noble's final exponentiation (the Hayashida-Hayasaka-Teruya hard part, same
// as zkcrypto/bls12_381 and blst) returns f^(3 (p^12 - 1) / r), i.e. the cube of
// the "textbook" reduced Tate/ate value.  "e" fields carry noble's value
// (== zkcrypto Gt::generator() for the generators); "e_exact" fields carry
// f^((p^12-1)/r) = e^(3^-1 mod r) for implementations using the plain exponent.
const INV3 = powmod(3n, R - 2n, R);
const exactOf = (e) => Fp12.pow(e, INV3);

function nobleE(p, q) {
  // noble refuses the point at infinity; mathematically e(O, Q) = e(P, O) = 1.
  if (p.is0() || q.is0()) return Fp12.ONE;
  return bls.pairing(p, q);
}

function genPairing() {
  const rng = new Rng('pairing');
  const rs = () => rng.nonzeroBelow(R);
  const g1 = G1.BASE, g2 = G2.BASE;
  const gt = bls.pairing(g1, g2);
  // sanity: matches the textbook exponent after cubing
  const f = bls.pairing(g1, g2, false);
  const exactGt = Fp12.pow(f, (P ** 12n - 1n) / R);
  check(Fp12.eql(Fp12.pow(exactGt, 3n), gt), 'noble pairing = textbook^3');
  check(Fp12.eql(exactOf(gt), exactGt), 'cube root via 3^-1 mod r');
  check(!Fp12.eql(gt, Fp12.ONE) && Fp12.eql(Fp12.pow(gt, R), Fp12.ONE), 'gt order r');

  const caseOf = (p, q) => {
    const e = nobleE(p, q);
    return { p: pointObj(CURVES.g1, p), q: pointObj(CURVES.g2, q), e: fq12(e), e_exact: fq12(exactOf(e)) };
  };
  const cases = [];
  cases.push(caseOf(g1, g2));
  cases.push(caseOf(G1.ZERO, g2));
  cases.push(caseOf(g1, G2.ZERO));
  cases.push(caseOf(G1.ZERO, G2.ZERO));
  cases.push(caseOf(g1.negate(), g2));
  { const a = rs(); const c = caseOf(g1.multiply(a), g2); check(c.e.toString() === fq12(Fp12.pow(gt, a)).toString(), 'e(aG1,G2)=gt^a'); cases.push(c); }
  { const b = rs(); const c = caseOf(g1, g2.multiply(b)); check(c.e.toString() === fq12(Fp12.pow(gt, b)).toString(), 'e(G1,bG2)=gt^b'); cases.push(c); }
  for (let i = 0; i < 3; i++) {
    const a = rs(), b = rs();
    const c = caseOf(g1.multiply(a), g2.multiply(b));
    check(c.e.toString() === fq12(Fp12.pow(gt, (a * b) % R)).toString(), 'e(aG1,bG2)=gt^ab');
    cases.push(c);
  }

  const bilinear = [];
  for (let i = 0; i < 3; i++) {
    const a = rs(), b = rs();
    const p = i === 0 ? g1 : g1.multiply(rs());
    const q = i === 0 ? g2 : g2.multiply(rs());
    const eab = bls.pairing(p.multiply(a), q.multiply(b));
    check(Fp12.eql(eab, Fp12.pow(bls.pairing(p, q), (a * b) % R)), 'bilinearity');
    bilinear.push({ a: sc(a), b: sc(b), p: pointObj(CURVES.g1, p), q: pointObj(CURVES.g2, q), e_ab: fq12(eab), e_ab_exact: fq12(exactOf(eab)) });
  }

  const multi = [];
  const multiCase = (pairs) => {
    let e = Fp12.ONE;
    for (const [p, q] of pairs) e = Fp12.mul(e, nobleE(p, q));
    const live = pairs.filter(([p, q]) => !p.is0() && !q.is0());
    if (live.length) check(Fp12.eql(bls.pairingBatch(live.map(([g1_, g2_]) => ({ g1: g1_, g2: g2_ }))), e), 'pairingBatch = product');
    multi.push({
      pairs: pairs.map(([p, q]) => ({ p: pointObj(CURVES.g1, p), q: pointObj(CURVES.g2, q) })),
      e: fq12(e), e_exact: fq12(exactOf(e)),
    });
    return e;
  };
  {
    // e(P, Q) * e(-P, Q) = 1
    const p = g1.multiply(rs()), q = g2.multiply(rs());
    check(Fp12.eql(multiCase([[p, q], [p.negate(), q]]), Fp12.ONE), 'multi cancels');
  }
  {
    // generic product, 3 pairs
    multiCase([0, 1, 2].map(() => [g1.multiply(rs()), g2.multiply(rs())]));
  }
  {
    // Groth16-shaped check with 4 pairs: e(aP, bQ) e(-abP, Q) e(R, S) e(R, -S) = 1
    const a = rs(), b = rs();
    const p = g1.multiply(rs()), q = g2.multiply(rs());
    const r_ = g1.multiply(rs()), s = g2.multiply(rs());
    const e = multiCase([[p.multiply(a), q.multiply(b)], [p.multiply((a * b) % R).negate(), q], [r_, s], [r_, s.negate()]]);
    check(Fp12.eql(e, Fp12.ONE), 'groth16-shaped multi = 1');
  }
  return { one: fq12(Fp12.ONE), cases, bilinear, multi };
}

// ---------------------------------------------------------------------------
// Output: one top-level key per line, one array element per line.
// ---------------------------------------------------------------------------
function serialize(obj) {
  const lines = Object.entries(obj).map(([k, v]) => {
    if (Array.isArray(v) && v.length && typeof v[0] === 'object' && !Array.isArray(v[0]))
      return JSON.stringify(k) + ': [\n' + v.map((x) => '  ' + JSON.stringify(x)).join(',\n') + '\n]';
    return JSON.stringify(k) + ': ' + JSON.stringify(v);
  });
  return '{\n' + lines.join(',\n') + '\n}\n';
}

function main() {
  // Known-answer anchors from the zcash/bellperson serialization spec.
  check(G1.BASE.toHex(true) === '97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb', 'G1 generator encoding');
  check(G2.BASE.toHex(true).startsWith('93e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049'), 'G2 generator encoding');

  const files = {
    'fq.json': () => genPrimeField(Fp, 'fq'),
    'fr.json': () => genPrimeField(Fr, 'fr'),
    'fq2.json': genFq2,
    'fq6.json': genFq6,
    'fq12.json': genFq12,
    'g1.json': () => genCurve('g1'),
    'g2.json': () => genCurve('g2'),
    'pairing.json': genPairing,
  };
  mkdirSync(OUT_DIR, { recursive: true });
  for (const [name, gen] of Object.entries(files)) {
    const text = serialize(gen());
    JSON.parse(text); // well-formed
    writeFileSync(resolve(OUT_DIR, name), text);
    console.log(`wrote ${name} (${text.length} bytes)`);
  }
}

main();
