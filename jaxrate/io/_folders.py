"""Several tables of one shape (a folder of them, a glob, several paths) read as one table.

People publish a board as one file per model (``chronos-t5-base-in-domain.csv``), per benchmark or
per family of models (NeMo's ``scores/en/*.csv``). Tables with one header are one table: their rows
concatenated, each with the file it came from (a ``file`` column); where no column names the models,
the files do (their names less the ending they share, said). Tables of several shapes are refused,
naming a glob for each shape.
"""

from __future__ import annotations

import os
import re

from jaxrate.io._assumed import Assumed
from jaxrate.io._roles import few

__all__ = ["FILE_COLUMN", "JOINED", "joined_frame", "keyed_frame", "nested_headers", "shapes"]

FILE_COLUMN = "file"
# The files a folder's tables are joined from: data tables, not documents (a README.md, a config.yaml).
JOINED = (
    ".csv",
    ".tsv",
    ".tab",
    ".txt",
    ".parquet",
    ".pq",
    ".feather",
    ".xlsx",
    ".json",
    ".jsonl",
    ".ndjson",
    ".yaml",
    ".yml",
    ".md",
    ".markdown",
)


def _header(path: str, table=None) -> tuple[str, ...]:
    from jaxrate.io._tables import read_frame
    from jaxrate.io._text import DELIMITED, first_row, suffix

    if suffix(path) in DELIMITED:
        return tuple(c.strip() for c in first_row(path))
    return tuple(str(c).strip() for c in read_frame(path, table=table).columns)


def unreadable(problems: list[str], options) -> list:
    """A folder's files that cannot be read (``problems``: each one's error): the first an error naming
    ``--skip-unreadable``, or with it each left out, said (one assumption)."""
    if not problems:
        return []
    if options is None or not options.skip_unreadable:
        more = f" ({len(problems) - 1} more such files)" if len(problems) > 1 else ""
        flag = options.flag("skip_unreadable") if options is not None else "skip_unreadable=True"
        raise ValueError(f"{problems[0]}{more}; fix or remove it, or leave such files out with {flag}")
    from jaxrate.io._assumed import Assumed
    from jaxrate.io._roles import few

    files = few([p.split(": ", 1)[0] for p in problems], 4, str)
    return [Assumed("files", f"left out {len(problems)} unreadable file(s): {files}", problems[0],
                    "fix them to read them", "--skip-unreadable")]  # fmt: skip


def readable(paths: list[str], options) -> tuple[list[str], list]:
    """The tables whose header can be read; one that cannot (a YAML file holding ``{}``, a table cut
    short) is :func:`unreadable`."""
    kept, problems = [], []
    for p in paths:
        try:
            _header(p, options.table)
            kept.append(p)
        except ValueError as err:
            problems.append(str(err))
    said = unreadable(problems, options)
    if not kept:
        raise ValueError(f"{problems[0]} (and every other table here)")
    return kept, said


def shapes(paths: list[str], table=None) -> dict[tuple[str, ...], list[str]]:
    """The tables grouped by header, largest group first (``table``: each Markdown file's, ``--table``)."""
    groups: dict[tuple[str, ...], list[str]] = {}
    for p in paths:
        groups.setdefault(_header(p, table), []).append(p)
    return dict(sorted(groups.items(), key=lambda g: -len(g[1])))


def _stem(path: str, root: str) -> str:
    from jaxrate.io._text import suffix

    rel = os.path.relpath(path, root) if root else os.path.basename(path)
    rel = rel.replace(os.sep, "/")
    ext = suffix(path)
    lower = rel.lower()
    for end in (ext + ".gz", ext + ".bz2", ext + ".xz", ext + ".zip", ext):
        if ext and lower.endswith(end):
            return rel[: -len(end)]
    return rel


def _shared_end(stems: list[str]) -> str:
    """The ending every stem shares, from a separator on (``-agg-rel-scores``), or ``""``."""
    if len(stems) < 2:
        return ""
    end = os.path.commonprefix([s[::-1] for s in stems])[::-1]
    cut = re.search(r"[-_. ]", end)
    end = end[cut.start() :] if cut else ""
    return end if all(len(s) > len(end) for s in stems) else ""


