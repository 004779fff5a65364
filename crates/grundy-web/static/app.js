// The playground: the state of one game (its positions so far, and which is
// shown), the actions on it, and its rendering. Every fact about a game comes
// from the server; this file only asks and shows.

import * as api from './api.js';
import { drawBoard } from './board.js';
import { heatmap, valueHistory } from './charts.js';

const $ = (id) => document.getElementById(id);

const S = {
  catalog: [],
  spec: '',
  misere: false,
  mode: 'computer',
  // Positions reached, in order: {position, mover: 0 | 1, move, by, analysis, board}.
  hist: [],
  at: 0,
  grids: new Map(),
  // The computer's move while it is shown on the board before it is made.
  playing: null,
  // A replay's timer, stopped by any other action.
  replay: null,
};

// How long the computer's move is shown on the board before it is made.
const SHOW_MOVE_MS = 450;

const names = () => (S.mode === 'computer' ? ['you', 'the computer'] : ['player 1', 'player 2']);
const shortNames = () => (S.mode === 'computer' ? ['you', 'cpu'] : ['P1', 'P2']);
const cur = () => S.hist[S.at];
const computerToMove = () => S.mode === 'computer' && cur() && cur().mover === 1;
const movesOf = (h) => h.analysis.all_moves ?? null;
// A loopy game (its analysis has a generalized value) is drawn once a
// position comes back a third time with the same player to move, the rule
// its board states.
const REPEATS_TO_DRAW = 3;
const timesSeen = (i) => S.hist.slice(0, i + 1)
  .filter((p) => p.position === S.hist[i].position && p.mover === S.hist[i].mover).length;
const drawn = (h) => h.analysis.value != null && h === cur() && timesSeen(S.at) >= REPEATS_TO_DRAW;
const isOver = (h) => (movesOf(h) !== null && movesOf(h).length === 0) || drawn(h);
const shown = (id) => $(id).checked;
const valuesOn = () => shown('colours');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function busy(on) {
  document.body.dataset.state = on ? 'busy' : 'ready';
  for (const b of document.querySelectorAll('button')) b.disabled = on;
  if (!on) render();
}

function showError(err) {
  const box = $('error');
  box.hidden = !err;
  box.textContent = err ? err.message : '';
}

function stopReplay() {
  clearTimeout(S.replay);
  S.replay = null;
}

async function guarded(work) {
  stopReplay();
  busy(true);
  try {
    showError(null);
    await work();
  } catch (err) {
    showError(err);
  } finally {
    busy(false);
  }
}

// Everything about a position, with every move where they can be listed,
// and its board.
async function study(position) {
  const board = api.board(S.spec, position).catch(() => null);
  let analysis;
  try {
    analysis = await api.moves(S.spec, position, S.misere);
  } catch (err) {
    if (err.kind !== 'limit') throw err;
    // Too many moves to list: the winning moves only, and a box to type a move.
    analysis = await api.analyze(S.spec, position, S.misere, false);
  }
  return { analysis, board: await board };
}

function specFromForm() {
  const entry = S.catalog[$('game').selectedIndex];
  const param = $('param').value.trim();
  return entry.parameter && param ? `${entry.name}:${param}` : entry.name;
}

async function begin(spec, position, first) {
  S.spec = spec;
  S.misere = $('misere').checked;
  S.mode = document.querySelector('input[name=mode]:checked').value;
  const { analysis, board } = await study(position);
  S.hist = [{ position: analysis.position, mover: first, move: null, by: null, analysis, board }];
  S.at = 0;
  $('hint-text').textContent = '';
}

async function start(spec, position) {
  await guarded(async () => {
    const first = document.querySelector('input[name=mode]:checked').value === 'computer' && $('computer-first').checked;
    await begin(spec, position, first ? 1 : 0);
    if (computerToMove() && !isOver(cur())) await computerMove();
  });
}

