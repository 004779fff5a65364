// The board of a position, drawn in SVG from the server's /api/board: a few
// kinds of picture (rows of tokens, a grid, a graph, a queen's board, text, a
// sum of parts), the same for every game. Each legal move is an element with
// `data-move` (the move as the command line names it), focusable and
// labelled; clicking it, or Enter on it, plays the move.

const NS = 'http://www.w3.org/2000/svg';

function el(name, attrs = {}, text) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

const WIDTH = 480; // the drawing's own units; the page scales it to fit
const TOKEN = 30; // a token's pitch
const MAX_TOKENS = 200; // more tokens in a row are written as a number
const MAX_SIDE = 30; // a larger queen's board is written, not drawn

// How a target is said and coloured: its move, and its value when shown.
function describe(mv, opts) {
  const v = opts.values.get(mv);
  if (!opts.showValues || !v) return { cls: '', label: mv, rem: '' };
  const rem = v.remoteness ?? '';
  if (v.outcome === 'P') return { cls: 'win', label: `${mv}: wins${rem === '' ? '' : `, ${rem} moves left`}`, rem };
  if (v.outcome === 'N') return { cls: 'lose', label: `${mv}: loses${rem === '' ? '' : `, ${rem} moves left`}`, rem };
  return { cls: 'unknown', label: mv, rem };
}

// Makes `node` the target of move `mv`.
function target(node, mv, opts) {
  const d = describe(mv, opts);
  node.setAttribute('data-move', mv);
  node.setAttribute('class', `${node.getAttribute('class') ?? ''} target ${d.cls}`.trim());
  if (d.cls) node.setAttribute('data-value', d.cls);
  if (opts.played === mv) node.setAttribute('data-played', '');
  if (opts.hinted === mv) node.classList.add('hinted');
  node.setAttribute('role', 'button');
  node.setAttribute('aria-label', d.label);
  node.setAttribute('aria-disabled', opts.disabled ? 'true' : 'false');
  node.setAttribute('tabindex', opts.disabled ? '-1' : '0');
  node.append(el('title', {}, d.label));
  const play = () => { if (!opts.disabled) opts.onMove(mv); };
  node.addEventListener('click', play);
  node.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); play(); }
  });
  return node;
}

// What a chip beside the picture says: the move less the part and row it
// is already drawn beside.
function chipText(mv, strip, inPart) {
  let t = inPart ? mv.replace(/^part \d+: /, '') : mv;
  if (strip) t = t.slice(t.indexOf(': ') + 2);
  return t;
}

// Buttons labelled with their moves, wrapped in lines from (x, y) within
// `width`; returns the height used.
function chips(g, moves, x0, y0, width, opts, strip) {
  let x = x0, y = y0;
  for (const mv of moves) {
    const text = chipText(mv, strip, opts.inPart);
    const w = Math.min(width, 16 + 7 * text.length + (opts.showValues ? 18 : 0));
    if (x > x0 && x + w > x0 + width) { x = x0; y += 30; }
    const d = describe(mv, opts);
    const chip = target(el('g', { class: 'chip' }), mv, opts);
    chip.append(el('rect', { x, y, width: w, height: 24, rx: 6 }));
    // A long move is written smaller rather than cut, so chips stay told apart.
    const size = Math.max(8, Math.min(12, (w - 16 - (opts.showValues ? 18 : 0)) / (0.6 * text.length)));
    chip.append(el('text', { x: x + 8, y: y + 16, style: `font-size:${size.toFixed(1)}px` }, text));
    if (d.rem !== '') chip.append(el('text', { x: x + w - 6, y: y + 16, class: 'rem end' }, d.rem));
    g.append(chip);
    x += w + 8;
  }
  return moves.length ? y + 30 - y0 : 0;
}

const key = (s) => JSON.stringify(s);

