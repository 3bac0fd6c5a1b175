// Curio's side of the daemon, for the Curio end-to-end test (tests/server/curio_e2e.sh):
//
//   node curio.mjs ADDRESS CURIO_PROTO OUR_PROTO C1_FIXTURE PARAMS_DIR [PROOF_OUT]
//
// CURIO_PROTO is Curio's own proving.proto, exactly as Curio ships it (a copy in
// tests/server/curio/); the client built from it calls Prove the way Curio's Go client does
// (lib/cuzk/client.go, lib/ffi/cuzk_funcs.go): deterministic request ids, Curio's priorities,
// registered_proof in Filecoin's numbering, the Commit-1 output in Curio's JSON wrapper, 256 MiB
// messages. First it compares the two files' descriptors: every message, field (number, name,
// type, label), enum value and method of Curio's file must be in ours unchanged. Where the
// daemon can prove a kind through Curio's contract (PoRep C2: the porep-2KiB circuit) it
// expects COMPLETED and a proof that @noble/curves verifies against the parameter file's
// verifying key; it checks that two concurrent calls with one request id prove once, that
// a retry after completion gets the kept result, and that Curio's retries whose payload changed
// (a PoRep whose Commit-1 was redone, a WindowPoSt without a sector) are proved; it sends bad
// inputs and expects FAILED with a
// message (or the gRPC code Curio's Rust daemon answers), and checks the daemon stays healthy.
// A second client, on cuzk's own proto (OUR_PROTO), reads what Curio's messages do not carry
// (public inputs) and runs the idempotency checks on a synthetic circuit, which every build
// has. PARAMS_DIR holds the daemon's porep-2KiB.params; PROOF_OUT, if given, receives the
// PoRep proof. With CURIO_E2E_WINDOW / _WINNING / _SNAP (folders of synthetic 2 KiB vanilla
// proofs in Curio's bincode), CURIO_E2E_RANDOMNESS, CURIO_E2E_SNAP_FLAGS (the commitments) and
// CURIO_E2E_VANILLA_PARAMS (their parameter files) it proves WindowPoSt, WinningPoSt and
// SnapDeals through Curio's contract as well, each verified by @noble/curves. One line per
// check; exit 1 on the first failure.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import grpc from '@grpc/grpc-js';
import protoLoader from '@grpc/proto-loader';
import { readVerifyingKey, verifyBellperson } from './bellperson.mjs';

const [, , address, curioProto, ourProto, c1Fixture, paramsDir, proofOut] = process.argv;
if (!paramsDir) {
  console.error('usage: node curio.mjs ADDRESS CURIO_PROTO OUR_PROTO C1_FIXTURE PARAMS_DIR [PROOF_OUT]');
  process.exit(2);
}

const options = { keepCase: false, longs: String, enums: String, defaults: true };
const channel = { 'grpc.max_send_message_length': 256 << 20, 'grpc.max_receive_message_length': 256 << 20 };
const connect = (protoPath) => {
  const { ProvingEngine } = grpc.loadPackageDefinition(protoLoader.loadSync(protoPath, options)).cuzk.v1;
  const client = new ProvingEngine(address, grpc.credentials.createInsecure(), channel);
  const call = (method, request) =>
    new Promise((resolve, reject) => client[method](request, (err, res) => (err ? reject(err) : resolve(res))));
  return { client, call };
};
const curio = connect(curioProto);
const ours = connect(ourProto);

let checks = 0;
function ok(cond, what) {
  if (!cond) {
    console.error(`FAIL: ${what}`);
    process.exit(1);
  }
  checks += 1;
  console.log(`ok: ${what}`);
}

async function expectCode(what, promise, code, fragment) {
  try {
    await promise;
    ok(false, `${what}: expected gRPC error ${code}, got success`);
  } catch (err) {
    ok(err.code === code && (!fragment || err.details.includes(fragment)),
       `${what} → ${grpc.status[err.code] ?? err.code}: ${err.details}`);
  }
}
// Curio's Prove: ProveResponse.result (an AwaitProofResponse).
const prove = async (submit) => (await curio.call('Prove', { submit })).result;
async function expectFailed(what, submit, fragment) {
  const r = await prove(submit);
  ok(r.status === 'FAILED' && r.errorMessage.includes(fragment) && r.proof.length === 0,
     `${what} → ${r.status}: ${r.errorMessage}`);
}
const completedCount = async () => Number((await curio.call('GetStatus', {})).totalProofsCompleted);