// Positions after the shown one are dropped: a new move starts a new line.
async function advance(move, to, by) {
  const { analysis, board } = await study(to);
  S.hist = S.hist.slice(0, S.at + 1);
  S.hist.push({ position: analysis.position, mover: 1 - cur().mover, move, by, analysis, board });
  S.at = S.hist.length - 1;
}

async function humanMove(move) {
  await guarded(async () => {
    const reply = S.mode === 'computer';
    const turn = await api.play(S.spec, cur().position, S.misere, move, false);
    $('hint-text').textContent = '';
    await advance(turn.played.move, turn.played.to, cur().mover);
    if (reply && !turn.over && !isOver(cur())) await computerMove();
  });
}

// The computer's move is marked on the board a moment before it is made.
async function computerMove() {
  const turn = await api.play(S.spec, cur().position, S.misere, null, true);
  if (!turn.reply) return;
  S.playing = turn.reply.move;
  render();
  await sleep(SHOW_MOVE_MS);
  S.playing = null;
  await advance(turn.reply.move, turn.reply.to, 1);
}

function rewind(i) {
  S.at = Math.max(0, Math.min(S.hist.length - 1, i));
  $('hint-text').textContent = '';
  render();
}

// Against the computer, undo and redo step over its replies to the player's turns.
function step(dir) {
  stopReplay();
  let i = S.at + dir;
  if (S.mode === 'computer') {
    while (i > 0 && i < S.hist.length - 1 && S.hist[i].mover === 1) i += dir;
  }
  rewind(i);
}

// The game record played again from its start, a move a second.
function replay() {
  stopReplay();
  rewind(0);
  const next = () => {
    if (S.at >= S.hist.length - 1) { S.replay = null; return; }
    rewind(S.at + 1);
    S.replay = setTimeout(next, 1000);
  };
  S.replay = setTimeout(next, 1000);
}

async function hint() {
  await guarded(async () => {
    // The computer's own choice: the fastest win, else the longest defence.
    const turn = await api.play(S.spec, cur().position, S.misere, null, true);
    const c = turn.reply;
    const why = {
      win: `it wins${c && c.remoteness !== null ? `; the game then lasts ${c.remoteness} more ${plural(c.remoteness, 'move')}` : ''}`,
      longest_defence: 'every move loses against perfect play; this one holds out longest',
      any_move: 'every move loses against perfect play',
    };
    const reason = valuesOn() ? ` (${why[c?.reason]})` : '';
    $('hint-text').textContent = c ? `Hint: ${c.move} → ${c.to}${reason}` : 'No move is left.';
    $('hint-text').dataset.move = c ? c.move : '';
  });
}

// "you lose" but "the computer loses": the verb agrees with who.
const verb = (who, v) => (who === 'you' ? v : `${v}s`);
const plural = (n, word) => (Number(n) === 1 ? word : `${word}s`);
const capital = (s) => `${s[0].toUpperCase()}${s.slice(1)}`;

function statusText(h) {
  const who = names()[h.mover];
  const a = h.analysis;
  const wins = a.outcome === 'N';
  if (drawn(h)) return 'The position has come back a third time with the same player to move: a draw.';
  if (isOver(h)) {
    return `No move is left: ${who} cannot move, so ${who} ${verb(who, wins ? 'win' : 'lose')}.`;
  }
  if (!valuesOn()) return `${capital(who)} to move.`;
  const within = a.remoteness === null ? '' : ` in ${a.remoteness} ${plural(a.remoteness, 'move')}`;
  const fate = wins ? `can win${within}` : `${verb(who, 'lose')}${within} against perfect play`;
  return `${capital(who)} to move: ${who} ${fate}.`;
}

// Who won, once no move is left: the player to move has lost (normal
// play) or won (misère play), as the analysis of the last position says.
function winnerText(h) {
  if (drawn(h)) return 'A draw: the position came back a third time with the same player to move.';
  const [mover, other] = [names()[h.mover], names()[1 - h.mover]];
  const winner = h.analysis.outcome === 'N' ? mover : other;
  if (S.mode === 'computer') return winner === 'you' ? 'You win!' : 'The computer wins.';
  return `${capital(winner)} wins!`;
}

