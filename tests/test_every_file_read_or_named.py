"""Every file of a folder is read or named (issue 51): a results file that cannot be read is an error
naming it, or, with ``--skip-unreadable``, left out and named; never a model lost in silence.

The folder is lm-evaluation-harness 0.4.13's own output (``tests/data/harness``: three models, one
results file each); each case damages model-c's results file the way files arrive damaged.
"""

from __future__ import annotations

import os
import shutil

import pytest

from jaxrate import io
from jaxrate.cli import main

PER_MODEL = os.path.join(os.path.dirname(__file__), "data", "harness", "lm_eval", "outputs", "per_model")


def _folder(tmp_path):
    folder = tmp_path / "runs"
    shutil.copytree(PER_MODEL, folder)
    (results,) = (folder / "model-c" / "org__model-c").glob("results_*.json")
    return folder, results


def _cli(capsys, *argv):
    code = main(["rate", *map(str, argv), "--progress", "never"])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _damage(path, how: str) -> None:
    text = path.read_text(encoding="utf-8")
    if how == "empty":
        path.write_bytes(b"")
    elif how == "cut short":
        path.write_text(text[: len(text) // 2], encoding="utf-8")
    elif how == "latin-1":
        path.write_bytes(text.replace('"model_name"', '"model_n\u00e4me"', 1).encode("latin-1"))
    elif how == "NUL bytes":
        path.write_bytes(text.encode() + b"\x00\x00")
    elif how == "a key twice":
        twice = text.replace('{\n  "results": {', '{\n  "results": {}, "results": {', 1)
        path.write_text(twice, encoding="utf-8")


@pytest.mark.parametrize(
    "how, said",
    [
        ("empty", "the file is empty"),
        ("cut short", "not JSON ("),
        ("latin-1", "not UTF-8 text"),
        ("NUL bytes", "holds NUL characters"),
        ("a key twice", "the key 'results' appears twice in one object"),
    ],
)
def test_a_results_file_that_cannot_be_read_is_named_never_lost(tmp_path, capsys, how, said):
    folder, results = _folder(tmp_path)
    assert io.read_harness(str(folder)).table().shape[0] == 3
    _damage(results, how)
    code, out, err = _cli(capsys, folder)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, err
    assert f"{results.name}: {said}" in err and "--skip-unreadable" in err
    code, out, err = _cli(capsys, folder, "--skip-unreadable")  # left out, and named
    assert code == 0 and "2 agents" in out
    assert f"assumed: left out 1 unreadable file(s): {results}" in err


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16"])
def test_a_results_file_with_a_byte_order_mark_is_read(tmp_path, encoding):
    folder, results = _folder(tmp_path)
    results.write_text(results.read_text(encoding="utf-8"), encoding=encoding)
    before = io.read_harness(PER_MODEL).table()
    after = io.read_harness(str(folder)).table()
    assert after.shape == before.shape and (after.loc[before.index, before.columns] == before).all().all()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this platform")
def test_a_fifo_is_never_opened(tmp_path, capsys):
    folder, _ = _folder(tmp_path)
    pipe = folder / "model-c" / "pipe.json"
    os.mkfifo(pipe)
    code, _, err = _cli(capsys, folder)  # in a folder: named, not read (reading it would block)
    assert code == 2 and "pipe.json: a FIFO, not a file jaxrate reads" in err and "--skip-unreadable" in err
    named = tmp_path / "board.csv"
    os.mkfifo(named)
    code, _, err = _cli(capsys, named)
    assert code == 2 and "board.csv: a FIFO, not a file jaxrate reads" in err and len(err.splitlines()) == 1
    code, out, _ = _cli(capsys, folder, "--skip-unreadable")
    assert code == 0 and "3 agents" in out


def test_files_that_hold_no_results_are_named(tmp_path, capsys):
    folder, _ = _folder(tmp_path)
    (folder / "README.md").write_text("# runs\n")
    (folder / "model-a" / "config.json").write_text('{"seed": 1}')
    code, _, err = _cli(capsys, folder)
    assert code == 0 and "passed over 2 file(s) that hold no results: README.md, config.json" in err
