// The clients of scripts/abuse.sh: load, abuse and faults against a running cuzk daemon, written
// against proto/cuzk/v1/proving.proto alone (@grpc/grpc-js + @grpc/proto-loader), every proof
// checked with @noble/curves (./bellperson.mjs), never with cuzk's verifier.
//
//   node abuse.mjs load       ADDR PROTO PARAMS CIRCUIT CLIENTS JOBS TAG
//        CLIENTS clients, each on its own connection, prove JOBS jobs each, all at once
//   node abuse.mjs bad        ADDR PROTO MAX_MESSAGE_BYTES
//        garbage and oversized payloads, huge ids, bad timeouts, unknown circuits and kinds,
//        bytes that are not protobuf, bytes that are not HTTP/2; each must get a clean answer
//   node abuse.mjs disconnect ADDR PROTO PARAMS CIRCUIT CALLS TAG
//        CALLS Prove calls dropped by their clients mid-flight, then retried under their ids
//   node abuse.mjs starve     ADDR PROTO LONG_CIRCUIT AWAITS
//        AWAITS concurrent AwaitProof calls on one long job while GetStatus, SubmitProof and
//        CancelProof must still answer within 5 s
//   node abuse.mjs prove      ADDR PROTO PARAMS CIRCUIT ID RETRY_S
//        one Prove under request id ID, retried while the daemon is unreachable (at most
//        RETRY_S seconds), its proof verified
//   node abuse.mjs bound      ADDR PROTO LONG_CIRCUIT MAX
//        submits up to MAX jobs until one is refused RESOURCE_EXHAUSTED naming the limit's
//        key, cancels them, and submits again
//   node abuse.mjs submit     ADDR PROTO CIRCUIT ID          (prints the job id)
//   node abuse.mjs intruder   ADDR PROTO ID
//        run as another user: the job under ID is NOT_FOUND to it (await, cancel), GetStatus answers
//   node abuse.mjs cancel     ADDR PROTO ID
//   node abuse.mjs scrapes    HOST:PORT PROTO COUNT
//        COUNT concurrent GET /metrics on the daemon's metrics_http address: every one answered
//
// With CUZK_AUTH_TOKEN set every call carries "authorization: Bearer <token>" (a TCP daemon's
// daemon.auth_token_file), and `bad` also tries calls without it and with a wrong one, and one
// without it whose message never comes (refused on its metadata alone).
//
// PARAMS is the daemon's generated-parameter folder (<circuit>.params, whose head is the
// verifying key). Each mode prints "ok: …" / "FAIL: …" lines and last a line
// "RESULT <json>" with its counts, and exits 1 if anything failed.
import http from 'node:http';
import net from 'node:net';
import { join } from 'node:path';
import grpc from '@grpc/grpc-js';
import protoLoader from '@grpc/proto-loader';
import { readVerifyingKey, verifyBellperson } from './bellperson.mjs';

const [, , mode, address, protoPath, ...args] = process.argv;
const definition = protoLoader.loadSync(protoPath, { keepCase: false, longs: String, enums: String, defaults: true });
const { ProvingEngine } = grpc.loadPackageDefinition(definition).cuzk.v1;

// A client on a connection of its own (grpc-js shares connections between equal channels).
function connect(extra = {}) {
  return new ProvingEngine(address, grpc.credentials.createInsecure(), {
    'grpc.use_local_subchannel_pool': 1,
    'grpc.max_send_message_length': -1,
    'grpc.max_receive_message_length': -1,
    ...extra,
  });
}
const token = process.env.CUZK_AUTH_TOKEN ?? '';
function metadata(bearer = token) {
  const m = new grpc.Metadata();
  if (bearer) m.set('authorization', `Bearer ${bearer}`);
  return m;
}
function call(client, method, request, deadlineMs, bearer = token) {
  const options = deadlineMs ? { deadline: Date.now() + deadlineMs } : {};
  return new Promise((resolve, reject) =>
    client[method](request, metadata(bearer), options, (err, res) => (err ? reject(err) : resolve(res))));
}
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const failures = [];
let passed = 0;
function ok(cond, what) {
  if (cond) {
    passed += 1;
    console.log(`ok: ${what}`);
  } else {
    failures.push(what);
    console.log(`FAIL: ${what}`);
  }
  return cond;
}
function finish(result) {
  console.log(`RESULT ${JSON.stringify({ ...result, failures: failures.length })}`);
  process.exit(failures.length === 0 ? 0 : 1);
}