def _globs(group: list[str], others: list[str], root: str) -> list[str]:
    """Globs that pick ``group``'s files and none of ``others``: ``root/*ENDING``, the shortest ending
    from a separator on that no other file has."""
    globs = []
    endings = {_ending(os.path.basename(p), others) for p in group}
    folders = {os.path.dirname(p) for p in group}
    if len(endings) == 1 and len(folders) > 3:  # one ending, in many folders: one recursive glob
        top = os.path.commonpath([os.path.abspath(p) for p in folders])
        top = os.path.relpath(top, root) if root else top
        return [os.path.join("" if top == "." else top, "**", "*" + endings.pop())]
    for path in group:
        ending = _ending(os.path.basename(path), others)
        globs.append(os.path.join(os.path.dirname(os.path.relpath(path, root)) if root else "", "*" + ending))
    return list(dict.fromkeys(globs))


def _ending(name: str, others: list[str]) -> str:
    """The shortest ending of file ``name``, from a separator on, that none of ``others`` has."""
    starts = [0] + [m.end() for m in re.finditer(r"[-_. ]", name)]
    return next(
        (name[k:] for k in sorted(starts, reverse=True) if not any(o.endswith(name[k:]) for o in others)),
        name,
    )


def _is_number(text: str) -> bool:
    try:
        float(text)
        return True
    except ValueError:
        return False


def nested_headers(groups: dict) -> bool:
    """Whether tables of several headers are one table with columns some files lack: one first column,
    and every header's columns among the widest's (BARS: ``gAUC`` in 4 of 13 leaderboards)."""
    headers = [h for h in groups if h]
    if len(headers) != len(groups):
        return False
    widest = max(headers, key=len)
    return all(h[0] == widest[0] and set(h) <= set(widest) and len(set(h)) == len(h) for h in headers)


def refuse_shapes(where: str, groups: dict, root: str) -> None:
    """Tables of several shapes: a ``ValueError`` naming each shape and a glob that picks it."""
    numbers = [h for h in groups if h and all(_is_number(c) for c in h)]
    if len(numbers) * 2 > len(groups):  # most "headers" are rows of numbers: tables without one
        raise ValueError(
            f"{where}: its tables have no header row (their first rows are numbers, such as "
            f"{few(list(numbers[0]), 3)}): jaxrate reads tables whose first row names their columns"
        )
    said = []
    every = [p for files in groups.values() for p in files]
    for header, files in list(groups.items())[:3]:
        others = [os.path.basename(p) for p in every if p not in files]
        globs = " ".join(repr(os.path.join(root, g) if root else g) for g in _globs(files, others, root)[:3])
        said.append(f"{len(files)} like {os.path.basename(files[0])} ({few(list(header), 4)}): {globs}")
    raise ValueError(
        f"{where}: holds tables of {len(groups)} shapes, rated together only when they have one header; "
        f"name the files of one: {'; '.join(said)}"
    )


_DOCUMENTS = (".json", ".yaml", ".yml")


def _document(path: str):
    """A JSON or YAML file's one object (a model's or a run's document: fields, some nested), or
    ``None`` where it holds a table (records, or an object of objects only)."""
    from jaxrate.io._text import suffix

    if suffix(path) not in _DOCUMENTS:
        return None
    if suffix(path) == ".json":
        from jaxrate.results._files import load_json

        data = load_json(path)
    else:
        import yaml

        from jaxrate.io._documents import _plain_values
        from jaxrate.io._text import open_text

        try:
            with open_text(path) as f:
                data = _plain_values(yaml.safe_load(f))
        except yaml.YAMLError as err:
            raise ValueError(f"{path}: not valid YAML: {' '.join(str(err).split())}") from None
    plain = isinstance(data, dict) and any(not isinstance(v, (dict, list)) for v in data.values())
    return data if plain else None


def _flat(data: dict, prefix: str = "") -> dict:
    """A document's fields, nested objects as ``outer/inner`` (lists left out: runs of values, not cells)."""
    out = {}
    for key, value in data.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            out.update(_flat(value, name + "/"))
        elif not isinstance(value, list):
            out[name] = value
    return out


