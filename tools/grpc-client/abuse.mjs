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
//   node abuse.mjs retry      ADDR PROTO PARAMS CIRCUIT TAG
//        Curio's retry whose payload changed: a Prove its client gives up on while it runs, then
//        the same request id with another payload; and a completed id sent another payload.
//        Each retry must be proved (COMPLETED, verified, the new payload's public inputs)
//   node abuse.mjs keep       ADDR PROTO PARAMS CIRCUIT ID prove|await
//        proves one job under ID, or awaits the kept result of ID: COMPLETED, verified (PARAMS
//        "-": a user who cannot read the parameters checks only that proofs came)
//   node abuse.mjs flood      ADDR PROTO CIRCUIT N TAG
//        N small jobs, 4 at a time, each awaited
//   node abuse.mjs cancelrace ADDR PROTO CIRCUIT N
//        N jobs, each cancelled over and over by 4 callers from 0.2 s in until it has ended:
//        every answer is OK or FAILED_PRECONDITION naming the request id, never NOT_FOUND
//   node abuse.mjs amplify    ADDR PROTO BYTES OVER_BYTES
//        three gzip-compressed PoRep Prove calls of BYTES of nesting at once (Commit-1s that a
//        DOM parser amplifies ≈ 70×), each FAILED in-band at once, GetStatus answering
//        meanwhile; then one of OVER_BYTES, whose validation needs more than the daemon's
//        working-memory budget: RESOURCE_EXHAUSTED naming it
//   node abuse.mjs preload    ADDR PROTO CIRCUIT
//        four concurrent PreloadSRS of a circuit whose parameters are being generated, GetStatus
//        answering within 1 s meanwhile; one loaded_srs entry after
//   node abuse.mjs echo       ADDR PROTO
//        8 MB client values (registered_proof, Miner, JSON garbage, circuit_id): every answer
//        under 1 KiB, naming the field
//   node abuse.mjs garbage    ADDR PROTO
//        request bytes that are not protobuf: INVALID_ARGUMENT naming the message; an unknown
//        method: UNIMPLEMENTED naming it
//   node abuse.mjs damaged    ADDR PROTO PARAMS CIRCUIT
//        one Prove of CIRCUIT (a Filecoin kind) on damaged parameters with self_verify off:
//        FAILED by self-verification, never a COMPLETED proof that does not verify
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
      (e) => isCode(S.INVALID_ARGUMENT)(e) && /does not parse as cuzk\.v1\.SubmitProofRequest/.test(e.details)],
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
  // A worker is between partitions at times: look a few times.
  let busy = null;
  for (let i = 0; i < 60 && !busy?.workers.some((w) => w.jobIds.includes(jobId)); i += 1) {
    busy = await call(clients[0], 'GetStatus', {}, 5000);
    await sleep(50);
  }
  ok(busy.workers.some((w) => w.busy && w.jobIds.includes(jobId)) && busy.queues.length > 0,
     `GetStatus names the job a worker proves (${jobId}) and lists ${busy.queues.length} kind(s)`);
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
  const { prometheusText } = await call(client, 'GetMetrics', {});
  const counted = Number((prometheusText.match(/^cuzk_requests_refused_total\{reason="queue_full"\} (\d+)$/m) ?? [0, 0])[1]);
  ok(counted >= 1, `the refusal is counted: cuzk_requests_refused_total{reason="queue_full"} ${counted}`);
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

// The public inputs of a COMPLETED result, as one string (to compare which payload was proved).
const inputsOf = (r) => r.publicInputs.join(',');

