// End-to-end tests of the playground in a real headless Chromium (Debian's
// /usr/bin/chromium, driven by playwright-core; no browser is downloaded):
// whole games of Nim and Wythoff played by clicking, the moves' colours
// checked against `grundy analyze --json`, undo and redo, a shared URL, an
// error for a bad position, a screenshot, and a short load test; and the
// boards: every game family's board against `grundy analyze --all-moves`,
// whole games won by clicking the board alone on a phone and a projector,
// class mode. Screenshots of every board go to target/e2e-screens/.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';

import { chromium } from 'playwright-core';

import { FAMILIES, MORE, checkTargets, checkWidth, clickAndSeeReply, query, root, screens, targets }
  from './boards.mjs';
import { describe as describeLoad, load } from './load.mjs';
import { grundyBinary, startServer } from './server.mjs';

let server, browser;

before(async () => {
  // Scripts allowed, so the script family's board is tested too.
  // Every client here is 127.0.0.1 (the browser and the load of 32 at a time): the cap per
  // address would refuse them.
  server = await startServer(['--allow-scripts', '--max-per-address', '1024']);
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

async function open(query, viewport = { width: 1400, height: 1000 }) {
  const page = await browser.newPage({ viewport });
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

// Checks each listed move's colour and remoteness against the command line,
// and the list's order: winning moves first, the fastest win first, then
// the losing ones, the longest defence first.
async function checkColours(page, game) {
  const shown = await listed(page);
  const truth = cli(game, await position(page));
  assert.equal(shown.length, truth.all_moves.length, 'every legal move is listed');
  const byMove = new Map(shown.map((m) => [m.move, m]));
  for (const m of truth.all_moves) {
    const s = byMove.get(m.move);
    assert.ok(s, `${m.move} is listed`);
    assert.equal(s.value, m.outcome === 'P' ? 'win' : 'lose', `colour of ${m.move}`);
    assert.equal(s.remoteness, String(m.remoteness ?? ''), `remoteness of ${m.move}`);
  }
  const key = (m) => (m.value === 'win' ? Number(m.remoteness) : 1e9 - Number(m.remoteness));
  for (let i = 1; i < shown.length; i++) {
    assert.ok(key(shown[i - 1]) <= key(shown[i]), `${shown[i - 1].move} is listed before ${shown[i].move}`);
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

// ---- boards ----------------------------------------------------------------

const PHONE = { width: 390, height: 844 };
const PROJECTOR = { width: 1920, height: 1080 };
const SCRIPT = readFileSync(`${root}/examples/take124-or-halve.rhai`, 'utf8');
// A graph game's file, from examples/loopy: `graph:exit.txt` reads exit.txt.
const graphText = (game) => readFileSync(`${root}/examples/loopy/${game.split(' ')[0].slice('graph:'.length)}`, 'utf8');

// Opens `example` (`game words…`); a script game gets its text typed in.
async function openBoard(example, viewport) {
  const opened = await open(query(example), viewport);
  if (example.startsWith('script:') || example.startsWith('graph:')) {
    // Opened without its text, the script or graph game was refused (400): expected.
    opened.problems.length = 0;
    await opened.page.click('details:has(#script) summary');
    await opened.page.fill('#script', example.startsWith('graph:') ? graphText(example) : SCRIPT);
    await opened.page.click('#start');
    await ready(opened.page);
  }
  return opened;
}

test('every game family has a board with one target per legal move, and a winning click gets a reply', async () => {
  const families = JSON.parse(execFileSync(grundyBinary(), ['list', '--json'], { encoding: 'utf8' })
    .trim().split('\n').join(',').replace(/^/, '[').replace(/$/, ']')).map((g) => g.name);
  assert.deepEqual(families.filter((f) => !FAMILIES[f]), [], 'every family of `grundy list` has a position here');
  for (const example of [...Object.values(FAMILIES), ...MORE]) {
    const [game, ...words] = example.split(' ');
    const { page, problems } = await openBoard(example, families.indexOf(game.split(':')[0]) % 2 ? PHONE : PROJECTOR);
    assert.equal(await page.locator(`svg[data-board="${game}"]`).count(), 1, `${example}: the board is drawn`);
    const truth = game.startsWith('script:') ? scriptTruth(game, words)
      : game.startsWith('graph:') ? cli(`graph:${root}/examples/loopy/${game.slice('graph:'.length)}`, words.join(' '))
        : cli(game, words.join(' '));
    await checkTargets(page, truth, example);
    const name = example.replace(/[^a-z0-9-]+/gi, '_').slice(0, 60);
    await page.locator('svg[data-board]').screenshot({ path: `${screens}/${name}.png` });
    const win = truth.all_moves.find((m) => m.outcome === 'P');
    assert.ok(win, `${example}: a winning move`);
    assert.equal(await page.getAttribute(`svg[data-board] [data-move="${win.move}"]`, 'data-value'), 'win');
    const reply = await clickAndSeeReply(page, win.move, ready);
    const record = await page.$$eval('#record li', (li) => li.map((l) => l.textContent));
    assert.deepEqual(record, [`you: ${win.move}`, `cpu: ${reply}`], `${example}: the game record`);
    assert.notEqual(await position(page), win.to, `${example}: the computer replied`);
    await checkWidth(page, example);
    assert.deepEqual(problems, [], example);
    await page.close();
  }
});

// A script game's truth from the CLI, which reads the script's file.
function scriptTruth(game, words) {
  return cli(`script:${root}/examples/${game.slice('script:'.length)}`, words.join(' '));
}

// Plays a whole game by clicking winning targets on the board alone, with
// no horizontal scroll before or after; returns the winner line.
async function winByBoard(example, viewport) {
  const { page, problems } = await openBoard(example, viewport);
  await checkWidth(page, `${example} at the start`);
  for (let turn = 0; turn < 100 && await page.locator('#game-over').isHidden(); turn++) {
    const win = page.locator('svg[data-board] [data-move][data-value=win]').first();
    const move = await win.getAttribute('data-move');
    await win.click();
    await ready(page);
    const record = await page.$$eval('#record li', (li) => li.map((l) => l.textContent));
    assert.ok(record.includes(`you: ${move}`), `${example}: ${move} is in the record`);
  }
  await checkWidth(page, `${example} at the end`);
  await page.screenshot({ path: `${screens}/whole-${example.split(' ')[0]}-${viewport.width}.png`, fullPage: true });
  const winner = await page.textContent('#winner');
  assert.deepEqual(problems, []);
  return { page, winner };
}

for (const [example, viewport] of [['nim 3 4 5', PHONE], ['cram 3x4', PROJECTOR], ['chomp 4 4 3 1', PHONE],
  ['node-kayles 0-1 1-2 2-3 3-4 4-0 2-5', PROJECTOR], ['wythoff 4 6', PHONE]]) {
  test(`a whole game of ${example} won by clicking the board alone, at ${viewport.width} px`, async () => {
    const { page, winner } = await winByBoard(example, viewport);
    assert.equal(winner, 'You win!');
    assert.match(await page.textContent('#status'), /the computer cannot move, so the computer loses/);
    // A new game starts where this one did.
    await page.click('#new-game');
    await ready(page);
    assert.equal(await page.locator('#record li').count(), 0);
    assert.ok(await page.locator('#game-over').isHidden());
    await page.close();
  });
}

test('class mode hides every value: board, list, status, card, chart and hints', async () => {
  const { page } = await open(query('wythoff 4 6'));
  await clickAndSeeReply(page, 'both: take 1', ready);
  for (const id of ['#colours', '#show-hints', '#show-analysis', '#show-chart']) await page.uncheck(id);
  await checkWidth(page, 'class mode');
  assert.equal(await page.locator('svg[data-board] .win, svg[data-board] .lose, [data-value=win], [data-value=lose]').count(), 0);
  assert.equal(await page.locator('#moves .win, #moves .lose').count(), 0);
  assert.deepEqual(await page.$$eval('svg[data-board] [data-move]', (ts) => ts.map((t) => t.getAttribute('aria-label'))),
    await targets(page), 'a target is labelled with its move alone');
  assert.deepEqual(await page.$$eval('#moves .rem', (rs) => rs.map((r) => r.textContent).filter(Boolean)), []);
  assert.match(await page.textContent('#status'), /^You to move\.$/);
  for (const id of ['#analysis', '#history', '#hint']) assert.ok(await page.locator(id).isHidden(), `${id} is hidden`);
  // The chart alone back on: its points are neither winning nor losing.
  await page.check('#show-chart');
  assert.equal(await page.locator('#chart .point.win, #chart .point.lose').count(), 0);
  assert.ok(await page.locator('#chart .point.plain').count() >= 3);
  // The analysis card alone back on: no value in it.
  await page.check('#show-analysis');
  assert.doesNotMatch(await page.textContent('#facts'), /outcome|Grundy|remoteness|winning/);
  await page.check('#colours');
  assert.ok(await page.locator('svg[data-board] [data-value=win]').count() > 0, 'values come back');
  await page.close();
});

test('win in 1 move, the legend of the heatmap, chart points clear of the edges', async () => {
  const { page } = await open(query('wythoff 0 3'));
  assert.equal(await page.textContent('#status'), 'You to move: you can win in 1 move.');
  await page.waitForSelector('#heatmap .heat-legend li', { timeout: 10000 });
  assert.ok(await page.locator('#heatmap .heat-legend li').count() >= 3, 'the heatmap has a legend');
  const { page: long } = await open(query('nim 3 4 5'));
  await clickAndSeeReply(long, 'heap 1: take 2', ready);
  const clear = await long.$$eval('#chart svg', ([svg]) => {
    const h = Number(svg.getAttribute('height'));
    return [...svg.querySelectorAll('.point circle')].every((c) => {
      const [cy, r] = [Number(c.getAttribute('cy')), Number(c.getAttribute('r'))];
      return cy - r >= 8 && cy + r <= h - 20;
    });
  });
  assert.ok(clear, 'every chart point is padded from the edges');
  await long.close();
  await page.close();
});

test('a shared URL holds the start and the moves, and replays the record', async () => {
  const { page } = await open(query('cram 3x4'));
  const reply = await clickAndSeeReply(page, 'h 0,1', ready);
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('position'), '3x4', 'the start');
  assert.deepEqual(url.searchParams.getAll('move'), ['h 0,1', reply], 'the moves');
  const { page: again } = await open(url.search);
  assert.equal(await position(again), await position(page));
  assert.deepEqual(await again.$$eval('#record li', (li) => li.map((l) => l.textContent)), [`you: h 0,1`, `cpu: ${reply}`]);
  await again.click('#record li:first-child button');
  assert.equal(await position(again), '.##./..../....');
  // Replay goes back to the start, then through the record a move a second.
  const end = await position(page);
  await again.click('#replay');
  assert.equal(await position(again), '3x4');
  await again.waitForFunction((p) => document.getElementById('current-position').textContent === p, end,
    { timeout: 5000 });
  await again.close();
  await page.close();
});

test('keyboard: a focused target plays with Enter', async () => {
  const { page } = await open(query('chomp 4 4 3 1'));
  await page.focus('svg[data-board] [data-move="take 2,0"]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('svg[data-board] [data-played]');
  await ready(page);
  assert.match((await page.$$eval('#record li', (li) => li.map((l) => l.textContent)))[0], /you: take 2,0/);
  await page.close();
});

test('load: 2000 analyse requests, 32 at a time, every answer right', async () => {
  const r = await load(server.base, { requests: 2000, concurrency: 32 });
  console.log(`load: ${describeLoad(r)}`);
  assert.equal(r.wrong, 0);
});

test('a loopy graph game is drawn on the page once a position comes back a third time with the same player to move', async () => {
  // y and z lead to each other and nowhere else: every move keeps the draw.
  const { page, problems } = await openBoard('graph:draw.json y', PHONE);
  assert.match(await page.textContent('body'), /comes back a third time with the same player to move is a draw/);
  for (let turn = 0; turn < 4 && await page.locator('#game-over').isHidden(); turn++) {
    await page.click('svg[data-board] [data-move="to z"]');
    await ready(page);
  }
  assert.equal(await page.locator('#game-over').isHidden(), false, 'the game is over');
  assert.match(await page.textContent('#winner'), /draw/);
  const record = await page.$$eval('#record li', (li) => li.map((l) => l.textContent));
  assert.deepEqual(record, ['you: to z', 'cpu: to y', 'you: to z', 'cpu: to y']);
  await checkWidth(page, 'graph draw');
  assert.deepEqual(problems, []);
  await page.close();
});