def documents_frame(paths: list[str], options):
    """JSON or YAML files holding one document each (a model's submission, a run's report) as one table:
    one row per file, nested fields as ``outer/inner`` columns, the file each came from; ``None``
    where a file holds a table instead."""
    import pandas as pd

    found = [_document(p) for p in paths]
    if not paths or any(d is None for d in found):
        return None
    root = os.path.commonpath([os.path.dirname(os.path.abspath(p)) for p in paths])
    _refuse_listed_results(root, found)
    stems = [_stem(os.path.abspath(p), root) for p in paths]
    rows = [_flat(d) for d in found]
    columns = list(dict.fromkeys(k for r in rows for k in r))
    frame = pd.DataFrame([[r.get(c) for c in columns] for r in rows], columns=columns, dtype=object)
    from jaxrate.io._layouts import common_name
    from jaxrate.io._roles import MODEL_COLUMNS, MORE_MODELS

    named = _names_a_column(options.model, columns) or any(
        common_name(c) in MODEL_COLUMNS + MORE_MODELS for c in columns
    )
    column = FILE_COLUMN if FILE_COLUMN not in columns else "__file__"
    notes: list = [
        f"read {len(paths)} documents as one table, a row each, nested fields as outer/inner columns"
    ]
    if not named:
        end = _shared_end(stems)
        stems = [s[: len(s) - len(end)] for s in stems]
        column = "model"
        notes.append(
            Assumed(
                "models",
                "the models are the files' names",
                "no field names them",
                "--model-col FIELD names them by a field",
                "--model-col model",
            )  # fmt: skip
        )
    frame[column] = stems
    dirs, parts = path_columns(paths)
    dirs = [d for d in dirs if d != FILE_COLUMN and d not in columns]
    for k, d in enumerate(dirs):  # the folders that tell the files apart, for --model-col and --task-col
        frame[d] = [part[k] for part in parts]
    if dirs:
        notes.append(f"the parts of the files' paths that differ are the columns {few(dirs, 4)}")
    if not named:
        frame = frame[[column] + columns + dirs]
    frame.attrs["notes"] = notes
    nested = [
        c
        for c in columns
        if "/" in c and any(isinstance(v, (int, float)) and not isinstance(v, bool) for v in frame[c])
    ]
    frame.attrs["groups"] = list(dict.fromkeys(c.split("/")[0] for c in nested))
    frame.attrs["picks"] = _picks(nested)
    return frame


def _refuse_listed_results(root: str, documents: list[dict]) -> None:
    """A ``ValueError`` where the documents hold numbers in lists of records (every_eval_ever's
    ``evaluation_results: [{evaluation_name, score_details: {score}}]``): a row per file would leave
    the results out and rate what is beside them (a timestamp)."""
    from jaxrate.io._nested import _lists_with_numbers

    listed = list(dict.fromkeys(k for d in documents for k in _lists_with_numbers(d)))
    if listed:
        shown = os.path.relpath(root) if not os.path.relpath(root).startswith("..") else root
        raise ValueError(
            f"{shown}: its documents hold their results in lists of records ({few(listed, 3)}), which a "
            "folder read a row per file would leave out: rate one file (its records are unfolded), or "
            "write the folder as one long table (model, task, score)"
        )


def _names_a_column(model, columns: list[str]) -> bool:
    """Whether ``--model-col`` names a column of the files (``model`` names the files' own column)."""
    if model is None:
        return False
    given = [model] if isinstance(model, str) else list(model)
    parts = [p.strip() for g in given for p in str(g).split(",")]
    return any(p in columns for p in parts) or "model" not in parts


def _picks(columns: list[str]) -> list[str]:
    """Globs that pick nested columns of one kind (``eval_metrics/icl/*``, ``results/*/pass_1``): those
    covering most columns, at most three."""
    import fnmatch

    found: dict[str, int] = {}
    for c in columns:
        parts = c.split("/")
        found["/".join(parts[:-1] + ["*"])] = 0
        if len(parts) >= 3:
            found["/".join(parts[:-2] + ["*", parts[-1]])] = 0
    for glob in found:
        found[glob] = sum(fnmatch.fnmatchcase(c, glob) for c in columns)
    # one metric across tasks (results/*/pass_1) before every metric of one task (results/retail/*)
    from jaxrate.io._nested import _SETTINGS

    settings = lambda g: _SETTINGS.fullmatch(g.split("/")[0].strip().lower()) is not None  # noqa: E731
    best = sorted(
        (g for g, n in found.items() if n >= 2), key=lambda g: (settings(g), -found[g], g.endswith("/*"), g)
    )
    return best[:3]


