"""Tables written in documents: YAML records and Markdown pipe tables, read as DataFrames.

A **YAML** file (``.yaml``, ``.yml``) holding a list of records (one per model or run) or a mapping
of records is read as JSON of the same shape is (:func:`jaxrate.io._tables.read_frame`), PyYAML's
``safe_load`` reading it (imported only here). A **Markdown** file (``.md``, ``.markdown``) is read
by its pipe tables (GitHub's form: a header row, a delimiter row ``|---|--:|``, body rows), a web
page (``.htm``, ``.html``) by its ``<table>`` elements, a reStructuredText page (``.rst``: Sphinx
documentation) by its grid and simple tables and ``list-table`` / ``csv-table`` directives; a README
holding text and several tables gives its largest, said as an
:class:`~jaxrate.io._assumed.Assumed` note. Cells lose their Markdown (``**bold**``, ``[text](url)``,
inline code, ``<br>``) and keep their text otherwise (``1.8 %`` stays text for the cells stage).
"""

from __future__ import annotations

import contextlib
import datetime
import html
import os
import re
from typing import NamedTuple

from jaxrate.io._assumed import Assumed
from jaxrate.io._text import is_missing_marker, open_text

__all__ = [
    "MARKDOWN",
    "YAML",
    "is_text",
    "markdown_frame",
    "markdown_tables",
    "plain",
    "table_said",
    "yaml_records",
]

YAML = (".yaml", ".yml")
MARKDOWN = (
    ".md",
    ".markdown",
    ".mdx",
    ".qmd",
    ".htm",
    ".html",
    ".rst",
)  # pages: READMEs, MDX, Quarto, web, Sphinx


def is_text(path: str) -> bool:
    """Whether ``path`` is a ``.txt`` holding a table aligned by spaces (read as a page's tables are)."""
    from jaxrate.io._text import suffix
    from jaxrate.io._text_tables import has_text_table

    return suffix(path) == ".txt" and has_text_table(path)


