"""The data kit (§15) and its checker: `pbem data check virtu [--strict]`, `pbem new --data`."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from engine.archive import dump_yaml, load_yaml, record_from_data
from engine.canonical import state_hash
from engine.record import replay
from games.virtu.check import check
from games.virtu.kit import DATA_DIR, builtin, kit_of
from pbem.store import Store
from virtu_helpers import RULES

ROOT = Path(__file__).resolve().parents[3]


def pbem(*args: str, home: Path | None = None) -> subprocess.CompletedProcess:
    env = None
    if home is not None:
        env = {**os.environ, "PBEM_HOME": str(home), "PBEM_NOW": "2026-11-21T12:00:00Z"}
    return subprocess.run([sys.executable, "-m", "pbem", *args], capture_output=True,
                          text=True, env=env)


@pytest.fixture
def kit_dir(tmp_path: Path) -> Path:
    target = tmp_path / "kit"
    shutil.copytree(DATA_DIR, target)
    return target


def edit(directory: Path, file: str, change) -> None:
    path = directory / f"{file}.yaml"
    data = yaml.safe_load(path.read_text("utf-8"))
    change(data)
    path.write_text(yaml.safe_dump(data, allow_unicode=True), "utf-8")


def test_the_builtin_kit_is_sound_and_lists_its_provisional_values():
    report = check(DATA_DIR)
    assert report.problems == []
    assert "map.cities.parma.stability" not in report.provisional      # rulebook L890
    assert "map.cities.bologna.stability" in report.provisional
    assert "rules.wages.3" not in report.provisional                   # rulebook L992
    assert len(report.provisional) == len(builtin().provisional()) > 100


def test_component_counts_follow_the_rulebook():
    kit = builtin()
    assert sum(n["copies"] for n in kit["nobles"]["nobles"].values()) == 56
    assert len(kit["tokens"]["cities"]) == 31
    assert len(kit["tokens"]["titles"]) == 14
    assert len(kit.cities("five")) == 30 and len(kit.cities("four")) == 28
    assert kit.sea_distance("pisa", "terracina") == 2                  # L657
    assert kit.sea_distance("ancona", "venice") == 1                   # L933


@pytest.mark.parametrize("file, change, problem", [
    ("nobles", lambda d: d["nobles"]["banker"].update(copies=4), "nobles: cards: 55 found"),
    ("map", lambda d: d["roads"].append(["florence", "atlantis", "provisional"]),
     "unknown city 'atlantis'"),
    ("map", lambda d: d["cities"]["siena"].update(stability=7), "siena: stability must be 1..4"),
    ("map", lambda d: d["cities"]["palermo"].update(seas=[]), "not connected; cut off: palermo"),
    ("map", lambda d: d["cities"]["rome"]["src"].update(name="the box"), "is neither"),
    ("tokens", lambda d: d["titles"].pop("kingdom_2"), "tokens.titles: 14"),
    ("tokens", lambda d: d["cities"].pop("siena"), "siena needs 1 token"),
    ("families", lambda d: d["families"]["red"].update(start=["florence", "nice"]),
     "nice is unavailable with 3 players"),
    ("families", lambda d: d["cards"]["cosimo_medici"].update(action="juggling"),
     "unknown action 'juggling'"),
    ("families", lambda d: d["cards"]["cosimo_medici"]["name"].pop("ru"), "English and Russian"),
    ("palaces", lambda d: d["palaces"]["red"]["rooms"].pop(), "rooms: 4 found"),
    ("patronage", lambda d: d["steps"][1].update(bonus=False), "bonuses at steps 2 and 4"),
    ("rules", lambda d: d["alliances"]["france"]["cost"].update(gold=1), "unknown resource"),
])
def test_broken_data_is_refused(kit_dir, file, change, problem):
    edit(kit_dir, file, change)
    report = check(kit_dir)
    assert any(problem in p for p in report.problems), report.problems


def test_a_missing_file_is_named(kit_dir):
    (kit_dir / "palaces.yaml").unlink()
    assert check(kit_dir).problems == ["palaces.yaml is missing"]


def test_the_cli_lists_provisional_values_and_strict_fails_until_confirmed(kit_dir):
    done = pbem("data", "check", "virtu")
    assert done.returncode == 0, done.stderr
    assert "provisional: map.cities.bologna.stability" in done.stdout
    assert re.search(r"data check virtu: 0 problems, \d+ provisional values", done.stdout)
    strict = pbem("data", "check", "virtu", "--strict")
    assert strict.returncode == 1 and "--strict wants none provisional" in strict.stderr
    for path in kit_dir.glob("*.yaml"):      # a moderator confirms every value
        path.write_text(path.read_text("utf-8").replace("provisional", "rulebook L1"), "utf-8")
    confirmed = pbem("data", "check", "virtu", "--strict", "--dir", str(kit_dir))
    assert confirmed.returncode == 0, confirmed.stdout
    assert "0 problems, 0 provisional values" in confirmed.stdout


def test_a_game_without_a_kit_says_so():
    done = pbem("data", "check", "testgame")
    assert done.returncode != 0 and "has no data kit" in done.stderr


def test_pbem_new_pins_a_moderators_kit_and_replays_on_it(kit_dir, tmp_path):
    edit(kit_dir, "map", lambda d: d["cities"]["ravenna"].update(stability=4))
    home = tmp_path / "home"
    seats = [f"--seat={s}={s}@example.org" for s in ("red", "yellow", "green")]
    made = pbem("new", "g1", "--rules", "virtu", *seats, "--data", str(kit_dir), "--seed", "s",
                "--no-welcome", home=home)
    assert made.returncode == 0, made.stderr
    game = Store(home).load("g1")
    assert "ravenna" in game.record.header.options["data"]["map.yaml"]
    assert kit_of(game.state).city("ravenna")["stability"] == 4
    assert game.state["kit"]["sha"] != builtin().sha
    data = game.to_data(private=True)
    data.pop("server"), data.pop("cache")
    state, _ = replay(RULES, record_from_data(load_yaml(dump_yaml(data))), verify=True)
    assert state_hash(state) == state_hash(game.state)


def test_pbem_new_refuses_an_unsound_kit(kit_dir, tmp_path):
    edit(kit_dir, "nobles", lambda d: d["nobles"].pop("pope"))
    made = pbem("new", "g2", "--rules", "virtu", "--seat=red=r@example.org",
                "--seat=yellow=y@example.org", "--seat=green=g@example.org",
                "--data", str(kit_dir), home=tmp_path / "home")
    assert made.returncode != 0 and "is not a sound data kit" in made.stderr


def test_the_provisional_palaces_give_every_family_a_path_to_the_last_patronage_step():
    """The provisional dataset is balanced (README): every palace shows a Governance and a
    Patronage Room, and every family's cards hold a Crown and a Cross source, the symbols
    the Patronage steps cost (2 Crowns + 1 Cross at the last, L587).  Before, only Red of
    the 3-player families had a Patronage Room and a Cross, and 3-player random games
    reached the 200-Year cap."""
    kit = builtin()
    for colour, palace in kit["palaces"]["palaces"].items():
        assert {"govern", "patronage"} <= set(palace["rooms"]), colour
        assert len(set(palace["rooms"])) == 5, colour
    symbols: dict[str, set[str]] = {}
    for card in kit["families"]["cards"].values():
        symbols.setdefault(card["family"], set()).update(card["resources"])
    assert all({"crown", "cross"} <= held for held in symbols.values()), symbols


def test_the_provisional_families_are_alike_in_what_pays_for_patronage():
    """README, how the provisional values were chosen: each family holds a Patronage card
    with 2 Crowns, an action card with 3 florins and a card of 2 Crosses, starts with a
    3-florin token, and the Room before its Patronage Room spends no Crown or Cross (Red
    alone held a Patronage card and 2 Crosses, and took every Patronage finish of 30 random
    3-player games)."""
    kit = builtin()
    for colour, family in kit["families"]["families"].items():
        cards = sorted((c["action"] is None, c["action"] == "patronage",
                        tuple(sorted(c["resources"].items())))
                       for c in kit["families"]["cards"].values() if c["family"] == colour)
        assert cards == [(False, False, (("florin", 3),)), (False, True, (("crown", 2),)),
                         (True, False, (("cross", 2),))], colour
        tokens = [t for t in kit["tokens"]["cities"].values() if t["crest"] == colour]
        assert {"florin": 3} in [t["resources"] for t in tokens], colour
        rooms = kit["palaces"]["palaces"][colour]["rooms"]
        assert rooms[rooms.index("patronage") - 1] in ("military", "intrigue"), colour