def joined_frame(paths: list[str], options, name: str):
    """The tables at ``paths`` (one header) as one frame, its rows in the files' order, with the file each
    came from; ``frame.attrs["notes"]`` says so (and, where no column names the models, that the files do)."""
    import pandas as pd

    from jaxrate.io._cells import refuse_names_twice
    from jaxrate.io._documents import table_said
    from jaxrate.io._layouts import common_name
    from jaxrate.io._roles import MODEL_COLUMNS, MORE_MODELS
    from jaxrate.io._tables import read_frame

    root = os.path.commonpath([os.path.dirname(os.path.abspath(p)) for p in paths])
    frames = [read_frame(p, options.sep, options.table) for p in paths]
    for path, frame in zip(paths, frames):
        frame.columns = [str(c).strip() for c in frame.columns]
        with table_said(list(frame.attrs.get("notes", ()))):  # which of a page's tables, and --table
            refuse_names_twice(path, list(frame.columns))  # joined, a repeated name would make a frame
    stems = [_stem(os.path.abspath(p), root) for p in paths]
    columns = list(max((list(f.columns) for f in frames), key=len))  # some files may lack a column
    lacking = sorted({c for f in frames for c in columns if c not in f.columns})
    named = _names_a_column(options.model, columns) or any(
        common_name(c) in MODEL_COLUMNS + MORE_MODELS for c in columns
    )
    column = FILE_COLUMN if FILE_COLUMN not in columns else "__file__"
    named_metric = None
    notes: list = [
        f"read {len(paths)} tables of one shape as one ({few([os.path.basename(p) for p in paths], 3)})"
    ]
    if not named:
        stems, named_metric, said = _files_as_models(stems)
        column = "model"
        notes.append(said)
    if lacking:
        some = sum(any(c not in f.columns for c in lacking) for f in frames)
        notes.append(
            f"{some} of the {len(frames)} tables lack the column(s) {few(lacking, 4)}: their cells there "
            "are empty"
        )
    parts = []
    for frame, stem in zip(frames, stems):
        frame = frame.reindex(columns=columns)
        frame[column] = stem
        parts.append(frame)
    read, said = _files_said(frames)
    notes += read
    joined = pd.concat(parts, ignore_index=True)
    if not named:  # the files' names first: a wide table's models are its first column
        joined = joined[[column] + columns]
    joined.attrs["notes"] = notes
    named_metric = said or (None if said is False or named else named_metric)
    if named_metric:
        joined.attrs["metric"] = named_metric
    if not named and not named_metric:
        joined = _model_and_metric(joined, notes)
    return joined


def _files_as_models(stems: list[str]) -> tuple[list[str], str | None, Assumed]:
    """The files' names less the ending they share (the models), the metric that ending names where it
    names one (``DrCIF_rmse.csv``, ``FreshPRINCE_rmse.csv``: RMSEs), and the note that says so."""
    from jaxrate.io._roles import direction

    end = _shared_end(stems)
    metric = end.strip("-_. ")
    evidence = "no column names them" + (f"; the names less the ending {end!r} they share" if end else "")
    said = Assumed(
        "models", "the models are the files' names", evidence, "--model-col COLUMN names them by a column",
        "--model-col model",
    )  # fmt: skip
    return (
        [s[: len(s) - len(end)] for s in stems],
        metric if metric and direction(metric) is not None else None,
        said,
    )


def _files_said(frames: list) -> tuple[list, str | None | bool]:
    """How each file was read (a Markdown file's notes), and the metric every file's text names
    (``None``: none names one; ``False``: they disagree, or some say and some do not, so none is taken,
    nor said)."""
    read = [n for f in frames for n in f.attrs.get("notes", ())]
    said = {f.attrs.get("metric") for f in frames}
    if len(said) > 1:
        read = [n for n in read if getattr(n, "topic", None) != "direction"]
        return list(dict.fromkeys(read)), False
    return list(dict.fromkeys(read)), next(iter(said))