const vkCache = new Map();
// True if every partition proof of a COMPLETED result verifies against PARAMS/<circuit>.params.
function verified(paramsDir, circuit, r) {
  if (r.status !== 'COMPLETED' || r.proofs.length === 0) return false;
  const base = circuit.replace(/x\d+$/, '');
  if (!vkCache.has(base)) vkCache.set(base, readVerifyingKey(join(paramsDir, `${base}.params`)));
  const vk = vkCache.get(base);
  const perProof = r.publicInputs.length / r.proofs.length;
  return r.proofs.every((p, k) => verifyBellperson(vk, Buffer.from(p), r.publicInputs.slice(k * perProof, (k + 1) * perProof)));
}
const prove = (circuit, id, payload, extra = {}) => ({
  submit: { requestId: id, proofKind: 'CIRCUIT', circuitId: circuit, payload: Buffer.from(payload), ...extra },
  timeoutMs: 0,
});

async function load([paramsDir, circuit, clients, jobs, tag]) {
  const started = Date.now();
  const counts = { jobs: 0, completed: 0, verified: 0 };
  await Promise.all(Array.from({ length: Number(clients) }, async (_, c) => {
    const client = connect();
    await Promise.all(Array.from({ length: Number(jobs) }, async (_, j) => {
      counts.jobs += 1;
      const id = `${tag}-${c}-${j}`;
      try {
        const { result } = await call(client, 'Prove', prove(circuit, id, `${tag}/${c}/${j}`));
        if (result.status === 'COMPLETED') counts.completed += 1;
        if (verified(paramsDir, circuit, result)) counts.verified += 1;
        else ok(false, `${id}: ${result.status} ${result.errorMessage}`);
      } catch (err) {
        ok(false, `${id}: gRPC ${grpc.status[err.code]}: ${err.details}`);
      }
    }));
    client.close();
  }));
  ok(counts.verified === counts.jobs, `${counts.verified}/${counts.jobs} jobs from ${clients} clients completed and verified`);
  finish({ ...counts, lost: counts.jobs - counts.completed, seconds: (Date.now() - started) / 1000 });
}

// One bad input: `attempt` must settle, and `expect(err, res)` say the answer was clean.
async function tryBad(what, attempt, expect) {
  let err = null;
  let res = null;
  try {
    res = await attempt();
  } catch (e) {
    err = e;
  }
  const answer = err ? `gRPC ${grpc.status[err.code] ?? err.code}: ${String(err.details).slice(0, 120)}` : JSON.stringify(res).slice(0, 160);
  return ok(expect(err, res), `${what} → ${answer}`);
}
const isCode = (code, maxDetails = 4096) => (err) => err !== null && err.code === code && String(err.details).length <= maxDetails;
const isFailedInBand = (fragment) => (err, res) => err === null && res.result.status === 'FAILED' &&
  res.result.errorMessage.includes(fragment) && res.result.errorMessage.length <= 4096;

// Raw bytes to the daemon's listener (not HTTP/2, or HTTP/2 with a body that is not protobuf).
function rawBytes(bytes) {
  return new Promise((resolve) => {
    const socket = address.startsWith('unix:')
      ? net.connect(address.replace(/^unix:(\/\/)?/, ''))
      : net.connect(Number(address.split(':').pop()), address.slice(0, address.lastIndexOf(':')));
    socket.setTimeout(5000, () => socket.destroy());
    socket.on('connect', () => socket.write(bytes));
    socket.on('data', () => {});
    socket.on('error', () => resolve('error'));
    socket.on('close', () => resolve('closed'));
  });
}
function unaryRaw(client, method, bytes) {
  return new Promise((resolve, reject) =>
    client.makeUnaryRequest(`/cuzk.v1.ProvingEngine/${method}`, (b) => b, (b) => b, bytes, metadata(), {}, (err, res) => (err ? reject(err) : resolve(res))));
}

