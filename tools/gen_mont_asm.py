#!/usr/bin/env python3
"""Emits x86-64 Montgomery multiplication for 4- and 6-limb moduli using BMI2/ADX.

Usage: python3 tools/gen_mont_asm.py > src/ff/mont_mul_adx.generated.hpp
The test `ff_constants_regenerate` diffs this script's output with the committed header.

Algorithm: CIOS with the no-carry shortcut (top modulus limb < 2^63 − 1), the same algorithm
as montgomery.hpp's portable/int128 paths, scheduled on two independent carry chains:
mulx computes a 64x64→128 product without touching flags, adcx propagates CF and adox OF, so
the high halves (CF chain) and low halves (OF chain) of each row accumulate in parallel.

Per row i (rdx = b[i]):            t[j] += lo(a[j]·b[i]) + hi(a[j−1]·b[i]);  A = final carry
Then the reduction (m = t0·inv):   t[j−1] = t[j] + lo(m·q[j]) + hi(m·q[j−1]);  t[N−1] = hi + A
A last conditional subtraction brings t < 2q below q.
"""

T_REGS = {4: ["r8", "r9", "r10", "r11"], 6: ["r8", "r9", "r10", "r11", "r12", "r14"]}
TEMP = "r13"   # high half of m·q[0]
CARRY = "rbx"  # A: the row's final carry


def r(name):
    """An asm register reference: %%rax for fixed registers, %[a] for operands."""
    return "%" + name if name.startswith("[") else "%%" + name


def emit_mul(n):
    t = T_REGS[n]
    lines = []
    op = lines.append

    def reduction_row():
        op(f"movq {r(t[0])}, {r('rdx')}")
        op(f"imulq {8 * n}(%[q]), {r('rdx')}")           # m = t0 · inv
        op(f"xorl {r('eax')}, {r('eax')}")                # clear CF and OF
        op(f"mulxq 0(%[q]), {r('rax')}, {r(TEMP)}")
        op(f"adcxq {r(t[0])}, {r('rax')}")                # t0 + lo(m·q0) ≡ 0: only CF survives
        op(f"movq {r(TEMP)}, {r(t[0])}")
        for j in range(1, n):
            op(f"adcxq {r(t[j])}, {r(t[j - 1])}")
            op(f"mulxq {8 * j}(%[q]), {r('rax')}, {r(t[j])}")
            op(f"adoxq {r('rax')}, {r(t[j - 1])}")
        op(f"movl $0, {r('eax')}")
        op(f"adcxq {r('rax')}, {r(t[n - 1])}")
        op(f"adoxq {r(CARRY)}, {r(t[n - 1])}")

    for i in range(n):
        op(f"movq {8 * i}(%[b]), {r('rdx')}")
        op(f"xorl {r('eax')}, {r('eax')}")
        if i == 0:
            op(f"mulxq 0(%[a]), {r(t[0])}, {r(t[1])}")
            for j in range(1, n):
                hi = t[j + 1] if j + 1 < n else CARRY
                op(f"mulxq {8 * j}(%[a]), {r('rax')}, {r(hi)}")
                op(f"adoxq {r('rax')}, {r(t[j])}")
            op(f"movl $0, {r('eax')}")
            op(f"adoxq {r('rax')}, {r(CARRY)}")
        else:
            op(f"mulxq 0(%[a]), {r('rax')}, {r(CARRY)}")
            op(f"adoxq {r('rax')}, {r(t[0])}")
            for j in range(1, n):
                op(f"adcxq {r(CARRY)}, {r(t[j])}")
                op(f"mulxq {8 * j}(%[a]), {r('rax')}, {r(CARRY)}")
                op(f"adoxq {r('rax')}, {r(t[j])}")
            op(f"movl $0, {r('eax')}")
            op(f"adcxq {r('rax')}, {r(CARRY)}")
            op(f"adoxq {r('rax')}, {r(CARRY)}")
        reduction_row()

    # conditional subtraction: s = t − q; keep t on borrow
    spare = ["rax", "rbx", "rdx", TEMP] + (["[a]", "[b]"] if n == 6 else [])
    for j in range(n):
        op(f"movq {r(t[j])}, {r(spare[j])}")
    op(f"subq 0(%[q]), {r(spare[0])}")
    for j in range(1, n):
        op(f"sbbq {8 * j}(%[q]), {r(spare[j])}")
    for j in range(n):
        op(f"cmovcq {r(t[j])}, {r(spare[j])}")
        op(f"movq {r(spare[j])}, {8 * j}(%[out])")
    return lines


S_REGS = ["r8", "r9", "r10", "r11", "r12", "r13"]