async function retry([paramsDir, circuit, tag]) {
  const client = connect();
  const reference = async (payload) => (await call(client, 'Prove', prove(circuit, `${tag}-ref-${payload}`, payload))).result;
  const [refA, refB] = [await reference(`${tag}/a`), await reference(`${tag}/b`)];
  ok(refA.status === 'COMPLETED' && refB.status === 'COMPLETED' && inputsOf(refA) !== inputsOf(refB),
     'two payloads proved under ids of their own (references)');
  // (1) The first attempt's client gives up while it is proved; the retry changes the payload.
  const running = `${tag}-running`;
  await call(client, 'Prove', prove(circuit, running, `${tag}/a`), 300).catch(() => null);
  const r1 = (await call(client, 'Prove', prove(circuit, running, `${tag}/b`))).result;
  ok(verified(paramsDir, circuit, r1) && !r1.attached && inputsOf(r1) === inputsOf(refB),
     `a retry with another payload while the first attempt runs → ${r1.status} ${r1.errorMessage}, the new payload proved and verified`);
  // (2) A completed id, then another payload under it.
  const done = `${tag}-done`;
  const first = (await call(client, 'Prove', prove(circuit, done, `${tag}/a`))).result;
  const r2 = (await call(client, 'Prove', prove(circuit, done, `${tag}/b`))).result;
  ok(first.status === 'COMPLETED' && verified(paramsDir, circuit, r2) && !r2.attached && inputsOf(r2) === inputsOf(refB),
     `another payload under a completed id → ${r2.status} ${r2.errorMessage}, proved and verified`);
  // (3) The same request again: the kept result, attached.
  const r3 = (await call(client, 'Prove', prove(circuit, done, `${tag}/b`))).result;
  ok(r3.status === 'COMPLETED' && r3.attached && inputsOf(r3) === inputsOf(refB), 'the same request again: the kept result, attached');
  client.close();
  finish({ proved: [r1, r2].filter((r) => r.status === 'COMPLETED').length });
}

async function keep([paramsDir, circuit, id, step]) {
  const client = connect();
  const r = step === 'prove'
    ? (await call(client, 'Prove', prove(circuit, id, id))).result
    : await call(client, 'AwaitProof', { jobId: id, timeoutMs: 10000 }, 15000).catch((e) => ({ status: `gRPC ${grpc.status[e.code]}`, errorMessage: e.details, proofs: [] }));
  const good = paramsDir === '-' ? r.status === 'COMPLETED' && r.proofs.length > 0 : verified(paramsDir, circuit, r);
  ok(good, `${step} ${id} as uid ${process.getuid()}: ${r.status} ${r.errorMessage}`);
  client.close();
  finish({ completed: r.status === 'COMPLETED' ? 1 : 0 });
}

async function flood([circuit, n, tag]) {
  const client = connect();
  let completed = 0;
  let next = 0;
  await Promise.all(Array.from({ length: 4 }, async () => {
    while (next < Number(n)) {
      const id = `${tag}-${next++}`;
      const { result } = await call(client, 'Prove', prove(circuit, id, id));
      if (result.status === 'COMPLETED') completed += 1;
    }
  }));
  ok(completed === Number(n), `${completed}/${n} jobs completed as uid ${process.getuid()}`);
  client.close();
  finish({ completed });
}

async function cancelrace([circuit, n]) {
  const client = connect();
  let notFound = 0;
  let answers = 0;
  for (let i = 0; i < Number(n); i += 1) {
    const id = `cancelrace-${Date.now()}-${i}`;
    await call(client, 'SubmitProof', { requestId: id, proofKind: 'CIRCUIT', circuitId: circuit, payload: Buffer.from(id) });
    await sleep(200);
    const finals = await Promise.all(Array.from({ length: 4 }, async () => {
      for (;;) {
        const r = await call(client, 'CancelProof', { jobId: id }, 5000).then(() => null, (e) => e);
        answers += 1;
        if (r !== null) return r;
      }
    }));
    for (const e of finals) {
      if (e.code === grpc.status.NOT_FOUND) notFound += 1;
      ok(e.code === grpc.status.FAILED_PRECONDITION && e.details.includes(`'${id}'`),
         `${id}: the cancels ended with gRPC ${grpc.status[e.code]}: ${e.details}`);
    }
  }
  client.close();
  finish({ jobs: Number(n), answers, not_found: notFound });
}

