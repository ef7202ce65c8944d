"""Virtù's mails: every question, order and log message in both catalogs; a game read in
English and Russian; the provisional-data line."""
from __future__ import annotations

import ast
import datetime as dt
import random
from pathlib import Path

import pytest

from engine.contract import IllegalOrder
from engine.dice import Dice
from engine.game import Game
from games.virtu.questions import KINDS
from pbem import reports
from pbem.reports import i18n
from virtu_helpers import RULES, acting, fresh, in_room, kit, verb_prompt

PACKAGE = Path(RULES.templates_dir).parent
T0 = dt.datetime(2026, 11, 21, tzinfo=dt.timezone.utc)


def _static() -> tuple[set[str], set[str]]:
    """The verbs (`Option.of`) and log messages (`log(state, ...)`) the code names."""
    verbs, messages = set(), set()
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "attr", getattr(node.func, "id", ""))
            if name == "of" and node.args and isinstance(node.args[0], ast.Constant):
                verbs.add(node.args[0].value)
            if name == "log" and len(node.args) > 1:
                for arg in ast.walk(node.args[1]):
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        messages.add(arg.value)
    return verbs, messages


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_kind_verb_and_log_message_is_in_the_catalog(lang):
    verbs, messages = _static()
    assert {"PASS", "RETREAT", "CONTINUE", "SHIFT"} <= verbs and {"march", "shift"} <= messages
    catalog = i18n.catalog(lang, "virtu")
    missing = ([f"kind.{k}" for k in KINDS if f"kind.{k}" not in catalog]
               + [f"kind_short.{k}" for k in KINDS if f"kind_short.{k}" not in catalog]
               + [f"syntax.{v}" for v in verbs if f"syntax.{v}" not in catalog]
               + [f"log.{m}" for m in messages if f"log.{m}" not in catalog])
    assert not missing