def emit_add(n):
    """out = a + b mod q: sum in S, copy to T, subtract q, keep the sum on borrow (cmov)."""
    s = S_REGS[:n]
    t = ["rax", "rbx", "rdx", "r14", "[a]", "[b]"][:n]
    lines = []
    op = lines.append
    for j in range(n):
        op(f"movq {8 * j}(%[a]), {r(s[j])}")
    op(f"addq 0(%[b]), {r(s[0])}")
    for j in range(1, n):
        op(f"adcq {8 * j}(%[b]), {r(s[j])}")
    for j in range(n):
        op(f"movq {r(s[j])}, {r(t[j])}")
    op(f"subq 0(%[q]), {r(t[0])}")
    for j in range(1, n):
        op(f"sbbq {8 * j}(%[q]), {r(t[j])}")
    for j in range(n):
        op(f"cmovcq {r(s[j])}, {r(t[j])}")
        op(f"movq {r(t[j])}, {8 * j}(%[out])")
    return lines, ["rax", "rbx", "rdx", "r14"][: min(n, 4)] + s


def emit_sub(n):
    """out = a − b mod q: difference in S, mask = −borrow, add q & mask."""
    s = S_REGS[:n]
    masked = ["rbx", "rdx", "r14", "[a]", "[b]", "[q]"][-n:] if n == 6 else ["rbx", "rdx", "r14", "[q]"]
    lines = []
    op = lines.append
    for j in range(n):
        op(f"movq {8 * j}(%[a]), {r(s[j])}")
    op(f"subq 0(%[b]), {r(s[0])}")
    for j in range(1, n):
        op(f"sbbq {8 * j}(%[b]), {r(s[j])}")
    op(f"sbbq {r('rax')}, {r('rax')}")  # rax = −borrow
    for j in range(n):  # the q pointer register is overwritten last
        op(f"movq {8 * j}(%[q]), {r(masked[j])}")
        op(f"andq {r('rax')}, {r(masked[j])}")
    op(f"addq {r(masked[0])}, {r(s[0])}")
    for j in range(1, n):
        op(f"adcq {r(masked[j])}, {r(s[j])}")
    for j in range(n):
        op(f"movq {r(s[j])}, {8 * j}(%[out])")
    return lines, ["rax", "rbx", "rdx", "r14"] + s


def emit_asm_function(name, comment, n, body_and_clobbers, q_inout):
    """One always-inlined function around an asm block that reads a, b, q and writes out
    through pointers ("memory" clobber: per-operand memory constraints would need address
    registers the 6-limb kernels do not have). out is written only after a and b are fully
    read, so it may alias them; the pointer operands are early-clobber for the same reason."""
    body, clobber_regs = body_and_clobbers
    out = ["// " + comment]
    out.append("__attribute__((always_inline)) inline void %s(uint64_t* out, const uint64_t* a, const uint64_t* b,"
               " const uint64_t* q) {" % name)
    out.append("  asm volatile(")
    for line in body:
        out.append('      "%s\\n\\t"' % line)
    if q_inout:
        out.append('      : [a] "+&r"(a), [b] "+&r"(b), [q] "+&r"(q)')
        out.append('      : [out] "r"(out)')
    else:
        out.append('      : [a] "+&r"(a), [b] "+&r"(b)')
        out.append('      : [out] "r"(out), [q] "r"(q)')
    out.append('      : %s, "cc", "memory");' % ", ".join('"%s"' % reg for reg in clobber_regs))
    out.append("}")
    return out


def emit_function(n):
    comment = ("out = a·b·2^(−%d) mod q, all fully reduced; q = {q[0..%d], −q^(−1) mod 2^64}."
               % (64 * n, n - 1))
    return emit_asm_function("mont_mul_%d" % n, comment, n,
                             (emit_mul(n), ["rax", "rbx", "rdx", TEMP] + T_REGS[n]), False)


def main():
    lines = [
        "// Generated by tools/gen_mont_asm.py — do not edit.",
        "// x86-64 BMI2/ADX Montgomery multiplication (mulx + adcx/adox dual carry chains) for",
        "// 4-limb (Fr) and 6-limb (Fq) moduli whose top limb is below 2^63 − 1.",
        "#pragma once",
        "",
        "#include <cstdint>",
        "",
        "namespace cuzk::ff::adx {",
        "",
    ]
    lines += emit_function(4)
    lines.append("")
    lines += emit_function(6)
    for n in (4, 6):
        lines.append("")
        lines += emit_asm_function("mod_add_%d" % n, "out = a + b mod q (a, b < q, 2q < 2^%d)." % (64 * n), n,
                                   emit_add(n), False)
        lines.append("")
        lines += emit_asm_function("mod_sub_%d" % n, "out = a − b mod q (a, b < q).", n, emit_sub(n), True)
    lines += ["", "}  // namespace cuzk::ff::adx"]
    print("\n".join(lines))


if __name__ == "__main__":
    main()