// ---- the contract itself: every message, field, enum value and method of Curio's file is in ours ----
{
  const theirs = protoLoader.loadSync(curioProto, { keepCase: true });
  const mine = protoLoader.loadSync(ourProto, { keepCase: true });
  const problems = [];
  const sameValues = (where, a, b) => {
    for (const v of a) {
      const w = b.find((x) => x.number === v.number);
      if (!w || w.name !== v.name) problems.push(`${where}: value ${v.name} = ${v.number}`);
    }
  };
  let fields = 0;
  for (const [name, def] of Object.entries(theirs)) {
    const ours = mine[name];
    if (!ours) {
      problems.push(`${name} missing`);
    } else if (def.format === 'Protocol Buffer 3 DescriptorProto') {
      for (const f of def.type.field) {
        const g = ours.type.field.find((x) => x.number === f.number);
        fields += 1;
        if (!g || g.name !== f.name || g.type !== f.type || g.label !== f.label || g.typeName !== f.typeName) {
          problems.push(`${name}.${f.name} = ${f.number}`);
        }
      }
      for (const e of def.type.enumType) {
        const ourEnum = ours.type.enumType.find((x) => x.name === e.name);
        if (!ourEnum) problems.push(`${name}.${e.name} missing`);
        else sameValues(`${name}.${e.name}`, e.value, ourEnum.value);
      }
    } else if (def.format === 'Protocol Buffer 3 EnumDescriptorProto') {
      sameValues(name, def.type.value, ours.type.value);
    } else {
      for (const [method, m] of Object.entries(def)) {
        const o = ours[method];
        if (!o || o.path !== m.path || o.requestType.type.name !== m.requestType.type.name ||
            o.responseType.type.name !== m.responseType.type.name) problems.push(`${name}/${method}`);
      }
    }
  }
  ok(problems.length === 0, `Curio's proto is wire-identical in ours (${Object.keys(theirs).length} types, ${fields} fields)` +
     (problems.length ? `; differs: ${problems.join(', ')}` : ''));
}

// ---- GetStatus in Curio's layout ----
const status = await curio.call('GetStatus', {});
ok(Array.isArray(status.queues) && Array.isArray(status.loadedSrs) && Array.isArray(status.gpus) &&
   status.uptimeSeconds !== undefined && status.totalProofsCompleted !== undefined,
   `GetStatus (Curio's proto): ${status.gpus.length} GPU(s), ${status.loadedSrs.length} parameter file(s), uptime ${status.uptimeSeconds} s`);
const circuits = (await ours.call('GetStatus', {})).circuits;

// ---- PoRep C2 as Curio sends it: its own wrapper around the bare Commit-1 JSON ----
const fixture = JSON.parse(readFileSync(c1Fixture, 'utf8'));
const phase1 = Buffer.from(fixture.Phase1Out, 'base64');
const wrapper = Buffer.from(JSON.stringify({ SectorNum: fixture.SectorNum, Phase1Out: phase1.toString('base64'),
  SectorSize: fixture.SectorSize }));
