#!/usr/bin/env python3
"""Writes the fuzz corpora's seeds into fuzz/corpus/<target>/ from the
catalog's examples (`grundy list --json`), the judges' samples in
problems.md and `grundy judge --generate`, the octal data file, formulas,
graph files, real checkpoints and the example scripts. Usage:
    fuzz/seeds/make.py GRUNDY_BINARY PROBLEMS_MD
The seeds are then minimised with `cargo fuzz cmin` after a campaign."""
import hashlib, json, os, re, subprocess, sys, tempfile

grundy, problems_md = sys.argv[1], sys.argv[2]
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "corpus")

def put(target, data):
    if isinstance(data, str):
        data = data.encode()
    d = os.path.join(root, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "seed-" + hashlib.sha1(data).hexdigest()[:16]), "wb") as f:
        f.write(data)

def run(*args):
    return subprocess.run([grundy, *args], capture_output=True, text=True, check=True).stdout

# analyze: byte = game index (+ n for misère, + 2n for all moves); then
# "PARAMETER\n" when the example has one, then the position.
games = [json.loads(l) for l in run("list", "--json").splitlines()]
n = len(games)
for k, g in enumerate(games):
    name, *words = g["example"].split()
    param = name.split(":", 1)[1] + "\n" if ":" in name else ""
    for flags in range(4):
        put("analyze", bytes([k + flags * n]) + (param + " ".join(words)).encode())

# judge: byte = problem index; samples from problems.md (each fenced block
# after a line naming an input) for the problems its section is about.
names = [l.split()[0] for l in run("judge", "--list").splitlines()]
text = open(problems_md, encoding="utf-8").read()
for section in re.split(r"\n## ", text)[1:]:
    heading = section.splitlines()[0]
    ids = [k for k, p in enumerate(names) if p.split("-")[-1].upper() in heading.upper().replace(" ", "-").split("-")
           or re.sub(r"\D", "", p.split("-", 1)[1]) in re.findall(r"\d+", heading)]
    for block in re.findall(r"[Ii]nput[^\n]*\n+```[^\n]*\n(.*?)```", section, re.S):
        for k in ids:
            put("judge", bytes([k]) + block.encode())
for k, p in enumerate(names):
    for seed in (1, 2):
        put("judge", bytes([k]) + run("judge", p, "--generate", str(seed)).encode())

# heap_code: every rule of the octal data file, and a few spellings.
for line in open("crates/grundy/tests/data/octal.txt"):
    if line.startswith("rule "):
        put("heap_code", line.split()[1])
for code in ["4.07", "0.6", "0.16", "8.0", "0.1234567", "0.0000001", ".77", "0.3F", "4.1"]:
    put("heap_code", code)

# formula
for f in ["i ^ j", "n % 3", "ctz(~((i - 1) | (j - 1)))", "mex(i, j, 0)", "min(i, j, 2)",
          "lowbit(n + 1)", "popcount(n) % 2", "(n >> 2) << 1", "n / (n - 3)", "clz(i & j) * 2",
          "max(n, 7) - ~n", "ctz(0)"]:
    put("formula", f)

# graph: byte = play; then a graph file, with a start token.
for g in ["# a pentagon\n0 1\n1 2\n2-3\n\n3 4\n4 0\n@0\n", "0 1\n1 2\n2 0\n2 3\n@0\n", "@0\n", "0-1\n@1\n"]:
    for play in (0, 1):
        put("graph", bytes([play]) + g.encode())

# checkpoint: even byte = rule (0.6, 0.07, 4.07, 0.137) and a whole file;
# odd bytes = a damaged checkpoint of the rule's first values.
with tempfile.TemporaryDirectory() as tmp:
    for k, rule in enumerate(["0.6", "0.07", "4.07", "0.137"]):
        for length in (0, 5, 60):
            path = os.path.join(tmp, f"{k}-{length}.ckpt")
            run("sequence", rule, "--len", str(length), "--checkpoint", path, "--checkpoint-every", "0")
            put("checkpoint", bytes([k << 1]) + open(path, "rb").read())
for damage in [b"\x03\x05\x01", b"\x11\x00\x01", b"\x21\x28\x02\x30\x80", b"\x31\x80"]:
    put("checkpoint", damage)

# script: byte = heap (and play); then a script.
for f in sorted(os.listdir("examples")):
    if f.endswith(".rhai"):
        src = open(os.path.join("examples", f)).read()
        for b in (7, 16 + 5):
            put("script", bytes([b]) + src.encode())
put("script", b"\x03fn moves(n) { loop {} }")
put("script", b"\x03fn moves(n) { [n] }")
