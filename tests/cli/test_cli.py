"""The pbem command: every subcommand, and errors as one line without a traceback."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbem.cli import main

SIM_LINE = re.compile(r"^simulate: (\d+) games, (\d+) finished, (\d+) errors, "
                      r"(\d+) replays verified, [\d.]+ s$")


@pytest.fixture
def run(home):
    runner = CliRunner()

    def invoke(*args: str, input: str | None = None, code: int = 0):
        result = runner.invoke(main, list(args), input=input)
        assert result.exit_code == code, result.output
        return result.output
    return invoke


@pytest.fixture
def duel(run):
    run("new", "duel", "--rules", "testgame", "--seat", "north=n@example.org",
        "--seat", "east=e@example.org,e2@example.org", "--moderator", "gm@example.org",
        "--seed", "cli-seed", "--clock", "default=24h")
    return "duel"


def hand_numbers(run, seat: str) -> list[str]:
    text = run("status", "duel", "--as", seat)
    return re.findall(r"^  #(\d+) ", text, re.M)


def test_init_and_rules(run, home):
    assert "initialised" in run("init")
    assert (home / "games").is_dir()
    assert "testgame" in run("rules")


def test_new_prints_tags_and_commitment(run, duel):
    out = run("games")
    assert re.search(r"^duel\ttestgame\tcommit\tawaiting east, north\t2026-11-22 12:00 UTC$",
                     out, re.M)


def test_new_refuses_bad_input(run):
    run("new", "x", "--rules", "nogame", "--seat", "north=a@b", code=1)
    run("new", "Bad Id", "--rules", "testgame", "--seat", "north=a@b", "--seat", "east=c@d",
        code=1)
    run("new", "x", "--rules", "testgame", "--seat", "north=a@b", code=1)  # too few seats
    run("new", "x", "--rules", "testgame", "--seat", "north=a@b", "--seat", "moon=c@d",
        code=1)
    run("new", "x", "--rules", "testgame", "--seat", "north=a@b", "--seat", "east=c@d",
        "--clock", "impulse=soon", code=1)


def test_status_public_and_private(run, duel):
    public = run("status", "duel")
    assert public.startswith("Duel (pbem's test game), entry 0") and "Your hand" not in public
    assert len(hand_numbers(run, "north")) == 4
    north = run("status", "duel", "--as", "north")
    assert "Private report for North" in north and "Asked of you now" in north
    assert "COMMIT <card>" in north
    run("status", "duel", "--as", "moon", code=1)


def test_status_in_the_seats_language_or_as_asked(run, duel, home):
    from pbem import reports
    from pbem.store import Store
    store = Store(home)
    with store.transaction("duel") as game:
        game.seats["north"]["lang"] = "ru"
    game = store.load("duel")
    north = run("status", "duel", "--as", "north")
    assert north.startswith(reports.status_text(game, "ru", None, "north") + "\n\n"
                            + reports.private_text(game, "north", "ru"))
    assert "Дуэль" in north and "Вас спрашивают сейчас" in north
    assert "Your hand" in run("status", "duel", "--as", "north", "--lang", "en")
    assert "Последние события" in run("status", "duel", "--lang", "ru")
    assert "Recent events" in run("status", "duel")     # the public view: English


def test_order_from_argument_and_stdin(run, duel):
    card = hand_numbers(run, "north")[0]
    out = run("order", "duel", "north", f"COMMIT {card}")
    assert f"COMMIT {card}' (entry 1)" in out
    card = hand_numbers(run, "east")[0]
    out = run("order", "duel", "east", input=f"\n  commit {card}\n")
    assert "(entry 2)" in out
    out = run("order", "duel", "north", "FROB", code=2)
    assert "REFUSED" in out and "did you mean" in out


def test_order_text_may_begin_with_a_dash(run, duel):
    """``- PASS`` and ``-x`` are order text, with or without ``--`` (issue 14)."""
    for args in (["--", "-x"], ["- PASS"], ["-x"]):
        out = run("order", "duel", "north", *args, code=2)
        assert "REFUSED" in out and f"{args[-1]} -> REFUSED" in out
    assert "order [OPTIONS] GAME_ID SEAT" in run("order", "--help")


def test_verify_replays_a_running_game_and_catches_tampering(run, duel, home, tmp_path):
    """`pbem verify` checks the live record with the server's seed (issue 14)."""
    for seat in ("north", "east"):
        run("order", "duel", seat, f"COMMIT {hand_numbers(run, seat)[0]}")
    out = run("verify", "duel")
    assert re.fullmatch(r"verify: duel: 2 entries verified, final state hash [0-9a-f]{64}\n",
                        out)
    run("replay", "--verify", str(home / "games" / "duel" / "game.yaml"), code=1)  # not an archive
    copy = tmp_path / "copy"
    shutil.copytree(home, copy)
    live = copy / "games" / "duel" / "game.yaml"
    first = re.search(r"^  state_hash: ([0-9a-f]{64})", live.read_text(), re.M)[1]  # type: ignore[index]
    live.write_text(live.read_text().replace(first, "0" * 64, 1))
    out = run("--home", str(copy), "verify", "duel", code=1)
    assert "entry 1" in out and "state hash differs" in out
    run("--home", str(copy), "verify", "nogame", code=1)