const minerId = Number(String(fixture.Miner ?? 'f01000').replace(/^f0/, ''));
const porep = (over = {}) => ({
  requestId: `porep-${minerId}-${fixture.SectorNum}`, proofKind: 'POREP_SEAL_COMMIT', sectorSize: '2048',
  registeredProof: '5', priority: 'NORMAL', vanillaProof: wrapper, sectorNumber: String(fixture.SectorNum),
  minerId: String(minerId), ...over,
});
if (circuits.includes('porep-2KiB')) {
  const before = await completedCount();
  const [r1, r2] = await Promise.all([prove(porep()), prove(porep())]);
  ok(r1.status === 'COMPLETED' && r1.proof.length === 192 && r1.jobId === porep().requestId,
     `PoRep C2 2 KiB (registered_proof 5) → ${r1.status}, ${r1.proof.length}-byte proof, ${r1.totalMs} ms total, ${r1.gpuComputeMs} ms gpu`);
  ok(r2.status === 'COMPLETED' && Buffer.compare(Buffer.from(r1.proof), Buffer.from(r2.proof)) === 0,
     'two concurrent calls with one request id get the same proof');
  ok(await completedCount() === before + 1, 'and it was proved once');
  const retry = await prove(porep());
  ok(retry.status === 'COMPLETED' && Buffer.compare(Buffer.from(retry.proof), Buffer.from(r1.proof)) === 0 &&
     await completedCount() === before + 1, 'a retry after completion gets the kept result (no new proof)');
  // The public inputs travel on cuzk's own fields: the same request id on our proto.
  const mine = (await ours.call('Prove', { submit: { ...porep(), priority: 'NORMAL' } })).result;
  ok(mine.status === 'COMPLETED' && Buffer.compare(Buffer.from(mine.proof), Buffer.from(r1.proof)) === 0,
     `the kept result through cuzk's proto: ${mine.publicInputs.length} public inputs`);
  const vk = readVerifyingKey(join(paramsDir, 'porep-2KiB.params'));
  ok(verifyBellperson(vk, Buffer.from(r1.proof), mine.publicInputs), 'the PoRep proof verifies (@noble/curves pairing check)');
  const tampered = mine.publicInputs.map((x, j) => (j === 0 ? (BigInt(x) + 1n).toString() : x));
  ok(!verifyBellperson(vk, Buffer.from(r1.proof), tampered), 'and fails with a tampered public input');
  if (proofOut) writeFileSync(proofOut, Buffer.from(r1.proof));
  // Commit-1 redone (here: the bare Commit-1 JSON instead of the wrapper): the same id, another
  // payload, proved anew; the id names the new request.
  const redone = await prove(porep({ vanillaProof: phase1 }));
  ok(redone.status === 'COMPLETED' && redone.proof.length === 192 && !redone.attached && await completedCount() === before + 2,
     `the same request id with a redone Commit-1 → ${redone.status}${redone.errorMessage ? `: ${redone.errorMessage}` : ''}, proved anew`);
  const redoneInputs = (await ours.call('Prove', { submit: porep({ vanillaProof: phase1 }) })).result;
  ok(redoneInputs.attached && verifyBellperson(vk, Buffer.from(redone.proof), redoneInputs.publicInputs),
     'its proof verifies, and a retry of it gets its kept result');
  await expectFailed('a PoRep C2 whose Commit-1 output is garbage',
    porep({ requestId: 'porep-1-garbage', vanillaProof: Buffer.from('{"SectorNum":1,"Phase1Out":"e30=","SectorSize":2048}') }), '');
} else {
  await expectFailed('PoRep C2 without the porep kind', porep({ requestId: 'porep-no-kind' }), 'porep-2KiB');
}