def _model_and_metric(joined, notes: list):
    """Files named ``<model>_<metric>`` (``HC1_accuracy.csv``, ``HC1_logloss.csv``): the model and the
    metric each a column of their own, where every name ends in a metric and there are several."""
    from jaxrate.io._roles import direction

    parts = [str(s).rsplit("_", 1) for s in joined["model"]]
    if not all(len(p) == 2 and p[0] and direction(p[1]) is not None for p in parts):
        return joined
    if len({p[1] for p in parts}) < 2 or "metric" in joined.columns:
        return joined
    joined = joined.copy()
    joined["model"] = [p[0] for p in parts]
    joined.insert(1, "metric", [p[1] for p in parts])
    notes.append("the files' names are <model>_<metric> (each name ends in a metric's): both read from them")
    return joined


def _keyed(path: str):
    """A JSON or YAML file holding an object of objects (``{task: {metric: score}}``), or ``None``."""
    from jaxrate.io._text import suffix

    if suffix(path) not in _DOCUMENTS:
        return None
    if suffix(path) == ".json":
        from jaxrate.results._files import load_json

        data = load_json(path)
    else:
        import yaml

        from jaxrate.io._text import open_text

        with open_text(path) as f:
            data = yaml.safe_load(f)
    keyed = isinstance(data, dict) and data and all(isinstance(v, dict) for v in data.values())
    return data if keyed else None


def path_columns(paths: list[str]) -> tuple[list[str], list[list[str]]]:
    """The parts of the files' paths below their common folder that differ between files, as columns:
    ``dir1``, ``dir2``, ... (by depth) and ``file`` (the name less the ending every file shares); a
    folder named by a number (a run's, a seed's) is written ``#7``, a name, never a score."""
    root = os.path.commonpath([os.path.dirname(os.path.abspath(p)) for p in paths])
    stems = [_stem(os.path.abspath(p), root).split("/") for p in paths]
    end = _shared_end([s[-1] for s in stems])
    depth = max(len(s) for s in stems)
    names, values = [], []
    for k in range(depth - 1):
        column = [s[k] if k < len(s) - 1 else "" for s in stems]
        if len(set(column)) > 1:
            names.append(f"dir{k + 1}")
            values.append([f"#{v}" if _is_number(v) else v for v in column])  # a run's number: a name
    files = [s[-1][: len(s[-1]) - len(end)] for s in stems]
    if len(set(files)) > 1:
        names.append(FILE_COLUMN)
        values.append(files)
    return names, [list(row) for row in zip(*values)] if values else [[] for _ in paths]


def keyed_frame(paths: list[str]):
    """Files of other shapes that each hold an object of objects (``{task: {metric: score}, total:
    {...}}``, a model or a run named only by its folder or file) as one long table: a row per key of
    each file (its fields as columns, nested ones ``outer/inner``), beside the parts of the file's path
    that differ (``dir1``, ``dir2``, ..., ``file``); ``None`` where a file holds something else."""
    import pandas as pd

    found = [_keyed(p) for p in paths]
    if len(paths) < 2 or any(d is None for d in found):
        return None
    from jaxrate.io._nested import _SETTINGS
    from jaxrate.io._roles import AGGREGATE_WORDS, words

    names, parts = path_columns(paths)
    shapes = [set(inner) for data in found for inner in data.values()]

    def aside(key, inner) -> bool:  # "total" (led by an aggregate's word), or settings not shaped as results
        if words(key)[:1] and words(key)[0] in AGGREGATE_WORDS:
            return True
        shaped = sum(bool(set(inner) & other) for other in shapes) > len(found)  # its fields are others'
        return bool(_SETTINGS.fullmatch(str(key).strip().lower())) and not shaped

    left = list(dict.fromkeys(str(k) for data in found for k, v in data.items() if aside(k, v)))
    rows = [
        {**dict(zip(names, part)), "key": str(key), **_flat(inner)}
        for data, part in zip(found, parts)
        for key, inner in data.items()
        if not aside(key, inner)
    ]
    if not rows:
        return None
    columns = list(dict.fromkeys(c for r in rows for c in r))
    frame = pd.DataFrame([[r.get(c) for c in columns] for r in rows], columns=columns, dtype=object)
    frame.attrs["notes"] = [
        f"read {len(paths)} files of objects as one long table: a row per key of each file ('key'), "
        f"beside the parts of their paths that differ ({', '.join(map(repr, names)) or 'none'})"
    ]
    if left:
        frame.attrs["notes"].append(
            f"left out the keys {few(left, 4)}: by their names, aggregates of the others or settings, "
            "not tasks"
        )
    return frame