def test_archive_replay_and_rollback(run, duel, tmp_path):
    for seat in ("north", "east"):
        run("order", "duel", seat, f"COMMIT {hand_numbers(run, seat)[0]}")
    run("order", "duel", "north", "PASS")
    out_file = tmp_path / "duel.yaml"
    assert "wrote" in run("archive", "duel", "-o", str(out_file))
    text = out_file.read_text()
    assert "format: pbem-archive/1" in text and "seed: null" in text
    assert "cli-seed" not in text
    assert "replays" not in run("archive", "duel")
    # Without the seed an unfinished game cannot be verified: a clear refusal.
    assert "not revealed" in run("replay", str(out_file), "--verify", code=1)
    assert "rolled back to entry 1" in run("rollback", "duel", "1")
    assert "awaiting east" in run("games")


def test_replay_verifies_a_finished_archive(run, tmp_path):
    out = tmp_path / "sims"
    line = run("simulate", "--rules", "testgame", "--games", "3", "--seed", "r",
               "--out", str(out)).strip().splitlines()[-1]
    assert SIM_LINE.match(line).groups() == ("3", "3", "0", "3")
    archive = sorted(out.glob("*.yaml"))[0]
    assert "every state hash verified" in run("replay", str(archive), "--verify")
    archive.write_text(archive.read_text().replace("rolls: [", "rolls: [6, ", 1))
    assert "Error:" in run("replay", str(archive), "--verify", code=1)


def test_simulate_default_bot(run):
    line = run("simulate", "--rules", "testgame", "--games", "5", "--bot", "default").strip()
    assert SIM_LINE.match(line.splitlines()[-1]).groups() == ("5", "5", "0", "5")
    for game in line.splitlines()[:-1]:       # each game's line says how it ended
        assert re.search(r"won by [^(]+ \(.+\), [\d.]+ s$", game), game


def test_errors_are_one_line_without_traceback(home):
    for args in (["status", "nope"], ["order", "nope", "north", "PASS"],
                 ["replay", "/nonexistent.yaml"], ["new", "x", "--rules", "zzz",
                                                    "--seat", "a=b"]):
        done = subprocess.run([sys.executable, "-m", "pbem", *args], capture_output=True,
                              text=True)
        assert done.returncode != 0
        assert "Traceback" not in done.stderr
        assert len(done.stderr.strip().splitlines()) <= 2, done.stderr


def test_python_dash_m_works():
    done = subprocess.run([sys.executable, "-m", "pbem", "--help"], capture_output=True,
                          text=True, check=True)
    assert "play-by-email" in done.stdout


def test_undo_from_the_cli_and_replay_verify_of_its_archive(run, duel, tmp_path):
    card = hand_numbers(run, "north")[0]
    run("order", "duel", "north", f"COMMIT {card}")
    assert "'UNDO TO 0' (entry 2)" in run("order", "duel", "north", "UNDO")
    assert "nothing to take back" in run("order", "duel", "east", "UNDO", code=2)
    run("order", "duel", "north", f"COMMIT {card}")
    run("mod", "duel", "END", "test", "over")
    archive = tmp_path / "duel.yaml"
    run("archive", "duel", "-o", str(archive))
    assert "kind: undo" in archive.read_text()
    assert "every state hash verified" in run("replay", str(archive), "--verify")


def test_a_failing_simulation_exits_non_zero_and_saves_a_reproducible_archive(
        run, tmp_path, monkeypatch):
    """Issue 15: an invariant broken in a simulated game is an error (exit 1, the final
    line counts it); the game's archive is saved with its seed and the failing entry in its
    name, and ``pbem replay --verify`` stops at that same entry."""
    from engine import registry
    rules = registry.get("testgame")
    monkeypatch.setattr(type(rules), "validate",
                        lambda self, state: ["too late"] if state["round"] > 1 else [])
    out = tmp_path / "sims"
    lines = run("simulate", "--rules", "testgame", "--games", "1", "--seed", "bad",
                "--check-invariants", "--out", str(out), code=1).strip().splitlines()
    assert SIM_LINE.match(lines[-1]).groups() == ("1", "0", "1", "0")
    (saved,) = out.glob("testgame-bad-0-FAILED-at-*.yaml")
    entry = int(saved.stem.rsplit("-", 1)[1])
    assert f"game bad-0: ERROR at entry {entry}: " in lines[0]
    assert "seed: bad-0" in saved.read_text()
    failed = run("replay", str(saved), "--verify", code=1)
    assert f"after entry {entry} " in failed and "too late" in failed


def test_the_progress_bar_shows_only_on_a_terminal_outside_ci(monkeypatch):
    from pbem import simulate
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    monkeypatch.delenv("CI", raising=False)
    assert simulate.show_progress()
    monkeypatch.setenv("CI", "true")
    assert not simulate.show_progress()
    monkeypatch.delenv("CI")
    monkeypatch.setattr(sys.stderr, "isatty", lambda: False)
    assert not simulate.show_progress()


def test_replay_of_another_rules_version_names_the_release_to_install(run, tmp_path):
    out = tmp_path / "sims"
    run("simulate", "--rules", "testgame", "--games", "1", "--seed", "v", "--out", str(out))
    archive = sorted(out.glob("*.yaml"))[0]
    archive.write_text(archive.read_text().replace("rules_version: 1", "rules_version: 7", 1))
    said = run("replay", str(archive), "--verify", code=1)
    assert "pinned to testgame rules_version 7" in said
    assert "git worktree add ../pbem-testgame-v7 rules/testgame/v7" in " ".join(said.split())