// ---- PoSt and SnapDeals from Curio's bincode vanilla proofs ----
const env = process.env;
const vproofs = (dir) => readdirSync(dir).filter((f) => f.endsWith('.vproof')).sort().map((f) => readFileSync(join(dir, f)));
// Proves `submit` through Curio's proto, then verifies its proof with the public inputs that the
// same request id's kept result carries on cuzk's proto.
async function proveAndVerify(what, submit, circuit, partitions) {
  const r = await prove(submit);
  ok(r.status === 'COMPLETED' && r.proof.length === 192 * partitions,
     `${what} → ${r.status}${r.errorMessage ? `: ${r.errorMessage}` : ''}, ${r.proof.length}-byte proof, ${r.totalMs} ms total`);
  const mine = (await ours.call('Prove', { submit })).result;
  const vk = readVerifyingKey(join(env.CURIO_E2E_VANILLA_PARAMS, `${circuit}.params`));
  const per = mine.publicInputs.length / partitions;
  for (let k = 0; k < partitions; ++k) {
    const proof = Buffer.from(r.proof).subarray(192 * k, 192 * (k + 1));
    const inputs = mine.publicInputs.slice(k * per, (k + 1) * per);
    ok(verifyBellperson(vk, proof, inputs) && !verifyBellperson(vk, proof, inputs.map((x, j) => (j === 0 ? (BigInt(x) + 1n).toString() : x))),
       `${what}: partition ${k} verifies (@noble/curves; ${inputs.length} public inputs), not with a tampered one`);
  }
}
if (env.CURIO_E2E_WINDOW && circuits.includes('window-post-2KiB')) {
  const randomness = Buffer.from(env.CURIO_E2E_RANDOMNESS, 'hex');
  await proveAndVerify('WindowPoSt 2 KiB, 2 sectors (registered_proof 10)', {
    requestId: `wdpost-${minerId}-0-${randomness.subarray(0, 8).toString('hex')}`, proofKind: 'WINDOW_POST_PARTITION',
    sectorSize: '2048', registeredProof: '10', priority: 'HIGH', vanillaProofs: vproofs(env.CURIO_E2E_WINDOW),
    minerId: String(minerId), randomness, partitionIndex: 0,
  }, 'window-post-2KiB', 1);
  // Curio's retry of the partition without a sector (its vanilla proof could not be read): the
  // same id, another set of vanilla proofs, proved.
  await proveAndVerify('WindowPoSt retried under the same id without sector 2', {
    requestId: `wdpost-${minerId}-0-${randomness.subarray(0, 8).toString('hex')}`, proofKind: 'WINDOW_POST_PARTITION',
    sectorSize: '2048', registeredProof: '10', priority: 'HIGH', vanillaProofs: vproofs(env.CURIO_E2E_WINDOW).slice(0, 1),
    minerId: String(minerId), randomness, partitionIndex: 0,
  }, 'window-post-2KiB', 1);
  await proveAndVerify('WinningPoSt 2 KiB (registered_proof 0)', {
    requestId: `winpost-${minerId}-${randomness.subarray(0, 8).toString('hex')}`, proofKind: 'WINNING_POST',
    sectorSize: '2048', registeredProof: '0', priority: 'CRITICAL', vanillaProofs: vproofs(env.CURIO_E2E_WINNING),
    minerId: String(minerId), randomness,
  }, 'winning-post-2KiB', 1);
  await expectFailed('WindowPoSt with another randomness', {
    requestId: 'wdpost-other-rand', proofKind: 'WINDOW_POST_PARTITION', sectorSize: '2048', registeredProof: '10',
    vanillaProofs: vproofs(env.CURIO_E2E_WINDOW), minerId: String(minerId), randomness: Buffer.alloc(32, 2),
  }, '');
}
if (env.CURIO_E2E_SNAP && circuits.includes('snap-deals-2KiB')) {
  const flag = (name) => {
    const words = env.CURIO_E2E_SNAP_FLAGS.split(/\s+/);
    return Buffer.from(words[words.indexOf(name) + 1], 'hex');
  };
  await proveAndVerify('SnapDeals 2 KiB (registered_proof 0)', {
    requestId: `snap-${minerId}-5`, proofKind: 'SNAP_DEALS_UPDATE', sectorSize: '2048', registeredProof: '0',
    priority: 'NORMAL', vanillaProofs: vproofs(env.CURIO_E2E_SNAP), sectorNumber: '5', minerId: String(minerId),
    commROld: flag('--comm-r-old'), commRNew: flag('--comm-r-new'), commDNew: flag('--comm-d-new'),
  }, 'snap-deals-2KiB', 1);
}

// ---- bad inputs: FAILED with a message, or the gRPC code Curio's Rust daemon answers ----
await expectCode('Prove without submit', curio.call('Prove', {}), grpc.status.INVALID_ARGUMENT, 'submit');
await expectCode('proof_kind 0', curio.call('Prove', { submit: { ...porep(), proofKind: 'PROOF_KIND_UNSPECIFIED' } }),
  grpc.status.INVALID_ARGUMENT, 'proof_kind');
await expectFailed('an unknown registered_proof', porep({ requestId: 'porep-bad-rp', registeredProof: '99' }), 'registered_proof 99');
await expectFailed('a synthetic-PoRep seal proof', porep({ requestId: 'porep-synth', registeredProof: '10' }),
  'StackedDrg2KiBV1_1_Feat_SyntheticPoRep) is not supported');
await expectFailed('sector_size against registered_proof', porep({ requestId: 'porep-size', sectorSize: '34359738368' }),
  'sector_size 34359738368 does not match');
await expectFailed('an empty vanilla_proof', porep({ requestId: 'porep-empty', vanillaProof: Buffer.alloc(0) }), 'vanilla_proof');
await expectFailed('SnapDeals', { requestId: 'snap-1-1', proofKind: 'SNAP_DEALS_UPDATE', sectorSize: '2048', registeredProof: '0',
  vanillaProofs: [Buffer.from('x')], commROld: Buffer.alloc(32), commRNew: Buffer.alloc(32), commDNew: Buffer.alloc(32) },
  circuits.includes('snap-deals-2KiB') ? '' : 'snap-deals-2KiB');
