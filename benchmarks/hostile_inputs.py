"""Hostile input to every reader and to `jaxrate verify` (issue 53): every case rebuilt, run, judged.

    python benchmarks/hostile_inputs.py            # all cases, a table of what held
    python benchmarks/hostile_inputs.py --only fifo  # the cases whose name holds 'fifo'

Each case builds its input in a fresh temporary folder (from the published corpus in
tests/data/published, from a board rated here, or written here), runs one jaxrate command in a fresh
process with a 20 s limit and judges it:

* ``refuse``: exit 2, nothing on stdout, one line on stderr that starts ``jaxrate: error:``, and the
  phrase the case names in it; no traceback; no output file written.
* ``rate``: exit 0 (the input is valid; it is read and rated).
* ``tampered``: `verify` exits 1 (it read the file and found it inconsistent).
* ``verifies``: `verify` exits 0 (the tool's own untouched file).

A case *holds* when its judgement does; a hang (no answer in 20 s) or a traceback never does. The
table prints every case; the last line counts them. The exit code is 1 when any case fails.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

CORPUS = os.path.join(ROOT, "tests", "data", "published")
LM_EVAL = os.path.join(CORPUS, "lm_eval_04", "kt_gpqa_group_gpt4o", "raw")
HELM = os.path.join(CORPUS, "helm", "helm-crfm-safety-v3-runs")  # a runs folder: stats.json each
LIMIT_S = 20

BOARD = "model,mmlu,gsm8k,hellaswag\nalpha,0.61,0.42,0.80\nbeta,0.55,0.47,0.78\ngamma,0.40,0.30,0.70\n"


def _jaxrate(*args: str, cwd: str) -> tuple[int | None, str, str, float]:
    """``(exit code or None on a hang, stdout, stderr, seconds)`` of one command in a fresh process."""
    start = time.perf_counter()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "jaxrate.cli", *args],
            cwd=cwd,
            capture_output=True,
            text=True,
            timeout=LIMIT_S,
            env={**os.environ, "JAX_PLATFORMS": "cpu"},
        )
    except subprocess.TimeoutExpired:
        return None, "", "", time.perf_counter() - start
    return done.returncode, done.stdout, done.stderr, time.perf_counter() - start


def _rated(folder: str, *options: str) -> str:
    """A result file of the little board, rated here with ``options``."""
    table = os.path.join(folder, "board.csv")
    with open(table, "w") as f:
        f.write(BOARD)
    out = os.path.join(folder, "result.json")
    code, _, err, _ = _jaxrate("rate", table, "--json", out, "--progress", "never", *options, cwd=folder)
    assert code == 0, err
    return out


def _edit(path: str, change) -> None:
    with open(path, encoding="utf-8") as f:
        text = f.read()
    with open(path, "w", encoding="utf-8") as f:
        f.write(change(text))


def _lm_eval_copy(folder: str) -> str:
    target = os.path.join(folder, "lm_eval")
    shutil.copytree(LM_EVAL, target)
    return target


def _first_results_json(root: str) -> str:
    for base, _, files in sorted(os.walk(root)):
        for name in sorted(files):
            if name.startswith("results") and name.endswith(".json"):
                return os.path.join(base, name)
    raise AssertionError(f"no results file under {root}")


# ----------------------------------------------------------------------------------------------------
# The cases: (name, judgement, phrase, build), build(folder) -> argv (the phrase: in the error line)


def fifo_input(folder):
    os.mkfifo(os.path.join(folder, "board.csv"))
    return ["rate", "board.csv"]


def fifo_in_results_folder(folder):
    root = _lm_eval_copy(folder)
    os.mkfifo(os.path.join(root, "results_2024-01-01T00-00-00.json"))
    return ["rate", "lm_eval"]


def fifo_result_to_verify(folder):
    os.mkfifo(os.path.join(folder, "result.json"))
    return ["verify", "result.json"]


def fifo_previous(folder):
    with open(os.path.join(folder, "board.csv"), "w") as f:
        f.write(BOARD)
    os.mkfifo(os.path.join(folder, "old.json"))
    return ["rate", "board.csv", "--previous", "old.json"]


def fifo_input_to_verify(folder):
    _rated(folder)
    os.remove(os.path.join(folder, "board.csv"))
    os.mkfifo(os.path.join(folder, "board.csv"))
    return ["verify", "result.json", "board.csv"]


def long_line_200mb(folder):
    with open(os.path.join(folder, "big.csv"), "w") as f:
        f.write("model," + "x" * 200_000_000 + "\n")
    return ["rate", "big.csv"]


def long_line_one_mb(folder):
    with open(os.path.join(folder, "line.csv"), "w") as f:
        f.write("model,score\nalpha," + "9" * 1_000_000 + "\n")
    return ["rate", "line.csv"]


def wide_valid_table(folder, sep: str | None = None):
    import numpy as np

    rng = np.random.default_rng(0)
    tasks = [f"t{k}" for k in range(100_000)]
    with open(os.path.join(folder, "wide.csv"), "w") as f:
        f.write(",".join(["model", *tasks]) + "\n")
        for m in ("alpha", "beta", "gamma"):
            f.write(",".join([m, *(f"{v:.3f}" for v in rng.uniform(0, 1, len(tasks)))]) + "\n")
    # read, not rated: a 3 x 3 x 100,000 game's exact proof takes minutes (the reading is the case)
    return ["read", "wide.csv", "--higher-better", "*"] + (["--sep", sep] if sep else [])


def wide_valid_table_sep(folder):
    return wide_valid_table(folder, ",")


def deep_json(depth: int = 100_000) -> str:
    return "[" * depth + "]" * depth


def deep_results_file(folder):
    root = _lm_eval_copy(folder)
    path = _first_results_json(root)
    _edit(path, lambda t: t.rstrip()[:-1] + ', "deep": ' + deep_json() + "}")
    return ["rate", "lm_eval"]


def deep_result_to_verify(folder):
    with open(os.path.join(folder, "result.json"), "w") as f:
        f.write('{"ratings": ' + deep_json() + "}")
    return ["verify", "result.json"]


def deep_previous(folder):
    with open(os.path.join(folder, "board.csv"), "w") as f:
        f.write(BOARD)
    with open(os.path.join(folder, "old.json"), "w") as f:
        f.write(deep_json())
    return ["rate", "board.csv", "--previous", "old.json"]


def deep_json_table(folder):
    with open(os.path.join(folder, "board.json"), "w") as f:
        f.write(deep_json())
    return ["rate", "board.json"]


def second_ratings_key_first(folder):
    path = _rated(folder)
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    forged = {p: {m: -r for m, r in v.items()} for p, v in data["ratings"].items()}
    text = json.dumps(data)
    _edit(path, lambda t: '{"ratings": ' + json.dumps(forged) + ", " + text[1:])
    return ["verify", "result.json"]


def duplicate_key_results_file(folder):
    root = _lm_eval_copy(folder)
    path = _first_results_json(root)

    def twice(text):
        data = json.loads(text)
        task = next(iter(data["results"]))
        inner = json.dumps(data["results"][task])
        return text.replace('"results": {', '"results": {' + json.dumps(task) + ": " + inner + ", ", 1)

    _edit(path, twice)
    return ["rate", "lm_eval"]


def duplicate_model_json_table(folder):
    with open(os.path.join(folder, "board.json"), "w") as f:
        f.write('{"alpha": {"a": 1, "b": 2}, "beta": {"a": 2, "b": 1}, "alpha": {"a": 9, "b": 9}}')
    return ["rate", "board.json", "--models", "rows", "--higher-better", "*"]


def duplicate_key_records(folder):
    with open(os.path.join(folder, "board.json"), "w") as f:
        f.write('[{"model": "alpha", "a": 1, "a": 5}, {"model": "beta", "a": 2}]')
    return ["rate", "board.json", "--higher-better", "*"]


def duplicate_key_result_file(folder):
    path = _rated(folder)
    _edit(path, lambda t: t.replace("{", '{"method": "forged", ', 1))
    return ["verify", "result.json"]


def _result_edit(change):
    def build(folder):
        path = _rated(folder)
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        change(data)
        with open(path, "w", encoding="utf-8") as f:
            json.dump(data, f)
        return ["verify", "result.json"]

    build.__name__ = change.__name__
    return build


def _method(data):
    data["method"] = "uniform" if data.get("method") != "uniform" else "deviation"


def _joint_out_of_range(data):
    data["joint"]["support"][0][0] = 10**6


def _joint_twice(data):
    data["joint"]["support"].append(data["joint"]["support"][0])


def _forged_rating(data):
    first = next(iter(data["ratings"].values()))
    first[next(iter(first))] += 0.5


def pairwise_verifies(folder):
    _rated_sparse(folder, "--missing", "pairwise")
    return ["verify", "result.json"]


def audit_verifies(folder):
    _rated(folder, "--audit")
    return ["verify", "result.json"]


def drop_models_verifies(folder):
    _rated_sparse(folder, "--missing", "drop-models")
    return ["verify", "result.json"]


def block_verifies(folder):
    _rated_sparse(folder, "--missing", "block")
    return ["verify", "result.json"]


SPARSE = (
    "model,a,b,c,d\nalpha,0.9,0.8,,0.7\nbeta,0.5,,0.6,0.4\ngamma,,0.3,0.2,0.5\ndelta,0.6,0.6,0.6,0.6\n"
    "eps,0.1,0.2,0.3,0.1\n"
)


def _rated_sparse(folder, *options):
    table = os.path.join(folder, "board.csv")
    with open(table, "w") as f:
        f.write(SPARSE)
    out = os.path.join(folder, "result.json")
    code, _, err, _ = _jaxrate(
        "rate", table, "--json", out, "--progress", "never", "--higher-better", "*", *options, cwd=folder
    )
    assert code == 0, err


def pairwise_model_without_scores(folder):
    with open(os.path.join(folder, "board.csv"), "w") as f:
        f.write(SPARSE + "ghost,,,,\n")
    return ["rate", "board.csv", "--missing", "pairwise", "--higher-better", "*"]


def pairwise_model_sharing_no_task(folder):
    with open(os.path.join(folder, "board.csv"), "w") as f:
        f.write("model,a,b,c\nalpha,0.9,0.8,\nbeta,0.5,0.4,\ngamma,0.4,0.6,\nloner,,,0.7\n")
    return ["rate", "board.csv", "--missing", "pairwise", "--higher-better", "*"]


def overflow_lm_eval(folder):
    root = _lm_eval_copy(folder)
    path = _first_results_json(root)

    def huge(text):
        data = json.loads(text)
        for scores in data["results"].values():
            for key, v in scores.items():
                if isinstance(v, float) and "stderr" not in key:
                    scores[key] = 1e308
        return json.dumps(data)

    _edit(path, huge)
    return ["rate", "lm_eval"]


def overflow_csv(folder):
    with open(os.path.join(folder, "board.csv"), "w") as f:
        f.write(BOARD.replace("0.61", "1e308"))
    return ["rate", "board.csv"]


def overflow_json_table(folder):
    with open(os.path.join(folder, "board.json"), "w") as f:
        f.write('[{"model": "alpha", "acc": 1e308}, {"model": "beta", "acc": 0.5}, {"model": "g", "acc": 1}]')
    return ["rate", "board.json"]


def infinity_json_table(folder):
    with open(os.path.join(folder, "board.json"), "w") as f:
        f.write(
            '[{"model": "alpha", "acc": Infinity}, {"model": "beta", "acc": 0.5}, {"model": "g", "acc": 1}]'
        )
    return ["rate", "board.json"]


def nan_json_table(folder):
    with open(os.path.join(folder, "board.json"), "w") as f:
        f.write('[{"model": "alpha", "acc": NaN}, {"model": "beta", "acc": 0.5}, {"model": "g", "acc": 1}]')
    return ["rate", "board.json"]


def overflow_helm(folder):
    target = os.path.join(folder, "helm")
    shutil.copytree(os.path.join(HELM, "raw"), target)
    for base, _, files in os.walk(target):
        for name in files:
            if name == "stats.json":
                path = os.path.join(base, name)
                with open(path, encoding="utf-8") as f:
                    stats = json.load(f)
                for s in stats:
                    if "mean" in s:
                        s["mean"] = 1e308
                with open(path, "w", encoding="utf-8") as f:
                    json.dump(stats, f)
    return ["rate", "helm"]


def newline_in_file_name(folder):
    with open(os.path.join(folder, "bad\nname.csv"), "w") as f:
        f.write("model,score\nalpha,x\nbeta,0.5\n")
    return ["rate", "bad\nname.csv"]


def bom_lm_eval_single(folder):
    root = _lm_eval_copy(folder)
    path = _first_results_json(root)
    with open(path, "rb") as f:
        data = f.read()
    with open(path, "wb") as f:
        f.write(b"\xef\xbb\xbf" + data)
    return ["rate", os.path.relpath(path, folder)]


def bom_helm_single(folder):
    target = os.path.join(folder, "helm")
    shutil.copytree(os.path.join(HELM, "raw"), target)
    for base, _, files in os.walk(target):
        for name in files:
            if name.endswith(".json"):
                path = os.path.join(base, name)
                with open(path, "rb") as f:
                    data = f.read()
                with open(path, "wb") as f:
                    f.write(b"\xef\xbb\xbf" + data)
    return ["rate", "helm", "--missing", "drop-models"]  # the set is sparse


def underscore_number(folder):
    with open(os.path.join(folder, "board.csv"), "w") as f:
        f.write("model,score\nalpha,1_000\nbeta,500\ngamma,20\n")
    return ["rate", "board.csv", "--higher-better", "*"]


def nul_bytes(folder):
    with open(os.path.join(folder, "board.csv"), "wb") as f:
        f.write(BOARD.encode() + b"\x00\x00")
    return ["rate", "board.csv"]


def not_utf8(folder):
    with open(os.path.join(folder, "board.csv"), "wb") as f:
        f.write(BOARD.encode().replace(b"alpha", b"\xff\xfealpha"))
    return ["rate", "board.csv"]


def gzip_bomb(folder):
    with gzip.open(os.path.join(folder, "board.csv.gz"), "wb") as f:
        f.write(b"model,score\n")
        chunk = b"alpha,0.5\n" * 100_000
        for _ in range(300):  # 300 MB of rows, one model repeated: refused, never held in memory whole
            f.write(chunk)
    return ["rate", "board.csv.gz"]


def folder_cycle(folder):
    root = _lm_eval_copy(folder)
    os.symlink(root, os.path.join(root, "loop"))
    return ["rate", "lm_eval"]


def symlink_to_fifo(folder):
    os.mkfifo(os.path.join(folder, "pipe"))
    os.symlink(os.path.join(folder, "pipe"), os.path.join(folder, "board.csv"))
    return ["rate", "board.csv"]


def dev_zero(folder):
    return ["rate", "/dev/zero"]


def reading_deep(folder):
    with open(os.path.join(folder, "board.csv"), "w") as f:
        f.write(BOARD)
    with open(os.path.join(folder, "reading.json"), "w") as f:
        f.write(deep_json())
    return ["rate", "board.csv", "--reading", "reading.json"]


def reading_duplicate_key(folder):
    with open(os.path.join(folder, "board.csv"), "w") as f:
        f.write(BOARD)
    code, _, err, _ = _jaxrate("read", "board.csv", "--save", "reading.json", cwd=folder)
    assert code == 0, err
    _edit(os.path.join(folder, "reading.json"), lambda t: t.replace("{", '{"columns": [], ', 1))
    return ["rate", "board.csv", "--reading", "reading.json"]


def battles_duplicate_key(folder):
    with open(os.path.join(folder, "battles.json"), "w") as f:
        f.write(
            '[{"model_a": "x", "model_b": "y", "winner": "model_a", "winner": "model_b"},'
            ' {"model_a": "y", "model_b": "z", "winner": "model_a"}]'
        )
    return ["rate", "battles.json"]


CASES = [
    ("fifo: the input", "refuse", "FIFO", fifo_input),
    ("fifo: inside a results folder", "refuse", "FIFO", fifo_in_results_folder),
    ("fifo: the result given to verify", "refuse", "FIFO", fifo_result_to_verify),
    ("fifo: the input given to verify", "refuse", "FIFO", fifo_input_to_verify),
    ("fifo: --previous", "refuse", "FIFO", fifo_previous),
    ("fifo: a link to one", "refuse", "FIFO", symlink_to_fifo),
    ("device: /dev/zero as the input", "refuse", "/dev/zero", dev_zero),
    ("long line: a 200 MB one-line CSV", "refuse", "big.csv", long_line_200mb),
    ("long line: a 1 MB cell", "refuse", "line.csv", long_line_one_mb),
    ("long line: a valid 3 x 100,000 table", "rate", "", wide_valid_table),
    ("long line: a valid 3 x 100,000 table, --sep ,", "rate", "", wide_valid_table_sep),
    ("deep JSON: in a results file", "refuse", "nested too deep", deep_results_file),
    ("deep JSON: the result given to verify", "refuse", "nested too deep", deep_result_to_verify),
    ("deep JSON: --previous", "refuse", "nested too deep", deep_previous),
    ("deep JSON: a JSON table", "refuse", "nested too deep", deep_json_table),
    ("deep JSON: --reading", "refuse", "nested too deep", reading_deep),
    ("forged: a second ratings key before the real one", "tampered", "", second_ratings_key_first),
    ("forged: a key twice in a result file", "tampered", "", duplicate_key_result_file),
    ("duplicate keys: a task twice in a results file", "refuse", "appears twice", duplicate_key_results_file),
    ("duplicate keys: a model twice in a JSON table", "refuse", "appears twice", duplicate_model_json_table),
    ("duplicate keys: a field twice in a record", "refuse", "appears twice", duplicate_key_records),
    ("duplicate keys: a battle's winner twice", "refuse", "appears twice", battles_duplicate_key),
    ("duplicate keys: a pinned reading", "refuse", "appears twice", reading_duplicate_key),
    ("verify: an edited method name", "tampered", "", _result_edit(_method)),
    ("verify: a joint index out of range", "tampered", "", _result_edit(_joint_out_of_range)),
    ("verify: a joint entry listed twice", "tampered", "", _result_edit(_joint_twice)),
    ("verify: a forged rating", "tampered", "", _result_edit(_forged_rating)),
    ("verify: --missing pairwise, untouched", "verifies", "", pairwise_verifies),
    ("verify: --audit, untouched", "verifies", "", audit_verifies),
    ("verify: --missing drop-models, untouched", "verifies", "", drop_models_verifies),
    ("verify: --missing block, untouched", "verifies", "", block_verifies),
    ("pairwise: a model with no score, left out", "rate", "left out 'ghost'", pairwise_model_without_scores),
    ("pairwise: a model sharing no task is named", "refuse", "loner", pairwise_model_sharing_no_task),
    ("overflow: 1e308 in lm-eval output", "refuse", "too large to rate", overflow_lm_eval),
    ("overflow: 1e308 in HELM stats", "refuse", "too large to rate", overflow_helm),
    ("overflow: 1e308 in a CSV", "refuse", "too large to rate", overflow_csv),
    ("overflow: 1e308 in a JSON table", "refuse", "too large to rate", overflow_json_table),
    ("overflow: Infinity in a JSON table", "refuse", "not finite", infinity_json_table),
    ("NaN in a JSON table is a missing score", "refuse", "no score for 'alpha'", nan_json_table),
    ("unclear: a newline in the file name", "refuse", "bad\\nname.csv", newline_in_file_name),
    ("unclear: a BOM on one lm-eval results file", "rate", "", bom_lm_eval_single),
    ("unclear: a BOM on HELM's files", "rate", "", bom_helm_single),
    ("unclear: a cell 1_000", "refuse", "1_000", underscore_number),
    ("bytes: NUL characters", "refuse", "NUL", nul_bytes),
    ("bytes: not UTF-8", "refuse", "UTF-8", not_utf8),
    ("size: a 300 MB gzip of one repeated row", "refuse", "board.csv.gz", gzip_bomb),
    ("folders: a link back to its own folder", "rate", "", folder_cycle),
]


def judge(kind: str, phrase: str, code, out: str, err: str) -> str | None:
    """Why the case fails, or ``None`` when it holds."""
    if code is None:
        return f"hang: no answer in {LIMIT_S} s"
    if "Traceback" in err:
        return "traceback: " + err.strip().splitlines()[-1][:120]
    if kind == "refuse":
        lines = err.strip().splitlines()
        if code != 2:
            return f"exit {code}, not 2 ({(lines or [''])[-1][:120]})"
        if out or len(lines) != 1 or not lines[0].startswith("jaxrate: error: "):
            return f"not one error line: {err.strip()[:160]!r}"
        if phrase not in lines[0]:
            return f"the error does not say {phrase!r}: {lines[0][:200]}"
        return None
    want = {"rate": 0, "tampered": 1, "verifies": 0}[kind]
    if code != want:
        return f"exit {code}, not {want}: {err.strip()[-200:]}"
    if phrase and phrase not in err:  # a case rated on purpose says what it did
        return f"the output does not say {phrase!r}: {err.strip()[-200:]}"
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default="", help="run the cases whose name holds this")
    args = parser.parse_args()
    sys.path.insert(0, HERE)  # here, not at import: the tests import this file, and benchmarks/
    from _env import header  # holds a distributed.py that would shadow dask's for the whole run

    header()
    held = failed = 0
    for name, kind, phrase, build in CASES:
        if args.only and args.only not in name:
            continue
        folder = tempfile.mkdtemp(prefix="jaxrate-hostile-")
        try:
            argv = build(folder)
            before = sorted(os.listdir(folder))
            code, out, err, seconds = (
                _jaxrate(*argv, "--progress", "never", cwd=folder)
                if argv[0] == "rate"
                else _jaxrate(*argv, cwd=folder)
            )
            why = judge(kind, phrase, code, out, err)
            if kind == "refuse" and why is None and sorted(os.listdir(folder)) != before:
                why = "a file was written: " + ", ".join(sorted(set(os.listdir(folder)) - set(before)))
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        held += why is None
        failed += why is not None
        shown = "held" if why is None else "FAILS"
        print(f"{shown:5}  {seconds:5.1f} s  {name}" + (f"\n        {why}" if why else ""), flush=True)
    print(f"{held} of {held + failed} cases hold, {failed} fail")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
