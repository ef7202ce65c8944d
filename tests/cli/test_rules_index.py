"""`pbem rules --index`: section → code → tests, and the README coverage tables it keeps."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from engine import registry
from pbem import rules_index
from pbem.cli import main
from pbem.rules_index import SectionSpec


@pytest.mark.parametrize("cell, inside, outside", [
    ("2.2, 2.4", ["2.2", "2.4", "2.4.1"], ["2", "2.3", "3"]),
    ("13.2–15", ["13.2", "14", "15.3", "13.2.1"], ["13.1", "16", "13"]),
    ("18.2-18.4", ["18.3", "18.4"], ["18.1", "18.5"]),
    ("6.1, 21", ["6.1", "21", "21.3"], ["6.2", "22"]),
])
def test_a_section_cell_covers_its_sections_subsections_and_ranges(cell, inside, outside):
    spec = SectionSpec.parse(cell)
    assert all(spec.covers(s) for s in inside)
    assert not any(spec.covers(s) for s in outside)


@pytest.mark.parametrize("name", sorted(registry.installed()))
def test_every_section_marked_done_has_code(name):
    undone = [row.spec.text for row in rules_index.build(name).undone()]
    assert undone == [], f"{name}: rows marked done with no code citing them: {undone}"


@pytest.mark.parametrize("name", sorted(registry.installed()))
def test_the_readme_code_column_is_generated_and_current(name):
    readme = registry.package_dir(name) / "README.md"
    text = readme.read_text(encoding="utf-8")
    header, rows, _ = rules_index.read_table(text)
    if not rows:
        pytest.skip(f"{name} has no § coverage table")
    assert "code" in header
    assert rules_index.update_readme(text, rules_index.build(name)) == text, \
        f"run: pbem rules --index {name} --write-readme"


def test_the_index_reads_module_rules_lines_and_docstrings(tmp_path):
    pkg = tmp_path / "toy"
    (pkg / "phases").mkdir(parents=True)
    (pkg / "phases" / "war.py").write_text(
        '"""War.\n\nRules: §13.2, §14\n"""\n\n'
        'def battle():\n    """Field battle (§14.1)."""\n\n'
        'class Siege:\n    def assault(self):\n        """Assault (§15.2)."""\n', encoding="utf-8")
    index = rules_index.code_index(pkg)
    assert [str(l) for l in index["13.2"]] == ["phases/war.py"]
    assert [str(l) for l in index["14.1"]] == ["phases/war.py:battle"]
    assert [str(l) for l in index["15.2"]] == ["phases/war.py:Siege.assault"]
    assert index["14"][0].home


def test_pbem_rules_index_prints_sections_code_and_tests():
    result = CliRunner().invoke(main, ["rules", "--index", "here-i-stand"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    at = lines.index(next(l for l in lines if l.startswith("§12.1 ")))
    assert "cp_actions.py:has_loc" in lines[at + 1]
    assert "test_his_action::test_no_line_of_communication_no_control" in lines[at + 2]


def test_pbem_rules_index_of_an_unknown_game_is_one_line():
    result = CliRunner().invoke(main, ["rules", "--index", "chess"])
    assert result.exit_code != 0
    assert "no game called 'chess'" in result.output


@pytest.mark.parametrize("name", sorted(registry.installed()))
def test_every_module_of_every_installed_game_has_a_rules_line(name):
    missing = rules_index.without_rules_line(registry.package_dir(name))
    assert missing == [], (f"{name}: modules without a 'Rules: §…' or 'Rules: none (…)' line "
                           f"in their docstring: {missing}")


def test_a_rules_paragraph_runs_to_the_blank_line_and_none_is_a_rules_line(tmp_path):
    pkg = tmp_path / "toy"
    pkg.mkdir()
    (pkg / "paths.py").write_text(
        '"""Paths.\n\nRules: §9.3 step 3 (units leave),\n§19.3 (winter), §22.2.\n\n'
        'Not a rule: §5.\n"""\n', encoding="utf-8")
    (pkg / "loader.py").write_text('"""Loader.\n\nRules: none (data access)\n"""\n',
                                   encoding="utf-8")
    (pkg / "bare.py").write_text('"""Bare, citing §4 but naming no rules."""\n',
                                 encoding="utf-8")
    index = rules_index.code_index(pkg)
    assert {s for s, locs in index.items() if any(l.home for l in locs)} == {"9.3", "19.3", "22.2"}
    assert rules_index.without_rules_line(pkg) == ["bare.py"]
    report = rules_index.report(rules_index.Index([], index, {}, ["bare.py"]))
    assert report[-1].startswith("warning: bare.py has no 'Rules:' line")


def test_the_code_column_is_written_from_the_code(tmp_path):
    pkg = tmp_path / "toy"
    pkg.mkdir()
    (pkg / "war.py").write_text('"""War.\n\nRules: §14\n"""\n\n'
                                'def battle():\n    """Field battle (§14.1)."""\n',
                                encoding="utf-8")
    readme = ("# toy\n\n| § | rule | status | covered by |\n|---|---|---|---|\n"
              "| 14 | battles | done | test_war |\n| 15 | sieges | missing | — |\n")
    index = rules_index.Index([], rules_index.code_index(pkg), {})
    out = rules_index.update_readme(readme, index).splitlines()
    assert out[2] == "| § | rule | status | code | covered by |"
    assert out[4] == "| 14 | battles | done | `war.py`, `war.py:battle` | test_war |"
    assert out[5] == "| 15 | sieges | missing | — | — |"


def test_an_escaped_pipe_stays_inside_its_cell(tmp_path):
    """`STANDING x A\\|B` in a cell is one cell: regenerating the table keeps the status
    and the tests of such a row (they were lost before)."""
    readme = ("# toy\n\n| § | rule | status | code | covered by |\n|---|---|---|---|---|\n"
              "| 14 | battles (`AVOID [WITH x \\| WITH NONE]`) | done (`STANDING a B\\|C`) | — "
              "| test_war |\n")
    index = rules_index.Index([], {}, {})
    out = rules_index.update_readme(readme, index).splitlines()
    assert out[4] == ("| 14 | battles (`AVOID [WITH x \\| WITH NONE]`) | done (`STANDING a B\\|C`) "
                      "| — | test_war |")
    assert rules_index.read_table(readme)[1][0].status == "done (`STANDING a B\\|C`)"


def test_marked_tests_and_a_generated_section(tmp_path):
    (tmp_path / "test_toy.py").write_text(
        "import pytest\n\n@pytest.mark.card(5, 7)\ndef test_a():\n    pass\n\n"
        "@pytest.mark.slow\ndef test_b():\n    pass\n", encoding="utf-8")
    assert rules_index.marked_tests(tmp_path, "card") == {5: ["test_toy::test_a"],
                                                          7: ["test_toy::test_a"]}
    text = "# T\n\n## A\n\nold\n\n## B\n\nkeep\n"
    assert rules_index.replace_section(text, "A", "new") == "# T\n\n## A\n\nnew\n\n## B\n\nkeep\n"
    assert rules_index.replace_section(text, "C", "x") == text + "\n## C\n\nx\n"
    assert rules_index.replace_section(text, "B", "y") == "# T\n\n## A\n\nold\n\n## B\n\ny\n"
