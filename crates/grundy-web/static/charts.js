// The two pictures of the page, drawn as SVG: the value history of the game
// so far, and the heatmap of the values around the position.

const NS = 'http://www.w3.org/2000/svg';

function el(name, attrs = {}, text) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// points: [{label, outcome: 'N'|'P'|null, remoteness}], one per position
// reached; `cursor` is the one shown; `onPick(i)` rewinds to point i. With
// `showValues` false every point sits on the line, uncoloured: the chart
// then tells the moves apart and nothing of who wins.
export function valueHistory(container, points, cursor, onPick, showValues = true) {
  container.replaceChildren();
  if (points.length === 0) return;
  const top = Math.max(2, ...points.map((p) => p.remoteness ?? 1));
  // Points are kept clear of the edges by a dot's radius and more.
  const pad = 22, w = Math.max(360, 46 * points.length + 76 + pad), h = 220, left = 60, mid = h / 2 - 10;
  const x = (i) => left + pad + i * 46;
  const y = (p) => {
    if (!showValues) return mid;
    const r = p.remoteness ?? top / 2;
    const sign = p.outcome === 'P' ? 1 : -1;
    return mid + sign * (12 + (r / top) * (mid - 12 - pad));
  };
  const svg = el('svg', { width: w, height: h, viewBox: `0 0 ${w} ${h}`, role: 'img',
    'aria-label': 'value history' });
  svg.append(el('line', { x1: left, x2: w - 10, y1: mid, y2: mid, class: 'axis' }));
  if (showValues) {
    svg.append(el('text', { x: 4, y: 16, class: 'tick' }, 'wins ↑'));
    svg.append(el('text', { x: 4, y: 2 * mid - 4, class: 'tick' }, 'loses ↓'));
  }
  svg.append(el('text', { x: 4, y: h - 8, class: 'tick' }, 'to move'));
  const path = points.map((p, i) => `${i ? 'L' : 'M'}${x(i)},${y(p)}`).join(' ');
  svg.append(el('path', { d: path, class: 'trace' }));
  points.forEach((p, i) => {
    const value = showValues ? (p.outcome === 'P' ? ' lose' : ' win') : ' plain';
    const g = el('g', { class: `point${value}${i === cursor ? ' current' : ''}`, 'data-index': i, tabindex: 0,
      role: 'button' });
    const who = p.outcome === 'P' ? 'loses' : 'wins';
    const rem = p.remoteness === null ? '' : ` in ${p.remoteness}`;
    g.append(el('title', {}, `${i}. ${p.position}: ${p.label} to move${showValues ? `, ${who}${rem}` : ''}`));
    // The whole column is the point's target, not only its dot.
    g.append(el('rect', { x: x(i) - 23, y: 0, width: 46, height: h, class: 'hit' }));
    g.append(el('circle', { cx: x(i), cy: y(p), r: i === cursor ? 9 : 7 }));
    g.append(el('text', { x: x(i), y: y(p) + 4, class: 'r' }, showValues ? p.remoteness ?? '?' : i));
    g.append(el('text', { x: x(i), y: h - 8, class: 'who' }, p.short));
    g.addEventListener('click', () => onPick(i));
    g.addEventListener('keydown', (e) => { if (e.key === 'Enter') onPick(i); });
    svg.append(g);
  });
  container.append(svg);
}

// Viridis, sampled: dark blue through green to yellow, readable in grey.
const VIRIDIS = ['#440154', '#482878', '#3e4989', '#31688e', '#26828e', '#1f9e89', '#35b779', '#6ece58',
  '#b5de2b', '#fde725'];
const viridis = (t) => VIRIDIS[Math.round(Math.max(0, Math.min(1, t)) * (VIRIDIS.length - 1))];
// At most this many distinct values are coloured by rank; more, by value modulo it.
const RANKS = 10;

