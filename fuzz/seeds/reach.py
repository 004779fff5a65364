#!/usr/bin/env python3
"""Seeds for what issue 42 found the fuzzers never reached: huge numbers in
every game's position, the web playground's JSON bodies, formulas nested
past the parser's depth limit, scripts that import, loop and sleep, and
checkpoints of the current format. Usage:
    fuzz/seeds/reach.py GRUNDY_BINARY
Writes into fuzz/corpus/<target>/ (files named seed-reach-<hash>)."""
import hashlib, json, os, re, subprocess, sys, tempfile

grundy = sys.argv[1]
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "corpus")

def put(target, data):
    if isinstance(data, str):
        data = data.encode()
    d = os.path.join(root, target)
    os.makedirs(d, exist_ok=True)
    name = "seed-reach-" + hashlib.sha1(data).hexdigest()[:16]
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)

def run(*args):
    return subprocess.run([grundy, *args], capture_output=True, text=True, check=True).stdout

# huge_number: game byte, repeat byte, digit-seed byte, then
# "PARAMETER\n" if any and the example's position with every number as '#'.
games = [json.loads(l) for l in run("list", "--json").splitlines()]
for k, g in enumerate(games):
    name, *words = g["example"].split()
    param = name.split(":", 1)[1] + "\n" if ":" in name else ""
    position = " ".join(re.sub(r"\d+", "#", w) for w in words)
    for times, flags in [(1, 0), (40, 1), (200, 2)]:
        put("huge_number", bytes([k + 64 * flags, times, 7 * k % 256]) + (param + position).encode())

# web_body: endpoint byte (analyze, moves, play, table, locate), then a body.
big = "9" * 400
bodies = {
    0: [{"game": "nim", "position": "3 4 5"}, {"game": "fibonacci", "position": big},
        {"game": "wythoff", "position": big + " 1", "all_moves": True},
        {"game": "kayles", "position": "10 20", "misere": True}, {"game": "cram", "position": "3x4"},
        {"game": "script:x", "position": "3", "script_source": "fn moves(n) { [] }"}],
    1: [{"game": "chomp", "position": "3x3"}, {"game": "subtraction:1,3,4", "position": "10"}],
    2: [{"game": "nim", "position": "3 4", "move": "take 1 from heap 1"},
        {"game": "wythoff", "position": big + " " + big, "reply": True}],
    3: [{"game": "wythoff", "rows": 8, "cols": 8}, {"game": "nim", "len": 16},
        {"game": "bash:3", "len": 18446744073709551615}, {"game": "wythoff", "rows": 0, "cols": 4}],
    4: [{"game": "wythoff", "position": "3 5", "side": 16}, {"game": "nim", "position": "7", "side": 4}],
}
for endpoint, list_ in bodies.items():
    for b in list_:
        put("web_body", bytes([endpoint]) + json.dumps(b).encode())
put("web_body", bytes([0]) + b'{"game": ' * 300)
put("web_body", bytes([3]) + b'[' * 1000)

# formula: deep nesting, long chains, and calls within calls.
for k in [100, 255, 256, 257, 600]:
    put("formula", "(" * k + "n" + ")" * k)
    put("formula", "~" * k + "i")
    put("formula", " + ".join(["n"] * k))
    put("formula", "max(" * k + "j" + ", 1)" * k)

# script: first byte = heap and convention; scripts that import, sleep,
# loop or recurse, which must stop at the budget or fail cleanly.
scripts = [
    'import "fuzz" as m; fn moves(n) { [] }',
    'import "/etc/passwd" as m; fn moves(n) { [] }',
    'fn moves(n) { sleep(0.001); if n > 0 { [n - 1] } else { [] } }',
    'fn moves(n) { loop { } }',
    'fn moves(n) { let x = 0; while true { x += 1; } [] }',
    'fn moves(n) { for i in 0..1000000000 { } [] }',
    'fn f(k) { f(k + 1) } fn moves(n) { f(0) }',
    'fn moves(n) { let a = []; loop { a.push(a.len()); } }',
    'fn moves(n) { let s = "x"; loop { s += s; } }',
    'fn moves(n) { timestamp(); [] }',
    'fn name() { "x" } fn moves(n) { if n > 1 { [n - 1, n - 2] } else { [] } }',
]
for k, s in enumerate(scripts):
    put("script", bytes([3 + 16 * (k % 2)]) + s.encode())

# checkpoint: real files of the current format, for each rule of the
# target (even first byte: read as is; odd: damaged as the rest says).
rules = ["0.6", "0.07", "4.07", "0.137"]
with tempfile.TemporaryDirectory() as d:
    for k, rule in enumerate(rules):
        for n in [1, 40, 300]:
            f = os.path.join(d, "c")
            if os.path.exists(f):
                os.remove(f)
            run("sequence", rule, "--len", str(n), "--checkpoint", f)
            put("checkpoint", bytes([2 * k]) + open(f, "rb").read())