def played(steps: int, seed: str = "mail") -> Game:
    seats = {s: {"players": [f"{s}@example.org"], "lang": "ru"}
             for s in ("red", "yellow", "green", "blue", "white")}
    game = Game.create(RULES, "v", seats, now=T0, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        decision = rng.choice(game.decisions())
        game.apply_order(decision.seat, decision.random_order(rng), by=decision.seat,
                         source="test", at=T0, decision=decision)
    return game


@pytest.mark.parametrize("steps", [0, 40, 160])
def test_a_game_reads_in_russian_with_no_english_left(steps):
    game = played(steps)
    text = reports.status_text(game, "ru")
    assert "Партия идет на предварительных данных" in text
    assert "Год " in text and "{" not in text
    presenter = reports.presenter(game, "ru")
    for line in game.view(None)["log"]:
        shown = presenter.log_line(line)
        assert shown.startswith("Г") and line["msg"] not in shown, shown
    for decision in game.decisions():
        assert "{" not in presenter.prompt(decision, game.view(decision.seat))


def test_the_english_status_names_cities_palaces_and_alliances():
    text = reports.status_text(played(60), "en")
    for words in ("This game runs on provisional component data", "Turn order:",
                  "Palace of Red (Medici)", "Florence (4): Red (Medici)", "Ottoman Empire"):
        assert words in text


def test_the_status_shows_each_players_prestige_now_and_at_the_end():
    """§10 (L1186–1218): the prestige each player would score now, by source, in English
    and Russian; after the end, the final prestige."""
    from games.virtu.scoring import score
    game = played(60)
    table = score(game.state, kit(game.state))
    red = table["red"]
    english = " ".join(reports.status_text(game, "en").split())
    assert "Prestige if the game ended now:" in english
    assert (f"Red (Medici): {red['total']} = Cities track {red['cities']}, Patronage track "
            f"{red['patronage']}, printed {red['printed']}, religion {red['religion']}") in english
    russian = " ".join(reports.status_text(game, "ru").split())
    assert "Престиж, если бы игра закончилась сейчас:" in russian
    assert f"Красный (Медичи): {red['total']} = счётчик Городов {red['cities']}" in russian
    final = played(60)                                   # a fresh game: reports are cached
    final.state["scores"] = table
    assert "Final prestige:" in reports.status_text(final, "en")


def test_the_map_shows_every_city_its_controller_troops_sieges_and_agents():
    from games.virtu.board import board
    game = played(0, seed="map")
    state = game.state
    state["troops"]["red"]["siena"] = 2
    state["cities"]["ancona"]["agent"] = "green"
    drawn = board(RULES.view(state, None), lang="ru")
    nodes = {n["id"]: n for n in drawn["nodes"]}
    assert len(nodes) == 30 and nodes["perugia"]["faded"] is False   # 5 players: 2/5 side
    assert nodes["florence"]["fill"] == "#c0392b" and nodes["florence"]["label"] == "Флоренция 4"
    assert nodes["siena"]["badges"][0]["text"] == "в Осаде 2"
    assert nodes["ancona"]["marks"][0]["text"] == "З"
    assert reports.map_png(game, 600, "en")[:4] == b"\x89PNG"


def test_the_map_draws_sea_routes_ports_palaces_and_alliances():
    """Sea routes are dashed blue lines from each port to its seas and between seas, roads
    solid; ports ringed, pirate ports square; below the map each palace wheel (the marker's
    Room in the family's colour, an enemy Agent as a bar, used courtiers grey) and the
    Alliances, in English and Russian; the PNG stays small enough to mail."""
    from games.virtu.board import SEA_INK, USED, board
    game = played(5, seed="map")                      # the palaces revealed
    assert game.state["season"] == "spring"
    state = game.state
    red = state["players"]["red"]
    red["marker"] = 0
    red["rooms"][0].update(card=None, upgrade=None)
    red["rooms"][1].update(card="ambassador", agent="green")
    red["courtiers"]["l1"] = {"card": "lorenzo_medici", "used": True}
    state["alliances"]["ottoman"].update(holder="red", active=True, agent="yellow")
    drawn = board(RULES.view(state, None), lang="en")
    edges = drawn["edges"]
    sea = {(e["a"], e["b"]) for e in edges if e.get("color") == SEA_INK}
    assert ("venice", "adriatic") in sea and ("ligurian", "tyrrhenian") in sea
    assert all(e["dashed"] for e in edges if e.get("color") == SEA_INK)
    assert all(not e["dashed"] for e in edges if not e.get("color"))       # roads
    nodes = {n["id"]: n for n in drawn["nodes"]}
    assert nodes["venice"]["ring"] and nodes["florence"]["ring"] is None
    assert nodes["tunis"]["shape"] == "square" and nodes["tunis"]["ring"]
    palaces, alliances = drawn["panels"][:2]
    row = next(r for r in palaces["rows"] if r["label"] == "Red (Medici)")
    rooms = [b["text"] for b in row["badges"][:5]]
    assert rooms[0] == "» 1 Patronage" and row["badges"][0]["fill"] == "#c0392b"
    assert rooms[1] == "2 Diplomacy: Ambassador" and row["badges"][1]["bar"] == "#2e8b57"
    used = next(b for b in row["badges"] if b["text"] == "l1 Lorenzo de' Medici")
    assert used["fill"] == USED["fill"]
    ottoman = next(r for r in alliances["rows"] if r["label"] == "Ottoman Empire")
    assert [b["text"] for b in ottoman["badges"]] == ["Red (Medici), bonus ready",
                                                      "Agent of Yellow (Aragon)"]
    russian = board(RULES.view(state, None), lang="ru")
    row = next(r for r in russian["panels"][0]["rows"] if r["label"] == "Красный (Медичи)")
    assert row["badges"][0]["text"] == "» 1 Меценатство"
    assert russian["panels"][1]["title"] == "Союзы"
    for lang in ("en", "ru"):
        png = reports.map_png(game, 1600, lang)
        assert png[:4] == b"\x89PNG" and len(png) < 120_000


def test_english_prompts_name_the_city_and_the_winter_step():
    """The rules' own (English) prompts show names, not ids: 'Winter: palace
    reorganisation', 'the fight before Parma'."""
    from virtu_helpers import fresh
    state = fresh(4)
    state.update(season="winter", ask={"kind": "winter", "seat": "red", "stage": "reorg"})
    assert RULES.decisions(state)[0].prompt == "Winter: palace reorganisation, then DONE"
    state["ask"] = {"kind": "retreat", "seat": "red", "city": "parma"}
    state["troops"]["red"]["parma"] = 1
    state["fight"] = {"kind": "over", "city": "parma"}
    assert RULES.decisions(state)[0].prompt.startswith("your Troops before Parma ")


def test_a_palace_shows_each_rooms_action_and_every_cards_symbols():
    """A Room shows the action of its card when the card has one; courtiers and tokens
    show their symbols (EN '2 Crowns', RU 'Короны: 2')."""
    game = played(0, seed="palace")
    red = game.state["players"]["red"]
    red["rooms"][1]["card"] = "ambassador"                    # printed Governance
    red["courtiers"]["l1"] = {"card": "lorenzo_medici", "used": False}
    text = reports.status_text(game, "en")
    assert "2 Diplomacy, Ambassador [1 Crown]" in text
    assert "l1 Lorenzo de' Medici [2 Crowns]" in text and "Florence [3 florins]" in text
    assert "l1 Лоренцо Медичи [Короны: 2]" in reports.status_text(game, "ru")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_an_indulgence_prompt_offers_only_what_is_legal(lang):
    """§5.3, §7.6 (ruling R25): in Winter and in a fight only the 3 florins are legal, so the
    prompt does not print `crown`; at one's action both are, and both are printed."""
    state = fresh(3)
    state["players"]["red"]["marker"] = 0
    state.update(season="winter", ask={"kind": "winter", "seat": "red", "stage": "buy"})
    winter = verb_prompt(state, "INDULGENCE", lang)
    assert "florins" in winter and "crown" not in winter.lower()
    state = fresh(3)
    state = RULES.apply(state, RULES.decisions(state)[0].seat, {"verb": "PLACE", "room": 1},
                        Dice("x"))
    spring = verb_prompt(state, "INDULGENCE", lang)
    assert "florins" in spring and "crown" in spring


@pytest.mark.parametrize("lang, words", [
    ("en", ["ANNEX is an order of Diplomacy", "Room 5", "action is Military action"]),
    ("ru", ["ANNEX — приказ действия «Дипломатия»", "Комнате 5", "«Военные действия»"])])
def test_a_deed_of_another_rooms_action_is_refused_with_the_room(lang, words):
    """§5.1 (L467–469): in the Military Room an ANNEX is refused naming the Room the marker
    stands in and both actions, not as an order that answers nothing."""
    state = acting(fresh(3), "red", in_room(fresh(3), "red", "military"))
    with pytest.raises(IllegalOrder) as refused:
        RULES.parse(state, RULES.decisions(state)[0], "ANNEX siena")
    error = refused.value
    assert error.code == "other_room"
    assert error.params == {"verb": "ANNEX", "action": "diplomacy", "room": 5,
                            "current": "military"}
    game = Game.create(RULES, "v", {s: {"players": [f"{s}@example.org"], "lang": lang}
                                    for s in ("red", "yellow", "green")}, now=T0, seed="p")
    shown = reports.presenter(game, lang).refusal(error.code, error.params, str(error))
    assert all(w in shown for w in words), shown


def test_a_deed_in_a_blocked_room_is_refused_with_the_indulgence_or_agent():
    """L508: the Room holding an Indulgence cannot perform its action; the refusal says so."""
    state = fresh(3)
    room = in_room(state, "red", "diplomacy")
    state = acting(state, "red", room)
    state["players"]["red"]["rooms"][room - 1]["indulgence"] = True
    with pytest.raises(IllegalOrder) as refused:
        RULES.parse(state, RULES.decisions(state)[0], "ANNEX siena")
    assert refused.value.code == "room_blocked" and refused.value.params["room"] == room


def test_the_map_shows_each_familys_prestige_tracks_and_resources():
    """Issue #20: below the palaces and the Alliances, a row a family in its colour: the
    prestige total, the Cities and Patronage tracks as position/last space = prestige, the
    other sources that score, florins, Troops, Agents, the Domain tokens with their symbols
    (used ones grey), Patronage bonuses, Trophies and the acting family's resources in hand
    — as the status text lists them, in English and Russian; the 5-player PNG stays under
    120 kB and grows by the panel."""
    from games.virtu.board import USED, board
    from pbem.mapimage import render, render_image
    game = played(5, seed="map")
    state = game.state
    red = state["players"]["red"]
    red.update(florins=7, patronage=2, bonuses=["leonardo"], trophies=["blue"])
    token = next(iter(red["domain"]))
    red["domain"][token] = True
    state["pool"] = {"crown": 2}
    state["ask"] = {**(state["ask"] or {}), "seat": "red"}
    view = RULES.view(state, None)
    score = view["scores"]["red"]
    drawn = board(view, lang="en")
    panel = drawn["panels"][2]
    assert panel["title"] == "Prestige and resources (track position/last space = prestige)"
    assert [r["label"] for r in panel["rows"]] == [reports.presenter(game, "en").seat(s)
                                                   for s in state["order"]]
    row = next(r for r in panel["rows"] if r["label"] == "Red (Medici)")
    texts = [b["text"] for b in row["badges"]]
    cities = view["players"]["red"]["cities"]
    assert texts[:3] == [f"Prestige {score['total']}", f"Cities track {cities}/8 = "
                         f"{score['cities']}", f"Patronage track 2/5 = {score['patronage']}"]
    assert row["badges"][0]["fill"] == "#c0392b"
    assert all(b["bar"] == "#c0392b" for b in row["badges"][1:])
    assert f"printed {score['printed']}" in texts[3] and "Trophies 2" in texts[3]
    assert texts[4:7] == ["7 florins", f"Troops {view['players']['red']['troops']}",
                          f"Agents 0/{red['agents']}"]
    shown = next(b for b in row["badges"] if b["text"].startswith("Florence"))
    assert shown["text"] == "Florence [3 florins]" and shown["fill"] == USED["fill"]
    assert texts[-3:] == ["Leonardo da Vinci", "Trophy from Blue (Sforza)",
                          "in hand: Crowns 2"]
    ru = next(r for r in board(view, lang="ru")["panels"][2]["rows"]
              if r["label"] == "Красный (Медичи)")
    ru_texts = [b["text"] for b in ru["badges"]]
    assert ru_texts[1:3] == [f"счётчик Городов {cities}/8 = {score['cities']}",
                             f"счётчик Покровительства 2/5 = {score['patronage']}"]
    assert "флорины: 7" in ru_texts and "Флоренция [флорины: 3]" in ru_texts
    assert ru_texts[-3:] == ["Леонардо да Винчи", "Трофей от: Синий (Сфорца)",
                             "в руке: Короны 2"]
    for lang in ("en", "ru"):
        described = board(view, lang=lang)
        assert len(render(described)) < 120_000
        without = {**described, "panels": described["panels"][:2]}
        assert render_image(described).height > render_image(without).height + 5 * 20