// Splits targets into those placed on the picture (the first at each spot
// the picture has) and those beside it.
function place(targets, has) {
  const placed = new Map(), aside = [], rows = new Map();
  for (const t of targets) {
    const k = key(t.spot);
    if (t.spot.at === 'row') {
      if (!rows.has(t.spot.row)) rows.set(t.spot.row, []);
      rows.get(t.spot.row).push(t.move);
    } else if (t.spot.at !== 'aside' && has(t.spot) && !placed.has(k)) placed.set(k, t.move);
    else aside.push(t.move);
  }
  return { placed, aside, rows };
}

function heaps(pic, targets, opts) {
  const g = el('g');
  const sizes = pic.sizes.map(Number);
  const drawn = (r) => sizes[r] <= MAX_TOKENS;
  const { placed, aside, rows } = place(targets, (s) => s.at === 'token' && drawn(s.row) && s.index < sizes[s.row]);
  const perLine = Math.floor((WIDTH - 90) / TOKEN);
  let y = 8;
  if (pic.quota !== null) {
    g.append(el('text', { x: 0, y: y + 12, class: 'caption' }, `the next take: at most ${pic.quota}`));
    y += 24;
  }
  pic.sizes.forEach((size, r) => {
    g.append(el('text', { x: 0, y: y + 15, class: 'name' }, pic.names[r]));
    const row = el('g', { class: 'heap' });
    if (!drawn(r)) {
      row.append(el('rect', { x: 84, y: y + 2, width: WIDTH - 90, height: 18, rx: 9, class: 'bar' }));
      row.append(el('text', { x: 92, y: y + 15, class: 'count' }, `${size} tokens`));
      y += 26;
    } else {
      for (let j = 0; j < sizes[r]; j++) {
        const cx = 84 + (j % perLine) * TOKEN + TOKEN / 2, cy = y + Math.floor(j / perLine) * TOKEN + 14;
        const dot = el('circle', { cx, cy, r: 12, class: 'token', 'data-index': j });
        const mv = placed.get(key({ at: 'token', row: r, index: j }));
        if (mv === undefined) { row.append(dot); continue; }
        // The target is the token with its remoteness on it.
        const t = target(el('g', { class: 'take', 'data-index': j }), mv, opts);
        dot.classList.add(...t.getAttribute('class').split(' ').filter((c) => c === 'win' || c === 'lose'));
        t.append(dot);
        const rem = describe(mv, opts).rem;
        if (rem !== '') t.append(el('text', { x: cx, y: cy + 4, class: 'mark on-token' }, rem));
        row.append(t);
      }
      if (sizes[r] === 0) row.append(el('text', { x: 84, y: y + 15, class: 'count' }, 'empty'));
      y += Math.max(1, Math.ceil(sizes[r] / perLine)) * TOKEN + 4;
    }
    // Pointing at a token shows which tokens its move takes.
    row.addEventListener('pointerover', (e) => {
      const take = e.target.closest('.take');
      const j = take ? Number(take.getAttribute('data-index')) : Infinity;
      for (const t of row.querySelectorAll('.token')) t.classList.toggle('doomed', Number(t.getAttribute('data-index')) >= j);
    });
    row.addEventListener('pointerleave', () => row.querySelectorAll('.doomed').forEach((t) => t.classList.remove('doomed')));
    g.append(row);
    if (rows.has(r)) y += chips(g, rows.get(r), 84, y, WIDTH - 90, opts, true) + 4;
  });
  const longest = Math.max(3, ...sizes.map((n, r) => (drawn(r) ? Math.min(n, perLine) : perLine)));
  const chipsWide = rows.size ? WIDTH : 0;
  return { g, width: Math.max(84 + longest * TOKEN + 6, chipsWide, pic.quota !== null ? 220 : 0), height: y, aside };
}