await expectFailed('SnapDeals with a 31-byte comm_d_new', { requestId: 'snap-1-2', proofKind: 'SNAP_DEALS_UPDATE',
  registeredProof: '0', vanillaProofs: [Buffer.from('x')], commROld: Buffer.alloc(32), commRNew: Buffer.alloc(32),
  commDNew: Buffer.alloc(31) }, 'comm_d_new: 31 bytes');
const post = (kind, registeredProof, over = {}) => ({
  requestId: `${kind}-${minerId}-0`, proofKind: kind === 'wdpost' ? 'WINDOW_POST_PARTITION' : 'WINNING_POST',
  sectorSize: '2048', registeredProof, priority: kind === 'wdpost' ? 'HIGH' : 'CRITICAL',
  vanillaProofs: [Buffer.from('not a FallbackPoStSectorProof')], minerId: String(minerId), randomness: Buffer.alloc(32, 7),
  partitionIndex: 0, ...over,
});
await expectFailed('WindowPoSt with a malformed vanilla proof', post('wdpost', '10'), '');
await expectFailed('WinningPoSt with a malformed vanilla proof', post('winpost', '0'), '');
await expectFailed('WindowPoSt with 31 bytes of randomness', post('wdpost', '10', { requestId: 'wdpost-r', randomness: Buffer.alloc(31) }),
  'randomness');
await expectFailed('WinningPoSt with a window registered_proof', post('winpost', '10', { requestId: 'winpost-rp' }), 'registered_proof 10');

// ---- idempotency on a circuit every build has (cuzk's proto: proof_kind CIRCUIT) ----
const synthetic = { requestId: 'synthetic-idempotency-1', proofKind: 'CIRCUIT', circuitId: 'synthetic-256x2', payload: Buffer.from('s') };
const before = await completedCount();
const [s1, s2] = await Promise.all([1, 2].map(async () => (await ours.call('Prove', { submit: synthetic })).result));
ok(s1.status === 'COMPLETED' && s2.status === 'COMPLETED' && s1.proofs.length === 2 &&
   Buffer.compare(Buffer.from(s1.proof), Buffer.from(s2.proof)) === 0 && await completedCount() === before + 1,
   'two concurrent calls with one request id prove once (synthetic-256x2)');
const s3 = await curio.call('AwaitProof', { jobId: synthetic.requestId, timeoutMs: 0 });
ok(s3.status === 'COMPLETED' && Buffer.compare(Buffer.from(s3.proof), Buffer.from(s1.proof)) === 0,
   'AwaitProof (Curio\'s proto) of a finished id returns the kept result');
const other = (await ours.call('Prove', { submit: { ...synthetic, payload: Buffer.from('t') } })).result;
ok(other.status === 'COMPLETED' && !other.attached && Buffer.compare(Buffer.from(other.proof), Buffer.from(s1.proof)) !== 0 &&
   await completedCount() === before + 2, `the same id with another payload → ${other.status}, proved anew`);
const { jobId: fresh } = await ours.call('SubmitProof', { proofKind: 'CIRCUIT', circuitId: 'synthetic-256', payload: Buffer.from('u') });
const awaited = await curio.call('AwaitProof', { jobId: fresh, timeoutMs: 0 });
ok(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(fresh) && awaited.status === 'COMPLETED',
   `a request without an id gets a UUID (${fresh}), awaited through Curio's proto: ${awaited.status}`);

// ---- still healthy, Curio's metric names ----
const after = await curio.call('GetStatus', {});
ok(Number(after.totalProofsCompleted) >= before + 1 && after.queues.every((q) => q.pending === 0 && q.inProgress === 0),
   `still healthy: ${after.totalProofsCompleted} completed, ${after.totalProofsFailed} failed, queues empty`);
const metrics = (await curio.call('GetMetrics', {})).prometheusText;
ok(['cuzk_proofs_completed_total', 'cuzk_proofs_failed_total', 'cuzk_queue_depth', 'cuzk_uptime_seconds',
  'cuzk_running_jobs', 'cuzk_gpu_workers', 'cuzk_jobs_finished_total'].every((m) => metrics.includes(`\n${m} `) ||
  metrics.includes(`\n${m}{`)), 'GetMetrics: Curio\'s metric names next to cuzk\'s');
console.log(`${checks} checks passed`);
curio.client.close();
ours.client.close();