// GetStatus every 200 ms (deadline `deadlineMs`) until stop() is called: its misses and slowest answer.
function probeStatus(deadlineMs) {
  const probe = connect();
  const counts = { probes: 0, missed: 0, slowest_ms: 0 };
  let running = true;
  const loop = (async () => {
    while (running) {
      const t0 = Date.now();
      try {
        await call(probe, 'GetStatus', {}, deadlineMs);
      } catch (e) {
        counts.missed += 1;
        ok(false, `GetStatus meanwhile: gRPC ${grpc.status[e.code]}: ${e.details}`);
      }
      counts.probes += 1;
      counts.slowest_ms = Math.max(counts.slowest_ms, Date.now() - t0);
      await sleep(200);
    }
  })();
  return async () => {
    running = false;
    await loop;
    probe.close();
    return counts;
  };
}

const porepCommit1 = (bytes) => ({ proofKind: 'POREP_SEAL_COMMIT', registeredProof: 5, vanillaProof: bytes });

async function amplify([bytes, overBytes]) {
  const n = Number(bytes);
  const gzip = connect({ 'grpc.default_compression_algorithm': 2 });
  const nesting = [
    Buffer.alloc(n, '['),
    Buffer.alloc(n, '['),
    Buffer.concat([Buffer.from('{"registered_proof":"StackedDrg2KiBV1_1","vanilla_proofs":'), Buffer.alloc(n, '[')]),
  ];
  const stop = probeStatus(2000);
  const started = Date.now();
  let refused = 0;
  await Promise.all(nesting.map(async (payload, i) => {
    try {
      const { result } = await call(gzip, 'Prove', { submit: porepCommit1(payload) }, 60000);
      const clean = result.status === 'FAILED' && result.errorMessage.length <= 1024 &&
        /expected an object|nested deeper than 64/.test(result.errorMessage);
      if (ok(clean, `${n >> 20} MiB of nesting #${i}: ${result.status} ${result.errorMessage.slice(0, 100)}`)) refused += 1;
    } catch (e) {
      ok(false, `${n >> 20} MiB of nesting #${i}: gRPC ${grpc.status[e.code]}: ${String(e.details).slice(0, 100)}`);
    }
  }));
  const seconds = (Date.now() - started) / 1000;
  let overBudget = 0;
  try {
    await call(gzip, 'Prove', { submit: porepCommit1(Buffer.alloc(Number(overBytes), '[')) }, 60000);
    ok(false, `${Number(overBytes) >> 20} MiB: accepted, expected RESOURCE_EXHAUSTED`);
  } catch (e) {
    if (ok(e.code === grpc.status.RESOURCE_EXHAUSTED && /working-memory budget|whole budget/.test(e.details) && e.details.length <= 1024,
           `${Number(overBytes) >> 20} MiB: gRPC ${grpc.status[e.code]}: ${String(e.details).slice(0, 140)}`)) overBudget = 1;
  }
  const probes = await stop();
  gzip.close();
  finish({ refused, over_budget: overBudget, seconds, ...probes });
}

async function preloadMany([circuit]) {
  const stop = probeStatus(1000);
  const started = Date.now();
  const answers = await Promise.all(Array.from({ length: 4 }, async () => {
    const client = connect();
    try {
      return await call(client, 'PreloadSRS', { circuitId: circuit }, 300000);
    } catch (e) {
      ok(false, `PreloadSRS ${circuit}: gRPC ${grpc.status[e.code]}: ${e.details}`);
      return null;
    } finally {
      client.close();
    }
  }));
  const seconds = (Date.now() - started) / 1000;
  const probes = await stop();
  const loaded = answers.filter((a) => a !== null && a.circuitId === circuit).length;
  ok(loaded === 4, `4 concurrent PreloadSRS ${circuit}: ${loaded} answered in ${seconds} s`);
  const client = connect();
  const status = await call(client, 'GetStatus', {}, 5000);
  client.close();
  const entries = status.loadedSrs.filter((s) => s.circuitId === circuit);
  ok(entries.length === 1 && entries[0].tier === 'HOT', `one parameter entry for ${circuit}, hot: ${JSON.stringify(entries.map((s) => s.tier))}`);
  ok(probes.missed === 0, `${probes.probes} GetStatus answered within 1 s meanwhile (slowest ${probes.slowest_ms} ms)`);
  finish({ loaded, seconds, ...probes });
}

