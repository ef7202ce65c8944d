"""A whole impulse's plan in one mail, applied step by step across other seats' answers
(§13.2-§14: the land war's questions interrupt a move), and the land war answered by
standing orders without asking, played through the Game API on a real 1517 game."""
from __future__ import annotations

import datetime as dt
import random

from engine import registry
from engine.archive import dump_yaml, load_yaml, record_from_data
from engine.game import Game
from engine.record import replay

RULES = registry.get("here-i-stand")
T0 = dt.datetime(2026, 11, 21, 12, 0, tzinfo=dt.timezone.utc)
POWERS = ("ottoman", "hapsburg", "england", "france", "papacy", "protestant")
#: The land war's questions a standing order may answer (§13.2-§14.1).
LAND_WAR = ("intercept", "avoid", "withdraw", "combat-cards", "losses", "retreat")


def france_to_move() -> Game:
    """1517 (seed s1, France and the Hapsburgs at war), every question answered by its
    default until the French impulse of turn 1: France holds #4 (5 CP); Hapsburg regulars
    stand in Brussels (next to St. Quentin) and Navarre (next to Bordeaux)."""
    game = Game.create(RULES, "g", {p: {"players": [f"{p}@x"]} for p in POWERS}, now=T0,
                       seed="s1", scenario="1517")
    while not any(d.seat == "france" and d.kind == "impulse" for d in game.decisions()):
        decision = game.decisions()[0]
        game.submit(decision.seat,
                    RULES.order_text(RULES.default(game.state, decision)), at=T0)
    assert 4 in game.state["hands"]["france"]
    for power in POWERS:        # no Foul Weather / Gout windows (§13.1 step 4) in these tests
        game.submit(power, "STANDING RESPONSE NEVER", at=T0)
    return game


def verify(game: Game) -> None:
    data = {k: v for k, v in game.to_data().items() if k not in ("server", "cache")}
    state, _ = replay(RULES, record_from_data(load_yaml(dump_yaml(data))), verify=True)
    assert state == game.state


PLAN = ("PLAY 4 FOR CP\n"
        "MOVE Paris -> St Quentin WITH Francis I 4R\n"      # the Hapsburgs may intercept
        "MOVE Rouen -> Boulogne 1R\n"
        "DONE")


def test_a_plan_stopped_by_an_interception_question_resumes_when_it_is_answered():
    """Step 1 makes the Hapsburgs' interception question (§13.2); the rest of the plan is
    queued, and applies once the Hapsburgs answer, without France writing again."""
    game = france_to_move()
    receipt = game.submit("france", PLAN, at=T0)
    assert [(r.text.split()[0], r.status) for r in receipt.results] == [
        ("PLAY", "applied"), ("MOVE", "applied"), ("MOVE", "held"), ("DONE", "held")]
    assert {r.code for r in receipt.results if r.status == "held"} == {"plan_queued"}
    assert [(d.seat, d.kind) for d in game.decisions()] == [("hapsburg", "intercept")]
    assert [h["text"] for h in game.held("france")] == ["MOVE Rouen -> Boulogne 1R", "DONE"]
    game.take_held_fates()
    game.submit("hapsburg", "DONE", at=T0)                  # no interception
    fates = game.take_held_fates()
    assert [(f["text"], f["status"]) for f in fates] == [
        ("MOVE Rouen -> Boulogne 1R", "applied"), ("DONE", "applied")]
    assert game.held("france") == []
    assert game.state["spaces"]["boulogne"]["units"]["france"]["regulars"] == 1
    assert "francis_i" in game.state["spaces"]["st_quentin"]["leaders"]
    assert not game.decisions("france")                      # the impulse is over
    assert [e.order for e in game.record.entries if e.by != "standing"][-3:] == [
        "DONE", "MOVE rouen -> boulogne 1R", "DONE"]
    verify(game)


