"""Rulebook section → code → test, for one installed game (`pbem rules --index NAME`).

Where a rule lives is read from the code itself, never kept by hand:

* a module's docstring names the sections the module implements on a line
  ``Rules: §13.2, §13.3`` (the module is the home of those rules; the line runs on to the
  next blank line); a module that implements no rule says so, ``Rules: none (data access)``,
  and every module says one or the other (`without_rules_line` lists those that do not);
* a function's or class's docstring that cites ``§13.2`` is code for §13.2;
* a test function whose name or docstring cites a section tests it; so does every test the
  game's README coverage table names in its ``covered by`` column for that row.

The game's ``README.md`` carries the coverage table (``| § | rule | status | code | covered by
|``); its ``code`` column is generated here (`update_readme`), and a test fails when a row
marked done has no code location or when the column is stale.  A game may generate whole
README sections too (`Rules.readme_sections`, e.g. a game's ``## Cards`` table): they
are rewritten by the same command and checked by the same test; the tests they name are
found by their pytest marker (`marked_tests`: ``@pytest.mark.card(80)``).
"""
from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

from engine import registry

SECTION = re.compile(r"§\s?(\d+(?:\.\d+)*)")
#: A module docstring's ``Rules:`` paragraph (up to the next blank line).
RULES_LINE = re.compile(r"^[ \t]*Rules:[ \t]*(.+(?:\n[ \t]*\S.*)*)", re.MULTILINE)
#: A ``Rules:`` line of a module that implements no rule.
NO_RULES = re.compile(r"^none\b", re.IGNORECASE)
#: Code locations shown in one README cell before "+N more".
CELL_LIMIT = 4


def section_key(text: str) -> tuple[int, ...]:
    """``"13.2"`` → ``(13, 2)``, for ordering and range tests."""
    return tuple(int(part) for part in text.split(".") if part)


@dataclass(frozen=True, order=True)
class Location:
    """One piece of code citing a section: ``file`` (relative to the package), ``symbol``
    (``Class.method``, ``function`` or ``<module>``) and its line."""
    file: str
    symbol: str
    line: int
    home: bool = False   # named on the module's ``Rules:`` line

    def __str__(self) -> str:
        return self.file if self.symbol == "<module>" else f"{self.file}:{self.symbol}"


@dataclass(frozen=True)
class SectionSpec:
    """The § cell of one coverage row: sections and ranges (``2.2, 2.4``, ``13.2–15``)."""
    text: str
    parts: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]

    @classmethod
    def parse(cls, text: str) -> "SectionSpec":
        parts = []
        for item in re.split(r"[,;]", text):
            bounds = [b.strip(" §") for b in re.split(r"[–-]", item) if b.strip(" §")]
            if not bounds or not all(re.fullmatch(r"\d+(\.\d+)*", b) for b in bounds):
                continue
            parts.append((section_key(bounds[0]), section_key(bounds[-1])))
        return cls(text, tuple(parts))

    def covers(self, section: str) -> bool:
        """True when `section` is one of the cell's sections, a subsection of one, or inside a
        range (the upper end of a range includes its subsections: ``13.2–15`` covers 15.3)."""
        key = section_key(section)
        for low, high in self.parts:
            if key[:len(low)] >= low and key[:len(high)] <= high:
                return True
        return False


@dataclass
class Row:
    """One row of a README coverage table."""
    spec: SectionSpec
    rule: str
    status: str
    tests: list[str]
    code: list[Location] = field(default_factory=list)

    @property
    def done(self) -> bool:
        return self.status.strip().lower().startswith("done")


def _docstring_sections(node: ast.AST) -> list[str]:
    doc = ast.get_docstring(node, clean=False) or ""  # type: ignore[arg-type]
    return SECTION.findall(doc)


def rules_line(module_doc: str) -> str | None:
    """The text of a module docstring's ``Rules:`` paragraph when it cites a section or says
    ``none``; None when there is no such paragraph."""
    for text in RULES_LINE.findall(module_doc):
        if SECTION.search(text) or NO_RULES.match(text.strip()):
            return " ".join(text.split())
    return None


def without_rules_line(root: Path) -> list[str]:
    """The package's modules (relative paths) whose docstring has no ``Rules:`` line."""
    out = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        if rules_line(ast.get_docstring(tree, clean=False) or "") is None:
            out.append(path.relative_to(root).as_posix())
    return out