// Winning moves first, the fastest win first; then the rest, the longest
// defence first.
function byValue(moves) {
  const rank = (m) => (m.outcome === 'P' ? 0 : m.outcome === 'N' ? 2 : 1);
  const rem = (m) => (m.remoteness ?? Infinity) * (m.outcome === 'N' ? -1 : 1);
  return moves.map((m, i) => ({ m, i }))
    .sort((a, b) => rank(a.m) - rank(b.m) || rem(a.m) - rem(b.m) || a.i - b.i)
    .map((x) => x.m);
}

function renderMoves(h) {
  const list = $('moves');
  list.replaceChildren();
  const all = movesOf(h);
  const values = valuesOn();
  $('type-move').hidden = all !== null && h.board?.complete !== false;
  list.classList.toggle('plain', !values);
  const blocked = computerToMove() || isOver(h) || S.playing !== null;
  const moves = all ?? h.analysis.winning_moves;
  for (const m of values ? byValue(moves) : moves) {
    const li = document.createElement('li');
    const b = document.createElement('button');
    const value = m.outcome === 'P' ? 'win' : m.outcome === 'N' ? 'lose' : 'unknown';
    b.className = values ? `move ${value}` : 'move';
    b.dataset.move = m.move;
    b.dataset.value = values ? value : '';
    b.dataset.remoteness = values ? m.remoteness ?? '' : '';
    b.disabled = blocked;
    b.innerHTML = '<span class="name"></span> <span class="to"></span> <span class="rem"></span>';
    b.querySelector('.name').textContent = m.move;
    b.querySelector('.to').textContent = `→ ${m.to}`;
    b.querySelector('.rem').textContent = values ? m.remoteness ?? '?' : '';
    if ($('hint-text').dataset.move === m.move && $('hint-text').textContent) b.classList.add('hinted');
    b.addEventListener('click', () => humanMove(m.move));
    li.append(b);
    list.append(li);
  }
  if (computerToMove() && !isOver(h) && S.playing === null) {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.id = 'computer-move';
    b.textContent = 'Let the computer move';
    b.addEventListener('click', () => guarded(computerMove));
    li.append(b);
    list.append(li);
  }
}

function renderBoard(h) {
  const box = $('picture');
  if (!h.board) {
    box.replaceChildren();
    $('how').textContent = '';
    return;
  }
  const values = new Map((movesOf(h) ?? h.analysis.winning_moves).map((m) => [m.move, m]));
  const hinted = $('hint-text').textContent ? $('hint-text').dataset.move : null;
  drawBoard(box, h.board, {
    values,
    showValues: valuesOn(),
    disabled: computerToMove() || isOver(h) || S.playing !== null || document.body.dataset.state === 'busy',
    played: S.playing,
    hinted,
    onMove: humanMove,
  });
  const entry = S.catalog.find((g) => g.name === S.spec.split(':')[0]);
  $('how').textContent = `${entry ? `Rules: ${entry.summary}. ` : ''}${h.board.how}`;
}

function renderRecord() {
  const list = $('record');
  list.replaceChildren();
  S.hist.forEach((p, i) => {
    if (i === 0) return;
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.className = `record-move${i === S.at ? ' current' : ''}${p.by === 1 && S.mode === 'computer' ? ' computer' : ''}`;
    b.textContent = `${shortNames()[p.by]}: ${p.move}`;
    b.setAttribute('aria-label', `move ${i}, ${names()[p.by]}: ${p.move}, to ${p.position}`);
    b.addEventListener('click', () => { stopReplay(); rewind(i); });
    li.append(b);
    list.append(li);
  });
  $('replay').disabled = S.hist.length < 2;
}

function fact(term, value) {
  const dt = document.createElement('dt');
  const dd = document.createElement('dd');
  dt.textContent = term;
  dd.textContent = value;
  $('facts').append(dt, dd);
}

