#!/usr/bin/env python3
"""Derives every BLS12-381 constant cuzk's arithmetic uses and prints the C++ header.

Usage: python3 tools/gen_constants.py > src/ff/constants.generated.hpp
The test `ff_constants_regenerate` runs this script and diffs its output with the committed
header, so the header can never drift from its derivation.

Everything is derived from two numbers — the BLS parameter x and the curve equation — plus
the standard generators; each derived value is checked here (e.g. the cube root of unity is
chosen so that the endomorphism acts on G1 as [-x^2]).
"""

# BLS parameter x (negative). p = (x-1)^2 (x^4 - x^2 + 1)/3 + x, r = x^4 - x^2 + 1.
X = -0xD201000000010000
P = (X - 1) ** 2 * (X**4 - X**2 + 1) // 3 + X
R_ORDER = X**4 - X**2 + 1
assert P == 0x1A0111EA397FE69A4B1BA7B6434BACD764774B84F38512BF6730D2A0F6B0F6241EABFFFEB153FFFFB9FEFFFFFFFFAAAB
assert R_ORDER == 0x73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000001

# Standard generators (zcash / IETF BLS12-381 definitions).
G1_X = 0x17F1D3A73197D7942695638C4FA9AC0FC3688C4F9774B905A14E3A3F171BAC586C55E83FF97A1AEFFB3AF00ADB22C6BB
G1_Y = 0x08B3F481E3AAA0F1A09E30ED741D8AE4FCF5E095D5D00AF600DB18CB2C04B3EDD03CC744A2888AE40CAA232946C5E7E1
G2_X = (0x024AA2B2F08F0A91260805272DC51051C6E47AD4FA403B02B4510B647AE3D1770BAC0326A805BBEFD48056C8C121BDB8,
        0x13E02B6052719F607DACD3A088274F65596BD0D09920B61AB5DA61BBDC7F5049334CF11213945D57E5AC7D055D042B7E)
G2_Y = (0x0CE5D527727D6E118CC9CDC6DA2E351AADFD9BAA8CBDD3A76D429A695160D12C923AC9CC3BACA289E193548608B82801,
        0x0606C4A02EA734CC32ACD2B02BC28B99CB3E287E85A763AF267492AB572E99AB3F370D275CEC1DA1AAA9075FF05F79BE)
FR_GENERATOR = 7  # multiplicative generator of Fr* used for cosets (bellperson / snarkjs)


# ---- minimal big-integer Fq2 arithmetic (u^2 = -1) used only for derivation ----
def f2_mul(a, b):
    return ((a[0] * b[0] - a[1] * b[1]) % P, (a[0] * b[1] + a[1] * b[0]) % P)


def f2_pow(a, e):
    result = (1, 0)
    while e:
        if e & 1:
            result = f2_mul(result, a)
        a = f2_mul(a, a)
        e >>= 1
    return result


def f2_inv(a):
    norm_inv = pow(a[0] * a[0] + a[1] * a[1], P - 2, P)
    return (a[0] * norm_inv % P, (-a[1]) * norm_inv % P)


def f2_add(a, b):
    return ((a[0] + b[0]) % P, (a[1] + b[1]) % P)


def f2_sub(a, b):
    return ((a[0] - b[0]) % P, (a[1] - b[1]) % P)


XI = (1, 1)  # the non-residue u + 1 defining Fq6 = Fq2[v]/(v^3 - xi)


# ---- affine curve arithmetic over a generic field given by ops ----
def ec_add(p1, p2, ops):
    mul, add, sub, inv, zero = ops
    if p1 is None:
        return p2
    if p2 is None:
        return p1
    if p1[0] == p2[0]:
        if p1[1] != p2[1] or p1[1] == zero:
            return None
        three_x2 = mul(mul(p1[0], p1[0]), 3)
        lam = mul(three_x2, inv(add(p1[1], p1[1])))
    else:
        lam = mul(sub(p2[1], p1[1]), inv(sub(p2[0], p1[0])))
    x3 = sub(sub(mul(lam, lam), p1[0]), p2[0])
    y3 = sub(mul(lam, sub(p1[0], x3)), p1[1])
    return (x3, y3)


def ec_mul(point, k, ops):
    result = None
    while k:
        if k & 1:
            result = ec_add(result, point, ops)
        point = ec_add(point, point, ops)
        k >>= 1
    return result


FQ_OPS = (lambda a, b: a * b % P, lambda a, b: (a + b) % P, lambda a, b: (a - b) % P,
          lambda a: pow(a, P - 2, P), 0)


def f2_mul_any(a, b):
    if isinstance(b, int):
        return (a[0] * b % P, a[1] * b % P)
    return f2_mul(a, b)


FQ2_OPS = (f2_mul_any, f2_add, f2_sub, f2_inv, (0, 0))

