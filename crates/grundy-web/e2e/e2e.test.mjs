// End-to-end tests of the playground in a real headless Chromium (Debian's
// /usr/bin/chromium, driven by playwright-core; no browser is downloaded):
// whole games of Nim and Wythoff played by clicking, the moves' colours
// checked against `grundy analyze --json`, undo and redo, a shared URL, an
// error for a bad position, a screenshot, and a short load test.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, before, test } from 'node:test';

import { chromium } from 'playwright-core';

import { describe as describeLoad, load } from './load.mjs';
import { grundyBinary, startServer } from './server.mjs';

let server, browser;

before(async () => {
  server = await startServer();
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
});

after(async () => {
  await browser?.close();
  server?.stop();
});

// The command line's own analysis, to check the page against.
function cli(game, position, misere = false) {
  const args = ['analyze', '--json', '--all-moves', ...(misere ? ['--misere'] : []), game, ...position.split(' ')];
  return JSON.parse(execFileSync(grundyBinary(), args, { encoding: 'utf8' }));
}

async function open(query) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  await page.goto(`${server.base}/${query}`);
  await ready(page);
  return { page, problems };
}

const ready = (page) => page.waitForSelector('body[data-state=ready]');
const position = (page) => page.textContent('#current-position');

// The moves the page lists, with the colour it gives each.
const listed = (page) => page.$$eval('#moves .move', (bs) =>
  bs.map((b) => ({ move: b.dataset.move, value: b.dataset.value, remoteness: b.dataset.remoteness })));

async function checkColours(page, game) {
  const shown = await listed(page);
  const truth = cli(game, await position(page));
  assert.equal(shown.length, truth.all_moves.length, 'every legal move is listed');
  for (const [i, m] of truth.all_moves.entries()) {
    assert.equal(shown[i].move, m.move);
    assert.equal(shown[i].value, m.outcome === 'P' ? 'win' : 'lose', `colour of ${m.move}`);
    assert.equal(shown[i].remoteness, String(m.remoteness ?? ''), `remoteness of ${m.move}`);
  }
  return shown;
}

// Plays to the end, clicking a winning move when there is one (else the
// first): returns the status line at the end and the moves made.
async function playOut(page, game, pick) {
  for (let turn = 0; turn < 200; turn++) {
    const shown = await checkColours(page, game);
    if (shown.length === 0) return { status: await page.textContent('#status'), turns: turn };
    const choice = pick(shown);
    const before = await page.locator('#chart .point').count();
    await page.click(`#moves .move[data-move="${choice.move}"]`);
    await ready(page);
    assert.ok(await page.locator('#chart .point').count() > before, 'the chart grows');
  }
  throw new Error('the game did not end in 200 turns');
}

const best = (shown) => shown.find((m) => m.value === 'win') ?? shown[0];

test('a whole game of Nim against the computer, won by clicking winning moves', async () => {
  const { page, problems } = await open('?game=nim&position=3+4+5&misere=0');
  assert.equal(await position(page), '3 4 5');
  const first = await checkColours(page, 'nim');
  assert.deepEqual(first.filter((m) => m.value === 'win').map((m) => m.move), ['heap 1: take 2']);
  const { status, turns } = await playOut(page, 'nim', best);
  assert.ok(turns >= 2, `played ${turns} turns`);
  assert.equal(await position(page), '0 0 0');
  assert.match(status, /the computer cannot move, so the computer loses/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a whole game of Wythoff against the computer, lost from a P-position', async () => {
  const { page, problems } = await open('?game=wythoff&position=4+7&misere=0');
  // (4, 7) = (⌊3φ⌋, ⌊3φ²⌋), Wythoff's third P-position: every move loses.
  assert.deepEqual((await checkColours(page, 'wythoff')).filter((m) => m.value === 'win'), []);
  // The heatmap comes from a table request of its own, which may answer after the page is ready.
  await page.waitForSelector('#heatmap svg .here', { timeout: 10000 }).catch(() => {});
  assert.ok(await page.locator('#heatmap svg .here').count() === 1, 'the heatmap marks the position');
  const { status } = await playOut(page, 'wythoff', (shown) => shown[0]);
  assert.equal(await position(page), '0 0');
  assert.match(status, /you cannot move, so you lose/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('undo, redo, rewinding on the chart, and a shared URL', async () => {
  const { page } = await open('?game=nim&position=3+4+5&misere=0');
  await page.click('#moves .move[data-move="heap 3: take 1"]');
  await ready(page);
  const after = await position(page);
  assert.notEqual(after, '3 4 4', 'the computer replied');
  assert.equal(await page.locator('#chart .point').count(), 3);
  await page.click('#undo');
  assert.equal(await position(page), '3 4 5');
  await page.click('#redo');
  assert.equal(await position(page), after);
  await page.click('#chart .point[data-index="1"]');
  assert.equal(await position(page), '3 4 4');
  await page.click('#chart .point[data-index="2"]');
  const url = page.url();
  assert.match(url, /game=nim&position=/);
  const { page: again } = await open(url.slice(url.indexOf('?')));
  assert.equal(await position(again), after);
  await again.close();
  await page.close();
});

test('hint, colours off, misère play', async () => {
  const { page } = await open('?game=nim&position=1+1+2&misere=1');
  await page.click('#hint');
  await ready(page);
  const truth = cli('nim', '1 1 2', true);
  assert.equal(truth.outcome, 'N');
  assert.match(await page.textContent('#hint-text'), new RegExp(`Hint: ${truth.winning_moves[0].move}`));
  await page.uncheck('#colours');
  assert.ok(await page.locator('#moves.plain').count() === 1);
  assert.match(await page.textContent('#facts'), /misère/);
  await page.close();
});

test('a bad position is shown as the server\'s error', async () => {
  const { page } = await open('?game=nim&position=3+x&misere=0');
  const error = page.locator('#error');
  assert.ok(await error.isVisible());
  assert.match(await error.textContent(), /nim position/);
  await page.fill('#position', '2 2');
  await page.click('#start');
  await ready(page);
  assert.ok(!(await error.isVisible()), 'a good position clears the error');
  assert.equal(await position(page), '2 2');
  await page.close();
});

test('too many moves to list: the winning moves, and a move typed in', async () => {
  const { page } = await open('?game=nim&position=1000000000000+5&misere=0&mode=friend');
  assert.ok(await page.locator('#type-move').isVisible());
  // The one winning move equalises the heaps (Bouton).
  assert.deepEqual((await listed(page)).map((m) => [m.move, m.value]), [['heap 1: take 999999999995', 'win']]);
  await page.fill('#move', 'heap 1: take 999999999995');
  await page.click('#play-move');
  await ready(page);
  assert.equal(await position(page), '5 5');
  assert.match(await page.textContent('#status'), /Player 2 to move: player 2 loses/);
  await page.close();
});

test('a screenshot of a game of Wythoff in progress', async () => {
  const { page, problems } = await open('?game=wythoff&position=7+10&misere=0');
  await page.click('#moves .move.win');
  await ready(page);
  await page.click('#moves .move >> nth=2');
  await ready(page);
  await page.click('#hint');
  await ready(page);
  await page.screenshot({ path: '/tmp/grundy-web.png', fullPage: true });
  assert.deepEqual(problems, []);
  await page.close();
});

test('load: 2000 analyse requests, 32 at a time, every answer right', async () => {
  const r = await load(server.base, { requests: 2000, concurrency: 32 });
  console.log(`load: ${describeLoad(r)}`);
  assert.equal(r.wrong, 0);
});