def test_a_plan_interrupted_by_its_own_seats_battle_question_waits_and_resumes():
    """Step 1 attacks Navarre (§13.3, §13.4, §14); the Hapsburgs' standing orders answer
    their avoid and withdraw questions at once, so France itself is asked a combat-card
    window in the middle of its mail.  The rest of the plan is queued (it was refused
    before), its DONE never answers that window (it waits for the CP question it was
    written for), and the plan ends the impulse once the battle is over."""
    game = france_to_move()
    assert game.submit("hapsburg", "STANDING AVOID NEVER\nSTANDING WITHDRAW NEVER", at=T0).ok
    receipt = game.submit("france", "PLAY 4 FOR CP\nMOVE Bordeaux -> Navarre 2R\n"
                          "MOVE Paris -> St Quentin WITH Francis I 4R\nDONE", at=T0)
    assert [r.status for r in receipt.results] == ["applied", "applied", "held", "held"]
    assert [d.kind for d in receipt.decisions] == ["combat-cards"]
    assert [h["text"].split()[0] for h in game.held("france")] == ["MOVE", "DONE"]
    asked_france = []
    for _ in range(40):
        if not game.held("france"):
            break
        decision = game.decisions()[0]
        if decision.seat == "france":
            asked_france.append(decision.kind)
        game.submit(decision.seat, RULES.order_text(RULES.default(game.state, decision)),
                    at=T0)
    assert "combat-cards" in asked_france and "cp" not in asked_france
    assert game.held("france") == []
    fates = game.take_held_fates()
    assert [(f["text"].split()[0], f["status"]) for f in fates] == [
        ("MOVE", "applied"), ("DONE", "applied")]
    assert any(e["msg"] == "battle" and e["space"] == "navarre" for e in game.state["log"])
    assert not game.decisions("france")
    verify(game)


def test_a_standing_order_that_answers_at_once_frees_the_queued_plan():
    """The battle's last open question is the Hapsburgs' combat-card window; their
    ``STANDING COMBAT-CARDS NEVER`` answers it at once, and France's queued plan applies
    without anyone writing again (it waited before)."""
    game = france_to_move()
    game.submit("france", "STANDING COMBAT-CARDS NEVER", at=T0)
    game.submit("france", "PLAY 4 FOR CP\nMOVE Bordeaux -> Navarre 2R\n"
                "MOVE Rouen -> Boulogne 1R\nDONE", at=T0)
    game.submit("hapsburg", "DONE\nFIGHT", at=T0)
    assert [d.kind for d in game.decisions()] == ["combat-cards"]
    assert game.held("france")
    game.submit("hapsburg", "STANDING COMBAT-CARDS NEVER", at=T0)
    assert game.held("france") == []
    assert game.state["spaces"]["boulogne"]["units"]["france"]["regulars"] == 1
    assert not game.decisions("france")


def test_a_defenders_mail_answers_its_questions_one_after_the_other():
    """Answers to the land war's questions make no plan: the Hapsburgs' ``DONE`` (no
    avoiding, §13.3) then ``FIGHT`` (no withdrawal, §13.4) both apply in one mail."""
    game = france_to_move()
    game.submit("france", "PLAY 4 FOR CP\nMOVE Bordeaux -> Navarre 2R", at=T0)
    receipt = game.submit("hapsburg", "DONE\nFIGHT", at=T0)
    assert [r.status for r in receipt.results] == ["applied", "applied"]
    assert game.held("hapsburg") == []
    assert any(e["msg"] == "no_withdraw" for e in game.state["log"])


def test_an_interception_answered_by_a_standing_order_leaves_the_plan_running():
    """With ``STANDING INTERCEPT NEVER`` the Hapsburgs are never asked: the whole plan
    applies in one mail, and the Hapsburgs' next receipt names the standing order."""
    game = france_to_move()
    assert game.submit("hapsburg", "STANDING INTERCEPT NEVER", at=T0).ok
    receipt = game.submit("france", PLAN, at=T0)
    assert [r.status for r in receipt.results] == ["applied"] * 4
    fired = game.take_standing_fired("hapsburg")
    assert [(f["standing"], f["kind"], f["order"]) for f in fired
            if f["kind"] != "response"] == [("STANDING intercept NEVER", "intercept", "DONE")]
    assert game.take_standing_fired("hapsburg") == []
    assert game.take_standing_fired("france") == []
    verify(game)