G1 = (G1_X, G1_Y)
G2 = (G2_X, G2_Y)
assert (G1_Y**2 - G1_X**3 - 4) % P == 0, "G1 generator on y^2 = x^3 + 4"
B2 = (4, 4)  # twist coefficient 4(u + 1)
assert f2_sub(f2_mul(G2_Y, G2_Y), f2_add(f2_mul(f2_mul(G2_X, G2_X), G2_X), B2)) == (0, 0)
assert ec_mul(G1, R_ORDER, FQ_OPS) is None, "G1 generator has order r"
assert ec_mul(G2, R_ORDER, FQ2_OPS) is None, "G2 generator has order r"

# ---- G1 endomorphism phi(x, y) = (beta x, y), beta a cube root of unity; choose the beta for
# which phi acts on G1 as [-x^2] (the membership test of eprint 2021/1130 section 6).
cube_roots = [b for b in (pow(g, (P - 1) // 3, P) for g in range(2, 50)) if b != 1]
BETA = None
minus_x2_g1 = ec_mul(G1, (-(X * X)) % R_ORDER, FQ_OPS)
for candidate in cube_roots:
    if (candidate * G1_X % P, G1_Y) == minus_x2_g1:
        BETA = candidate
        break
assert BETA is not None and pow(BETA, 3, P) == 1

# ---- G2 endomorphism psi(x, y) = (conj(x) * PSI_X, conj(y) * PSI_Y), acting on G2 as [x]
PSI_X = f2_inv(f2_pow(XI, (P - 1) // 3))
PSI_Y = f2_inv(f2_pow(XI, (P - 1) // 2))
psi_g2 = (f2_mul((G2_X[0], -G2_X[1] % P), PSI_X), f2_mul((G2_Y[0], -G2_Y[1] % P), PSI_Y))
assert psi_g2 == ec_mul(G2, X % R_ORDER, FQ2_OPS), "psi acts on G2 as [x]"

# ---- Frobenius coefficients for the tower Fq2 -> Fq6 -> Fq12 (w^2 = v, v^3 = xi)
FROB6_C1 = [f2_pow(XI, (P**k - 1) // 3) for k in range(6)]          # v^(p^k) = gamma v
FROB6_C2 = [f2_pow(XI, 2 * (P**k - 1) // 3) for k in range(6)]      # v^(2 p^k)
FROB12_C1 = [f2_pow(XI, (P**k - 1) // 6) for k in range(12)]        # w^(p^k) = gamma w

# ---- Fr two-adic structure for the NTT
FR_TWO_ADICITY = ((R_ORDER - 1) & -(R_ORDER - 1)).bit_length() - 1
FR_TRACE = (R_ORDER - 1) >> FR_TWO_ADICITY
FR_ROOT_OF_UNITY = pow(FR_GENERATOR, FR_TRACE, R_ORDER)
assert FR_TWO_ADICITY == 32
assert pow(FR_ROOT_OF_UNITY, 1 << 31, R_ORDER) == R_ORDER - 1
assert pow(FR_GENERATOR, (R_ORDER - 1) // 2, R_ORDER) == R_ORDER - 1, "7 is a non-residue"


def limbs(value, count):
    return [(value >> (64 * i)) & 0xFFFFFFFFFFFFFFFF for i in range(count)]


def c_limbs(value, count):
    return "{" + ", ".join("0x%016x" % l for l in limbs(value, count)) + "}"


def mont(value, modulus, count):
    return value * (1 << (64 * count)) % modulus


class Emitter:
    def __init__(self):
        self.lines = []

    def raw(self, text=""):
        self.lines.append(text)

    def limbs(self, comment, name, value, count):
        self.lines.append("// " + comment)
        self.lines.append("inline constexpr Limbs%d %s = %s;" % (count, name, c_limbs(value, count)))

    def fq(self, comment, name, value):
        self.limbs(comment + " (Montgomery form)", name, mont(value % P, P, 6), 6)

    def fq2(self, comment, name, value):
        self.lines.append("// " + comment + " (c0, c1 in Montgomery form)")
        self.lines.append("inline constexpr Limbs6 %s[2] = {%s, %s};" % (
            name, c_limbs(mont(value[0], P, 6), 6), c_limbs(mont(value[1], P, 6), 6)))

    def fq2_table(self, comment, name, values):
        self.lines.append("// " + comment + " (c0, c1 in Montgomery form)")
        self.lines.append("inline constexpr Limbs6 %s[%d][2] = {" % (name, len(values)))
        for v in values:
            self.lines.append("    {%s,\n     %s}," % (c_limbs(mont(v[0], P, 6), 6), c_limbs(mont(v[1], P, 6), 6)))
        self.lines.append("};")


def field_block(e, prefix, modulus, count):
    bits = modulus.bit_length()
    e.limbs("%s modulus, %d bits" % (prefix, bits), "k%sModulus" % prefix, modulus, count)
    e.limbs("R mod m, R = 2^%d: the Montgomery form of one" % (64 * count), "k%sOne" % prefix,
            mont(1, modulus, count), count)
    e.limbs("R^2 mod m: converts to Montgomery form", "k%sRSquared" % prefix,
            (1 << (128 * count)) % modulus, count)
    e.raw("// -m^-1 mod 2^64: the CIOS reduction factor")
    e.raw("inline constexpr uint64_t k%sInv = 0x%016x;" % (prefix, (-pow(modulus, -1, 1 << 64)) % (1 << 64)))
    e.limbs("R^3 mod m: lifts an integer inverse of a Montgomery value back to Montgomery form",
            "k%sRCubed" % prefix, (1 << (192 * count)) % modulus, count)
    e.raw("// m^-1 mod 2^62: the Bernstein-Yang (safegcd) inversion update factor")
    e.raw("inline constexpr uint64_t k%sInv62 = 0x%016x;" % (prefix, pow(modulus, -1, 1 << 62)))
    e.limbs("m - 2: Fermat inversion exponent", "k%sModulusMinusTwo" % prefix, modulus - 2, count)
    e.limbs("(m - 1) / 2: Legendre symbol exponent", "k%sModulusMinusOneHalf" % prefix, (modulus - 1) // 2, count)
    e.raw("inline constexpr uint32_t k%sModulusBits = %d;" % (prefix, bits))


def main():
    e = Emitter()
    e.raw("// Generated by tools/gen_constants.py — do not edit.")
    e.raw("// BLS12-381 constants: moduli, Montgomery parameters, tower Frobenius coefficients,")
    e.raw("// endomorphism constants, generators, and Fr's two-adic structure.")
    e.raw("// Limbs are little-endian 64-bit words. Values named 'Montgomery form' are v * R mod m.")
    e.raw("#pragma once")
    e.raw()
    e.raw("#include <array>")
    e.raw("#include <cstdint>")
    e.raw()
    e.raw("namespace cuzk::ff::constants {")
    e.raw()
    e.raw("using Limbs4 = std::array<uint64_t, 4>;")
    e.raw("using Limbs6 = std::array<uint64_t, 6>;")
    e.raw()
    e.raw("// The BLS parameter x = -0x%x (negative); its absolute value:" % -X)
    e.raw("inline constexpr uint64_t kBlsXAbs = 0x%016x;" % -X)
    e.raw("inline constexpr bool kBlsXIsNegative = true;")
    e.raw()
    field_block(e, "Fq", P, 6)
    e.limbs("(p + 1) / 4: square-root exponent (p = 3 mod 4)", "kFqSqrtExponent", (P + 1) // 4, 6)
    e.limbs("(p - 3) / 4: Fq2 square-root exponent", "kFqModulusMinusThreeQuarter", (P - 3) // 4, 6)
    e.raw()
    field_block(e, "Fr", R_ORDER, 4)
    e.raw("// Fr* = <7>; r - 1 = 2^32 * t with t odd")
    e.raw("inline constexpr uint32_t kFrTwoAdicity = %d;" % FR_TWO_ADICITY)
    e.limbs("t = (r - 1) / 2^32", "kFrTrace", FR_TRACE, 4)
    e.limbs("(t - 1) / 2: Tonelli-Shanks exponent", "kFrTraceMinusOneHalf", (FR_TRACE - 1) // 2, 4)
    e.limbs("7 (Montgomery form)", "kFrGenerator", mont(FR_GENERATOR, R_ORDER, 4), 4)
    e.limbs("7^t: a primitive 2^32-th root of unity (Montgomery form)", "kFrRootOfUnity",
            mont(FR_ROOT_OF_UNITY, R_ORDER, 4), 4)
    e.raw()
    e.fq("curve coefficient b = 4 of E: y^2 = x^3 + 4", "kG1B", 4)
    e.fq("3b = 12", "kG1B3", 12)
    e.fq2("twist coefficient b' = 4(u + 1) of E': y^2 = x^3 + 4(u + 1)", "kG2B", B2)
    e.fq2("3b' = 12(u + 1)", "kG2B3", (12, 12))
    e.fq("G1 generator x", "kG1GeneratorX", G1_X)
    e.fq("G1 generator y", "kG1GeneratorY", G1_Y)
    e.fq2("G2 generator x", "kG2GeneratorX", G2_X)
    e.fq2("G2 generator y", "kG2GeneratorY", G2_Y)
    e.fq("beta: cube root of unity with (beta x, y) = [-x^2](x, y) on G1", "kG1EndoBeta", BETA)
    e.fq2("psi x-coefficient 1/(u+1)^((p-1)/3)", "kG2PsiX", PSI_X)
    e.fq2("psi y-coefficient 1/(u+1)^((p-1)/2)", "kG2PsiY", PSI_Y)
    e.raw()
    e.fq2_table("Fq6 Frobenius: (u+1)^((p^k - 1)/3), k = 0..5", "kFq6FrobeniusC1", FROB6_C1)
    e.fq2_table("Fq6 Frobenius: (u+1)^(2(p^k - 1)/3), k = 0..5", "kFq6FrobeniusC2", FROB6_C2)
    e.fq2_table("Fq12 Frobenius: (u+1)^((p^k - 1)/6), k = 0..11", "kFq12FrobeniusC1", FROB12_C1)
    e.raw()
    e.raw("}  // namespace cuzk::ff::constants")
    print("\n".join(e.lines))


if __name__ == "__main__":
    main()
