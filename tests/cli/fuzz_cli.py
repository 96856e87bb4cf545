#!/usr/bin/env python3
"""A mutation fuzzer of the cardsim command line: every kind of file cardsim
reads, mutated, handed to the command that reads it.

Seeds: the shipped configs, counts, side bets, index lists, charts and zjh
configs (the data folder), and, made by the binary at the start, a
checkpoint, two shard results (resealed after each mutation, so that the
mutation reaches the reader behind the checksum) and results for the report.
Mutations: a JSON value replaced by a hostile string (markup, escape
sequences, a path, 100k characters), a huge or non-finite number (2^64,
-2^63-1, 1e308, 1e999, NaN, Infinity), deep nesting, another type, a key
removed or given twice; for text files, bytes flipped, inserted, cut or lines
repeated.

Each case runs under a timeout and must: not die by a signal, not hang, exit
0, 1 or 2, and on failure print one line "error: ..." (warnings before it are
allowed) of at most MAX_ERROR_CHARS characters (a quoted value is cut) that
names the file or a key, without "internal". A result it writes (sim, merge,
zjh sim) must be one that `cardsim report` renders: a mutated shard or
checkpoint either is refused or gives a possible result. Among the shard
seeds is an empty shard (more shards than chunks), merged with the others.

Usage: fuzz_cli.py CARDSIM DATA_DIR [--cases N] [--seed S] [--timeout SECONDS]
Exit 0 if every case passed; else the failures are listed (each reproducible:
the case's file is kept in the folder named).
"""
import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

HOSTILE_TEXTS = [
    "<script>alert(1)</script>",
    "\x1b[31mred\x1b[0m\nsecond line",
    "../../../../etc/passwd",
    "/dev/zero",
    "%s%s%n%x",
    "A" * 100_000,
    "",
    "\u202e\u0000nul",
    "hi-lo",
    "basic",
]
HUGE_NUMBERS = ["18446744073709551616", "18446744073709551615", "-9223372036854775809", "9223372036854775808",
                "1e308", "-1e308", "1e999", "-1e999", "NaN", "Infinity", "-0", "4.9e-324", "0.1e-400"]
# The longest error line allowed: quoted values are cut at ~80 characters.
MAX_ERROR_CHARS = 1000
FNV_OFFSET = 0xCBF29CE484222325
FNV_PRIME = 0x100000001B3


def fnv1a64(text):
    h = FNV_OFFSET
    for b in text.encode("utf-8"):
        h = ((h ^ b) * FNV_PRIME) & 0xFFFFFFFFFFFFFFFF
    return "fnv1a64:%016x" % h


def compact(obj):
    """The text nlohmann's dump() writes: keys sorted, no spaces, UTF-8."""
    return json.dumps(obj, separators=(",", ":"), sort_keys=True, ensure_ascii=False)


def reseal(kind, obj):
    """Recomputes the checksum a checkpoint or shard result carries."""
    if not isinstance(obj, dict):
        return obj
    if kind == "checkpoint":
        rest = {k: v for k, v in obj.items() if k != "checksum"}
        obj["checksum"] = fnv1a64(compact(rest))
    elif kind in ("shard", "emptyshard") and isinstance(obj.get("shard"), dict):
        shard = {k: v for k, v in obj["shard"].items() if k != "checksum"}
        try:
            command = shard["identity"]["command"]
            if command in ("compare", "sweep"):
                part = {"shard": shard, "tallies": [v["result"]["tally"] for v in obj["variants"]]}
            else:
                part = {"shard": shard, "tally": obj["tally"]}
        except (KeyError, TypeError, IndexError):
            return obj
        obj["shard"]["checksum"] = fnv1a64(compact(part))
    return obj


