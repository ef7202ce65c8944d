"""Every pbem command and subcommand with bad arguments: one line on stderr that starts with
``Error:``, a non-zero exit, never a traceback (README, "The command").

The commands are enumerated from the click group, so a new command without bad cases here
fails `test_every_command_has_bad_cases`.  Each case runs through `pbem.cli.run`, the console
entry point, in this process: an exception escaping it is the traceback a user would see.
"""
from __future__ import annotations

import io
from pathlib import Path

import click
import pytest

from pbem.cli import main, run

README = Path(__file__).resolve().parents[2] / "README.md"

#: Bad arguments per command.  ``{home}`` is a home with the game ``duel`` (testgame, seats
#: north and east, moderator gm@example.org), ``{file}`` a plain file (so ``{file}/x`` can
#: never be created, even by root), ``{binary}`` a file of control bytes, ``{list}`` YAML
#: that is not a mapping, ``{empty}`` an empty file, ``{tmp}`` a fresh directory.
BAD: dict[str, list[list[str]]] = {
    "init": [["{file}/home"], ["a", "b"]],
    "rules": [["extra"]],
    "data": [["check", "nogame"], ["check", "testgame"], ["frob", "virtu"], ["check"],
             ["check", "virtu", "--dir", "{file}"], ["check", "virtu", "--dir", "{tmp}"],
             ["check", "virtu", "--strict"]],
    "new": [
        ["x", "--rules", "nogame", "--seat", "north=a@b.org", "--seat", "east=c@d.org"],
        ["x", "--rules", "testgame", "--seat", "north=a@b.org", "--seat", "moon=c@d.org"],
        ["x", "--rules", "testgame", "--seat", "north=notanemail", "--seat", "east=c@d.org"],
        ["x", "--rules", "testgame", "--seat", "north=a@", "--seat", "east=c@d.org"],
        ["x", "--rules", "testgame", "--seat", "north=Ann <a@b.org>", "--seat", "east=c@d.org"],
        ["x", "--rules", "testgame", "--seat", "north=a@b.org\r\nBcc: e@evil.org",
         "--seat", "east=c@d.org"],
        ["x", "--rules", "testgame", "--seat", "north=a@b.org", "--seat", "east=c@d.org",
         "--moderator", "notanemail"],
        ["x", "--rules", "testgame", "--seat", "north=a@b.org", "--seat", "east=c@d.org",
         "--clock", "impulse=0h"],
        ["x", "--rules", "testgame", "--seat", "north=a@b.org", "--seat", "east=c@d.org",
         "--clock", "default=10m"],
        ["x", "--rules", "testgame", "--seat", "north=a@b.org", "--seat", "east=c@d.org",
         "--clock", "impulse=soon"],
        ["x", "--rules", "testgame", "--seat", "north=a@b.org", "--seat", "east=c@d.org",
         "--clock", "moon=24h"],
        ["x", "--rules", "testgame", "--seat", "north=a@b.org", "--seat", "east=c@d.org",
         "--clock", "nmr=maybe"],
        ["x", "--rules", "testgame", "--seat", "north=a@b.org", "--seat", "east=c@d.org",
         "--clock", "reminders=0h"],
        ["x", "--rules", "testgame", "--seat", "north=a@b.org", "--seat", "east=c@d.org",
         "--option", "rounds=abc"],
        ["x", "--rules", "testgame", "--seat", "north=a@b.org", "--seat", "east=c@d.org",
         "--option", "nokey=1"],
        ["x", "--rules", "testgame", "--seat", "north=a@b.org", "--seat", "east=c@d.org",
         "--scenario", "1999"],
        ["x", "--rules", "testgame", "--seat", "north=a@b.org", "--seat", "east=c@d.org",
         "--lang", "fr"],
        ["x", "--rules", "testgame", "--seat", "north", "--seat", "east=c@d.org"],
        ["Bad Id", "--rules", "testgame", "--seat", "north=a@b.org", "--seat", "east=c@d.org"],
        ["duel", "--rules", "testgame", "--seat", "north=a@b.org", "--seat", "east=c@d.org"],
        ["--home", "{file}/x", "x", "--rules", "testgame", "--seat", "north=a@b.org",
         "--seat", "east=c@d.org"],
    ],
    "games": [["extra"]],
    "status": [["nosuch"], ["duel", "--as", "moon"], ["duel", "--lang", "fr"],
               ["../duel"]],
    "order": [["nosuch", "north", "PASS"], ["duel", "moon", "PASS"]],
    "archive": [["nosuch"], ["duel", "-o", "{file}/x.yaml"],
                ["duel", "-o", "/nonexistent/dir/x.yaml"], ["duel", "-o", "{tmp}"]],
    "replay": [[str(README)], ["{binary}"], ["{list}"], ["{empty}"], ["/nonexistent.yaml"],
               ["{tmp}"]],
    "simulate": [["--rules", "nogame"], ["--rules", "testgame", "--scenario", "1999"],
                 ["--rules", "testgame", "--games", "0"], ["--rules", "testgame", "--bot", "x"],
                 ["--rules", "testgame", "--option", "rounds=abc"],
                 ["--rules", "testgame", "--option", "nokey=1"],
                 ["--rules", "testgame", "--games", "1", "--out", "{file}/sims"]],
    "run": [["--bogus"], ["--home", "{file}/x", "run", "--once"]],
    "demo": [["--dir", "{file}/x"], ["--dir", "{home}"]],
    "mod": [["nosuch", "PAUSE"], ["duel", "FROB"], ["duel", "REPLACE", "moon", "a@b.org"],
            ["duel", "REPLACE", "north", "notanemail"],
            ["duel", "REPLACE", "north", "Ann <a@b.org>"],
            ["duel", "ADD-ADDRESS", "north", "a@"], ["duel", "EXTEND", "ALL", "soon"],
            ["duel", "--as", "nobody@example.org", "PAUSE"], ["duel", "ROLLBACK", "99"],
            ["duel", "EDIT", "x", "=", "1"], ["duel", "FORCE", "moon"]],
    "rollback": [["nosuch", "1"], ["duel", "99"], ["duel", "abc"], ["duel", "-5"],
                 ["duel", "0", "--as", "nobody@example.org"]],
    "stuck": [["extra"]],
    "verify": [["nosuch"], [], ["duel", "extra"], ["../duel"]],
    "render": [["nosuch", "-o", "{tmp}/x.png"], ["duel", "-o", "/nonexistent/dir/x.png"],
               ["duel", "-o", "{file}/x.png"], ["duel", "--as", "moon", "-o", "{tmp}/x.png"],
               ["duel", "--width", "5", "-o", "{tmp}/x.png"],
               ["duel", "--lang", "fr", "-o", "{tmp}/x.png"], ["duel", "-o", "{tmp}/x.png"]],
}