function grid(pic, targets, opts) {
  const g = el('g');
  const nr = pic.cells.length, nc = Math.max(0, ...pic.cells.map((r) => [...r].length));
  const s = Math.max(14, Math.min(56, Math.floor(WIDTH / Math.max(1, nc))));
  const cellAt = (r, c) => [...pic.cells[r]][c] ?? ' ';
  const has = (sp) => {
    if (sp.at === 'cell') return sp.row < nr && sp.col < nc && cellAt(sp.row, sp.col) !== ' ';
    return sp.at === 'domino' && sp.row < nr && sp.col < nc;
  };
  const { placed, aside } = place(targets, has);
  const yOf = (r) => (pic.bottom_up ? nr - 1 - r : r) * s;
  for (let r = 0; r < nr; r++) {
    for (let c = 0; c < nc; c++) {
      const ch = cellAt(r, c);
      if (ch === ' ') continue;
      const x = c * s, y = yOf(r);
      const kind = { '.': 'free', '#': 'taken', o: 'coin', x: 'poison' }[ch] ?? 'tokens';
      const cell = el('g', { class: `cell ${kind}`, 'data-cell': `${r},${c}` });
      cell.append(el('rect', { x, y, width: s, height: s }));
      if (kind === 'coin') cell.append(el('circle', { cx: x + s / 2, cy: y + s / 2, r: s * 0.36, class: 'face' }));
      if (kind === 'poison') cell.append(el('text', { x: x + s / 2, y: y + s / 2 + 5, class: 'mark' }, '☠'));
      if (kind === 'tokens') {
        cell.append(el('circle', { cx: x + s / 2, cy: y + s / 2, r: s * 0.34, class: 'face' }));
        if (ch !== '1') cell.append(el('text', { x: x + s / 2, y: y + s / 2 + 4, class: 'mark' }, ch));
      }
      const mv = placed.get(key({ at: 'cell', row: r, col: c }));
      if (mv !== undefined) {
        target(cell, mv, opts);
        const rem = describe(mv, opts).rem;
        if (rem !== '' && s >= 28) cell.append(el('text', { x: x + s - 3, y: y + 11, class: 'rem end' }, rem));
      }
      g.append(cell);
    }
  }
  // Domino slots: a bar across the edge the domino would cover.
  for (const [k, mv] of placed) {
    const sp = JSON.parse(k);
    if (sp.at !== 'domino') continue;
    const [cx, cy] = sp.down ? [(sp.col + 0.5) * s, yOf(sp.row) + s] : [(sp.col + 1) * s, yOf(sp.row) + s / 2];
    const [w, h] = sp.down ? [s * 0.3, s * 0.7] : [s * 0.7, s * 0.3];
    const slot = target(el('g', { class: 'slot' }), mv, opts);
    slot.append(el('rect', { x: cx - w / 2, y: cy - h / 2, width: w, height: h, rx: Math.min(w, h) / 2 }));
    g.append(slot);
  }
  return { g, width: Math.max(nc * s, 1), height: Math.max(nr * s, 1), aside };
}

function graph(pic, targets, opts) {
  const g = el('g');
  const n = pic.vertices.length;
  const R = n <= 1 ? 0 : Math.min(200, 40 + 14 * n), c = R + 24;
  const pos = pic.vertices.map((_, i) => [c + R * Math.sin((2 * Math.PI * i) / n), c - R * Math.cos((2 * Math.PI * i) / n)]);
  const { placed, aside } = place(targets, (sp) => sp.at === 'vertex' && sp.index < n);
  for (const [a, b] of pic.edges) {
    g.append(el('line', { x1: pos[a][0], y1: pos[a][1], x2: pos[b][0], y2: pos[b][1], class: 'edge' }));
  }
  pic.vertices.forEach((name, i) => {
    const v = el('g', { class: `vertex${pic.token === i ? ' token' : ''}` });
    v.append(el('circle', { cx: pos[i][0], cy: pos[i][1], r: 17 }));
    v.append(el('text', { x: pos[i][0], y: pos[i][1] + 5, class: 'mark' }, name));
    const mv = placed.get(key({ at: 'vertex', index: i }));
    g.append(mv === undefined ? v : target(v, mv, opts));
  });
  if (n === 0) g.append(el('text', { x: 0, y: 20, class: 'caption' }, 'no vertex left'));
  return { g, width: 2 * c, height: n === 0 ? 30 : 2 * c, aside };
}