def yaml_records(path: str):
    """A YAML list (or mapping) of records, as JSON would hold it (:func:`jaxrate.io._tables.read_frame`
    reads that as it reads JSON)."""
    import yaml

    try:
        with open_text(path) as f:
            data = yaml.load(f, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # safe_load, in C
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f"line {mark.line + 1}: " if mark is not None else ""
        problem = " ".join(str(getattr(err, "problem", None) or err).split())
        raise ValueError(f"{path}: not valid YAML: {where}{problem}") from None
    from jaxrate.io._nested import is_tree

    records = isinstance(data, list) and data and all(isinstance(r, dict) for r in data)
    keyed = isinstance(data, dict) and data and all(isinstance(r, dict) for r in data.values())
    if not (records or keyed or is_tree(data)):
        shown = "nothing" if not data else f"a {type(data).__name__}"
        shown += " of other things than records" if isinstance(data, (list, dict)) and data else ""
        raise ValueError(
            f"{path}: YAML holding {shown}, not a table: write a list of records (- model: NAME, "
            "TASK: SCORE, ...), one per model, or a mapping of model names to records"
        )
    return _plain_values(data)


def _plain_values(data):
    """``data`` with YAML's dates and times as the text they were written as (ISO 8601)."""
    if isinstance(data, dict):
        return {k: _plain_values(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_plain_values(v) for v in data]
    return data.isoformat() if isinstance(data, (datetime.date, datetime.time)) else data


class Table(NamedTuple):
    """One pipe table of a Markdown file: the ``line`` of its header (1-based), the section ``heading``
    above it (``""`` when none), its ``header`` cells and ``rows`` (each padded to the header's width)."""

    line: int
    heading: str
    header: list[str]
    rows: list[list[str]]
    above: str = ""  # the text between the heading (or the table before) and this one, its last lines
    path: tuple = ()  # the headings it is under, outermost first ("Scores", "Antmaze")
    below: str = ""  # the paragraph right under it ("Metric: Logloss (lower is better).")
    caption: str = ""  # a short line ending in ':' right above it ("Java to C#:"), without the ':'
    fault: str = ""  # a row with more cells than its header (read as GitHub shows it: the excess left off)
    spread: str = ""  # what was read of a body cell over several columns (HTML colspan): one score each

    @property
    def size(self) -> int:
        return len(self.rows) * len(self.header)


_DELIMITER = re.compile(r"^\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?$")
_FENCE = re.compile(r"^\s{0,3}(```|~~~)")
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$")


def _cells(line: str) -> list[str]:
    """A table row's cells: split on ``|`` but not ``\\|``, the outer pipes dropped."""
    text = line.strip()
    text = text[1:] if text.startswith("|") else text
    text = text[:-1] if text.endswith("|") and not text.endswith("\\|") else text
    return [c.replace("\\|", "|").strip() for c in re.split(r"(?<!\\)\|", text)]


def markdown_tables(path: str, lines: list[str], in_code: bool = False) -> list[Table]:
    """Every pipe table in ``lines`` outside fenced code (``in_code``: inside it too), in order.

    Raises:
      ValueError: naming the line of a row with more cells than its header.
    """
    from jaxrate.io._rst_tables import rst_titles

    tables: list[Table] = []
    heading, fenced, k, prose, levels, said = "", False, 0, [], {}, ""
    titles = rst_titles(lines) if os.path.splitext(path)[1].lower() == ".rst" else {}
    spanned: dict = {}
    raw, inside = _grids(path, lines, in_code, spanned)
    while k < len(lines):
        line = lines[k]
        if k in titles:  # a reStructuredText section title: its text, under- (and over-) lined
            depth, title, used = titles[k]
            heading = plain(title)
            levels = {d: h for d, h in levels.items() if d < depth} | {depth: heading}
            k, prose, said = k + used, [], ""
            continue
        # an HTML <table>, a reStructuredText table or one aligned by spaces: header rows joined per column
        if k in (inside if fenced else raw):
            end, grid, head = (inside if fenced else raw)[k]
            table = _html_table(
                grid, head, (heading, " ".join(prose), tuple(levels[d] for d in sorted(levels)))
            )
            if table.rows:  # a table of badges or images only (no rows under its header) is layout, not data
                table = table._replace(line=k + 1, below=_below(lines, end), caption=_caption(said, prose))
                tables.append(table._replace(spread=_spread(table, grid, spanned.get(k, []))))
            k, prose, said = end, [], ""
            continue
        if _FENCE.match(line):
            fenced = not fenced  # a "# comment" in code is no heading, even where its tables are read
        found = None if fenced else _HEADING.match(line)
        heading = plain(found.group(1)) if found else heading
        if found:
            depth = len(line.strip()) - len(line.strip().lstrip("#"))
            levels = {d: h for d, h in levels.items() if d < depth} | {depth: heading}
        prose, said = ([], "") if found else (prose, said)
        below = lines[k + 1].strip() if k + 1 < len(lines) else ""
        if fenced and not in_code or "|" not in line or not _DELIMITER.match(below) or "-" not in below:
            if not fenced and not found and line.strip() and not _FENCE.match(line):
                prose, said = [*prose[-2:], plain(line)], line.rstrip()
            k += 1
            continue
        header = [plain(c) for c in _cells(line)]
        if len(_cells(below)) != len(header):
            k += 1
            continue  # not a table: GitHub needs as many delimiter cells as header cells
        rows, j, fault = _body(path, lines, k + 2, len(header))
        path = tuple(levels[d] for d in sorted(levels))
        caption = _caption(said, prose)
        below = _below(lines, j)
        tables.append(Table(k + 1, heading, header, rows, " ".join(prose), path, below, caption, fault))
        k, prose, said = j, [], ""
    return tables


def _grids(path: str, lines: list[str], in_code: bool, spanned: dict) -> tuple[dict, dict]:
    """A page's tables that are not pipe tables, ``{first line: (line after it, rows, header rows)}``:
    those read outside fenced code (HTML, reStructuredText's, a ``.txt``'s aligned by spaces) and those
    read inside it (aligned by spaces, where ``in_code``: a page whose tables are all printed in code)."""
    from jaxrate.io._html_tables import html_tables
    from jaxrate.io._rst_tables import rst_tables
    from jaxrate.io._text_tables import text_tables

    found = list(html_tables(lines, spanned))
    found += rst_tables(lines) if os.path.splitext(path)[1].lower() == ".rst" else []
    found += text_tables(lines) if is_text(path) else []
    inside = text_tables(lines) if in_code else []
    return {s: (e, grid, head) for s, e, grid, head in found}, {s: (e, g, h) for s, e, g, h in inside}


def _html_table(grid: list[list[str]], head: int, where: tuple) -> Table:
    """An HTML table's grid as a :class:`Table`: its header rows joined per column (``ImageNet / k-NN``);
    ``where`` is its heading, the text above it and its headings' path."""
    header = [
        plain(" / ".join(dict.fromkeys(c for c in column if c))) for column in zip(*grid[: max(head, 1)])
    ]
    rows = [[body(c) for c in r] for r in grid[max(head, 1) :]]
    return Table(0, where[0], header, rows, where[1], where[2])


def _spread(table: Table, grid: list[list[str]], places: list[tuple[int, int, int]]) -> str:
    """The note for a table's body numbers written once over several columns (HTML ``colspan``):
    read as the score of each column they span, said (gtrick's ``Random Forest + Fingerprint``, one
    result over ``GCN`` and ``GIN``)."""
    if not places:
        return ""
    shown = []
    for i, j, n in places[:2]:
        under = table.header[j : j + n]
        shown.append(f"{grid[i][0]!r}: {grid[i][j]!r} under {' and '.join(map(repr, under[:3]))}")
    more = f" and {len(places) - 2} more" if len(places) > 2 else ""
    return (
        f"read {len(places)} score cell(s) written once over several columns as the score of each "
        f"({'; '.join(shown)}{more}): one result, counted under every column it spans"
    )


def _body(path: str, lines: list[str], j: int, width: int) -> tuple[list[list[str]], int, str]:
    """A pipe table's rows from line ``j`` (0-based) on, each padded to ``width`` cells, the line
    after them, and what is wrong with them: a row with more cells than its header (GitHub leaves
    the excess off, as read here; :func:`markdown_frame` refuses it where the table is rated). A
    rule between groups of rows (``|---|---|``) is passed over."""
    rows, fault = [], ""
    while j < len(lines) and lines[j].strip() and "|" in lines[j]:
        if _DELIMITER.match(lines[j].strip()) and "-" in lines[j]:
            j += 1
            continue
        cells = [body(c) for c in _cells(lines[j])]
        while len(cells) > width and not cells[-1]:
            cells.pop()  # a row written with an empty cell more (section rows often are)
        if len(cells) > width and not fault:
            fault = (
                f"{path}: line {j + 1}: a table row with {len(cells)} cells under a header of "
                f"{width} (a '|' inside a cell? write it as \\|)"
            )
        rows.append(cells[:width] + [""] * (width - len(cells)))
        j += 1
    return rows, j, fault


_EMPHASISED = re.compile(r"^(\*\*|__|\*|_)[^*_].*\1$")


def _caption(line: str, prose: list[str]) -> str:
    """A table's caption: the line right above it (``line`` as written, ``prose`` as read) where it is
    short and ends in ':' (``Java to C#:``) or is emphasised whole (``**Models with 100k params**``), or
    is a list item of a few words standing alone (Mol-Instructions' ``- Forward Reaction Prediction``:
    not indented, no item above it, no ``key: value``, no sentence's full stop)."""
    if not prose or len(prose[-1]) > 100:
        return ""
    item = line[:2] in ("- ", "* ", "+ ") and not (len(prose) > 1 and _LISTED.match(prose[-2]))
    item = item and len(prose[-1]) <= 60 and len(prose[-1].split()) <= 8 and ":" not in prose[-1]
    item = item and not prose[-1].rstrip().endswith((".", ";", ","))
    line = line.strip()
    if not (line.endswith(":") or _EMPHASISED.match(line) or item):
        return ""
    return (prose[-1][2:] if item else prose[-1]).rstrip(":").strip()


def _below(lines: list[str], j: int) -> str:
    """The paragraph right under a table ending at line ``j`` (blank lines skipped; none where a
    heading, a table, a list or code comes first), its first two lines; none where a table follows
    it, or it ends in ':' (it is then the next table's text, not this one's)."""
    while j < len(lines) and not lines[j].strip():
        j += 1
    kept: list[str] = []
    while j < len(lines) and lines[j].strip() and len(kept) < 2:
        line = lines[j].strip()
        if _HEADING.match(line) or _FENCE.match(line) or "|" in line or _LISTED.match(line):
            break
        kept.append(plain(line))
        j += 1
    while j < len(lines) and not lines[j].strip():
        j += 1
    if kept and (kept[-1].endswith(":") or j < len(lines) and "|" in lines[j]):
        return ""
    return " ".join(kept)


_LISTED = re.compile(r"^(?:[-*+]\s|>|\d+[.)]\s)")  # a list item or a quote (an italic caption is neither)


def _sections(rows: list[list[str]]) -> tuple[list[list[str]], list[str]]:
    """A table's rows without its section rows (a name and no other cell: ``**Open models**``), and
    those rows' names."""
    kept = [r for r in rows if any(c for c in r[1:])]
    return kept, [r[0] for r in rows if r[0] and not any(c for c in r[1:])]


def _rows_named_as_tasks(table: Table) -> bool:
    """Whether a table's first header cell names its rows as tasks (``Category``, ``Task``): section rows
    over them then part the tasks (``Turn 1``); over models they may be versions or tasks, not said."""
    from jaxrate.io._orientation import TASK_WORDS

    return bool(table.header) and table.header[0].strip().lower() in TASK_WORDS


def _in_sections(rows: list[list[str]]) -> list[list[str]] | None:
    """The rows named ``section / name`` where their names repeat from section to section and so
    named are each once (a printed report's ``--- Turn 1 ---`` and ``--- Turn 2 ---`` over the same
    categories); None where no name repeats, or the sections do not tell them apart."""
    named = [r[0] for r in rows if r[0] and any(c for c in r[1:])]
    heads = [r[0] for r in rows if r[0] and not any(c for c in r[1:])]
    if len(set(named)) == len(named) or not all(re.search(r"[^\W_]", h) for h in heads):
        return None  # no name repeats, or a rule (``| ---- | | |``) parts the rows: no section names them
    out, section = [], ""
    for r in rows:
        if not any(c for c in r[1:]):
            section = r[0] or section
            continue
        out.append([f"{section} / {r[0]}" if section and r[0] else r[0], *r[1:]])
    names = [r[0] for r in out if r[0]]
    return out if len(set(names)) == len(names) else None


# Markdown's inline marks, outermost first: images and links to their text, emphasis and code to theirs.
_INLINE = (
    (re.compile(r"\s*\[\^[^\]\s]+\]"), ""),  # a footnote reference: "o3-high [^10]" is o3-high
    (re.compile(r"!\[([^\]]*)\]\((?:[^()]|\([^()]*\))*\)"), r"\1"),
    (re.compile(r"\[([^\]]+)\]\((?:[^()]|\([^()]*\))*\)"), r"\1"),  # a URL holding (...) too
    (re.compile(r"\[([^\]]+)\]\[[^\]]*\]"), r"\1"),
    (re.compile(r"`([^`<]*?)(?:\s*<[^<>`]*>)?`_{1,2}(?!\w)"), r"\1"),  # reStructuredText: `TransE`_
    (re.compile(r":[\w-]+:`([^`]*)`"), r"\1"),  # a reStructuredText role: :math:`x`
    (re.compile(r"`+([^`]*?)`+"), r"\1"),
    (re.compile(r"(\*\*|__)(?=\S)(.+?)(?<=\S)\1(?!\w)"), r"\2"),
    (re.compile(r"(?<![\w*])\*(?=\S)([^*]+?)(?<=\S)\*(?![\w*])"), r"\1"),
    (re.compile(r"(?<![\w_])_(?=\S)([^_]+?)(?<=\S)_(?![\w_])"), r"\1"),
    (re.compile(r"~~(?=\S)(.+?)(?<=\S)~~"), r"\1"),
    (re.compile(r"<br\s*/?>", re.I), " "),
    (re.compile(r"</?[A-Za-z][^<>]*>"), ""),
)
_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")  # a backslash escape: "\*" is "*"
# A footnote's number raised at a body cell's end: "DeBERTa-Large<sup>1</sup>" is "DeBERTa-Large†" (the
# mark then said and left off a name), "90.9<sup>2</sup>" 90.9, never 90.92; a header's "R<sup>2</sup>"
# is R2, and "m<sup>2</sup>/s" stays.
_RAISED = re.compile(r"<sup>\s*\d[\d,\s]{0,7}</sup>(?=\s*(?:\*\*|__)?\s*$)", re.I)


def body(cell: str) -> str:
    """A body cell's text without Markdown (:func:`plain`), a footnote's raised number its mark."""
    return plain(_RAISED.sub("\u2020", cell) if "<sup>" in cell.lower() else cell)


def plain(cell: str) -> str:
    """A cell's text without Markdown: ``**[gpt-4o](https://...)**`` -> ``gpt-4o``.

    >>> plain("**[gpt-4o](https://x.org)**"), plain("_72.1_ <br> (1.8 %)"), plain("mean_reward")
    ('gpt-4o', '72.1 (1.8 %)', 'mean_reward')
    >>> plain("_**0.269741**_ (±0.0001)")
    '0.269741 (±0.0001)'

    """
    escaped: list[str] = []  # "\\_" kept apart, so that no pass reads it as a mark

    def keep(found):
        escaped.append(found.group(1))
        return f"\ue000{len(escaped) - 1}\ue001"

    text, before = _ESCAPE.sub(keep, cell), None
    while text != before:  # marks inside marks, either way round: "_**0.27**_", "**_0.27_**"
        before = text
        for pattern, by in _INLINE:
            text = pattern.sub(by, text)
    text = re.sub("\ue000(\\d+)\ue001", lambda m: escaped[int(m.group(1))], text)
    return " ".join(html.unescape(text).split())


def markdown_frame(path: str, pd, options_table=None):
    """A pipe table of a Markdown file as a DataFrame of text: the one ``options_table`` names (its
    number or heading), else the largest that holds numbers; ``frame.attrs["notes"]`` says which was
    read when the file holds several, and the section rows skipped."""
    with open_text(path) as f:
        lines = f.read().splitlines()
    tables, fenced = markdown_tables(path, lines), []
    if not tables:  # tables pasted as code (lm-eval's make_table in a ``` block): read where no other is
        tables = fenced = markdown_tables(path, lines, in_code=True)
    if not tables:
        raise ValueError(
            f"{path}: no Markdown pipe table or HTML <table> in it (a | header | row, a |---|---| row under "
            "it, then rows): give the table so, or as CSV or JSON"
        )
    if str(options_table).strip().lower() == "all":
        return _code_said(_all_tables(path, _sound(tables, strict=False), pd), path, fenced)
    if re.fullmatch(r"\s*\d+(\s*,\s*\d+)+\s*", str(options_table or "")):  # "--table 3,4,5": those, together
        return _code_said(
            _all_tables(path, _sound(_numbered(path, tables, str(options_table))), pd), path, fenced
        )
    if options_table is None:
        _sound([t for t in tables if _numbers(t)])  # a broken table with numbers may be the board
        _refuse_parts(path, tables)  # numbered as --table counts them: every table of the page
    pool = tables if options_table is not None else [t for t in tables if not t.fault] or tables
    chosen = _sound([_chosen(path, pool, options_table)])[0]
    if not chosen.rows:
        raise ValueError(f"{path}: line {chosen.line}: the table has a header and no rows")
    chosen = _without_marks(chosen)
    notes: list = [] if len(tables) == 1 or options_table is not None else [_which(path, chosen, tables)]
    chosen, grouped = _group_column(chosen)
    chosen, settings = _settings(chosen)
    rows, more = _cleaned(chosen)
    more = grouped + settings + more + ([chosen.spread] if chosen.spread else [])
    frame = pd.DataFrame(rows, columns=chosen.header, dtype=object)
    said = _said_metric(chosen)
    if said is not None:
        frame.attrs["metric"] = said[2]
        notes.append(
            Assumed(
                "direction",
                f"lower is better on the table's scores ({said[0]})",
                f"nothing in the table says; the text around it does: {said[1]!r}",
                "--higher-better NAMES says otherwise",
                "--lower-better NAMES",
            )  # fmt: skip
        )
    frame.attrs["notes"] = notes + more
    return _code_said(frame, path, fenced)


def _prepared(tables: list[Table]) -> tuple[list[Table], list]:
    """Tables read together, each as :func:`markdown_frame` reads one alone: marks off its cells, a
    column labelling groups of rows left out, a row of its columns' settings or metrics under its
    header joined to their names (Mol-Instructions' ``| Metric | ROUGE-L↑ |``), its names' footnote
    marks left off; then one model spelt two ways in two tables named one way (:func:`_unified`)."""
    out, notes = [], []
    for table in tables:
        table, grouped = _group_column(_without_marks(table))
        table, settings = _settings(table)
        rows, marked = _unmarked(table.rows)
        said = [
            f"read {len(marked)} name(s) without their footnote marks ({', '.join(map(repr, marked[:3]))})"
        ]
        said = (said if marked else []) + ([table.spread] if table.spread else [])
        notes += [f"table at line {table.line}: {note}" for note in grouped + settings + said]
        out.append(table._replace(rows=rows))
    return _unified(out, notes), notes


def _spelling(name: str) -> str:
    return re.sub(r"[\s_.\-]+", "", name).casefold()


def _unified(tables: list[Table], notes: list) -> list[Table]:
    """The tables with a model that two of them spell apart only by case, spaces, '-', '_' or '.'
    (Higgs Audio's ``Qwen2.5-omni`` and ``Qwen 2.5 Omni``, Mol-Instructions' ``LLaMa`` and ``LLama``)
    named as the first of them spells it, said; not where one table holds two such spellings."""
    where: dict[str, dict[str, set[int]]] = {}
    for i, t in enumerate(tables):
        for r in t.rows:
            if r and r[0]:
                where.setdefault(_spelling(r[0]), {}).setdefault(r[0], set()).add(i)
    rename = {}
    for names in where.values():
        held = list(names.values())
        if len(names) < 2 or any(a & b for k, a in enumerate(held) for b in held[k + 1 :]):
            continue
        first = min(names, key=lambda n: min(names[n]))
        rename.update({n: first for n in names if n != first})
    if not rename:
        return tables
    shown = ", ".join(f"{a!r} as {b!r}" for a, b in list(rename.items())[:3]) + (
        " ..." if len(rename) > 3 else ""
    )
    notes.append(
        f"read {len(rename)} name(s) as an earlier table spells them ({shown}): they differ only in case, "
        "spaces or '-', '_', '.', and no table holds both"
    )
    return [t._replace(rows=[[rename.get(r[0], r[0]), *r[1:]] if r else r for r in t.rows]) for t in tables]


def _sound(chosen: list[Table], strict: bool = True) -> list[Table]:
    """``chosen``, refused where one of them has a row with more cells than its header (a '|' inside
    a cell shifts the cells after it); not ``strict``, only where that table holds a number (a
    ragged list of links or check marks beside the results is no part of a board)."""
    for t in chosen:
        if t.fault and (strict or _numbers(t)):
            raise ValueError(t.fault)
    return chosen


def _code_said(frame, path: str, fenced: list[Table]):
    """``frame`` with a note where its tables were read inside fenced code."""
    if fenced:
        lines = ", ".join(str(t.line) for t in fenced[:5]) + (", ..." if len(fenced) > 5 else "")
        said = f"read the pipe tables inside fenced code (``` blocks, line {lines}): "
        said += f"{os.path.basename(path)} has none outside them"
        frame.attrs["notes"] = [*frame.attrs.get("notes", []), said]
    return frame


def _cleaned(chosen: Table) -> tuple[list[list[str]], list[str]]:
    """A table's rows without section rows, lm-eval's groups and footnote marks, its continuation rows
    filled; and the notes that say so."""
    rows, sections = _sections(chosen.rows)
    named = _in_sections(chosen.rows) if sections and _rows_named_as_tasks(chosen) else None
    rows = named if named is not None else rows
    rows, unnamed = _unnamed_last(rows)
    rows, filled = _continued(rows)
    rows, groups = _lm_eval_groups(chosen.header, rows)
    rows, marked = _unmarked(rows)
    notes: list = []
    if sections:
        shown = ", ".join(repr(s) for s in sections[:3]) + (" ..." if len(sections) > 3 else "")
        notes.append(
            f"read the rows under {len(sections)} row(s) with a name and no other cell ({shown}) as "
            "'section / name': their names repeat from one to the next"
            if named is not None
            else f"skipped {len(sections)} row(s) with a name and no other cell (section headings?): {shown}"
        )
    if unnamed:
        notes.append(
            f"left out the last row, which has no name ({', '.join(map(repr, unnamed[:3]))} ...): a total "
            "or mean of the rows above, not one of them"
        )
    if groups:
        notes.append(
            f"left out {len(groups)} group row(s) ({', '.join(map(repr, groups[:3]))}"
            f"{' ...' if len(groups) > 3 else ''}): lm-eval's tables write a group's Version as N/A (the "
            "aggregate of its subtasks, not a task)"
        )
    if filled:
        notes.append(
            f"read {filled} row(s) with an empty first cell as continuing the row above (its "
            f"{chosen.header[0] or 'first column'!r}), as lm-eval's tables write a task's second metric"
        )
    if marked:
        notes.append(
            f"read {len(marked)} name(s) without their footnote marks ({', '.join(map(repr, marked[:3]))}"
            f"{' ...' if len(marked) > 3 else ''}: the mark is not part of the name)"
        )
    return rows, notes


# What a page's text may say its numbers are: metrics' own names (never everyday words such as loss,
# time or cost, which prose uses of other things: "trained with our contrastive loss").
_TEXT_METRICS = frozenset(
    "wer cer ter per der eer rmse mse mae mape smape mase crps fid perplexity ppl nll".split()
)


# What a sentence may say is lower or higher ("Lower error values are better", MiDaS's; never "the
# lower tables are better described below").
_OF_WHAT = r"(?: (?:error|errors|values?|scores?|numbers?|results?)){1,2}"
_ENDS = r"(?=\s*(?:[.,;:)!*]|$))"  # "... are better." ends there; not "are better calibrated"
# The text under or above a table saying which way its scores point: "Metric: Logloss (lower is better)".
_LOWER_SAID = re.compile(
    r"(?:\b([A-Za-z][\w@.-]*)\s*)?\(?\b"
    rf"(?:(?:lower|smaller) is better|(?:lower|smaller){_OF_WHAT} (?:is|are) better{_ENDS}"
    r"|the (?:lower|smaller),? the better)\b\)?",
    re.I,
)
_HIGHER_SAID = re.compile(
    rf"\b(?:(?:higher|larger|greater) is better|(?:higher|larger|greater){_OF_WHAT} (?:is|are) better"
    rf"{_ENDS}|the (?:higher|larger|greater),? the better)\b",
    re.I,
)


def _said_metric(table: Table) -> tuple[str, str, str] | None:
    """``(what the scores are, the text, the metric's name)`` where the heading or the text above a
    table names lower-is-better metrics (``The WERs are``, ``## Word Error Rate``) and no
    higher-is-better one, and none of its columns names a direction."""
    from jaxrate.io._roles import HIGHER_WORDS, direction, words

    if any(direction(h) is not None for h in table.header[1:]):
        return None
    told = [m for t in (table.above, table.below) for m in _LOWER_SAID.finditer(t)]
    if told and not any(_HIGHER_SAID.search(t) for t in (table.above, table.below)):
        found = told[0]
        named = found.group(1) if found.group(1) and direction(found.group(1)) is False else None
        # the metric the scores are declared as: the text's own name where it is lower-is-better by name
        return named or "the table's scores", found.group(0), named or "error"
    text = " ".join([*table.path, table.above]).strip()
    found = [w[:-1] if w.endswith("s") and w[:-1] in _TEXT_METRICS else w for w in words(text)]
    lower = [w for w in found if w in _TEXT_METRICS]
    named = None
    rate = re.search(r"\b(\w+ )?error rates?\b", text, re.I)  # "Word Error Rate", "the error rates"
    under = re.search(r"\babove\b[^.]{0,40}?\b(error rates?)\b", table.below, re.I)
    if rate is None and under:  # "The above numbers are error rates." under the table (XLNet's)
        text = table.below[under.start() :]
        rate = re.search(r"\berror rates?\b", text, re.I)
    if not lower and rate:
        lower, named = [rate.group(0).lower()], rate.group(0)
    if not lower or any(w in HIGHER_WORDS for w in found):
        return None
    at = re.search(rf"{re.escape(lower[0])}s?\b", text, re.I)
    start = max(0, (at.start() if at else 0) - 30)
    snippet = ("..." if start else "") + text[start : start + 70] + ("..." if start + 70 < len(text) else "")
    return named or lower[0].upper() + "s", snippet, named or lower[0].upper()


_MARK = re.compile(r"(?<=\S)\s*[*\u2020\u2021]+$")  # "name*", "name \u2020": a footnote's mark


def _unmarked(rows: list[list[str]]) -> tuple[list[list[str]], list[str]]:
    """The rows with their first cells' footnote marks removed (unless two names would then be one),
    and the names that had one."""
    names = [r[0] for r in rows]
    bare = [_MARK.sub("", n) for n in names]
    if bare == names or len(set(bare)) < len(set(names)) or not all(bare):
        return rows, []
    return [[b, *r[1:]] for b, r in zip(bare, rows)], [n for n, b in zip(names, bare) if n != b]


def _names(table: Table) -> set[str]:
    return {r[0] for r in _sections(table.rows)[0] if r[0]}


def _scored(t: Table) -> bool:
    """Whether a table holds a column of numbers that is not a size, a count, a rank or a link."""
    from jaxrate.io._roles import not_score

    def numbers(j: int) -> bool:  # most of its cells are numbers ("79.0%", "86.3 ± 0.1")
        cells = [r[j] for r in t.rows if not is_missing_marker(r[j])]
        return bool(cells) and 2 * sum(bool(_NUMBER.match(c)) for c in cells) >= len(cells)

    return (
        bool(t.rows)
        and _numbers(t)
        and any(not_score(h) is None and numbers(j) for j, h in enumerate(t.header) if j)
    )


def _parts(tables: list[Table]) -> list[Table]:
    """The tables holding numbers that look like parts of one board with the largest: its header, or
    one of its models."""
    scored = [t for t in tables if _scored(t)]
    if len(scored) < 2:
        return []
    largest = max(scored, key=lambda t: (t.size, -t.line))
    related = [
        t for t in scored if t is largest or t.header[1:] == largest.header[1:] or _names(t) & _names(largest)
    ]
    return related if len(related) > 1 else []


def _refuse_parts(path: str, tables: list[Table]) -> None:
    """A ``ValueError`` when several tables look like parts of one board (nothing says which to rate)."""
    parts = _parts(tables)
    if parts:
        shown = "; ".join(
            f"{tables.index(t) + 1}: line {t.line}"
            + (f" under {t.heading!r}" if t.heading else "")
            + f" ({len(t.rows)} x {len(t.header)})"
            for t in parts[:6]
        ) + ("; ..." if len(parts) > 6 else "")
        raise ValueError(
            f"{path}: holds {len(parts)} tables that look like parts of one board (a header or models in "
            f"common: {shown}); rate them together with --table all, some of them with --table N,M, or one "
            "with --table N (or its heading)"
        )


def _all_tables(path: str, tables: list[Table], pd):
    """Every table holding numbers, as one frame: tables of one header and the same models are one per
    task (a long frame, the task the table's heading or its first header cell); tables of one header
    and other models add models; tables of other headers add tasks (joined on the models)."""
    scored = [t for t in tables if _scored(t)] or [t for t in tables if _numbers(t) and t.rows]
    if not scored:
        raise ValueError(f"{path}: --table all: no table holds numbers")
    scored, notes = _prepared(scored)
    _refuse_unnamed_rows(path, scored)
    scored = _parts_only(scored, notes)
    one_each = _per_heading(scored)
    if one_each is not None:
        return _heading_tables(path, scored, one_each, pd, notes)
    turned = [t for t in scored if _metric_rows([t])]  # "mae", "rmse" rows under each heading's models
    if len(turned) > 1 and all(t.path or t.caption for t in turned):
        left = [t for t in scored if t not in turned]
        if left:
            gone = ", ".join(f"line {t.line}" for t in left)
            notes.append(f"left out the tables at {gone}: their rows are not metrics, as the others' are")
        return _long_tables(path, turned, pd, notes)
    groups: dict[tuple, list[Table]] = {}
    for t in scored:
        groups.setdefault(tuple(t.header[1:]), []).append(t)
    per_task = [g for g in groups.values() if len(g) > 1 and _overlap(g)]
    shared = set.intersection(*(set(t.header[1:]) for t in scored))
    if len(groups) > 1 and shared and _overlap(scored):  # one table per family: its heading names models
        return _qualified_tables(path, scored, pd, notes)
    if per_task and len(groups) == 1 and not _named_as_tasks(per_task[0][0], scored):
        return _long_tables(path, per_task[0], pd, notes)
    if per_task and all(t.path or t.caption for t in scored):  # columns that repeat: named by section
        with open_text(path) as f:
            return _sectioned_columns(scored, pd, notes, f.read().splitlines())
    if per_task:
        shown = ", ".join(f"line {g[0].line}" for g in per_task)
        raise ValueError(
            f"{path}: --table all: some tables of one header are one per task (at {shown}) and others add "
            "columns; rate one kind at a time with --table N"
        )
    if len(groups) == 1 and _rows_are_tasks(scored):  # FEDOT's: datasets under 'Task', systems the columns
        return _turned_tables(path, scored, pd, notes)
    frames = []
    for group in groups.values():
        rows = _once([r for t in group for r in _sections(t.rows)[0]], notes)
        header = [h or f"column {j + 1}" for j, h in enumerate(group[0].header) if j]  # a links column
        frames.append(pd.DataFrame(rows, columns=["model", *header], dtype=object))
    joined = _joined_frames(path, frames, pd, notes)
    lines = ", ".join(str(t.line) for t in scored)
    notes.append(
        f"read {len(scored)} tables together (at lines {lines}): tables of one header as more models, "
        "tables of other headers as more tasks of the same models (by their names)"
    )
    joined.attrs["notes"] = notes + _said_per_table(scored, joined)
    return joined


def _refuse_unnamed_rows(path: str, tables: list[Table]) -> None:
    """Refused: tables whose first columns hold numbers, not names (OSQP's: a row of scores under each
    table's models, no column naming the rows)."""
    firsts = [r[0] for t in tables for r in t.rows if r[0]]
    decimal = re.compile(r"\s*[-+]?\d*\.\d+\s*")  # "1.46", "1.0"; not a rank ("1", "2.")
    if firsts and all(decimal.fullmatch(c) for c in firsts):
        raise ValueError(
            f"{path}: --table all: the tables' first columns hold numbers "
            f"({', '.join(map(repr, firsts[:3]))}), not names: rows of scores under the models' names, "
            "with no column naming the rows (the tasks); add one to each table"
        )


def _rows_are_tasks(tables: list[Table]) -> bool:
    """Whether tables of one header name their rows as tasks (``Task``, ``Dataset``: the models are
    the columns, as one such table is read alone) and add rows of their own, not the same rows."""
    from jaxrate.io._orientation import TASK_WORDS

    first = tables[0].header[0].strip().lower()
    return len(tables) > 1 and first in TASK_WORDS and not _overlap(tables)


_PARENTHESISED = re.compile(r"\(([^()]{1,30})\)\s*$")


def _table_metric(table: Table) -> str | None:
    """The metric a table's heading or caption names in brackets at its end, where its direction is
    known by name (``Multiclass Classification (LogLoss)``, ``Regression (RMSE)``)."""
    from jaxrate.io._roles import direction

    for text in (table.caption, table.heading):
        found = _PARENTHESISED.search(text or "")
        if found and direction(found.group(1)) is not None:
            return found.group(1).strip()
    return None


def _turned_tables(path: str, tables: list[Table], pd, notes: list):
    """Tables of one header whose rows are tasks and whose columns are the models (FEDOT's AMLB
    tables: datasets under ``Task``, one table per kind of task): one long frame, each table's rows
    its tasks, the metric its heading names (``(LogLoss)``); a task in several tables named by its
    table's heading too; rows with no score left out. Said."""
    from jaxrate.io._roles import few

    names = _told_apart(*_paths(tables))
    rows = [(t, name, r) for t, name in zip(tables, names) for r in _sections(t.rows)[0]]
    empty = [r[0] for _, _, r in rows if not any(_NUMBER.match(c) for c in r[1:])]
    rows = [(t, name, r) for t, name, r in rows if any(_NUMBER.match(c) for c in r[1:])]
    seen: dict[str, int] = {}
    for _, _, r in rows:
        seen[r[0]] = seen.get(r[0], 0) + 1
    records = [
        [h, f"{name}/{r[0]}" if seen[r[0]] > 1 else r[0], _table_metric(t) or "score", c]
        for t, name, r in rows
        for h, c in zip(t.header[1:], r[1:])
    ]
    frame = pd.DataFrame(records, columns=["model", "task", "metric", "value"], dtype=object)
    metrics = [_table_metric(t) for t in tables if _table_metric(t)]
    notes.append(
        Assumed(
            "layout",
            f"read {len(tables)} tables of one header ({tables[0].header[0]!r} over the rows) as one, their "
            f"columns the models and their rows more tasks ({few(names, 4)})"
            + (f", each table's metric as its heading names it ({few(metrics, 4)})" if metrics else ""),
            "the rows are named as tasks, and no row is in most tables",
            "--table N rates one of them",
        )  # fmt: skip
    )
    if empty:
        notes.append(f"left out {len(empty)} row(s) with no score ({few(empty, 3)})")
    frame.attrs["notes"] = notes
    return frame


def _parts_only(tables: list[Table], notes: list) -> list[Table]:
    """A leaderboard split into one table per category (JMTEB's): a table whose columns are the other
    tables' headings (a summary of them, their averages) left out, and a column every table has that
    only names an aggregate (each table's own ``Avg.``) left out of each; both said."""
    from jaxrate.io._roles import AGGREGATE_WORDS, words

    headings = {t.heading.strip().lower() for t in tables if t.heading}
    summary = [
        t for t in tables
        if len(tables) > 2 and sum(h.strip().lower() in headings for h in t.header[1:]) >= 2
        and all(h.strip().lower() in headings or set(words(h)) <= AGGREGATE_WORDS for h in t.header[1:])
    ]  # fmt: skip
    if summary and len(summary) < len(tables):
        tables = [t for t in tables if t not in summary]
        shown = ", ".join(f"line {t.line}" for t in summary)
        notes.append(
            f"left out the table at {shown}: its columns are the other tables' headings (their summary)"
        )
    shared = set.intersection(*(set(t.header[1:]) for t in tables)) if len(tables) > 1 else set()
    own = {h for h in shared if words(h) and set(words(h)) <= AGGREGATE_WORDS}
    if not own or own != shared:
        return tables
    out = []
    for t in tables:
        keep = [j for j, h in enumerate(t.header) if j == 0 or h not in own]
        out.append(
            t._replace(header=[t.header[j] for j in keep], rows=[[r[j] for j in keep] for r in t.rows])
        )
    notes.append(
        f"left out each table's own {', '.join(map(repr, sorted(own)))}: an aggregate of its columns"
    )
    return out


def _joined_frames(path: str, frames: list, pd, notes: list):
    """Tables of other headers as one frame: more tasks of the same models (joined by their names), or,
    where they share columns and no model, more models (SimPO's tables: the same benchmarks, some more
    columns in one); a shared column and a shared model is refused."""
    joined = frames[0]
    for frame in frames[1:]:
        clash = [c for c in frame.columns[1:] if c in joined.columns]
        apart = not set(joined["model"]) & set(frame["model"])
        if clash and apart:
            joined = pd.concat([joined, frame], ignore_index=True, sort=False)
            notes.append(
                f"read tables of other models as more models, their columns in common ({clash[0]!r}, ...) as "
                "one"
            )
            continue
        if clash:
            raise ValueError(
                f"{path}: --table all: tables of different headers share the column {clash[0]!r} and a "
                "model, so they are not one board's parts; rate one with --table N (or its heading), or some "
                "together with --table N,M"
            )
        joined = joined.merge(frame, on="model", how="outer", sort=False)
    return joined


def _said_per_table(tables: list[Table], joined) -> list:
    """Each joined table's direction where only the text around it says it ("The above numbers are
    error rates."): its columns' metric (``joined.attrs["metrics"]``) and the assumption that says so."""
    metrics, notes = {}, []
    for t in tables:
        said = _said_metric(t)
        if said is None:
            continue
        metrics.update({c: said[2] for c in t.header[1:] if c in joined.columns})
        notes.append(
            Assumed(
                "direction",
                f"lower is better on the scores of the table at line {t.line} ({said[0]})",
                f"nothing in the table says; the text around it does: {said[1]!r}",
                "--higher-better NAMES says otherwise",
                "--lower-better NAMES",
            )  # fmt: skip
        )
    if metrics:
        joined.attrs["metrics"] = {**joined.attrs.get("metrics", {}), **metrics}
    return notes


def _once(rows: list[list[str]], notes: list) -> list[list[str]]:
    """Rows of tables of one header, a row written the same in several (a reference model's, in every
    part of a board) read once, said; a name written twice with other scores stays (and is refused)."""
    seen: set[tuple] = set()
    kept, repeated = [], []
    for r in rows:
        if tuple(r) in seen:
            repeated.append(r[0])
            continue
        seen.add(tuple(r))
        kept.append(r)
    if repeated:
        from jaxrate.io._roles import few

        notes.append(f"read {few(repeated, 3)} once: written with the same scores in more than one table")
    return kept


# A score cell: a number, perhaps followed by a unit or a spread ("86.3 ± 0.1", "50%", "0.81 (0.02)"),
# not a duration or a range ("3~4h", "~30 min").
# a number, alone or leading a cell of several ("86.3 ± 0.1", "60.4 (55.5)", "35.78 / 0.944")
_NUMBER = re.compile(
    r"^[-+]?(?:\d[\d,]*(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?\s*(?:$|%|±|\(|\[|\+-|\+/-|/\s*[-+]?\.?\d)"
)


def _score_columns(t: Table) -> list[int]:
    """The columns of a table whose cells are mostly numbers and whose names are scores' names."""
    from jaxrate.io._roles import not_score

    found = []
    for j, h in enumerate(t.header):
        cells = [r[j] for r in _sections(t.rows)[0] if not is_missing_marker(r[j])]
        if cells and not_score(h) is None and 2 * sum(bool(_NUMBER.match(c)) for c in cells) > len(cells):
            found.append(j)
    return found


def _per_heading(tables: list[Table]) -> tuple[list[tuple[int, list[int]]], bool] | None:
    """``([(name column, score columns) of each table], whether the rows are tasks)`` of tables that
    are one per heading: their names in a column of one header in all, headed as models' or tasks'
    names are (``Model``, ``method``, ``task``, ``testset``), headings or captions that tell
    them apart, and one column of scores each, or several over the same row names (a task's
    leaderboard under each ``## ZINC``; a model's scores on each test set under each ``# opus-2020``);
    ``None`` otherwise. Other columns may differ."""
    from jaxrate.io._roles import MODEL_COLUMNS, MORE_MODELS, MORE_TASKS, TASK_COLUMNS, common_name

    if len(tables) < 2 or not all(t.path or t.caption for t in tables):
        return None  # tables under no heading are told apart by nothing the page says
    if len(set(_told_apart(*_paths(tables)))) < len(tables):
        return None
    found = []
    for t in tables:
        js = _score_columns(t)
        texts = [
            k for k, h in enumerate(t.header)
            if k not in js and h and any(c.strip() and not _NUMBER.match(c) for c in (r[k] for r in t.rows))
        ]  # fmt: skip
        roles = MODEL_COLUMNS + MORE_MODELS + TASK_COLUMNS + MORE_TASKS
        k = ([k for k in texts if common_name(t.header[k]) in roles] or [None])[0]  # "Model", "task"
        if not js or k is None:
            return None
        found.append((k, js))
    if len({common_name(t.header[k]) for t, (k, _) in zip(tables, found)}) > 1:
        return None
    several = any(len(js) > 1 for _, js in found)
    from jaxrate.io._roles import direction

    metrics = {t.header[j] for t, (_, js) in zip(tables, found) for j in js}
    # columns named like tasks (HellaSwag, MMLU; JMTEB's "jsick (spearman)": a task, its metric in brackets),
    # not metrics: more tasks, not one a heading
    # (brackets taken off only where no two tables share a column name: "Valid (MAE)" under each
    # heading is a metric of each heading's task)
    named = [t.header[j] for t, (_, js) in zip(tables, found) for j in js]
    unbracketed = [re.sub(r"\([^()]*\)", " ", m).strip() or m for m in metrics]
    bare = metrics if len(named) > len(set(named)) else unbracketed
    if several and len({tuple(t.header) for t in tables}) > 1 and any(direction(m) is None for m in bare):
        return None
    if several and not _overlap(
        [t._replace(rows=[[r[k], *r] for r in t.rows]) for t, (k, _) in zip(tables, found)]
    ):
        return None  # tables of several scores over other rows: more models (a 7B and a 13B table)
    return found, common_name(tables[0].header[found[0][0]]) in TASK_COLUMNS + MORE_TASKS


def _trimmed(names: list[str]) -> tuple[list[str], str]:
    """The names without the words every one of them begins or ends with (``DQN (single run)``,
    ``C51 (single run)``: ``DQN``, ``C51``), and what was trimmed."""
    parts, cut = [n.split("/") for n in names], []  # a heading every table is under: "opus.zip/Benchmarks"
    while all(len(p) > 1 for p in parts) and len({p[-1] for p in parts}) == 1:
        cut.append(parts[0][-1])
        parts = [p[:-1] for p in parts]
    while all(len(p) > 1 for p in parts) and len({p[0] for p in parts}) == 1:
        cut.append(parts[0][0])
        parts = [p[1:] for p in parts]
    if cut and len({"/".join(p) for p in parts}) == len(names):
        return ["/".join(p) for p in parts], "/".join(cut)
    split = [n.split() for n in names]
    head = 0
    while all(len(w) > head + 1 for w in split) and len({w[head] for w in split}) == 1:
        head += 1
    tail = 0
    while all(len(w) > head + tail + 1 for w in split) and len({w[-tail - 1] for w in split}) == 1:
        tail += 1
    out = [" ".join(w[head : len(w) - tail]) for w in split]
    if not (head or tail) or len(set(out)) < len(out):
        return names, ""
    return out, " ... ".join(
        x for x in (" ".join(split[0][:head]), " ".join(split[0][len(split[0]) - tail :])) if x
    )


def _heading_tables(path: str, tables: list[Table], found: tuple, pd, notes: list):
    """Tables one per heading (:func:`_per_heading`) as one long frame: the heading names the task of
    each (or its model, where the rows are tasks); each score column's name is its metric."""
    from jaxrate.io._roles import few

    places, rows_are_tasks = found
    names, trimmed = _trimmed(_told_apart(*_paths(tables)))
    axis, other = ("model", "task") if rows_are_tasks else ("task", "model")
    kinds = list(dict.fromkeys(t.header[j] for t, (_, js) in zip(tables, places) for j in js))
    melted = len(kinds) > 1  # one score column of one name in every table keeps its name
    records = []
    for t, name, (k, js) in zip(tables, names, places):
        extra = {h or f"column {c + 1}": c for c, h in enumerate(t.header) if c != k and c not in js}
        for r in _sections(t.rows)[0]:
            for j in js:
                scored = {"metric": t.header[j], "score": r[j]} if melted else {t.header[j]: r[j]}
                records.append({axis: name, other: r[k], **scored, **{h: r[c] for h, c in extra.items()}})
    columns = list(dict.fromkeys(c for r in records for c in r))
    frame = pd.DataFrame([[r.get(c, "") for c in columns] for r in records], columns=columns, dtype=object)
    notes.append(
        Assumed(
            "layout",
            f"read {len(tables)} tables as one per {axis} ({few(names, 4)}), the {axis} named by their "
            f"headings{f' (without {trimmed!r}, in every one)' if trimmed else ''}, their rows "
            f"{other}s ({tables[0].header[places[0][0]]!r})"
            + (f", their scores' columns metrics ({few(kinds, 4)})" if melted else ""),
            "each has a heading of its own over rows of one kind",
            "--table N rates one of them",
        )  # fmt: skip
    )
    frame.attrs["notes"] = notes
    return frame


def _section_text(lines: list[str], start: int) -> str:
    """The text of the sections a table at line ``start`` (1-based) is in: the lines above it in its
    own section, and each enclosing heading's own text before its first subsection."""
    kept: list[str] = []
    buffer: list[str] = []
    limit, fenced = 7, False
    for line in reversed(lines[: start - 1]):
        if _FENCE.match(line):
            fenced = not fenced
            continue
        found = None if fenced else _HEADING.match(line)
        if found:
            depth = len(line.strip()) - len(line.strip().lstrip("#"))
            if depth < limit:  # an enclosing heading: the text under it is the table's section's
                kept += buffer
                limit = depth
            buffer = []
            if limit == 1:
                break
        elif not fenced and line.strip() and "|" not in line:
            buffer.append(plain(line))
    return " ".join(reversed(kept))


_METRIC_SAID = re.compile(r"\bmetrics?\s*:\s*([^,.;:()]+)", re.I)


def _section_metric(text: str) -> str | None:
    """The metric a section's text names its scores by ("Metric: RMSE, lower the better."), where its
    name or the text says which way it points; ``None`` otherwise."""
    from jaxrate.io._roles import direction

    found = _METRIC_SAID.search(text)
    if found is None:
        return None
    name = found.group(1).strip()
    if direction(name) is not None:
        return name
    return "error" if _LOWER_SAID.search(text) and not _HIGHER_SAID.search(text) else None


def _named_as_tasks(table: Table, tables: list[Table]) -> bool:
    """Whether tables under headings have several score columns named by no metric (``dataset_0``,
    ``dataset_1``): their columns are tasks, not metrics, each named by its section."""
    from jaxrate.io._roles import direction

    columns = [table.header[j] for j in _score_columns(table) if j]
    named = all(t.path or t.caption for t in tables)
    return named and len(columns) > 1 and all(direction(c) is None for c in columns)


def _sectioned_columns(tables: list[Table], pd, notes: list, lines: list[str] | None = None):
    """Tables of the same models under headings whose columns repeat across them (``dataset_0`` under
    each ``task_type`` and ``scale``): one wide frame, each column named by its table's headings."""
    largest = max(tables, key=lambda t: (t.size, -t.line))
    theirs = _names(largest)
    kept = [t for t in tables if 2 * len(_names(t) & theirs) > min(len(_names(t)), len(theirs))]
    if len(kept) < len(tables):  # a table of other models (a speed comparison): not this board's
        gone = ", ".join(f"line {t.line}" for t in tables if t not in kept)
        notes.append(f"left out the tables at {gone}: their rows are other models than the others'")
    tables = kept
    names, _ = _trimmed(_told_apart(*_paths(tables)))
    joined = None
    for t, name in zip(tables, names):
        rows = _sections(t.rows)[0]
        frame = pd.DataFrame(
            [r[1:] for r in rows], columns=[f"{name}/{h}" for h in t.header[1:]], dtype=object
        )
        frame.insert(0, "model", [r[0] for r in rows])
        if joined is not None and (clash := [c for c in frame.columns[1:] if c in joined.columns]):
            first = next(u for u, n in zip(tables, names) if n == name)
            raise ValueError(
                f"--table all: the tables at lines {first.line} and {t.line} have one name ({name!r}) and "
                f"columns in common ({clash[0]!r}, ...), so their scores cannot be told apart; rate one with "
                "--table N, or tables of other names together with --table N,M"
            )
        joined = frame if joined is None else joined.merge(frame, on="model", how="outer", sort=False)
    # the rows' header as the tables write it (not "model": a header the tables do not have would say
    # which axis holds the models, anomalib's category tables under their metrics' headings)
    firsts = {str(t.header[0]).strip() for t in tables}
    joined = joined.rename(columns={"model": firsts.pop() if len(firsts) == 1 else ""})
    notes.append(
        f"read {len(tables)} tables of the same models as one, each column named by its table's headings "
        f"({', '.join(repr(c) for c in list(joined.columns)[1:3])}, ...): their columns' names repeat from "
        "table to table"
    )
    said = {t.line: _section_metric(_section_text(lines, t.line)) for t in tables} if lines else {}
    if any(said.values()):
        joined.attrs["metrics"] = {
            c: said[t.line] for t, c0 in zip(tables, names) for c in joined.columns[1:]
            if c.startswith(f"{c0}/") and said[t.line]
        }  # fmt: skip
        shown = ", ".join(f"{n!r}: {m}" for n, m in list(dict(zip(names, said.values())).items())[:4] if m)
        notes.append(
            Assumed(
                "direction",
                f"each table's scores are the metric its section's text names ({shown})",
                "the text under the headings says so ('Metric: ...')",
                "--higher-better NAMES / --lower-better NAMES say otherwise",
            )
        )
    joined.attrs["notes"] = notes
    return joined


def _qualified_tables(path: str, tables: list[Table], pd, notes: list):
    """Tables of partly different headers over the same row names (one per base model: ``BF16``,
    ``FP8`` under ``## LLaMa-3-8B`` and under ``## Qwen3-8B``): one table, each row's model named by
    its table's heading and its own name (``LLaMa-3-8B/FP8``), the columns every table's, a column some
    lack empty there."""
    names = _told_apart(*_paths(tables))
    columns = list(dict.fromkeys(h for t in tables for h in t.header[1:]))
    rows = [
        {"model": f"{name}/{r[0]}", **dict(zip(t.header[1:], r[1:]))}
        for t, name in zip(tables, names)
        for r in _sections(t.rows)[0]
    ]
    frame = pd.DataFrame(
        [[r.get(c, "") for c in ["model", *columns]] for r in rows], columns=["model", *columns]
    )
    notes.append(
        f"read {len(tables)} tables over the same row names with columns in common as one, each row's "
        f"model named by its table's heading and its own name ({frame['model'].iloc[0]!r}): the headings "
        "name families of models"
    )
    frame.attrs["notes"] = notes
    return frame


def _overlap(group: list[Table]) -> bool:
    """Whether tables of one header share most of their models (one table per task), rather than adding
    models (a baseline, GPT-4, in each of a 7B and a 13B table)."""
    seen: set[str] = set()
    for t in group:
        names = _names(t)
        if seen and 2 * len(names & seen) > min(len(names), len(seen)):  # most of them: not a shared baseline
            return True
        seen |= names
    return False


def _long_tables(path: str, group: list[Table], pd, notes: list):
    """Tables of one header, one per task: a long frame, the task each table's first header cell where
    those differ (``| Movielens 1M | RMSE |``), else its heading."""
    from jaxrate.io._roles import MODEL_COLUMNS, MORE_MODELS, common_name

    firsts = [t.header[0] for t in group]
    models = MODEL_COLUMNS + MORE_MODELS
    by_first = len(set(firsts)) == len(group) and not any(common_name(f) in models for f in firsts)
    names = firsts if by_first else _told_apart(*_paths(group))
    if len(set(names)) < len(group):
        raise ValueError(
            f"{path}: --table all: {len(group)} tables of one header and no names to tell them apart"
        )
    said = "first header cells" if by_first else "headings"
    if _metric_rows(group):  # rows "mae", "rmse", "smape" under model columns: each table turned
        rows = [
            [h, name, r[0], c]
            for t, name in zip(group, names)
            for r in _sections(t.rows)[0]
            for h, c in zip(t.header[1:], r[1:])
        ]
        frame = pd.DataFrame(rows, columns=["model", "task", "metric", "value"], dtype=object)
        notes.append(
            f"read {len(group)} tables of one header as one per task (the task their {said}: "
            f"{', '.join(map(repr, names[:4]))}), their rows metrics by name and their columns models"
        )
        frame.attrs["notes"] = notes
        return frame
    model = "model"  # the rows are models whatever the first header cell says ("Strategy")
    rows = [[r[0], name, *r[1:]] for t, name in zip(group, names) for r in _sections(t.rows)[0]]
    frame = pd.DataFrame(rows, columns=[model, "task", *group[0].header[1:]], dtype=object)
    notes.append(
        f"read {len(group)} tables of one header as one per task, the task their {said}: "
        + ", ".join(map(repr, names[:6]))
    )
    frame.attrs["notes"] = notes
    return frame


def _metric_rows(group: list[Table]) -> bool:
    """Whether tables' rows are named by metrics (``mae``, ``rmse``, ``smape``: a direction by name)
    and their columns by no metric: the models are the columns."""
    from jaxrate.io._roles import direction

    rows = [r[0] for t in group for r in _sections(t.rows)[0]]
    named = sum(direction(r) is not None for r in rows)
    return 2 * named > len(rows) and not any(direction(h) is not None for h in group[0].header[1:])


def _lm_eval_groups(header: list[str], rows: list[list[str]]) -> tuple[list[list[str]], list[str]]:
    """An lm-eval ``make_table`` table's rows without its groups' (``Version`` ``N/A``), and their names."""
    names = [h.strip().lower() for h in header]
    if not {"version", "metric", "value"} <= set(names) or names[0] not in ("tasks", "task", "groups"):
        return rows, []
    v = names.index("version")
    groups = list(dict.fromkeys(r[0] for r in rows if r[v].strip() == "N/A"))
    return [r for r in rows if r[0] not in groups], groups


_MARKS = frozenset({"", "↑", "↓", "±", "+/-", "+-"})


def _without_marks(table: Table) -> Table:
    """The table without its unnamed columns of marks (lm-eval's ``|Value| |Stderr|``: an arrow, a
    ``±``), and its other unnamed columns named by their place (``column 7``)."""
    drop = [
        j
        for j, h in enumerate(table.header)
        if j and not h and all(r[j].strip() in _MARKS for r in table.rows)
    ]
    header = [h or (f"column {j + 1}" if j else h) for j, h in enumerate(table.header) if j not in drop]
    rows = [[c for j, c in enumerate(r) if j not in drop] for r in table.rows]
    return table._replace(header=header, rows=rows)


def _group_column(table: Table) -> tuple[Table, list[str]]:
    """A table whose first column labels groups of rows, written on each group's first row only
    (``| General | CMMLU | 83.1 |``, then ``|  | MMLU | 76.6 |``), and whose second names every row
    once: read without the first, said; any other table as it is."""
    rows = table.rows
    if len(table.header) < 3 or len(rows) < 3:
        return table, []
    first, second = [r[0] for r in rows], [r[1] for r in rows]
    labels = [c for c in first if c]
    if not first[0] or 2 * len(labels) > len(first) or len(set(labels)) < len(labels):
        return table, []  # most tables: a name in every row's first cell
    if not all(second) or len(set(second)) < len(second) or any(_number(c) for c in second):
        return table, []
    header = [table.header[1] or table.header[0], *table.header[2:]]
    note = (
        f"read the rows' names from the second column: the first ({table.header[0] or 'unnamed'!r}) labels "
        f"groups of rows ({', '.join(map(repr, labels[:4]))}{' ...' if len(labels) > 4 else ''}), left out"
    )
    return table._replace(header=header, rows=[r[1:] for r in rows]), [note]


_A_NUMBER = re.compile(
    r"^\s*[-+~\u2248]?\s*(?:\d[\d,]*(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?\s*(?:%|[*\u2020\u2021]+|(?:\u00b1|\+/-|\().*)?\s*$"
)


def _number(cell: str) -> bool:
    """Whether a cell is a number as tables write one (``83.1``, ``57.6*``, ``50%``, ``1.2 ± 0.1``,
    ``60.4 (55.5)``); not ``5-shot``."""
    return bool(_A_NUMBER.match(cell))


# A first row's name that says the row holds the columns' metrics or settings, not a model's scores.
_SETTINGS_ROW = re.compile(r"\s*(?:eval(?:uation)?\s+)?(?:metrics?|measures?|settings?)\s*:?\s*", re.I)


def _settings(table: Table) -> tuple[Table, list[str]]:
    """A table whose first row names no model, or is named as a row of metrics (``| Metrics | MCC |
    Acc |``), and holds no number (``| | 5-shot | F1/EM |``: each column's setting or metric, as
    model cards write it under the header) with that row joined to the header (``SQuAD 1.1
    (F1/EM)``), said; any other table as it is."""
    rows = table.rows
    label = bool(rows) and bool(rows[0][0])
    if label and not _SETTINGS_ROW.fullmatch(rows[0][0]):
        return table, []
    if len(rows) < 2 or not any(c and c.strip("-\u2013\u2014 ") for c in rows[0][1:]):
        return table, []
    if any(_number(c) for c in rows[0][1:]):  # a number: a row of scores, not settings
        return table, []
    header = [table.header[0]] + [
        f"{h} ({c})" if c.strip("-\u2013\u2014 ") else h for h, c in zip(table.header[1:], rows[0][1:])
    ]
    shown = [c for c in rows[0][1:] if c]
    named = f"named {rows[0][0]!r}" if label else "with an empty name"
    note = (
        f"read the row under the header {named} ({', '.join(map(repr, shown[:4]))}"
        f"{' ...' if len(shown) > 4 else ''}) as the columns' settings, joined to their names, not a model's "
        "scores"
    )
    return table._replace(header=header, rows=rows[1:]), [note]


def _unnamed_last(rows: list[list[str]]) -> tuple[list[list[str]], list[str]]:
    """The rows without a last row that has no name and holds numbers, where no other row lacks a name
    (OpenNMT's MMLU table ends with the columns' means so): not a continuation of the row above; and
    its cells."""
    if len(rows) < 3 or rows[-1][0] or not any(_number(c) for c in rows[-1][1:]):
        return rows, []
    if any(not r[0] and any(r[1:]) for r in rows[:-1]):
        return rows, []  # rows without names throughout: continuations (lm-eval's tables)
    return rows[:-1], [c for c in rows[-1][1:] if c]


def _continued(rows: list[list[str]]) -> tuple[list[list[str]], int]:
    """The rows with an empty first cell given the one above's (a merged cell, as lm-eval's
    ``make_table`` leaves a task's name off its next metric's row), and how many were."""
    out, filled = [], 0
    for r in rows:
        if not r[0] and out and any(r[1:]):
            r, filled = [out[-1][0], *r[1:]], filled + 1
        out.append(r)
    return out, filled if out and out[0][0] else 0


def _paths(tables: list[Table]) -> tuple[list[tuple], list[int]]:
    """Each table's headings, outermost first, and its caption line ("Java to C#:") innermost where
    another table is under the same headings; and how many of them its name takes at least (a caption
    with its heading)."""
    paths = [t.path or (f"table {k}",) for k, t in enumerate(tables, 1)]
    captioned = [bool(t.caption) and paths.count(p) > 1 for p, t in zip(paths, tables)]
    return [(*p, t.caption) if c else p for p, t, c in zip(paths, tables, captioned)], [
        1 + c for c in captioned
    ]


def _folded(path: tuple) -> tuple:
    return tuple(str(h).casefold().strip() for h in path)  # "performance" is "Performance": not told apart


def _told_apart(paths: list[tuple], least: list[int] | None = None) -> list[str]:
    """Each table's name: the fewest of its innermost headings that no other table shares
    (``Antmaze`` twice, under ``Scores`` and ``Regrets``: ``Scores/Antmaze``, ``Regrets/Antmaze``)."""
    names = []
    for i, p in enumerate(paths):  # each its own fewest: "MNIST/100k params" beside a plain "ZINC"
        n = next(
            (
                n
                for n in range(min(least[i] if least else 1, len(p)), len(p) + 1)
                if all(_folded(q[-n:]) != _folded(p[-n:]) for j, q in enumerate(paths) if j != i)
            ),
            len(p),
        )
        names.append("/".join(p[-n:]))
    return names if len(set(names)) == len(names) else ["/".join(p) for p in paths]


def _numbers(table: Table) -> bool:
    """Whether a table holds a number beside its first column (a results table, not a list of links)."""
    return any(re.search(r"\d", c) for r in table.rows for c in r[1:])


def _numbered(path: str, tables: list[Table], spec: str) -> list[Table]:
    """The tables ``--table 3,4,5`` names by number, in the page's order."""
    numbers = sorted({int(k) for k in spec.split(",")})
    bad = [k for k in numbers if not 1 <= k <= len(tables)]
    if bad:
        raise ValueError(
            f"{path}: --table {spec.strip()!r}: no table {bad[0]} ({len(tables)} tables: 1 to {len(tables)})"
        )
    return [tables[k - 1] for k in numbers]


def _chosen(path: str, tables: list[Table], which) -> Table:
    """The table ``which`` names (its number from 1, or its heading), else the largest holding numbers."""
    if which is None:
        scored = [t for t in tables if _numbers(t)] or tables
        return max(scored, key=lambda t: (t.size, -t.line))
    text = str(which).strip()
    if text.isdigit() and 1 <= int(text) <= len(tables):
        return tables[int(text) - 1]
    named = [t for t in tables if t.heading == text] or [
        t for t in tables if text.lower() in t.heading.lower()
    ]
    if len(named) == 1:
        return named[0]
    shown = "; ".join(
        f"{k}: line {t.line}" + (f" under {t.heading!r}" if t.heading else "")
        for k, t in enumerate(tables, 1)
    )
    why = "no table is" if not named else f"{len(named)} tables are"
    raise ValueError(
        f"{path}: --table {text!r}: {why} that ({len(tables)} tables: {shown}); give its number or heading"
    )


@contextlib.contextmanager
def table_said(notes: list):
    """A refusal raised while the one table of several that the reading picked is read says which
    it is, and how to read another (the refusal's own advice may be moot for the table meant)."""
    try:
        yield
    except ValueError as error:
        chose = next((n for n in notes if isinstance(n, Assumed) and n.decision.startswith(_RATED)), None)
        if chose is None or "--table" in str(error):
            raise
        picked = chose.evidence.split(";")[0]
        said = (
            f"{error.args[0] if error.args else error} (read {chose.decision[len(_RATED) - 6 :]}, {picked}: "
        )
        error.args = (
            f"{said}{chose.option})",
            *error.args[1:],
        )  # its own type kept (a refusal carrying fixes)
        raise


_RATED = "rated table "


def _which(path: str, chosen: Table, tables: list[Table]) -> Assumed:
    """What reading one table of several assumed: the largest, and how to rate another."""
    where = f"line {chosen.line}" + (f", under {chosen.heading!r}" if chosen.heading else "")
    # By its line: the chosen table may be a cleaned copy (a blank header cell named, markup
    # stripped), no longer equal to its entry in ``tables`` (InternLM's README: an internal error).
    others = ", ".join(
        f"line {t.line} ({len(t.rows)} x {len(t.header)})" for t in tables if t.line != chosen.line
    )
    number = next((k for k, t in enumerate(tables, 1) if t.line == chosen.line), 1)
    return Assumed(
        "layout",
        f"{_RATED}{number}, at {where} ({len(chosen.rows)} rows x {len(chosen.header)} columns)",
        f"the largest holding numbers of the {len(tables)} tables in {os.path.basename(path)}; "
        f"the others: {others}",
        "--table N (or its heading) rates another",
        f"--table {number}",
    )
