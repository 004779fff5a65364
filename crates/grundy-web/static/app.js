// The playground: the state of one game (its positions so far, and which is
// shown), the actions on it, and its rendering. Every fact about a game comes
// from the server; this file only asks and shows.

import * as api from './api.js';
import { heatmap, valueHistory } from './charts.js';

const $ = (id) => document.getElementById(id);

const S = {
  catalog: [],
  spec: '',
  misere: false,
  mode: 'computer',
  // Positions reached, in order: {position, mover: 0 | 1, move, by, analysis}.
  hist: [],
  at: 0,
  grids: new Map(),
};

const names = () => (S.mode === 'computer' ? ['you', 'the computer'] : ['player 1', 'player 2']);
const shortNames = () => (S.mode === 'computer' ? ['you', 'cpu'] : ['P1', 'P2']);
const cur = () => S.hist[S.at];
const computerToMove = () => S.mode === 'computer' && cur() && cur().mover === 1;
const movesOf = (h) => h.analysis.all_moves ?? null;
const isOver = (h) => movesOf(h) !== null && movesOf(h).length === 0;

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

async function guarded(work) {
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

// Everything about a position, with every move where they can be listed.
async function study(position) {
  try {
    return await api.moves(S.spec, position, S.misere);
  } catch (err) {
    if (err.kind !== 'limit') throw err;
    // Too many moves to list: the winning moves only, and a box to type a move.
    return api.analyze(S.spec, position, S.misere, false);
  }
}

function specFromForm() {
  const entry = S.catalog[$('game').selectedIndex];
  const param = $('param').value.trim();
  return entry.parameter && param ? `${entry.name}:${param}` : entry.name;
}

async function start(spec, position) {
  await guarded(async () => {
    S.spec = spec;
    S.misere = $('misere').checked;
    S.mode = document.querySelector('input[name=mode]:checked').value;
    const analysis = await study(position);
    const first = S.mode === 'computer' && $('computer-first').checked ? 1 : 0;
    S.hist = [{ position: analysis.position, mover: first, move: null, by: null, analysis }];
    S.at = 0;
    $('hint-text').textContent = '';
    if (computerToMove() && !isOver(cur())) await computerMove();
  });
}

// Positions after the shown one are dropped: a new move starts a new line.
async function advance(move, to, by) {
  const analysis = await study(to);
  S.hist = S.hist.slice(0, S.at + 1);
  S.hist.push({ position: analysis.position, mover: 1 - cur().mover, move, by, analysis });
  S.at = S.hist.length - 1;
}

async function humanMove(move) {
  await guarded(async () => {
    const reply = S.mode === 'computer';
    const turn = await api.play(S.spec, cur().position, S.misere, move, false);
    $('hint-text').textContent = '';
    await advance(turn.played.move, turn.played.to, cur().mover);
    if (reply && !turn.over) await computerMove();
  });
}

async function computerMove() {
  const turn = await api.play(S.spec, cur().position, S.misere, null, true);
  if (turn.reply) await advance(turn.reply.move, turn.reply.to, 1);
}

function rewind(i) {
  S.at = Math.max(0, Math.min(S.hist.length - 1, i));
  $('hint-text').textContent = '';
  render();
}

// Against the computer, undo and redo step over its replies to the player's turns.
function step(dir) {
  let i = S.at + dir;
  if (S.mode === 'computer') {
    while (i > 0 && i < S.hist.length - 1 && S.hist[i].mover === 1) i += dir;
  }
  rewind(i);
}

async function hint() {
  await guarded(async () => {
    // The computer's own choice: the fastest win, else the longest defence.
    const turn = await api.play(S.spec, cur().position, S.misere, null, true);
    const c = turn.reply;
    const why = {
      win: `it wins${c && c.remoteness !== null ? `; the game then lasts ${c.remoteness} more moves` : ''}`,
      longest_defence: 'every move loses against perfect play; this one holds out longest',
      any_move: 'every move loses against perfect play',
    };
    $('hint-text').textContent = c ? `Hint: ${c.move} → ${c.to} (${why[c.reason]})` : 'No move is left.';
    $('hint-text').dataset.move = c ? c.move : '';
  });
}

// "you lose" but "the computer loses": the verb agrees with who.
const verb = (who, v) => (who === 'you' ? v : `${v}s`);

function statusText(h) {
  const who = names()[h.mover];
  const Who = `${who[0].toUpperCase()}${who.slice(1)}`;
  const a = h.analysis;
  const wins = a.outcome === 'N';
  if (isOver(h)) {
    return `No move is left: ${who} cannot move, so ${who} ${verb(who, wins ? 'win' : 'lose')}.`;
  }
  const within = a.remoteness === null ? '' : ` in ${a.remoteness} moves`;
  const fate = wins ? `can win${within}` : `${verb(who, 'lose')}${within} against perfect play`;
  return `${Who} to move: ${who} ${fate}.`;
}

function renderMoves(h) {
  const list = $('moves');
  list.replaceChildren();
  const all = movesOf(h);
  $('type-move').hidden = all !== null;
  list.classList.toggle('plain', !$('colours').checked);
  const blocked = computerToMove() || isOver(h);
  for (const m of all ?? h.analysis.winning_moves) {
    const li = document.createElement('li');
    const b = document.createElement('button');
    const value = m.outcome === 'P' ? 'win' : m.outcome === 'N' ? 'lose' : 'unknown';
    b.className = `move ${value}`;
    b.dataset.move = m.move;
    b.dataset.value = value;
    b.dataset.remoteness = m.remoteness ?? '';
    b.disabled = blocked;
    b.innerHTML = '<span class="name"></span> <span class="to"></span> <span class="rem"></span>';
    b.querySelector('.name').textContent = m.move;
    b.querySelector('.to').textContent = `→ ${m.to}`;
    b.querySelector('.rem').textContent = m.remoteness ?? '?';
    if ($('hint-text').dataset.move === m.move && $('hint-text').textContent) b.classList.add('hinted');
    b.addEventListener('click', () => humanMove(m.move));
    li.append(b);
    list.append(li);
  }
  if (computerToMove() && !isOver(h)) {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.id = 'computer-move';
    b.textContent = 'Let the computer move';
    b.addEventListener('click', () => guarded(computerMove));
    li.append(b);
    list.append(li);
  }
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
  fact('outcome', a.outcome === 'N' ? 'N: the player to move wins' : 'P: the player to move loses');
  fact('Grundy value', a.grundy ?? (a.play === 'misere' ? 'none (misère play)' : 'unknown (too large to search)'));
  fact('remoteness', a.remoteness ?? 'unknown (too large to search)');
  fact('method', a.method === 'formula' ? 'formula (a closed form, checked against search by grundy verify)' : 'exhaustive search');
  for (const [k, v] of Object.entries(a.details ?? {})) fact(k, v);
  const n = a.winning_moves.length;
  fact('winning moves', n === 0 ? 'none' : `${n}${a.winning_moves_complete ? '' : ' (some of them)'}`);
}

let gridToken = 0;
async function renderGrid(h) {
  const token = ++gridToken;
  const title = $('grid-title');
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

function render() {
  const h = cur();
  for (const id of ['undo', 'redo', 'restart', 'hint']) $(id).disabled = !h;
  if (!h) return;
  $('current-position').textContent = h.position || '(empty)';
  $('status').textContent = statusText(h);
  $('status').className = h.analysis.outcome === 'N' ? 'win' : 'lose';
  $('undo').disabled = S.at === 0;
  $('redo').disabled = S.at >= S.hist.length - 1;
  $('hint').disabled = isOver(h);
  renderMoves(h);
  renderFacts(h.analysis);
  const points = S.hist.map((p) => ({ position: p.position, label: names()[p.mover], short: shortNames()[p.mover],
    outcome: p.analysis.outcome, remoteness: p.analysis.remoteness }));
  valueHistory($('chart'), points, S.at, rewind);
  renderGrid(h);
  const q = new URLSearchParams({ game: S.spec, position: h.position, misere: S.misere ? '1' : '0' });
  if (S.mode === 'friend') q.set('mode', 'friend');
  history.replaceState(null, '', `?${q}`);
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
  $('hint').addEventListener('click', hint);
  $('colours').addEventListener('change', render);
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
  await start(S.catalog[i].name === name ? game : specFromForm(), $('position').value);
}

init().catch(showError);
