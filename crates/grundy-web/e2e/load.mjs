// A bounded load test of /api/analyze on the loopback address: `requests`
// Nim positions, `concurrency` in flight, each answer checked against
// Bouton's theorem (G = XOR of the heaps). `node load.mjs [N] [C]` runs it
// against a server of its own and prints the figures.

import net from 'node:net';

import { startServer } from './server.mjs';

export async function load(base, { requests = 2000, concurrency = 32 } = {}) {
  let next = 0, wrong = 0, slowest = 0;
  const latencies = [];
  const worker = async () => {
    while (next < requests) {
      const k = next++;
      const heaps = [k % 11, (k * 7) % 13, (k * 13) % 17];
      const t0 = performance.now();
      const res = await fetch(`${base}/api/analyze`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ game: 'nim', position: heaps.join(' ') }),
      });
      const body = await res.json();
      const ms = performance.now() - t0;
      latencies.push(ms);
      slowest = Math.max(slowest, ms);
      const g = heaps[0] ^ heaps[1] ^ heaps[2];
      const ok = res.ok && body.grundy === g && body.outcome === (g === 0 ? 'P' : 'N')
        && body.winning_moves.every((m) => m.outcome === 'P');
      if (!ok) wrong++;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests, concurrency, wrong, seconds,
    perSecond: requests / seconds,
    p50: latencies[Math.floor(requests / 2)],
    p99: latencies[Math.floor(requests * 0.99)],
    slowest,
  };
}

export const describe = (r) =>
  `${r.requests} analyse requests, ${r.concurrency} concurrent: ${r.wrong} wrong, ` +
  `${r.seconds.toFixed(2)} s, ${r.perSecond.toFixed(0)} requests/s, ` +
  `median ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, slowest ${r.slowest.toFixed(1)} ms`;

// The server of the mixed load: scripts on, short deadlines so the run stays short
// ($GRUNDY_SERVE_ARGS replaces them, e.g. to measure a server without these flags).
export const MIXED_SERVER = process.env.GRUNDY_SERVE_ARGS?.split(' ')
  ?? ['--allow-scripts', '--timeout', '3', '--header-timeout', '2', '--body-timeout', '2',
    // Every client of this load is 127.0.0.1: the cap per address would refuse most of them.
    '--max-per-address', '1024'];

// ---- A mixed load, as a public server meets it -------------------------------------------------
// Cheap requests (Nim, checked against Bouton's theorem) beside expensive ones (Cram boards that
// run to the deadline; scripts that loop, try to sleep, allocate or recurse) at `expensiveShare` of
// the requests, while `slowClients` connections trickle their headers or bodies a byte at a time
// (slowloris, on 127.0.0.1 only, each closed after `slowSeconds`). Only the cheap requests are
// judged: every one answered right, and their latencies reported. The server must run with
// --allow-scripts.


const EXPENSIVE = [
  { game: 'cram', position: '5x6' },
  { game: 'cram', position: '6x6' },
  { game: 'script:loop.rhai', position: '9', script_source: 'fn moves(n) { loop { } }' },
  { game: 'script:sleep.rhai', position: '9', script_source: 'fn moves(n) { sleep(30); [] }' },
  { game: 'script:big.rhai', position: '9', script_source: 'fn moves(n) { let a = []; a.pad(100000000, 0); a }' },
  {
    game: 'script:slow.rhai',
    position: '100000',
    script_source: 'fn moves(n) { let i = 0; while i < 150000 { i += 1; } if n > 0 { [n - 1] } else { [] } }',
  },
];

// One slow client: a request's start, then a byte every `every` ms until `until`.
function slowClient(port, k, until, every = 500) {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  const head = k % 2 === 0
    ? 'POST /api/analyze HTTP/1.1\r\nHost: x\r\n'
    : 'POST /api/analyze HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{';
  let closedByServer = false;
  socket.on('close', () => { closedByServer = Date.now() < until; });
  socket.write(head);
  const timer = setInterval(() => {
    if (Date.now() >= until || socket.destroyed) {
      clearInterval(timer);
      socket.destroy();
    } else {
      socket.write(k % 2 === 0 ? 'X' : ' ');
    }
  }, every);
  return () => closedByServer;
}