function queen(pic, targets, opts) {
  const x = Number(pic.x), y = Number(pic.y);
  const side = Math.max(x, y, 3) + 1; // the corner always shown as a board
  if (side > MAX_SIDE) return text({ text: `queen at column ${pic.x}, row ${pic.y}` }, targets, opts);
  const g = el('g');
  const s = Math.min(48, Math.floor(WIDTH / side));
  const { placed, aside } = place(targets, (sp) => sp.at === 'cell' && sp.row < side && sp.col < side);
  for (let r = 0; r < side; r++) {
    for (let c = 0; c < side; c++) {
      const sq = el('g', { class: `square ${(r + c) % 2 ? 'light' : 'dark'}${r === 0 && c === 0 ? ' corner' : ''}` });
      const top = (side - 1 - r) * s;
      sq.append(el('rect', { x: c * s, y: top, width: s, height: s }));
      const mv = placed.get(key({ at: 'cell', row: r, col: c }));
      if (mv !== undefined) {
        target(sq, mv, opts);
        const rem = describe(mv, opts).rem;
        if (rem !== '' && s >= 28) sq.append(el('text', { x: c * s + s - 3, y: top + 11, class: 'rem end' }, rem));
      }
      if (r === y && c === x) sq.append(el('text', { x: c * s + s / 2, y: top + s * 0.72, class: 'queen' }, '♛'));
      g.append(sq);
    }
  }
  return { g, width: side * s, height: side * s, aside };
}

function text(pic, targets) {
  const g = el('g');
  const lines = pic.text.match(/.{1,60}(\s|$)|\S+/g) ?? [''];
  lines.forEach((line, i) => g.append(el('text', { x: 0, y: 20 + 22 * i, class: 'position-text' }, line.trim())));
  return { g, width: WIDTH, height: 22 * lines.length + 10, aside: targets.map((t) => t.move) };
}

function sum(pic, _targets, opts) {
  const g = el('g');
  const drawn = pic.parts.map((part, i) => {
    const d = draw(part, { ...opts, inPart: true });
    const head = el('text', { x: 0, y: 14, class: 'name' }, `part ${i + 1}: ${part.game} ${part.position}`);
    return { ...d, head };
  });
  // Side by side while they fit a wide screen, else one under another.
  const wide = drawn.reduce((w, d) => w + d.width + 30, 0) <= (opts.room ?? WIDTH);
  let x = 0, y = 0, height = 0;
  for (const d of drawn) {
    const part = el('g', { transform: `translate(${x},${y})`, class: 'part' });
    part.append(d.head);
    const body = el('g', { transform: 'translate(0,24)' });
    body.append(d.g);
    part.append(body);
    g.append(part);
    if (wide) { x += d.width + 30; height = Math.max(height, d.height + 24); } else { y += d.height + 34; }
  }
  const width = wide ? Math.max(WIDTH, x - 30) : Math.max(WIDTH, ...drawn.map((d) => d.width));
  return { g, width, height: wide ? height : y, aside: [] };
}

const KINDS = { heaps, grid, graph, queen, text, sum };

// A board's picture and its targets, with the moves that have no place
// on it as chips below.
function draw(board, opts) {
  const d = KINDS[board.picture.kind](board.picture, board.targets, opts);
  const width = Math.max(d.width, d.aside.length ? 260 : 0);
  const h = chips(d.g, d.aside, 0, d.height + 10, Math.max(width, 260), opts, false);
  return { g: d.g, width, height: d.height + (h ? h + 10 : 0) };
}

// Draws `board` into `container` as `<svg data-board="GAME">`. opts:
// values (Map move → {outcome, remoteness}), showValues, disabled, played
// (the move to mark as just played), hinted, onMove(move).
export function drawBoard(container, board, opts) {
  const d = draw(board, { ...opts, room: container.clientWidth });
  const pad = 6;
  const svg = el('svg', {
    viewBox: `${-pad} ${-pad} ${d.width + 2 * pad} ${d.height + 2 * pad}`,
    'data-board': board.game, role: 'group', class: 'board-svg',
    'aria-label': `board of ${board.game} ${board.position}`,
  });
  // The drawing's own width, which the style sheet scales by the screen's size.
  svg.style.setProperty('--w', String(Math.round(Math.max(d.width, 200))));
  svg.append(d.g);
  container.replaceChildren(svg);
}