PROFILE = ("STANDING INTERCEPT NEVER\nSTANDING AVOID NEVER\nSTANDING WITHDRAW NEVER\n"
           "STANDING LOSSES mercenary, cavalry, regular\nSTANDING RETREAT PREFER Vienna\n"
           "STANDING COMBAT-CARDS NEVER")


def test_turns_of_land_war_answered_by_standing_orders_never_ask_those_questions():
    """Every power sends a standing-order profile for the land war's questions (§13.2
    interception, §13.3 avoid, §13.4 withdraw, §14 combat cards and losses, §14.1
    retreat); France attacks Navarre and marches by Brussels, then random players play
    to the end of turn 3.  No land-war question is ever open after an entry, yet
    battles are fought and the standing orders answered interceptions, avoids,
    withdrawals and combat-card windows; the standing answers replay exactly."""
    game = france_to_move()
    for power in POWERS:
        assert game.submit(power, PROFILE, at=T0).ok
    game.take_standing_fired("france")
    receipt = game.submit("france", "PLAY 4 FOR CP\nMOVE Bordeaux -> Navarre 2R\n"
                          "MOVE Paris -> St Quentin WITH Francis I 4R\nDONE", at=T0)
    assert [r.status for r in receipt.results] == ["applied"] * 4
    rng = random.Random("standing-war-4")
    seen: set[str] = set()
    while game.outcome() is None and game.state["turn"] <= 3:
        open_ = game.decisions()
        assert not [d for d in open_ if d.kind in LAND_WAR], open_
        decision = rng.choice(open_)
        seen.add(decision.kind)
        game.apply_order(decision.seat, decision.random_order(rng), by="test",
                         source="test", at=T0, decision=decision)
    assert not seen & set(LAND_WAR)
    fired = [e for e in game.record.entries if e.by == "standing"]
    kinds = {e.decision.split("-", 2)[-1] for e in fired}
    assert {"intercept", "avoid", "withdraw", "combat-cards"} <= kinds
    windows = sum(1 for e in fired if e.decision.endswith("-combat-cards"))
    assert windows >= 8                 # two windows per side and battle at least: 2 battles
    hapsburg = game.take_standing_fired("hapsburg")
    assert {"STANDING avoid NEVER", "STANDING withdraw NEVER"} <= {f["standing"]
                                                                  for f in hapsburg}
    verify(game)


def test_the_land_war_answers_read_russian_keywords():
    """ORDERS.ru.md's land-war verbs (§13.2-§14): ПЕРЕХВАТ, УКЛОНИТЬСЯ, УКРЫТЬСЯ, СРАЖАТЬСЯ,
    ПОТЕРЯТЬ read as INTERCEPT, AVOID, WITHDRAW, FIGHT, LOSE (they were refused)."""
    from his_helpers import FixedDice, asked, order
    from test_his_land_war import ROLL_E8, _no_interceptors, vienna
    move = "MOVE Pressburg -> Vienna WITH Suleiman, Ibrahim 8"
    state = order(vienna(), "ottoman", move, FixedDice(*ROLL_E8))
    assert RULES.parse(state, asked(state, "hapsburg"), "ПЕРЕХВАТ ИЗ Граца С Карлом V 8") == {
        "verb": "INTERCEPT", "from": "graz", "leaders": ("charles_v",), "units": 8}
    beaten = order(state, "hapsburg", "ПЕРЕХВАТ ИЗ Граца С Карлом V 8", FixedDice(*ROLL_E8))
    assert RULES.parse(beaten, asked(beaten, "ottoman"), "ПОТЕРЯТЬ 1C 4R")["losses"] == "1C 4R"
    state = order(_no_interceptors(vienna()), "ottoman", move)
    assert RULES.parse(state, asked(state, "hapsburg"), "УКЛОНИТЬСЯ В Линц") == {
        "verb": "AVOID", "to": "linz", "leaders": ("ferdinand",), "units": 2}
    state = order(state, "hapsburg", "ГОТОВО")
    assert RULES.parse(state, asked(state, "hapsburg"), "УКРЫТЬСЯ") == {"verb": "INSIDE"}
    assert RULES.parse(state, asked(state, "hapsburg"), "СРАЖАТЬСЯ") == {"verb": "FIGHT"}
