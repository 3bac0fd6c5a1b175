// A client of cuzk's daemon written against proto/cuzk/v1/proving.proto alone (loaded
// unmodified with @grpc/proto-loader), used by the end-to-end test:
//
//   node client.mjs e2e ADDRESS PROTO FIXTURES_DIR GENERATED_DIR SNARKJS_CLI WORK_DIR
//
// It calls GetStatus, then submits concurrent mixed jobs (circom circuits with .wtns payloads,
// synthetic circuits, a WindowPoSt partition) at several priorities, and checks every proof
// with a verifier that is not cuzk's: circom proofs with `snarkjs groth16 verify` against the
// fixture's verification_key.json; native (bellperson) proofs with @noble/curves' pairing
// against the verifying key read from the daemon's parameter file. Then it sends malformed
// requests (unknown circuit, garbage payload, an oversized message, a witness for another
// circuit, unknown job ids) and expects a FAILED outcome or a clean gRPC error naming the
// problem, and checks the daemon is still healthy. Requests use proof_kind CIRCUIT (cuzk's
// own circuits); tools/grpc-client/curio.mjs speaks Curio's side of the same service.
// Prints one line per check and exits 1 on the first failure.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import grpc from '@grpc/grpc-js';
import protoLoader from '@grpc/proto-loader';
import { readVerifyingKey, verifyBellperson } from './bellperson.mjs';

const [, , mode, address, protoPath, fixtures, generatedDir, snarkjsCli, workDir] = process.argv;
if (mode !== 'e2e' || !workDir) {
  console.error('usage: node client.mjs e2e ADDRESS PROTO FIXTURES_DIR GENERATED_DIR SNARKJS_CLI WORK_DIR');
  process.exit(2);
}

const definition = protoLoader.loadSync(protoPath, { keepCase: false, longs: String, enums: String, defaults: true });
const { ProvingEngine } = grpc.loadPackageDefinition(definition).cuzk.v1;
const client = new ProvingEngine(address, grpc.credentials.createInsecure(), {
  'grpc.max_send_message_length': 64 << 20,
  'grpc.max_receive_message_length': 64 << 20,
});
const call = (method, request) =>
  new Promise((resolve, reject) => client[method](request, (err, res) => (err ? reject(err) : resolve(res))));

let checks = 0;
function ok(cond, what) {
  if (!cond) {
    console.error(`FAIL: ${what}`);
    process.exit(1);
  }
  checks += 1;
  console.log(`ok: ${what}`);
}

// ---- circom proofs through snarkjs ----
function verifySnarkjs(name, result, tag) {
  const proofFile = join(workDir, `${tag}_proof.json`);
  const publicFile = join(workDir, `${tag}_public.json`);
  writeFileSync(proofFile, Buffer.from(result.proofs[0]).toString('utf8'));
  writeFileSync(publicFile, JSON.stringify(result.publicInputs));
  try {
    const out = execFileSync('node', [snarkjsCli, 'groth16', 'verify', join(fixtures, name, 'verification_key.json'),
      publicFile, proofFile], { encoding: 'utf8' });
    return /OK/.test(out);
  } catch {
    return false;
  }
}

// A Prove whose job fails: the outcome comes in-band, FAILED with a message.
async function expectFailed(what, request, fragment) {
  const { result } = await call('Prove', { submit: request });
  ok(result.status === 'FAILED' && result.errorMessage.includes(fragment) && result.proof.length === 0,
     `${what} → ${result.status}: ${result.errorMessage}`);
}

async function expectError(what, promise, code, fragment) {
  try {
    await promise;
    ok(false, `${what}: expected gRPC error ${code}, got success`);
  } catch (err) {
    ok(err.code === code && (!fragment || err.details.includes(fragment)),
       `${what} → ${grpc.status[err.code] ?? err.code}: ${err.details}`);
  }
}

const wtns = (name) => readFileSync(join(fixtures, name, 'witness.wtns'));

const status = await call('GetStatus', {});
ok(status.workers.length >= 1 && status.version.length > 0,
   `GetStatus: version ${status.version}, workers ${status.workers.map((w) => w.name).join(',')}`);
ok(status.circuits.includes('many_public') && status.circuits.includes('no_public'),
   'the zkeys in the parameter directory are registered circuits');