function renderFacts(a) {
  $('facts').replaceChildren();
  fact('game', a.game);
  fact('position', a.position);
  fact('convention', a.play === 'misere' ? 'misère: whoever moves last loses' : 'normal: whoever moves last wins');
  if (!valuesOn()) {
    fact('values', 'hidden (class mode)');
    return;
  }
  fact('outcome', a.outcome === 'N' ? 'N: the player to move wins' : 'P: the player to move loses');
  fact('Grundy value', a.grundy ?? (a.play === 'misere' ? 'none (misère play)' : 'unknown (too large to search)'));
  const missing = { value_only: 'not looked for (value only)', over_budget: 'not computed: more search than the default budget (grundy analyze --remoteness computes it)' };
  fact('remoteness', a.remoteness ?? missing[a.remoteness_missing] ?? 'unknown');
  fact('method', a.method === 'formula' ? 'formula (a closed form, checked against search by grundy verify)' : 'exhaustive search');
  for (const [k, v] of Object.entries(a.details ?? {})) fact(k, v);
  const n = a.winning_moves.length;
  fact('winning moves', n === 0 ? 'none' : `${n}${a.winning_moves_complete ? '' : ' (some of them)'}`);
}

let gridToken = 0;
async function renderGrid(h) {
  const token = ++gridToken;
  const title = $('grid-title');
  if (!valuesOn() || !shown('show-analysis')) {
    title.hidden = true;
    $('heatmap').replaceChildren();
    return;
  }
  try {
    const loc = await api.locate(S.spec, h.position);
    if (token !== gridToken) return;
    if (!loc) {
      title.hidden = true;
      $('heatmap').replaceChildren();
      return;
    }
    const key = `${S.spec}|${JSON.stringify(loc.window)}`;
    if (!S.grids.has(key)) S.grids.set(key, await api.table(S.spec, loc.window));
    if (token !== gridToken) return;
    const cell = loc.kind === 'table' ? `G(${loc.at[0]}, ${loc.at[1]})` : `G(${loc.at[0]})`;
    title.textContent = `Grundy values around ${cell} (normal play; black: P-positions)`;
    title.hidden = false;
    heatmap($('heatmap'), S.grids.get(key), loc.at);
  } catch (err) {
    if (token !== gridToken) return;
    title.hidden = false;
    title.textContent = `No values around this position: ${err.message}`;
    $('heatmap').replaceChildren();
  }
}

// The start, the moves and the one shown: enough to open the same game.
function shareQuery() {
  const q = new URLSearchParams({ game: S.spec, position: S.hist[0].position, misere: S.misere ? '1' : '0' });
  if (S.mode === 'friend') q.set('mode', 'friend');
  if (S.hist[0].mover === 1) q.set('first', 'computer');
  for (const p of S.hist.slice(1)) q.append('move', p.move);
  if (S.at < S.hist.length - 1) q.set('at', String(S.at));
  return q;
}

function renderSwitches() {
  const values = valuesOn();
  document.body.classList.toggle('values-hidden', !values);
  $('hint').hidden = !shown('show-hints');
  $('hint-text').hidden = !shown('show-hints');
  $('analysis').hidden = !shown('show-analysis');
  $('history').hidden = !shown('show-chart');
}

function render() {
  renderSwitches();
  const h = cur();
  for (const id of ['undo', 'redo', 'restart', 'hint']) $(id).disabled = !h;
  if (!h) return;
  $('current-position').textContent = h.position || '(empty)';
  $('status').textContent = S.playing === null ? statusText(h) : `The computer plays ${S.playing}…`;
  const over = isOver(h);
  $('status').className = valuesOn() && !over ? (h.analysis.outcome === 'N' ? 'win' : 'lose') : '';
  $('game-over').hidden = !over;
  if (over) $('winner').textContent = winnerText(h);
  $('undo').disabled = S.at === 0;
  $('redo').disabled = S.at >= S.hist.length - 1;
  $('hint').disabled = over;
  renderBoard(h);
  renderMoves(h);
  renderRecord();
  renderFacts(h.analysis);
  const points = S.hist.map((p) => ({ position: p.position, label: names()[p.mover], short: shortNames()[p.mover],
    outcome: p.analysis.outcome, remoteness: p.analysis.remoteness }));
  valueHistory($('chart'), points, S.at, (i) => { stopReplay(); rewind(i); }, valuesOn());
  renderGrid(h);
  history.replaceState(null, '', `?${shareQuery()}`);
}

