// Bellperson (Filecoin) Groth16 proofs checked with @noble/curves, a verifier that is not cuzk's:
// the verifying key read from the head of a .params (or .vk) file, the pairing equation
// e(A, B) = e(α, β) · e(Σ inputs_i · IC_i, γ) · e(C, δ). Shared by the daemon's Node clients.
import { closeSync, openSync, readSync } from 'node:fs';
import { bls12_381 as bls } from '@noble/curves/bls12-381.js';

const { Fp12 } = bls.fields;

// The verifying key heads a bellperson .params file (a 2 KiB PoRep's is 1.1 GB): read just it.
export function readVerifyingKey(paramsFile) {
  const fd = openSync(paramsFile, 'r');
  const read = (offset, length) => {
    const out = Buffer.alloc(length);
    readSync(fd, out, 0, length, offset);
    return out;
  };
  const head = 96 * 3 + 192 * 3;
  const count = read(head, 4).readUInt32BE(0);
  const bytes = read(0, head + 4 + 96 * count);
  closeSync(fd);
  let at = 0;
  const take = (n) => new Uint8Array(bytes.subarray(at, (at += n)));
  const g1 = () => bls.G1.Point.fromBytes(take(96));
  const g2 = () => bls.G2.Point.fromBytes(take(192));
  const vk = { alpha: g1(), betaG1: g1(), beta: g2(), gamma: g2(), deltaG1: g1(), delta: g2() };
  at += 4;
  vk.ic = Array.from({ length: count }, g1);
  return vk;
}

// True if the 192-byte proof verifies with these public inputs (decimal strings).
export function verifyBellperson(vk, proofBytes, publicInputs) {
  const a = bls.G1.Point.fromBytes(new Uint8Array(proofBytes.subarray(0, 48)));
  const b = bls.G2.Point.fromBytes(new Uint8Array(proofBytes.subarray(48, 144)));
  const c = bls.G1.Point.fromBytes(new Uint8Array(proofBytes.subarray(144, 192)));
  if (publicInputs.length + 1 !== vk.ic.length) return false;
  let acc = vk.ic[0];
  publicInputs.forEach((x, i) => {
    const s = BigInt(x);
    if (s !== 0n) acc = acc.add(vk.ic[i + 1].multiply(s));
  });
  let rhs = Fp12.mul(bls.pairing(vk.alpha, vk.beta), bls.pairing(c, vk.delta));
  if (!acc.is0()) rhs = Fp12.mul(rhs, bls.pairing(acc, vk.gamma));
  return Fp12.eql(bls.pairing(a, b), rhs);
}