def code_index(root: Path) -> dict[str, list[Location]]:
    """Every section cited by the package's docstrings, with its code locations."""
    index: dict[str, set[Location]] = {}
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        module_doc = ast.get_docstring(tree, clean=False) or ""
        for line in RULES_LINE.findall(module_doc):
            for section in SECTION.findall(line):
                index.setdefault(section, set()).add(Location(rel, "<module>", 1, home=True))
        for node, qualname in _symbols(tree):
            for section in _docstring_sections(node):
                index.setdefault(section, set()).add(Location(rel, qualname, node.lineno))
    return {s: sorted(locs, key=lambda l: (not l.home, l.file, l.line))
            for s, locs in index.items()}


def _symbols(tree: ast.Module) -> list[tuple[ast.AST, str]]:
    """Functions and classes (methods as ``Class.method``), outermost first."""
    found: list[tuple[ast.AST, str]] = []

    def visit(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = prefix + node.name
                found.append((node, name))
                if isinstance(node, ast.ClassDef):
                    visit(node.body, name + ".")
    visit(tree.body, "")
    return found


def test_index(tests: Path) -> dict[str, list[str]]:
    """Sections cited by test names (``test_e8_…`` does not count) or test docstrings."""
    index: dict[str, set[str]] = {}
    for path, node, qualname in _test_functions(tests):
        if not qualname.split(".")[-1].startswith("test"):
            continue
        for section in _docstring_sections(node):
            index.setdefault(section, set()).add(f"{path.stem}::{qualname}")
    return {s: sorted(names) for s, names in index.items()}


def _test_functions(tests: Path) -> Iterator[tuple[Path, ast.AST, str]]:
    """(file, node, qualname) of every function and class in the test files under `tests`."""
    if not tests.is_dir():
        return
    for path in sorted(tests.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node, qualname in _symbols(tree):
            yield path, node, qualname


def marked_tests(tests: Path, marker: str) -> dict[int, list[str]]:
    """Test functions decorated ``@pytest.mark.<marker>(n, ...)``, by each number ``n``, as
    ``file::test`` (read from the source, nothing imported)."""
    index: dict[int, set[str]] = {}
    for path, node, qualname in _test_functions(tests):
        for deco in getattr(node, "decorator_list", ()):
            if isinstance(deco, ast.Call) and isinstance(deco.func, ast.Attribute) \
                    and deco.func.attr == marker and ast.unparse(deco.func.value) == "pytest.mark":
                for arg in deco.args:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, int):
                        index.setdefault(arg.value, set()).add(f"{path.stem}::{qualname}")
    return {n: sorted(names) for n, names in index.items()}


def read_table(readme: str) -> tuple[list[str], list[Row], tuple[int, int]]:
    """The coverage table of a game README: its header cells, rows and line span."""
    lines = readme.splitlines()
    start = next((i for i, line in enumerate(lines)
                  if line.startswith("| § |")), None)
    if start is None:
        return [], [], (0, 0)
    header = _cells(lines[start])
    end = start + 2
    while end < len(lines) and lines[end].startswith("|"):
        end += 1
    rows = []
    for line in lines[start + 2:end]:
        cells = dict(zip(header, _cells(line)))
        tests = re.findall(r"test_[A-Za-z0-9_]+(?:::[A-Za-z0-9_]+)?", cells.get("covered by", ""))
        rows.append(Row(SectionSpec.parse(cells.get("§", "")), cells.get("rule", ""),
                        cells.get("status", ""), tests))
    return header, rows, (start, end)


def _cells(line: str) -> list[str]:
    """The cells of a table row; an escaped pipe (``\\|``, as in ``A\\|B`` inside a code
    span) stays inside its cell."""
    return [cell.strip() for cell in re.split(r"(?<!\\)\|", line.strip().strip("|"))]


@dataclass
class Index:
    """A game's rules index: the README rows with their code, and every cited section."""
    rows: list[Row]
    code: dict[str, list[Location]]
    tests: dict[str, list[str]]
    #: Modules whose docstring has no ``Rules:`` line (a warning of `report`).
    unlisted: list[str] = field(default_factory=list)
    #: README sections the game generates (`Rules.readme_sections`): heading -> markdown.
    sections: dict[str, str] = field(default_factory=dict)

    def locations(self, spec: SectionSpec) -> list[Location]:
        seen: dict[Location, None] = {}
        for section in sorted(self.code, key=section_key):
            if spec.covers(section):
                for loc in self.code[section]:
                    seen.setdefault(loc, None)
        return sorted(seen, key=lambda l: (not l.home, l.file, l.line))

    def tests_for(self, spec: SectionSpec) -> list[str]:
        return sorted({name for section, names in self.tests.items() if spec.covers(section)
                       for name in names})

    def undone(self) -> list[Row]:
        """Rows marked done with no code location: each one is a gap in the index."""
        return [row for row in self.rows if row.done and not row.code]


def build(name: str, tests: Path | None = None) -> Index:
    """The index of the installed game `name`; `tests` defaults to ``tests/games/<package>``
    beside the package's repository, when there is one."""
    root = registry.package_dir(name)
    if tests is None:
        tests = root.parent.parent / "tests" / "games" / root.name
    readme = root / "README.md"
    _, rows, _ = read_table(readme.read_text(encoding="utf-8")) if readme.exists() else ([], [], 0)
    index = Index(rows, code_index(root), test_index(tests), without_rules_line(root))
    for row in rows:
        row.code = index.locations(row.spec)
    generate = registry.part(registry.get(name), "readme_sections")
    if generate is not None:
        found = tests
        index.sections = generate(lambda marker: marked_tests(found, marker))
    return index


def code_cell(locations: list[Location]) -> str:
    """The README's ``code`` cell: the homes first, then up to `CELL_LIMIT` places."""
    if not locations:
        return "—"
    shown = [f"`{loc}`" for loc in locations[:CELL_LIMIT]]
    more = len(locations) - CELL_LIMIT
    return ", ".join(shown) + (f" +{more} more" if more > 0 else "")


def update_readme(readme: str, index: Index) -> str:
    """`readme` with its coverage table's ``code`` column (re)generated after ``status``, and
    the game's generated sections rewritten (`replace_section`)."""
    for heading, body in index.sections.items():
        readme = replace_section(readme, heading, body)
    header, rows, (start, end) = read_table(readme)
    if not header:
        return readme
    lines = readme.splitlines()
    has_code = "code" in header
    new_header = header if has_code else header[:header.index("status") + 1] + ["code"] + \
        header[header.index("status") + 1:]
    out = ["| " + " | ".join(new_header) + " |", "|" + "---|" * len(new_header)]
    for line, row in zip(lines[start + 2:end], rows):
        cells = dict(zip(header, _cells(line)))
        cells["code"] = code_cell(index.locations(row.spec))
        out.append("| " + " | ".join(cells.get(h, "") for h in new_header) + " |")
    tail = "\n" if readme.endswith("\n") else ""
    return "\n".join(lines[:start] + out + lines[end:]) + tail


def replace_section(readme: str, heading: str, body: str) -> str:
    """`readme` with the section ``## <heading>`` (up to the next ``## `` heading) holding
    `body`; appended at the end when the README has no such section."""
    lines = readme.rstrip("\n").split("\n")
    title = f"## {heading}"
    new = [title, "", *body.strip("\n").split("\n")]
    if title not in lines:
        return "\n".join(lines + [""] + new) + "\n"
    start = lines.index(title)
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")),
               len(lines))
    tail = [""] + lines[end:] if end < len(lines) else []
    return "\n".join(lines[:start] + new + tail) + "\n"


def report(index: Index) -> list[str]:
    """Text lines: each README row (section → code → tests), then sections cited in code that
    no row names."""
    lines = []
    for row in index.rows:
        tests = sorted(set(row.tests) | set(index.tests_for(row.spec)))
        lines.append(f"§{row.spec.text}  [{row.status.split(':')[0].split('(')[0].strip()}]  "
                     f"{row.rule[:60]}")
        lines.append("    code:  " + (", ".join(str(l) for l in row.code) or "—"))
        lines.append("    tests: " + (", ".join(tests) or "—"))
    orphans = sorted((s for s in index.code
                      if not any(row.spec.covers(s) for row in index.rows)), key=section_key)
    if orphans:
        lines.append("cited in code, in no coverage row: " + ", ".join(f"§{s}" for s in orphans))
    for module in index.unlisted:
        lines.append(f"warning: {module} has no 'Rules:' line (sections, or 'Rules: none (why)')")
    return lines