function chooseGame(i, keepPosition) {
  const e = S.catalog[i];
  $('game').selectedIndex = i;
  $('param-row').hidden = !e.parameter;
  $('param-help').textContent = e.parameter ? `Parameter ${e.parameter}` : '';
  $('summary').textContent = e.summary;
  $('syntax').textContent = e.position;
  if (!keepPosition) takeExample();
}

function takeExample() {
  const e = S.catalog[$('game').selectedIndex];
  const [spec, ...words] = e.example.split(' ');
  $('param').value = spec.includes(':') ? spec.slice(spec.indexOf(':') + 1) : '';
  $('position').value = words.join(' ');
}

// A shared game: its start, then its moves played again, none by the computer.
async function reopen(spec, position, q) {
  await guarded(async () => {
    await begin(spec, position, q.get('first') === 'computer' ? 1 : 0);
    for (const move of q.getAll('move')) {
      const turn = await api.play(S.spec, cur().position, S.misere, move, false);
      await advance(turn.played.move, turn.played.to, cur().mover);
    }
    if (q.has('at')) S.at = Math.max(0, Math.min(S.hist.length - 1, Number(q.get('at')) || 0));
  });
}

async function copyLink() {
  const url = `${location.origin}${location.pathname}?${shareQuery()}`;
  try {
    await navigator.clipboard.writeText(url);
    $('share-note').textContent = 'Link copied.';
  } catch {
    $('share-note').textContent = url;
  }
}

async function init() {
  S.catalog = await api.games();
  for (const g of S.catalog) $('game').append(new Option(g.name, g.name));
  $('game').addEventListener('change', () => chooseGame($('game').selectedIndex, false));
  $('example').addEventListener('click', takeExample);
  $('start').addEventListener('click', () => start(specFromForm(), $('position').value));
  $('position').addEventListener('keydown', (e) => { if (e.key === 'Enter') $('start').click(); });
  $('undo').addEventListener('click', () => step(-1));
  $('redo').addEventListener('click', () => step(1));
  $('restart').addEventListener('click', () => start(S.spec, S.hist[0].position));
  $('new-game').addEventListener('click', () => start(S.spec, S.hist[0].position));
  $('replay').addEventListener('click', replay);
  $('share').addEventListener('click', copyLink);
  $('hint').addEventListener('click', hint);
  for (const id of ['colours', 'show-hints', 'show-analysis', 'show-chart']) $(id).addEventListener('change', render);
  $('script').addEventListener('input', () => api.setScript($('script').value));
  $('play-move').addEventListener('click', () => humanMove($('move').value.trim()));
  $('move').addEventListener('keydown', (e) => { if (e.key === 'Enter') $('play-move').click(); });
  const q = new URLSearchParams(location.search);
  const game = q.get('game') ?? 'nim';
  const name = game.split(':')[0];
  const i = Math.max(0, S.catalog.findIndex((g) => g.name === name));
  chooseGame(i, q.has('position'));
  if (game.includes(':')) $('param').value = game.slice(game.indexOf(':') + 1);
  if (q.has('position')) $('position').value = q.get('position');
  $('misere').checked = q.get('misere') === '1';
  if (q.get('mode') === 'friend') document.querySelector('input[value=friend]').checked = true;
  const spec = S.catalog[i].name === name ? game : specFromForm();
  if (q.has('move') || q.get('first') === 'computer') await reopen(spec, $('position').value, q);
  else await start(spec, $('position').value);
}

init().catch(showError);