// How values are coloured: P-positions (0) black, the others by their rank
// among the values shown, or by value modulo RANKS when there are more
// (huge values then stay as readable as small ones).
function scale(values) {
  const distinct = [...new Set(values.filter((v) => v !== null && v !== 0))].sort((a, b) => a - b);
  const byRank = distinct.length <= RANKS;
  const rank = new Map(distinct.map((v, i) => [v, i]));
  const colour = (v) => {
    if (v === null) return '#ddd';
    if (v === 0) return '#000';
    const i = byRank ? rank.get(v) : v % RANKS;
    return viridis(i / Math.max(1, (byRank ? distinct.length : RANKS) - 1));
  };
  const legend = byRank ? [0, ...distinct].map((v) => [String(v), colour(v)])
    : [['0', '#000'], ...[...Array(RANKS).keys()].map((k) => [`≡ ${k} mod ${RANKS}`, viridis(k / (RANKS - 1))])];
  return { colour, legend };
}

function legendOf(entries) {
  const box = document.createElement('ul');
  box.className = 'heat-legend';
  box.setAttribute('aria-label', 'colour legend');
  for (const [label, colour] of entries) {
    const li = document.createElement('li');
    const sw = document.createElement('span');
    sw.className = 'swatch';
    sw.style.background = colour;
    li.append(sw, document.createTextNode(label));
    box.append(li);
  }
  return box;
}

// grid: the /api/table body; at: the position's cell ([n] or [i, j]).
export function heatmap(container, grid, at) {
  container.replaceChildren();
  const shape = grid.shape.Table ?? { from: grid.shape.Sequence.from, rows: 1, cols: grid.shape.Sequence.len };
  const table = Boolean(grid.shape.Table);
  const { from, rows, cols } = shape;
  const cell = Math.max(6, Math.min(24, Math.floor(380 / cols)));
  const left = 34, topPad = 22;
  const { colour, legend } = scale(grid.values);
  const w = left + cols * cell + 4, h = topPad + rows * cell + 4;
  const svg = el('svg', { width: w, height: h, viewBox: `0 0 ${w} ${h}`, role: 'img',
    'aria-label': `Grundy values of ${grid.game}` });
  const [ai, aj] = table ? at : [from, at[0]];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const v = grid.values[r * cols + c];
      const i = from + r, j = from + c;
      const rect = el('rect', { x: left + c * cell, y: topPad + r * cell, width: cell, height: cell,
        fill: colour(v), class: 'cell' });
      rect.append(el('title', {}, table ? `G(${i}, ${j}) = ${v ?? '?'}` : `G(${j}) = ${v ?? '?'}`));
      svg.append(rect);
      if (cell >= 16 && String(v ?? '?').length * 6.5 <= cell) {
        // Dark figures on the light end of the scale.
        const light = VIRIDIS.indexOf(colour(v)) >= VIRIDIS.length - 4;
        svg.append(el('text', { x: left + c * cell + cell / 2, y: topPad + r * cell + cell / 2 + 4,
          class: `v${v === 0 ? ' zero' : ''}${light ? ' dark' : ''}` }, v ?? '?'));
      }
    }
  }
  // Long indices (a heap of 10^12) are shown as offsets from the first.
  const relative = String(from + Math.max(rows, cols) - 1).length > 4;
  const tick = (k) => (relative ? `+${k}` : String(from + k));
  const step = Math.ceil(18 / cell);
  for (let c = 0; c < cols; c += step) {
    svg.append(el('text', { x: left + c * cell + cell / 2, y: 14, class: 'tick mid' }, tick(c)));
  }
  if (table) {
    for (let r = 0; r < rows; r += step) {
      svg.append(el('text', { x: left - 4, y: topPad + r * cell + cell / 2 + 4, class: 'tick end' }, tick(r)));
    }
  }
  if (relative) {
    const caption = document.createElement('p');
    caption.className = 'help';
    caption.textContent = `${table ? 'i and j' : 'n'} from ${from} (+k is ${from} + k)`;
    container.append(caption);
  }
  const r = table ? ai - from : 0, c = aj - from;
  if (r >= 0 && r < rows && c >= 0 && c < cols) {
    svg.append(el('rect', { x: left + c * cell, y: topPad + r * cell, width: cell, height: cell,
      class: 'here' }));
  }
  container.append(svg, legendOf(legend));
}