async function timedPost(base, body) {
  const t0 = performance.now();
  try {
    const res = await fetch(`${base}/api/analyze`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { res, json: await res.json(), ms: performance.now() - t0 };
  } catch (error) {
    return { error, ms: performance.now() - t0 };
  }
}

// Seconds after the slow clients start when they are judged: past the server's timeouts.
const SLOW_JUDGED_AFTER = 4;

export async function mixed(base, {
  requests = 600, concurrency = 16, expensiveShare = 0.05, slowClients = 100, slowSeconds = 8,
} = {}) {
  const port = Number(new URL(base).port);
  const until = Date.now() + slowSeconds * 1000;
  const slow = Array.from({ length: slowClients }, (_, k) => slowClient(port, k, until));
  const every = Math.max(1, Math.round(1 / expensiveShare));
  let next = 0, cheapFailed = 0, expensive = 0;
  const cheap = [], expensiveKinds = {};
  const worker = async () => {
    while (next < requests) {
      const k = next++;
      if (k % every === every - 1) {
        const body = EXPENSIVE[expensive++ % EXPENSIVE.length];
        const r = await timedPost(base, body);
        const kind = r.error ? 'network error' : `${r.res.status} ${r.json.kind ?? 'ok'}`;
        expensiveKinds[kind] = (expensiveKinds[kind] ?? 0) + 1;
        continue;
      }
      const heaps = [k % 11, (k * 7) % 13, (k * 13) % 17];
      const r = await timedPost(base, { game: 'nim', position: heaps.join(' ') });
      cheap.push(r.ms);
      const g = heaps[0] ^ heaps[1] ^ heaps[2];
      const ok = !r.error && r.res.ok && r.json.grundy === g && r.json.outcome === (g === 0 ? 'P' : 'N');
      if (!ok) cheapFailed++;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - t0) / 1000;
  // The slow clients are judged once the server's header and body timeouts (2 s in
  // MIXED_SERVER) have had time to pass, however fast the requests were answered.
  const judged = until - (slowSeconds - SLOW_JUDGED_AFTER) * 1000;
  if (Date.now() < judged) await new Promise((resolve) => setTimeout(resolve, judged - Date.now()));
  cheap.sort((a, b) => a - b);
  const at = (q) => cheap[Math.min(cheap.length - 1, Math.floor(cheap.length * q))];
  return {
    requests, concurrency, seconds, expensive, expensiveKinds, slowClients,
    slowCutOff: slow.filter((closedByServer) => closedByServer()).length,
    cheap: cheap.length, cheapFailed, p50: at(0.5), p99: at(0.99), slowest: cheap[cheap.length - 1],
  };
}

export const describeMixed = (r) =>
  `${r.requests} requests (${r.expensive} expensive: ${JSON.stringify(r.expensiveKinds)}), ` +
  `${r.concurrency} concurrent, ${r.slowClients} slow clients (${r.slowCutOff} cut off by the server), ` +
  `${r.seconds.toFixed(1)} s: ${r.cheap} cheap, ${r.cheapFailed} failed, ` +
  `median ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, slowest ${r.slowest.toFixed(1)} ms`;

// `node load.mjs [N] [C]`: the plain load; `node load.mjs mixed [N] [C]`: the mixed one.
if (import.meta.url === `file://${process.argv[1]}`) {
  const isMixed = process.argv[2] === 'mixed';
  const [n, c] = process.argv.slice(isMixed ? 3 : 2).map(Number);
  const server = await startServer(isMixed ? MIXED_SERVER : ['--max-per-address', '1024']);
  try {
    if (isMixed) {
      const r = await mixed(server.base, { requests: n || 600, concurrency: c || 16 });
      console.log(describeMixed(r));
      process.exitCode = r.cheapFailed === 0 ? 0 : 1;
    } else {
      const r = await load(server.base, { requests: n || 2000, concurrency: c || 32 });
      console.log(describe(r));
      process.exitCode = r.wrong === 0 ? 0 : 1;
    }
  } finally {
    server.stop();
  }
}