async function echo() {
  const client = connect();
  const huge = 'z'.repeat(8 << 20);
  const cases = [
    ['registered_proof', porepCommit1(Buffer.from(`{"registered_proof":"${huge}"}`)), 'registered seal proof'],
    ['Miner', porepCommit1(Buffer.from(`{"SectorNum":1,"SectorSize":2048,"Miner":"${huge}","Phase1Out":""}`)), 'Miner'],
    ['JSON garbage', porepCommit1(Buffer.from(`{"registered_proof":${huge}`)), 'not JSON'],
    ['circuit_id', { proofKind: 'CIRCUIT', circuitId: huge, payload: Buffer.from('x') }, 'circuit id'],
  ];
  let bounded = 0;
  for (const [field, submit, names] of cases) {
    const { result } = await call(client, 'Prove', { submit }, 60000);
    const inBand = result.status === 'FAILED' && result.errorMessage.length <= 1024 && result.errorMessage.includes(names);
    ok(inBand, `8 MB ${field}, Prove: ${result.status}, ${result.errorMessage.length} characters: ${result.errorMessage.slice(0, 100)}`);
    const refused = await call(client, 'SubmitProof', submit, 60000).then(() => null, (e) => e);
    const status = refused !== null && String(refused.details).length <= 1024 && String(refused.details).includes(names);
    ok(status, `8 MB ${field}, SubmitProof: ${refused ? `gRPC ${grpc.status[refused.code]}, ${String(refused.details).length} characters` : 'accepted'}`);
    if (inBand && status) bounded += 1;
  }
  client.close();
  finish({ tried: cases.length, bounded });
}

async function garbage() {
  const client = connect();
  const bytes = Buffer.from([0xff, 0xff, 0xff, 0xff, 0x0f, 1, 2, 3]);
  let named = 0;
  for (const [method, message] of [['SubmitProof', 'SubmitProofRequest'], ['Prove', 'ProveRequest'],
    ['AwaitProof', 'AwaitProofRequest'], ['PreloadSRS', 'PreloadSrsRequest']]) {
    if (await tryBad(`protobuf garbage to ${method}`, () => unaryRaw(client, method, bytes),
      (e) => isCode(grpc.status.INVALID_ARGUMENT)(e) && String(e.details).includes(`does not parse as cuzk.v1.${message}`))) named += 1;
  }
  if (await tryBad('an unknown method', () => unaryRaw(client, 'NoSuchMethod', Buffer.alloc(0)),
    (e) => isCode(grpc.status.UNIMPLEMENTED)(e) && String(e.details).includes('NoSuchMethod'))) named += 1;
  client.close();
  finish({ tried: 5, named });
}

async function damaged([paramsDir, circuit]) {
  const client = connect();
  const { result } = await call(client, 'Prove', prove(circuit, '', 'damaged-key'), 300000);
  client.close();
  const vk = readVerifyingKey(join(paramsDir, `${circuit}.params`));  // its verifying key is intact
  const perProof = result.publicInputs.length / Math.max(1, result.proofs.length);
  const invalid = result.proofs.filter((p, k) =>
    !verifyBellperson(vk, Buffer.from(p), result.publicInputs.slice(k * perProof, (k + 1) * perProof))).length;
  ok(invalid === 0, `${invalid} proofs that do not verify returned`);
  ok(result.status === 'FAILED' && /self-verification/.test(result.errorMessage),
     `${circuit} on damaged parameters, self_verify off: ${result.status} ${result.errorMessage.slice(0, 120)}`);
  finish({ status: result.status, invalid });
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

const modes = { load, bad, disconnect, starve, prove: proveOne, bound, submit: submitOne, intruder, cancel: cancelOne,
  retry, keep, flood, cancelrace, amplify, preload: preloadMany, echo, garbage, damaged, scrapes };
if (!modes[mode] || !protoPath) {
  console.error('usage: node abuse.mjs load|bad|disconnect|starve|prove|bound|submit|intruder|cancel|retry|keep|flood|cancelrace|amplify|preload|echo|garbage|damaged|scrapes ADDRESS PROTO ... (see the header)');
  process.exit(2);
}
await modes[mode](args);
