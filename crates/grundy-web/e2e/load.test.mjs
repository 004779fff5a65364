// The mixed load test of CI (no browser): cheap requests beside expensive ones, scripts that loop,
// sleep or allocate, and slow clients, against `grundy serve --allow-scripts`. Every cheap request
// must be answered right, with a bounded p99 latency; the figures are printed.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { describeMixed, mixed, MIXED_SERVER } from './load.mjs';
import { startServer } from './server.mjs';

// Far above what the lanes give (tens of ms on an idle machine), far below what a server without
// them gives (seconds: the cheap requests queue behind the expensive ones).
const P99_BOUND_MS = 1500;

let server;
before(async () => { server = await startServer(MIXED_SERVER); });
after(() => server?.stop());

test('mixed load: cheap requests all answered right, p99 bounded, beside expensive and slow clients', async () => {
  const r = await mixed(server.base, { requests: 600, concurrency: 16, expensiveShare: 0.05 });
  console.log(`mixed load: ${describeMixed(r)}`);
  assert.equal(r.cheapFailed, 0, 'no cheap request fails');
  assert.ok(r.p99 < P99_BOUND_MS, `cheap p99 ${r.p99.toFixed(1)} ms is under ${P99_BOUND_MS} ms`);
  assert.ok(r.slowCutOff > 0, 'the server cuts slow clients off');
  // The server is still whole: the catalog answers.
  assert.equal((await fetch(`${server.base}/api/games`)).status, 200);
});
