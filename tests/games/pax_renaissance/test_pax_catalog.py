"""The data of Pax Renaissance: counts and every reference names something (§2)."""
from __future__ import annotations

import re
from pathlib import Path

import yaml

from games.pax_renaissance import catalog

DATA = Path(catalog.__file__).resolve().parent / "data"


def test_card_counts():
    cards = catalog.cards()
    assert len(cards) == 177
    base = [c for c in cards.values() if c["set"] != "promo"]
    assert len(base) == 168
    assert len([c for c in cards.values() if c.get("comet")]) == 4
    assert len(catalog.comets("east")) == len(catalog.comets("west")) == 2
    assert len([c for c in base if c.get("one_shot", {}).get("kind") == "coronation"]) == 17


def test_map_counts():
    geo = catalog.board()
    assert len(geo["empires"]) == 10
    assert len(geo["borders"]) == 13
    assert len(geo["cities"]) == 31
    assert sorted(catalog.empires_of("east")) == ["byzantium", "hungary", "mamluk", "ottoman"]
    capitals = [c for c in geo["cities"].values() if c.get("capital") and not c.get("promo")]
    assert len(capitals) == 12


def test_sea_borders_are_exactly_the_borders_on_routes():
    geo = catalog.board()
    on_routes = {step for route in geo["routes"].values() for step in route
                 if step in geo["borders"]}
    assert on_routes == {b for b, d in geo["borders"].items() if d["sea"]}
    assert all(route[-1] == ("holy_roman_empire" if geo["cities"][c]["trade_centre"] == "white"
                             else "mamluk") for c, route in geo["routes"].items())


def test_every_reference_names_something():
    assert catalog.problems() == []


def test_every_data_file_has_provenance_without_local_paths():
    for path in DATA.glob("*.yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert "provenance" in data, path.name
        text = yaml.safe_dump(data["provenance"])
        assert not re.search(r"/work/|\.\./shared|/home/|/tmp/", text), path.name


def test_implemented_abilities_name_real_abilities_and_the_readme_counts_them():
    """Every ability the code claims names abilities of the data; the README reports how
    many of the 177 cards work with every part."""
    stems = {catalog.ability_stem(a) for a in catalog.abilities()}
    assert catalog.IMPLEMENTED_ABILITIES <= stems
    readme = (Path(catalog.__file__).parent / "README.md").read_text(encoding="utf-8")
    assert f"{len(catalog.full_effect_cards())} of {len(catalog.cards())} cards" in readme


def test_russian_card_names_from_the_booklet_or_marked_ours():
    """Every card has a Russian name: the booklet's where it names the card, else ours and
    marked so; orders read either language."""
    from games.pax_renaissance.grammar import card_names
    cards = catalog.cards()
    assert cards["pren036"]["name"]["ru"] == "Гильдии Фландрии"
    assert cards["pren036"]["ru_name"] == "booklet"
    assert cards["pren001"]["ru_name"] == "ours"
    assert sum(1 for c in cards.values() if c["ru_name"] == "booklet") == 27
    assert card_names().resolve("Гулат двенадцатников") == "pren167x"
    assert card_names().resolve("Селим Грозный") == "pren058"
