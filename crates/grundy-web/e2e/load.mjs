// A bounded load test of /api/analyze on the loopback address: `requests`
// Nim positions, `concurrency` in flight, each answer checked against
// Bouton's theorem (G = XOR of the heaps). `node load.mjs [N] [C]` runs it
// against a server of its own and prints the figures.

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

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startServer();
  try {
    const r = await load(server.base, { requests: Number(process.argv[2] ?? 2000), concurrency: Number(process.argv[3] ?? 32) });
    console.log(describe(r));
    process.exitCode = r.wrong === 0 ? 0 : 1;
  } finally {
    server.stop();
  }
}
