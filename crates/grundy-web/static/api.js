// The server's JSON api: one function per endpoint, each resolving to the
// body or throwing an Error whose message is the server's.

// The text of a script game (`script:NAME`), sent with every request when
// set: the server reads no files, and plays scripts only with --allow-scripts.
let script = '';
export const setScript = (text) => { script = text; };

async function call(path, body) {
  if (body !== undefined && script.trim()) body.script_source = script;
  const init = body === undefined ? {} : {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  };
  const res = await fetch(path, init);
  const data = await res.json().catch(() => ({ error: `${res.status} ${res.statusText}`, kind: 'internal' }));
  if (!res.ok) {
    const err = new Error(data.error);
    err.kind = data.kind;
    throw err;
  }
  return data;
}

export const games = () => call('/api/games');
export const analyze = (game, position, misere, allMoves) =>
  call('/api/analyze', { game, position, misere, all_moves: allMoves });
export const moves = (game, position, misere) => call('/api/moves', { game, position, misere });
export const play = (game, position, misere, move, reply) => {
  const body = { game, position, misere, reply };
  if (move !== null) body.move = move;
  return call('/api/play', body);
};
export const locate = (game, position) => call('/api/locate', { game, position });
export const table = (game, window) => call('/api/table', { game, ...window });
export const board = (game, position) => call('/api/board', { game, position });