// A call that sends its metadata and never its message: answered only by a server that judges
// the metadata alone (the bearer token), else it runs into its 5 s deadline.
function metadataOnly(client, method, bearer) {
  return new Promise((resolve, reject) => {
    const stream = client.makeBidiStreamRequest(`/cuzk.v1.ProvingEngine/${method}`, (b) => b, (b) => b, metadata(bearer),
      { deadline: Date.now() + 5000 });
    stream.on('data', () => {});
    stream.on('error', reject);
    stream.on('status', (s) => { if (s.code === 0) resolve(s); });
  });
}

async function bad([maxMessageBytes]) {
  const client = connect();
  const S = grpc.status;
  const huge = 'i'.repeat(1 << 20);
  const random = (n) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 151 + 7) & 0xff));
  const cases = [
    ['garbage PoRep Commit-1', () => call(client, 'Prove', { submit: { proofKind: 'POREP_SEAL_COMMIT', registeredProof: 5, vanillaProof: random(4096) } }),
      isFailedInBand('')],
    ['garbage WindowPoSt vanilla proof', () => call(client, 'Prove', { submit: { proofKind: 'WINDOW_POST_PARTITION', registeredProof: 10, vanillaProofs: [random(999)], randomness: Buffer.alloc(32) } }),
      isFailedInBand('')],
    ['5-byte PoSt randomness', () => call(client, 'Prove', { submit: { proofKind: 'WINNING_POST', registeredProof: 0, vanillaProofs: [random(10)], randomness: Buffer.alloc(5) } }),
      isFailedInBand('randomness')],
    ['oversized payload (limit + 1 MiB)', () => call(client, 'SubmitProof', { proofKind: 'CIRCUIT', circuitId: 'synthetic-1024', payload: Buffer.alloc(Number(maxMessageBytes) + (1 << 20)) }),
      isCode(S.RESOURCE_EXHAUSTED)],
    ['1 MiB request id', () => call(client, 'SubmitProof', { requestId: huge, proofKind: 'CIRCUIT', circuitId: 'synthetic-1024', payload: Buffer.from('1') }),
      isCode(S.INVALID_ARGUMENT)],
    ['1 MiB job id (AwaitProof)', () => call(client, 'AwaitProof', { jobId: huge, timeoutMs: 10 }), isCode(S.NOT_FOUND)],
    ['1 MiB job id (CancelProof)', () => call(client, 'CancelProof', { jobId: huge }), isCode(S.NOT_FOUND)],
    ['1 MiB circuit id', () => call(client, 'SubmitProof', { proofKind: 'CIRCUIT', circuitId: huge }), (e) => e !== null && String(e.details).length <= 4096],
    ['1 MiB circuit id with a Curio kind', () => call(client, 'SubmitProof', { proofKind: 'WINNING_POST', circuitId: huge }), isCode(S.INVALID_ARGUMENT)],
    ['1 MiB PreloadSRS name', () => call(client, 'PreloadSRS', { circuitId: huge }), (e) => e !== null && String(e.details).length <= 4096],
    ['unknown circuit', () => call(client, 'Prove', prove('no-such-circuit', '', 'x')), isFailedInBand('no-such-circuit')],
    ['unknown synthetic size (not offered)', () => call(client, 'Prove', prove('synthetic-999999999', '', 'x')), isFailedInBand('')],
    ['unknown registered_proof', () => call(client, 'Prove', { submit: { proofKind: 'POREP_SEAL_COMMIT', registeredProof: 99, vanillaProof: random(8) } }),
      isFailedInBand('registered_proof')],
    ['proof_kind 7', () => call(client, 'SubmitProof', { proofKind: 7, circuitId: 'synthetic-1024' }), isCode(S.INVALID_ARGUMENT)],
    ['priority 99', () => call(client, 'SubmitProof', { proofKind: 'CIRCUIT', circuitId: 'synthetic-1024', priority: 99 }), isCode(S.INVALID_ARGUMENT)],
    ['timeout_ms 2^64-1 (Prove)', () => call(client, 'Prove', { ...prove('synthetic-1024', '', 'timeout-max'), timeoutMs: '18446744073709551615' }),
      (e, r) => e === null && r.result.status === 'COMPLETED'],
    ['timeout_ms 2^64-1 (AwaitProof, unknown id)', () => call(client, 'AwaitProof', { jobId: 'none', timeoutMs: '18446744073709551615' }), isCode(S.NOT_FOUND)],
    ['timeout_ms 1 (Prove)', () => call(client, 'Prove', { ...prove('synthetic-1024x8', '', 'timeout-1'), timeoutMs: 1 }),
      (e, r) => e === null && (r.result.status === 'TIMEOUT' || r.result.status === 'COMPLETED')],
    ['a 1 ms gRPC deadline', () => call(client, 'Prove', prove('synthetic-1024', '', 'deadline'), 1), isCode(S.DEADLINE_EXCEEDED)],
    ['bytes that are not protobuf (SubmitProof)', () => unaryRaw(client, 'SubmitProof', Buffer.from([0xff, 0xff, 0xff, 0xff, 0x0f, 1, 2, 3])),
      (e) => e !== null && e.code !== S.UNAVAILABLE],
    ['an unknown method', () => unaryRaw(client, 'NoSuchMethod', Buffer.alloc(0)), isCode(S.UNIMPLEMENTED)],
    ['bytes that are not HTTP/2', () => rawBytes(random(65536)), (e, r) => e === null && (r === 'closed' || r === 'error')],
    ['an HTTP/1.1 request', () => rawBytes(Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n')), (e, r) => e === null && (r === 'closed' || r === 'error')],
  ];
  if (token) {
    cases.push(['a call without the token', () => call(client, 'GetStatus', {}, 5000, ''), isCode(S.UNAUTHENTICATED)]);
    cases.push(['a call with a wrong token', () => call(client, 'SubmitProof', { proofKind: 'CIRCUIT', circuitId: 'synthetic-1024' }, 5000, `${token}x`),
      isCode(S.UNAUTHENTICATED)]);
    cases.push(['no token and a message that never comes', () => metadataOnly(client, 'SubmitProof', ''), isCode(S.UNAUTHENTICATED)]);
  }
  let clean = 0;
  for (const [what, attempt, expect] of cases) if (await tryBad(what, attempt, expect)) clean += 1;
  const status = await call(client, 'GetStatus', {}, 5000).catch(() => null);
  ok(status !== null, 'GetStatus answers after the bad inputs');
  client.close();
  finish({ tried: cases.length, clean, healthy: status !== null });
}

async function disconnect([paramsDir, circuit, calls, tag]) {
  const n = Number(calls);
  // Each call on its own connection, dropped by the client 0-300 ms in; half the connections closed too.
  await Promise.all(Array.from({ length: n }, async (_, i) => {
    const client = connect();
    const pending = client.Prove(prove(circuit, `${tag}-${i}`, `${tag}/${i}`), () => {});
    await sleep((i * 37) % 300);
    pending.cancel();
    if (i % 2 === 0) client.close();
  }));
  const client = connect();
  let completed = 0;
  await Promise.all(Array.from({ length: n }, async (_, i) => {
    const { result } = await call(client, 'Prove', prove(circuit, `${tag}-${i}`, `${tag}/${i}`));
    if (verified(paramsDir, circuit, result)) completed += 1;
    else ok(false, `${tag}-${i} retried: ${result.status} ${result.errorMessage}`);
  }));
  ok(completed === n, `${n} calls dropped by their clients, then retried under their ids: ${completed} completed and verified`);
  client.close();
  finish({ calls: n, completed, lost: n - completed });
}

async function starve([longCircuit, awaits]) {
  const n = Number(awaits);
  const clients = Array.from({ length: 4 }, () => connect());
  const { jobId } = await call(clients[0], 'SubmitProof', { requestId: `starve-${Date.now()}`, proofKind: 'CIRCUIT', circuitId: longCircuit, payload: Buffer.from('long'), priority: 'LOW' });
  let settled = 0;
  const waits = Array.from({ length: n }, (_, i) =>
    call(clients[i % clients.length], 'AwaitProof', { jobId, timeoutMs: 0 }).then((r) => { settled += 1; return r.status; }, (e) => { settled += 1; return `gRPC ${grpc.status[e.code]}`; }));
  await sleep(1000);
  ok(settled === 0, `${n} AwaitProof calls waiting on job ${jobId}`);
  // While they wait: every other call must answer within 5 s.
  const probe = connect();
  let starved = 0;
  let answered = 0;
  const latencies = [];
  const timed = async (what, f) => {
    const t0 = Date.now();
    try {
      await f();
      answered += 1;
      latencies.push(Date.now() - t0);
    } catch (e) {
      starved += 1;
      ok(false, `${what} during the awaits: gRPC ${grpc.status[e.code]}: ${e.details}`);
    }
  };
  for (let i = 0; i < 20; i += 1) await timed('GetStatus', () => call(probe, 'GetStatus', {}, 5000));
  for (let i = 0; i < 5; i += 1) {
    const id = `starve-probe-${Date.now()}-${i}`;
    await timed('SubmitProof', () => call(probe, 'SubmitProof', { requestId: id, proofKind: 'CIRCUIT', circuitId: 'synthetic-1024', payload: Buffer.from(id), priority: 'LOW' }, 5000));
    await timed('CancelProof', () => call(probe, 'CancelProof', { jobId: id }, 5000));
  }
  ok(starved === 0, `${answered} GetStatus/SubmitProof/CancelProof calls answered during ${n} awaits (slowest ${Math.max(...latencies, 0)} ms)`);
  await timed('CancelProof of the long job', () => call(probe, 'CancelProof', { jobId }, 5000));
  const deadline = Date.now() + 20000;
  while (settled < n && Date.now() < deadline) await sleep(100);
  const outcomes = await Promise.race([Promise.all(waits), sleep(1).then(() => null)]);
  const cancelled = outcomes ? outcomes.filter((s) => s === 'CANCELLED' || s === 'COMPLETED').length : 0;
  ok(cancelled === n, `after CancelProof every await returned: ${cancelled}/${n} CANCELLED (or COMPLETED)`);
  [...clients, probe].forEach((c) => c.close());
  finish({ awaits: n, probes: answered + starved, starved: starved + (n - cancelled), slowest_ms: Math.max(...latencies, 0) });
}

async function proveOne([paramsDir, circuit, id, retrySeconds]) {
  const deadline = Date.now() + Number(retrySeconds) * 1000;
  let attempts = 0;
  for (;;) {
    attempts += 1;
    const client = connect({ 'grpc.initial_reconnect_backoff_ms': 200, 'grpc.max_reconnect_backoff_ms': 500 });
    try {
      const { result } = await call(client, 'Prove', prove(circuit, id, id));
      client.close();
      ok(verified(paramsDir, circuit, result), `${id} (${attempts} attempt(s)): ${result.status} ${result.errorMessage}, verified`);
      finish({ attempts, completed: result.status === 'COMPLETED' ? 1 : 0 });
    } catch (err) {
      client.close();
      if (err.code !== grpc.status.UNAVAILABLE || Date.now() > deadline) {
        ok(false, `${id}: gRPC ${grpc.status[err.code]}: ${err.details}`);
        finish({ attempts, completed: 0 });
      }
      await sleep(250);
    }
  }
}

async function bound([longCircuit, max]) {
  const client = connect();
  const ids = [];
  let refusal = null;
  for (let i = 0; i < Number(max) && !refusal; i += 1) {
    const id = `bound-${Date.now()}-${i}`;
    try {
      await call(client, 'SubmitProof', { requestId: id, proofKind: 'CIRCUIT', circuitId: longCircuit, payload: Buffer.from(id), priority: 'LOW' });
      ids.push(id);
    } catch (err) {
      refusal = err;
    }
  }
  ok(refusal !== null && refusal.code === grpc.status.RESOURCE_EXHAUSTED && /max_queued/.test(refusal.details),
     `after ${ids.length} jobs: ${refusal ? `gRPC ${grpc.status[refusal.code]}: ${refusal.details}` : 'never refused'}`);
  for (const id of ids) await call(client, 'CancelProof', { jobId: id }).catch(() => {});
  await sleep(500);
  const again = await call(client, 'SubmitProof', { proofKind: 'CIRCUIT', circuitId: 'synthetic-1024', payload: Buffer.from('after') }).then(() => true, () => false);
  ok(again, 'once they were cancelled, a new job is accepted');
  client.close();
  finish({ accepted: ids.length, refused: refusal ? 1 : 0, key: refusal ? (String(refusal.details).match(/max_queued\w*/) ?? [''])[0] : '' });
}

async function submitOne([circuit, id]) {
  const client = connect();
  const { jobId } = await call(client, 'SubmitProof', { requestId: id, proofKind: 'CIRCUIT', circuitId: circuit, payload: Buffer.from(id), priority: 'LOW' });
  ok(jobId === id, `submitted ${circuit} as ${jobId}`);
  client.close();
  finish({ jobId });
}

async function intruder([id]) {
  const client = connect();
  const S = grpc.status;
  let clean = 0;
  for (const [what, attempt, expect] of [
    ['await another user\'s job', () => call(client, 'AwaitProof', { jobId: id, timeoutMs: 10 }, 5000), isCode(S.NOT_FOUND)],
    ['cancel another user\'s job', () => call(client, 'CancelProof', { jobId: id }, 5000), isCode(S.NOT_FOUND)],
    ['GetStatus', () => call(client, 'GetStatus', {}, 5000), (e) => e === null],
  ]) if (await tryBad(what, attempt, expect)) clean += 1;
  client.close();
  finish({ tried: 3, clean, uid: process.getuid() });
}

async function cancelOne([id]) {
  const client = connect();
  const r = await call(client, 'CancelProof', { jobId: id }).then((x) => x, (e) => e);
  ok(r.wasRunning === true, `CancelProof ${id}: ${r.wasRunning === true ? 'cancelled' : `gRPC ${grpc.status[r.code]}: ${r.details}`}`);
  client.close();
  finish({ cancelled: r.wasRunning === true ? 1 : 0 });
}

async function scrapes([count]) {
  const host = address.slice(0, address.lastIndexOf(':'));
  const port = Number(address.split(':').pop());
  const one = () => new Promise((resolve) => {
    const req = http.get({ host, port, path: '/metrics', agent: false, timeout: 60000 }, (res) => {
      let body = '';
      res.on('data', (d) => { body += d; });
      res.on('end', () => resolve(res.statusCode === 200 && body.includes('cuzk_')));
      res.on('error', () => resolve(false));
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => { req.destroy(); resolve(false); });
  });
  const results = await Promise.all(Array.from({ length: Number(count) }, one));
  const answered = results.filter(Boolean).length;
  ok(answered === Number(count), `${answered}/${count} concurrent /metrics scrapes answered`);
  finish({ answered, tried: Number(count) });
}

const modes = { load, bad, disconnect, starve, prove: proveOne, bound, submit: submitOne, intruder, cancel: cancelOne, scrapes };
if (!modes[mode] || !protoPath) {
  console.error('usage: node abuse.mjs load|bad|disconnect|starve|prove|bound|submit|intruder|cancel|scrapes ADDRESS PROTO ... (see the header)');
  process.exit(2);
}
await modes[mode](args);