def nodes(obj, path=()):
    yield path, obj
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from nodes(v, path + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from nodes(v, path + (i,))


def keys_of(obj):
    found = set()
    for path, _ in nodes(obj):
        found.update(p for p in path if isinstance(p, str))
    return found


def set_at(obj, path, value):
    if not path:
        return value
    target = obj
    for p in path[:-1]:
        target = target[p]
    target[path[-1]] = value
    return obj


RAW = "\x00RAW\x00"  # a placeholder replaced by raw JSON text (numbers JSON cannot hold)


def mutate_json(rng, text, kind):
    """Returns the mutated text of a JSON file."""
    try:
        obj = json.loads(text)
    except ValueError:
        return mutate_bytes(rng, text)
    all_nodes = list(nodes(obj))
    path, _ = rng.choice(all_nodes)
    raw = None
    choice = rng.randrange(9)
    if choice == 0:
        value = rng.choice(HOSTILE_TEXTS)
    elif choice == 1:
        value, raw = RAW, rng.choice(HUGE_NUMBERS)
    elif choice == 2:
        deep = rng.choice([50, 1000, 100_000])
        value, raw = RAW, "[" * deep + "]" * deep
    elif choice == 3:
        value = rng.choice([None, True, {}, [], 0, -1, 1.5, {"<b>": "</b>"}, [1, "2", None]])
    elif choice == 4 and path and isinstance(path[-1], str):
        parent = obj
        for p in path[:-1]:
            parent = parent[p]
        del parent[path[-1]]
        value = None
        path = None
    elif choice == 5:
        value = rng.randrange(-(2 ** 63), 2 ** 64)
    elif choice == 6:
        value = rng.choice(HOSTILE_TEXTS) * rng.randrange(1, 3)
        if path and isinstance(path[-1], str):
            # The same key again, with another value (a duplicate key).
            text_out = compact(reseal(kind, obj))
            return text_out[:-1] + "," + json.dumps(path[-1]) + ":" + json.dumps(value) + "}" if text_out.endswith(
                "}") else text_out
    elif choice == 7:
        value = rng.uniform(-1e6, 1e6)
    else:
        return mutate_bytes(rng, text)
    if path is not None:
        obj = set_at(obj, path, value)
    out = json.dumps(reseal(kind, obj), ensure_ascii=False) if raw is None else json.dumps(obj, ensure_ascii=False)
    if raw is not None:
        out = out.replace(json.dumps(RAW), raw, 1)
    return out


def mutate_bytes(rng, text):
    data = bytearray(text.encode("utf-8", "surrogateescape"))
    for _ in range(rng.randrange(1, 4)):
        op = rng.randrange(5)
        at = rng.randrange(len(data) + 1)
        if op == 0 and data:
            data[min(at, len(data) - 1)] ^= 1 << rng.randrange(8)
        elif op == 1:
            data[at:at] = rng.choice([b"\x00", b"\xff\xfe", b"\n", b"99999999999999999999", b"-", b"#", b"[x]", b" "])
        elif op == 2:
            del data[at:at + rng.randrange(1, 64)]
        elif op == 3:
            lines = data.split(b"\n")
            if lines:
                line = rng.choice(lines)
                data += b"\n" + line * rng.randrange(1, 1000)
        else:
            data = data[:at]
    return data.decode("utf-8", "surrogateescape")


class Fuzzer:
    def __init__(self, cardsim, data_dir, work, timeout):
        self.cardsim = cardsim
        self.data = data_dir
        self.work = work
        self.timeout = timeout
        self.failures = []
        self.cases = 0

    def run(self, args, name=None):
        return subprocess.run([self.cardsim] + args, cwd=self.work, capture_output=True, timeout=self.timeout,
                              stdin=subprocess.DEVNULL)

    def make_seeds(self):
        """The files the binary writes: a checkpoint, shards, results."""
        sim = ["--rounds", "4000", "--chunk-rounds", "1000", "--strategy", "basic-s17-das", "--quiet"]
        made = {}
        steps = [
            (["sim"] + sim + ["--checkpoint", "seed-ck.json", "--out", "seed-sim.json"], "checkpoint", "seed-ck.json"),
            (["sim"] + sim + ["--shard", "0/2", "--out", "seed-s0.json"], "shard", "seed-s0.json"),
            (["sim"] + sim + ["--shard", "1/2", "--out", "seed-s1.json"], None, None),
            (["sim"] + sim + ["--count", "hi-lo", "--bet-ramp", "1:1,2:4", "--side-bet", "21-plus-3",
                              "--out", "seed-count.json"], "result", "seed-count.json"),
            # 4 chunks in 5 shards: shard 4 is empty.
            *[(["sim"] + sim + ["--shard", "%d/5" % i, "--out", "seed-e%d.json" % i],
               "emptyshard" if i == 4 else None, "seed-e%d.json" % i) for i in range(5)],
            (["sweep", "--strategy", "basic-s17-das", "--vary", "h17=false,true", "--rounds", "4000",
              "--chunk-rounds", "1000", "--quiet", "--out", "seed-sweep.json"], "result", "seed-sweep.json"),
        ]
        for args, kind, file in steps:
            result = self.run(args)
            if result.returncode != 0:
                sys.exit("fuzz_cli: could not make a seed: %s: %s" % (" ".join(args), result.stderr.decode()))
            if kind:
                made.setdefault(kind, []).append(os.path.join(self.work, file))
        made["result"].append(os.path.join(self.work, "seed-sim.json"))
        return made

    def seeds(self):
        def files(folder, ext):
            path = os.path.join(self.data, folder)
            return sorted(os.path.join(path, f) for f in os.listdir(path) if f.endswith(ext))

        seeds = {
            "config": [f for f in files("", ".json")],
            "count": files("counts", ".json"),
            "sidebet": files("sidebets", ".json"),
            "indices": files("indices", ".txt"),
            "chart": files("strategies", ".txt"),
            "zjh": files("zjh", ".json"),
        }
        seeds.update(self.make_seeds())
        return seeds

    # The commands that read each kind of file (F: the mutated file).
    SIM = ["--rounds", "2000", "--chunk-rounds", "1000", "--quiet", "--out", "out.json"]
    COMMANDS = {
        "config": [["sim", "--config", "F"] + SIM, ["chart", "--config", "F", "--out", "out.txt"]],
        "count": [["sim", "--count", "F", "--strategy", "basic-s17-das"] + SIM],
        "sidebet": [["sidebet", "F", "--quiet", "--out", "out.json"],
                    ["sim", "--side-bet", "F", "--strategy", "basic-s17-das"] + SIM],
        "indices": [["sim", "--count", "hi-lo", "--indices", "F", "--strategy", "basic-s17-das"] + SIM],
        "chart": [["sim", "--strategy", "F"] + SIM, ["chart", "--strategy", "F", "--out", "out.txt"]],
        "zjh": [["zjh", "sim", "--config", "F", "-n", "2000", "--quiet", "--out", "out.json"],
                ["zjh", "exact", "--config", "F", "--out", "out.json"]],
        "checkpoint": [["sim", "--resume", "F", "--quiet", "--out", "out.json"]],
        "shard": [["merge", "F", "seed-s1.json", "--quiet", "--out", "out.json"]],
        "emptyshard": [["merge", "seed-e0.json", "seed-e1.json", "seed-e2.json", "seed-e3.json", "F", "--quiet",
                        "--out", "out.json"]],
        "result": [["report", "F", "-o", "out.html"]],
    }

    def check(self, kind, seed, text, args, keys):
        self.cases += 1
        case = "case-%d-%s" % (self.cases, kind) + (".txt" if seed.endswith(".txt") else ".json")
        path = os.path.join(self.work, case)
        with open(path, "w", encoding="utf-8", errors="surrogateescape") as f:
            f.write(text)
        args = [case if a == "F" else a for a in args]
        line = "cardsim " + " ".join(args) + "  (from %s)" % os.path.basename(seed)
        try:
            result = self.run(args)
        except subprocess.TimeoutExpired:
            self.fail(line, "hung: no exit within %g s" % self.timeout, path)
            return
        code = result.returncode
        err = result.stderr.decode("utf-8", "replace")
        if code < 0:
            self.fail(line, "died of signal %d: %s" % (-code, err[-300:]), path)
        elif code not in (0, 1, 2):
            self.fail(line, "exit %d: %s" % (code, err[-300:]), path)
        elif code != 0:
            lines = [l for l in err.splitlines() if not l.startswith("warning: ")]
            if len(lines) != 1 or not lines[0].startswith("error: "):
                self.fail(line, "expected one error line, got: %r" % err[-500:], path)
            elif "internal" in lines[0]:
                self.fail(line, "internal error: " + lines[0], path)
            elif len(lines[0]) > MAX_ERROR_CHARS:
                self.fail(line, "an error line of %d characters: %s..." % (len(lines[0]), lines[0][:200]), path)
            else:
                names = {case} | {k for k in keys if len(k) > 1}
                flagged = any(lines[0].startswith("error: " + a) for a in args if a.startswith("-"))
                if not flagged and not any(n in lines[0] for n in names):
                    self.fail(line, "the error names neither the file nor a key: " + lines[0], path)
                else:
                    os.remove(path)
        elif self.writes_result(args) and os.path.exists(os.path.join(self.work, "out.json")):
            report = self.run(["report", "out.json", "-o", "out.html"])
            if report.returncode != 0:
                kept = path + ".out.json"
                shutil.copy(os.path.join(self.work, "out.json"), kept)
                self.fail(line, "wrote a result that report refuses (%s): %s" %
                          (kept, report.stderr.decode("utf-8", "replace")[-300:]), path)
            else:
                os.remove(path)
        else:
            os.remove(path)
        if os.path.exists(os.path.join(self.work, "out.json")):
            os.remove(os.path.join(self.work, "out.json"))

    @staticmethod
    def writes_result(args):
        """Whether the command's out.json is a result `report` renders."""
        return "out.json" in args and (args[0] in ("sim", "merge") or args[:2] == ["zjh", "sim"])

    def fail(self, line, why, path):
        self.failures.append("%s: %s [kept: %s]" % (line, why, path))

    def fuzz(self, cases, rng):
        seeds = self.seeds()
        kinds = sorted(seeds)
        for _ in range(cases):
            kind = kinds[_ % len(kinds)]
            seed = rng.choice(seeds[kind])
            with open(seed, encoding="utf-8", errors="surrogateescape") as f:
                original = f.read()
            json_kinds = {"config", "count", "sidebet", "zjh", "checkpoint", "shard", "emptyshard", "result"}
            text = mutate_json(rng, original, kind) if kind in json_kinds else mutate_bytes(rng, original)
            keys = set()
            if kind in json_kinds:
                try:
                    keys = keys_of(json.loads(original))
                except ValueError:
                    pass
            self.check(kind, seed, text, rng.choice(self.COMMANDS[kind]), keys)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("cardsim")
    parser.add_argument("data_dir")
    parser.add_argument("--cases", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=20)
    parser.add_argument("--keep", help="folder to work in and keep (default: a temporary one)")
    options = parser.parse_args()
    work = options.keep or tempfile.mkdtemp(prefix="cardsim-fuzz-")
    os.makedirs(work, exist_ok=True)
    fuzzer = Fuzzer(os.path.abspath(options.cardsim), os.path.abspath(options.data_dir), work, options.timeout)
    fuzzer.fuzz(options.cases, random.Random(options.seed))
    for failure in fuzzer.failures:
        print("FAIL " + failure)
    print("fuzz_cli: %d cases, %d failed (seed %d)" % (fuzzer.cases, len(fuzzer.failures), options.seed))
    if not fuzzer.failures and not options.keep:
        shutil.rmtree(work)
    return 1 if fuzzer.failures else 0


if __name__ == "__main__":
    sys.exit(main())