// Concurrent mixed jobs: some through Prove, some through SubmitProof + AwaitProof.
const jobs = [
  { circuit: 'many_public', priority: 'NORMAL', payload: wtns('many_public'), kind: 'circom' },
  { circuit: 'no_public', priority: 'HIGH', payload: wtns('no_public'), kind: 'circom' },
  { circuit: 'many_public', priority: 'LOW', payload: wtns('many_public'), kind: 'circom' },
  { circuit: 'synthetic-256', priority: 'LOW', payload: Buffer.from('a'), kind: 'native' },
  { circuit: 'synthetic-256', priority: 'CRITICAL', payload: Buffer.from('b'), kind: 'native' },
  { circuit: 'synthetic-256x3', priority: 'PRIORITY_UNSPECIFIED', payload: Buffer.from('c'), kind: 'native' },
  { circuit: 'window-post-2KiB', priority: 'PRIORITY_UNSPECIFIED', payload: Buffer.from('d'), kind: 'native' },
];
const results = await Promise.all(jobs.map(async (job, i) => {
  const request = { proofKind: 'CIRCUIT', circuitId: job.circuit, priority: job.priority, payload: job.payload };
  if (i % 2 === 0) return (await call('Prove', { submit: request, timeoutMs: 0 })).result;
  const { jobId } = await call('SubmitProof', request);
  return call('AwaitProof', { jobId, timeoutMs: 0 });
}));
results.forEach((r, i) => {
  const job = jobs[i];
  ok(r.status === 'COMPLETED' && r.circuitId === job.circuit && r.proofs.length >= 1 &&
     Buffer.compare(Buffer.concat(r.proofs.map((p) => Buffer.from(p))), Buffer.from(r.proof)) === 0 && /^timings: total=\d+ ms \(queue=\d+ ms, srs=\d+ ms, synth=\d+ ms, gpu=\d+ ms\)$/.test(r.timingsLine),
     `job ${r.jobId} ${job.circuit}: ${r.proofs.length} proof(s), ${r.timingsLine}`);
  if (job.kind === 'circom') {
    ok(verifySnarkjs(job.circuit, r, `job${r.jobId}`), `job ${r.jobId}: snarkjs groth16 verify OK`);
  } else {
    const base = job.circuit.replace(/x\d+$/, '');
    const vk = readVerifyingKey(join(generatedDir, `${base}.params`));
    const perProof = r.publicInputs.length / r.proofs.length;
    r.proofs.forEach((p, k) => {
      const inputs = r.publicInputs.slice(k * perProof, (k + 1) * perProof);
      ok(verifyBellperson(vk, Buffer.from(p), inputs), `job ${r.jobId} proof ${k}: @noble/curves pairing check OK`);
      const tampered = inputs.map((x, j) => (j === 0 ? (BigInt(x) + 1n).toString() : x));
      ok(!verifyBellperson(vk, Buffer.from(p), tampered), `job ${r.jobId} proof ${k}: fails with a tampered input`);
    });
  }
});

// Malformed requests: Prove answers FAILED in-band (as Curio expects), SubmitProof with a gRPC
// error (it has no outcome to carry one).
const circuit = (circuitId, payload) => ({ proofKind: 'CIRCUIT', circuitId, payload });
await expectFailed('unknown circuit', circuit('no-such-circuit', Buffer.alloc(0)), 'no-such-circuit');
await expectFailed('garbage payload', circuit('many_public', Buffer.from('garbage!')), 'INVALID_ARGUMENT');
await expectError('garbage payload (SubmitProof)', call('SubmitProof', circuit('many_public', Buffer.from('garbage!'))),
  grpc.status.INVALID_ARGUMENT);
await expectFailed('witness for another circuit', circuit('many_public', wtns('no_public')), 'another circuit');
await expectError('oversized message', call('SubmitProof', circuit('many_public', Buffer.alloc(3 << 20))),
  grpc.status.RESOURCE_EXHAUSTED);
await expectError('empty circuit id', call('SubmitProof', circuit('', Buffer.alloc(0))),
  grpc.status.INVALID_ARGUMENT, 'circuit_id');
await expectError('no proof_kind', call('SubmitProof', { circuitId: 'many_public', payload: Buffer.alloc(0) }),
  grpc.status.INVALID_ARGUMENT, 'proof_kind');
await expectError('await an unknown job', call('AwaitProof', { jobId: '987654321', timeoutMs: 10 }), grpc.status.NOT_FOUND);
await expectError('cancel an unknown job', call('CancelProof', { jobId: '987654321' }), grpc.status.NOT_FOUND);

// A timeout comes in-band and leaves the job running; cancellation through the API.
const { jobId: toCancel } = await call('SubmitProof', circuit('synthetic-256x64', Buffer.from('e')));
const waited = await call('AwaitProof', { jobId: toCancel, timeoutMs: 1 });
ok(waited.status === 'TIMEOUT' && waited.jobId === toCancel, `AwaitProof timeout_ms 1 → ${waited.status}: ${waited.errorMessage}`);
const cancelled = await call('CancelProof', { jobId: toCancel });
ok(cancelled.wasRunning === true, 'CancelProof of a job in flight: was_running');
const cancelledResult = await call('AwaitProof', { jobId: toCancel, timeoutMs: 0 });
ok(cancelledResult.status === 'CANCELLED', `a cancelled job → ${cancelledResult.status}: ${cancelledResult.errorMessage}`);

const after = await call('GetStatus', {});
ok(Number(after.totalProofsCompleted) >= jobs.length && Number(after.running) === 0,
   `still healthy: ${after.totalProofsCompleted} done, ${after.totalProofsFailed} failed`);
const metrics = await call('GetMetrics', {});
ok(metrics.prometheusText.includes('cuzk_jobs_finished_total') && metrics.prometheusText.includes('cuzk_proofs_completed_total'),
   'GetMetrics returns Prometheus text (cuzk\'s and Curio\'s names)');
console.log(`${checks} checks passed`);
client.close();
