"""A fuzz suite (issue 53): random corruptions of real published files and of result files, through
every reader and ``jaxrate verify``, property-based and seeded (hypothesis, derandomised).

The properties, for each corrupted file:

* a reader rates it (exit 0), or refuses it (exit 2) in one line that starts ``jaxrate: error:``
  with nothing on stdout; never a hang (an alarm fails the example), never a traceback;
* a wide CSV rated has lost no model silently: every rated name is one of the file's, and a row of
  the file missing from the board is said on stderr;
* ``verify`` on a corrupted result file exits 0 only when the file still holds what jaxrate wrote
  (the same document, parsed strictly): a forged file is never accepted; otherwise exit 1 (found
  inconsistent) or 2 (cannot be read), in one line.

The default run tries a few dozen corruptions per format (seconds); the ``slow`` run a few hundred
(``JAXRATE_FUZZ=long`` gives every test the slow count, ``JAXRATE_FUZZ_EXAMPLES=N`` any count).
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import shutil
import signal
import traceback

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jaxrate.cli import main
from jaxrate.results._files import parse_json

HERE = os.path.dirname(__file__)
PUBLISHED = os.path.join(HERE, "data", "published")

# (name, the file damaged, the input named (the file, or a folder above it: a harness's output),
# the options its manifest entry rates it with); paths under tests/data/published
SOURCES = [
    ("csv", "leaderboards/llm_arena_hard_v01_20240731/raw/leaderboard/arena_hard_leaderboard_20240731.csv",
     None, ["--tasks", "score"]),
    ("csv-where", "round1/llm_alpacaeval2_website_export/raw/docs/data_AlpacaEval_2/"
     "weighted_alpaca_eval_gpt4_turbo_leaderboard.csv", None,
     ["--where", "filter=verified|minimal", "--tasks", "length_controlled_winrate"]),
    ("markdown", "round1/llm_vectara_hallucination_readme/raw/README.md", None,
     ["--exclude", "Factual Consistency Rate,Answer Rate"]),
    ("rst", "round8/graph_torchdrug_kg_reasoning_rst/raw/doc/source/benchmark/reasoning.rst", None,
     ["--table", "all", "--metric", "*", "--lower-better", "*/MR"]),
    ("yaml", "round1/code_aider_polyglot_leaderboard/raw/aider/website/_data/polyglot_leaderboard.yml", None,
     ["--model-col", "model,edit_format", "--tasks", "pass_rate_2"]),
    ("nested-json", "round1/llm_wildbench_score_nested_json/raw/leaderboard/data_dir/score.json", None,
     ["--tasks", "task_categorized_scores/*"]),
    ("json", "round1/llm_zeroeval_summary_json/raw/result_dirs/summary.json", None, []),
    ("lm-eval", "lm_eval_04/kt_gpqa_group_gpt4o/raw/output/gpt-4o/results_2024-11-22T16-07-44.297768.json",
     "lm_eval_04/kt_gpqa_group_gpt4o/raw", []),
    ("helm", "helm/helm-crfm-safety-v3-runs/raw/benchmark_output_TRUE_latest/runs/v3/"
     "harm_bench:model=meta_llama-3-70b/stats.json", "helm/helm-crfm-safety-v3-runs/raw",
     ["--missing", "drop-models"]),
    ("inspect", "inspect/inspect_ai_single_log_letter_grade/raw/tests/log/test_eval_log/log_read_sample.json",
     "inspect/inspect_ai_single_log_letter_grade/raw", []),
    ("mteb", "round1/retrieval_mteb_results_beir8/raw/results/intfloat__multilingual-e5-small/"
     "fd1525a9fd15316a2d503bf26ab031a61d056e98/NFCorpus.json",
     "round1/retrieval_mteb_results_beir8/raw/results", []),
]  # fmt: skip

# What a hostile or damaged file holds: numbers past the solver's range, non-numbers, control and
# non-UTF-8 bytes, byte-order marks, structure characters, a key twice.
SNIPPETS = [b"1e308", b"-1e308", b"NaN", b"inf", b"-Infinity", b"1_000", b"\x00", b"\xff\xfe",
            b"\xef\xbb\xbf", b'"', b",", b";", b"\t", b"\n", b"\r", b"|", b"{", b"}", b"[", b"]", b"[[[[[[",
            b"", b"  ", b'{"a": 1, "a": 2}', "\u00e9\u2014".encode(), b"---", b"null", b"true", b"-", b"%",
            b"\xc3", b"+", b"+---+", b"=====  ====", b".. list-table::"]  # fmt: skip
LIMIT_S = 20


class _Hang(Exception):
    pass


def run_cli(argv: list[str], cwd: str) -> tuple[int | None, str, str]:
    """The command line in this process under an alarm: ``(exit code, or None on a hang, stdout,
    stderr)``; an exception escaping ``main`` is written to stderr as the user would see it."""

    def alarm(*_):
        raise _Hang

    here, out, err = os.getcwd(), io.StringIO(), io.StringIO()
    previous = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(LIMIT_S)
    try:
        os.chdir(cwd)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except _Hang:
                raise
            except BaseException:
                traceback.print_exc(file=err)
                code = 1
    except _Hang:
        code = None
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
        os.chdir(here)
    return code, out.getvalue(), err.getvalue()


@st.composite
def corruptions(draw, data: bytes) -> bytes:
    """``data`` with one to three damages: a snippet put in or over, a slice cut, a cut end, a line
    repeated or two swapped, a byte flipped."""
    for _ in range(draw(st.integers(1, 3))):
        n = len(data)
        at = draw(st.integers(0, max(n - 1, 0)))
        kind = draw(st.sampled_from(["insert", "replace", "cut", "truncate", "repeat", "swap", "flip"]))
        if kind == "insert":
            data = data[:at] + draw(st.sampled_from(SNIPPETS)) + data[at:]
        elif kind == "replace":
            snippet = draw(st.sampled_from(SNIPPETS))
            data = data[:at] + snippet + data[at + max(len(snippet), 1) :]
        elif kind == "cut":
            data = data[:at] + data[at + draw(st.integers(1, 64)) :]
        elif kind == "truncate":
            data = data[:at]
        elif kind == "flip" and n:
            data = data[:at] + bytes([data[at] ^ (1 << draw(st.integers(0, 7)))]) + data[at + 1 :]
        else:
            lines = data.split(b"\n")
            i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
            if kind == "repeat":
                lines.insert(j, lines[i])
            else:
                lines[i], lines[j] = lines[j], lines[i]
            data = b"\n".join(lines)
    return data


def _one_refusal(code, out: str, err: str, what: str) -> None:
    assert code is not None, f"{what}: no answer in {LIMIT_S} s"
    assert "Traceback" not in err, f"{what}: a traceback:\n{err}"
    assert code in (0, 2), f"{what}: exit {code}: {err[-400:]}"
    if code == 2:
        lines = err.strip().splitlines()
        assert out == "" and len(lines) == 1 and lines[0].startswith("jaxrate: error: "), (what, err)


def _first_column(data: bytes) -> set[str]:
    try:
        rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    except (UnicodeDecodeError, csv.Error):
        return set()
    return {r[0].strip() for r in rows[1:] if r}


def _fuzz_reader(
    name: str, damaged_file: str, root: str | None, options: list[str], damaged: bytes, tmp_path
):
    """The source copied (its folder, for a harness's output), ``damaged_file`` replaced by ``damaged``,
    and rated as the user would name it."""
    folder = tmp_path / "case"
    shutil.rmtree(folder, ignore_errors=True)
    given = "in" if root else os.path.join("in", os.path.basename(damaged_file))
    root = root or os.path.dirname(damaged_file)
    shutil.copytree(os.path.join(PUBLISHED, root), folder / "in")
    (folder / "in" / os.path.relpath(damaged_file, root)).write_bytes(damaged)
    code, out, err = run_cli(
        ["rate", given, "--progress", "never", "--json", "r.json", *options], str(folder)
    )
    _one_refusal(code, out, err, name)
    if code == 2:
        assert not (folder / "r.json").exists(), f"{name}: a result file written by a refused run"
        return
    if name == "csv":
        rated = {e["strategy"] for e in json.loads((folder / "r.json").read_text())["ranking"]}
        names = _first_column(damaged)
        assert rated <= names or not names, f"{name}: rated names not in the file: {rated - names}"
        lost = names - rated - {""}
        assert not lost or "jaxrate:" in err, (
            f"{name}: rows missing from the board, unsaid: {sorted(lost)[:5]}"
        )


_LONG = os.environ.get("JAXRATE_FUZZ") == "long"  # the slow tests' counts for every test


def _examples(default: int, slow: int):
    return settings(
        max_examples=int(os.environ.get("JAXRATE_FUZZ_EXAMPLES", 0)) or (slow if _LONG else default),
        derandomize=True,  # seeded: the same corruptions on every machine and run
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                               HealthCheck.data_too_large],
        database=None,
    )  # fmt: skip


@pytest.mark.parametrize("name, damaged_file, root, options", SOURCES, ids=[s[0] for s in SOURCES])
@_examples(default=8, slow=8)
@given(data=st.data())
def test_a_corrupted_published_file_is_read_or_refused_in_one_line(
    name, damaged_file, root, options, data, tmp_path
):
    with open(os.path.join(PUBLISHED, damaged_file), "rb") as f:
        original = f.read()
    _fuzz_reader(name, damaged_file, root, options, data.draw(corruptions(original)), tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("name, damaged_file, root, options", SOURCES, ids=[s[0] for s in SOURCES])
@_examples(default=150, slow=150)
@given(data=st.data())
def test_many_corruptions_of_published_files(name, damaged_file, root, options, data, tmp_path):
    with open(os.path.join(PUBLISHED, damaged_file), "rb") as f:
        original = f.read()
    _fuzz_reader(name, damaged_file, root, options, data.draw(corruptions(original)), tmp_path)


BOARD = "model,mmlu,gsm8k,hellaswag\nalpha,0.61,0.42,0.80\nbeta,0.55,0.47,0.78\ngamma,0.40,0.30,0.70\n"
SPARSE = "model,a,b,c\nalpha,0.9,0.8,\nbeta,0.5,,0.6\ngamma,,0.3,0.2\ndelta,0.6,0.6,0.6\n"


@pytest.fixture(scope="module", params=[("board", []), ("pairwise", ["--missing", "pairwise"])], ids=str)
def result_file(request, tmp_path_factory):
    """A result file as ``jaxrate rate --json`` writes it: a complete board, and a pairwise one."""
    kind, options = request.param
    folder = tmp_path_factory.mktemp(kind)
    (folder / "board.csv").write_text(BOARD if kind == "board" else SPARSE)
    code, _, err = run_cli(
        ["rate", "board.csv", "--json", "r.json", "--progress", "never", "--higher-better", "*", *options],
        str(folder),
    )
    assert code == 0, err
    return (folder / "r.json").read_bytes()


def _fuzz_verify(original: bytes, damaged: bytes, tmp_path) -> None:
    folder = tmp_path / "verify"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    (folder / "r.json").write_bytes(damaged)
    code, out, err = run_cli(["verify", "r.json"], str(folder))
    assert code is not None, "verify: no answer"
    assert "Traceback" not in err, err
    assert code in (0, 1, 2), (code, err)
    said = out if code in (0, 1) else err
    assert len(said.strip().splitlines()) == 1, (code, out, err)
    if code == 0:  # accepted: it must still be the document jaxrate wrote
        same = parse_json(original.decode(), "original")
        assert parse_json(damaged.decode("utf-8-sig"), "damaged") == same, "a forged result file verified"


@st.composite
def json_edits(draw, data: bytes) -> bytes:
    """A result file edited as a forger would: a number changed, a key repeated or dropped, a string
    renamed (the JSON stays valid), or damaged bytes."""
    document = json.loads(data)
    kind = draw(st.sampled_from(["number", "repeat", "drop", "rename", "bytes"]))
    if kind == "bytes":
        return draw(corruptions(data))
    paths = []

    def walk(node, path):
        if isinstance(node, dict):
            for k, v in node.items():
                paths.append(path + (k,))
                walk(v, path + (k,))
        elif isinstance(node, list):
            for i, v in enumerate(node):
                paths.append(path + (i,))
                walk(v, path + (i,))

    walk(document, ())
    path = draw(st.sampled_from(paths))
    *outer, last = path
    parent = document
    for key in outer:
        parent = parent[key]
    value = parent[last]
    if kind == "number" and isinstance(value, (int, float)) and not isinstance(value, bool):
        parent[last] = draw(st.sampled_from([value + 1, -value, value * 1.000001, 0, 1e308, 10**6]))
    elif kind == "rename" and isinstance(value, str):
        parent[last] = draw(st.sampled_from([value + "x", "", "deviation", "uniform", "nash"]))
    elif kind == "drop" and isinstance(parent, dict):
        del parent[last]
    elif kind == "repeat" and isinstance(parent, dict):
        text = json.dumps(document)
        key = json.dumps(last)
        forged = json.dumps(draw(st.sampled_from([0, 1.5, "forged", [], {}])))
        return text.replace(key + ": ", key + ": " + forged + ", " + key + ": ", 1).encode()
    else:
        parent[last] = None
    return json.dumps(document).encode()


@_examples(default=25, slow=400)
@given(data=st.data())
def test_a_corrupted_result_file_verifies_only_as_written(result_file, data, tmp_path):
    _fuzz_verify(result_file, data.draw(json_edits(result_file)), tmp_path)
