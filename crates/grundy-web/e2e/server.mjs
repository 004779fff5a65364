// Starts `grundy serve` on a free loopback port for a test, and stops it.

import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

// The binary cargo built: $GRUNDY_BIN, else the newer of release and debug.
export function grundyBinary() {
  if (process.env.GRUNDY_BIN) return process.env.GRUNDY_BIN;
  const built = [`${root}/target/release/grundy`, `${root}/target/debug/grundy`]
    .filter((p) => existsSync(p))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (built.length === 0) throw new Error('no grundy binary: run `cargo build --release -p grundy-cli` first');
  return built[0];
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

// A running server: {base, stop()}; it answers /api/games before this returns.
export async function startServer(extra = []) {
  const port = await freePort();
  const child = spawn(grundyBinary(), ['serve', '--port', String(port), ...extra], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let exited = null;
  child.on('exit', (code, signal) => { exited = `exited with ${code ?? signal}`; });
  const stop = () => { if (exited === null) child.kill('SIGTERM'); };
  process.once('exit', stop);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    if (exited) throw new Error(`grundy serve ${exited}`);
    try {
      const res = await fetch(`${base}/api/games`);
      if (res.ok) return { base, stop, child };
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  stop();
  throw new Error('grundy serve did not answer within 20 s');
}