#: Commands that need no server home (init creates one, new creates one when missing).
HOMELESS = {"init", "rules", "simulate", "demo", "new", "data"}
#: Arguments that make a command otherwise valid, to try it on a missing home.
VALID = {"status": ["duel"], "order": ["duel", "north", "PASS"], "archive": ["duel"],
         "mod": ["duel", "PAUSE"], "rollback": ["duel", "0"], "render": ["duel", "-o", "x.png"],
         "run": ["--once"], "verify": ["duel"]}


@pytest.fixture
def places(tmp_path: Path, home: Path) -> dict[str, str]:
    assert run_pbem(["new", "duel", "--rules", "testgame", "--seat", "north=n@example.org",
                     "--seat", "east=e@example.org", "--moderator", "gm@example.org",
                     "--no-welcome"])[0] == 0
    (tmp_path / "file").write_text("not a directory")
    (tmp_path / "binary").write_bytes(bytes(range(32)) * 4)
    (tmp_path / "list.yaml").write_text("- 1\n- 2\n")
    (tmp_path / "empty.yaml").write_text("")
    (tmp_path / "scratch").mkdir()
    return {"home": str(home), "file": str(tmp_path / "file"),
            "binary": str(tmp_path / "binary"), "list": str(tmp_path / "list.yaml"),
            "empty": str(tmp_path / "empty.yaml"), "tmp": str(tmp_path / "scratch")}


def run_pbem(argv: list[str]) -> tuple[int, str, str]:
    """Exit status, stdout and stderr of ``pbem ARGV`` run through the console entry point."""
    out, err = _stream(), _stream()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("sys.stdout", out)
        patch.setattr("sys.stderr", err)
        patch.setattr("sys.stdin", _stream())
        try:
            run(argv)
            code = 0
        except SystemExit as done:
            code = done.code if isinstance(done.code, int) else 1
    return code, _text(out), _text(err)


def _stream() -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(), encoding="utf-8")


def _text(stream: io.TextIOWrapper) -> str:
    stream.flush()
    return stream.buffer.getvalue().decode("utf-8")  # type: ignore[attr-defined]


def cases() -> list[tuple[str, list[str]]]:
    """(command, argv) for every bad case, and every home-needing command on a missing home
    and on a home that cannot exist (a file in its path)."""
    found = []
    for name, argvs in BAD.items():
        for argv in argvs:
            found.append((name, argv if argv[:1] == ["--home"] else [name, *argv]))
    for name in sorted(set(BAD) - HOMELESS):
        for bad_home in ("{tmp}/nonexistent-home", "{file}/home"):
            found.append((name, ["--home", bad_home, name, *VALID.get(name, [])]))
    return found


def test_every_command_has_bad_cases():
    assert set(main.commands) == set(BAD), "add bad cases for every command to BAD"
    for name, command in main.commands.items():
        assert not isinstance(command, click.Group), f"enumerate {name}'s subcommands"


@pytest.mark.parametrize("name,argv", cases(), ids=lambda v: " ".join(v)
                         if isinstance(v, list) else v)
def test_bad_arguments_give_one_line_and_a_non_zero_exit(places, name, argv):
    argv = [a.format(**places) for a in argv]
    code, out, err = run_pbem(argv)
    assert code != 0, (out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), err
    assert "Traceback" not in out + err and "[Errno" not in err, err


def test_the_issues_examples_read_as_sentences(places):
    """The four tracebacks of issue 10, now one clear line each."""
    assert "not a pbem archive" in run_pbem(["replay", str(README)])[2]
    assert "not a pbem archive" in run_pbem(["replay", places["binary"]])[2]
    assert "testgame has no scenario '1999'" in run_pbem(
        ["simulate", "--rules", "testgame", "--scenario", "1999"])[2]
    err = run_pbem(["render", "duel", "-o", "/nonexistent/dir/x.png"])[2]
    assert "cannot write /nonexistent/dir/x.png: the folder /nonexistent/dir does not exist" \
        in err
