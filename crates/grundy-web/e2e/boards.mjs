// What the board tests share: a position of every game family of
// `grundy list`, and helpers that read the board the page draws.

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

// Screenshots of every board, kept as test artifacts (not committed).
export const screens = path.join(root, 'target/e2e-screens');
mkdirSync(screens, { recursive: true });

// One position of each family, small enough to list every move, from which
// the player to move wins and the computer still has a reply after a
// winning move. A family `grundy list` shows that is missing here fails
// the test that walks them.
export const FAMILIES = {
  nim: 'nim 3 4 5',
  subtraction: 'subtraction:1,3,4 10 7',
  bash: 'bash:3 10 7',
  moore: 'moore:2 3 5 6',
  staircase: 'staircase 3 0 2 5',
  octal: 'octal:0.07 5 8 13',
  kayles: 'kayles 5 8 13',
  'dawsons-kayles': 'dawsons-kayles 5 8 13',
  'dawsons-chess': 'dawsons-chess 5 8 13',
  'grundys-game': 'grundys-game 5 8 13',
  fibonacci: 'fibonacci 20',
  wythoff: 'wythoff 4 6',
  coins: 'coins:mock-turtles 1 4 6',
  geography: 'geography 0-1 1-2 2-3 3-4 4-5 2-6 @0',
  cram: 'cram ..#./..../....',
  chomp: 'chomp 4 4 3 1',
  'node-kayles': 'node-kayles 0-1 1-2 2-3 3-4 4-0 2-5',
  ed: 'ed 1,2 3,1',
  ends: 'ends 3 1 9',
  'mimo-yuyu': 'mimo-yuyu 6x4 2,3 4,2 6,4',
  script: 'script:take124-or-halve.rhai 10',
  graph: 'graph:exit.txt a',
  sum: 'sum nim 2 3 + wythoff 2 3 + cram 2x3',
};

// More pictures of the same kinds: a coin grid, a Node Kayles grid.
export const MORE = ['coins:turning-corners 1,2 3,2', 'node-kayles grid 2x3'];

// `game words…` as the page's query.
export function query(example) {
  const [game, ...words] = example.split(' ');
  return `?${new URLSearchParams({ game, position: words.join(' '), misere: '0' })}`;
}

// The moves the board offers, in document order.
export const targets = (page) => page.$$eval('svg[data-board] [data-move]', (ts) => ts.map((t) => t.dataset.move));

// Checks that the board has exactly one target per legal move: the same
// moves as `truth.all_moves`, none twice, each focusable and labelled.
export async function checkTargets(page, truth, label) {
  const shown = await targets(page);
  const legal = truth.all_moves.map((m) => m.move);
  assert.equal(shown.length, legal.length, `${label}: one target per legal move`);
  assert.deepEqual([...shown].sort(), [...legal].sort(), `${label}: the targets are the legal moves`);
  const bad = await page.$$eval('svg[data-board] [data-move]', (ts) => ts
    .filter((t) => t.getAttribute('tabindex') !== '0' || !t.getAttribute('aria-label') || t.getAttribute('role') !== 'button')
    .map((t) => t.dataset.move));
  assert.deepEqual(bad, [], `${label}: every target is focusable and labelled`);
}

// The page's width against its viewport's: no horizontal scroll.
export async function checkWidth(page, label) {
  const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  assert.equal(scroll, inner, `${label}: no horizontal scroll (${scroll} px in ${inner})`);
}

// Clicks the board's target of `move`, sees the computer's reply marked on
// the board, and waits for the position after it.
export async function clickAndSeeReply(page, move, ready) {
  await page.click(`svg[data-board] [data-move="${move}"]`);
  const played = await page.waitForSelector('svg[data-board] [data-played]', { timeout: 10000 });
  const reply = await played.getAttribute('data-move');
  await ready(page);
  return reply;
}
