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
// reached; `cursor` is the one shown; `onPick(i)` rewinds to point i.
export function valueHistory(container, points, cursor, onPick) {
  container.replaceChildren();
  if (points.length === 0) return;
  const top = Math.max(2, ...points.map((p) => p.remoteness ?? 1));
  const w = Math.max(360, 46 * points.length + 76), h = 210, left = 60, mid = 92;
  const x = (i) => left + 20 + i * 46;
  const y = (p) => {
    const r = p.remoteness ?? top / 2;
    const sign = p.outcome === 'P' ? 1 : -1;
    return mid + sign * (12 + (r / top) * (mid - 22));
  };
  const svg = el('svg', { width: w, height: h, viewBox: `0 0 ${w} ${h}`, role: 'img',
    'aria-label': 'value history' });
  svg.append(el('line', { x1: left, x2: w - 10, y1: mid, y2: mid, class: 'axis' }));
  svg.append(el('text', { x: 4, y: 16, class: 'tick' }, 'wins ↑'));
  svg.append(el('text', { x: 4, y: 2 * mid - 4, class: 'tick' }, 'loses ↓'));
  svg.append(el('text', { x: 4, y: h - 8, class: 'tick' }, 'to move'));
  const path = points.map((p, i) => `${i ? 'L' : 'M'}${x(i)},${y(p)}`).join(' ');
  svg.append(el('path', { d: path, class: 'trace' }));
  points.forEach((p, i) => {
    const g = el('g', { class: `point ${p.outcome === 'P' ? 'lose' : 'win'}${i === cursor ? ' current' : ''}`,
      'data-index': i, tabindex: 0 });
    const who = p.outcome === 'P' ? 'loses' : 'wins';
    const rem = p.remoteness === null ? '' : ` in ${p.remoteness}`;
    g.append(el('title', {}, `${i}. ${p.position}: ${p.label} to move, ${who}${rem}`));
    // The whole column is the point's target, not only its dot.
    g.append(el('rect', { x: x(i) - 23, y: 0, width: 46, height: h, class: 'hit' }));
    g.append(el('circle', { cx: x(i), cy: y(p), r: i === cursor ? 9 : 7 }));
    g.append(el('text', { x: x(i), y: y(p) + 4, class: 'r' }, p.remoteness ?? '?'));
    g.append(el('text', { x: x(i), y: h - 8, class: 'who' }, p.short));
    g.addEventListener('click', () => onPick(i));
    g.addEventListener('keydown', (e) => { if (e.key === 'Enter') onPick(i); });
    svg.append(g);
  });
  container.append(svg);
}

// A colour for Grundy value v of at most `max`: P-positions (0) black, the
// others around the colour wheel, as `grundy table --png` draws them.
function colour(v, max) {
  if (v === null) return '#ddd';
  if (v === 0) return '#000';
  const hue = (240 * (v - 1)) / Math.max(1, max - 1);
  return `hsl(${240 - hue}, 70%, 55%)`;
}

// grid: the /api/table body; at: the position's cell ([n] or [i, j]).
export function heatmap(container, grid, at) {
  container.replaceChildren();
  const shape = grid.shape.Table ?? { from: grid.shape.Sequence.from, rows: 1, cols: grid.shape.Sequence.len };
  const table = Boolean(grid.shape.Table);
  const { from, rows, cols } = shape;
  const cell = Math.max(6, Math.min(24, Math.floor(380 / cols)));
  const left = 34, topPad = 22;
  const max = Math.max(1, ...grid.values.filter((v) => v !== null));
  const w = left + cols * cell + 4, h = topPad + rows * cell + 4;
  const svg = el('svg', { width: w, height: h, viewBox: `0 0 ${w} ${h}`, role: 'img',
    'aria-label': `Grundy values of ${grid.game}` });
  const [ai, aj] = table ? at : [from, at[0]];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const v = grid.values[r * cols + c];
      const i = from + r, j = from + c;
      const rect = el('rect', { x: left + c * cell, y: topPad + r * cell, width: cell, height: cell,
        fill: colour(v, max), class: 'cell' });
      rect.append(el('title', {}, table ? `G(${i}, ${j}) = ${v ?? '?'}` : `G(${j}) = ${v ?? '?'}`));
      svg.append(rect);
      if (cell >= 16 && String(v ?? '?').length * 6.5 <= cell) {
        svg.append(el('text', { x: left + c * cell + cell / 2, y: topPad + r * cell + cell / 2 + 4,
          class: v === 0 ? 'v zero' : 'v' }, v ?? '?'));
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
  container.append(svg);
}
