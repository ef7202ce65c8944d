"""The religious card events added with the Reformation's last part: #37 The Wartburg (a
response window before another power's event), #39, #43, #52, #55, #56, #57, #58, #64, #67,
#78, #81, #88 — each played as an event from a legal position, its effect asserted."""
from __future__ import annotations

import pytest

from engine import standing
from engine.contract import IllegalOrder
from engine.dice import Dice
from games.here_i_stand import RULES, events, religion
from games.here_i_stand import state as S
from games.here_i_stand.reformation import debate, debaters
from his_helpers import FixedDice, asked, clear_units, fresh, into_action, order, put


def _hand(state, power, cards):
    state["hands"][power] = sorted(cards)
    return state


def _in_play(state, side, *ids):
    for did in ids:
        if debaters.record(state, did) is None:
            state["debaters"][side].append({"id": did, "committed": False})
    return state


# ---------------------------------------------------------------- #37 The Wartburg
def wartburg_position(card=52, power="papacy"):
    """`power` about to play `card` as an event; the Protestants hold The Wartburg."""
    state = into_action(fresh(), power, hand=[card], responses=True)
    for pile in (state["deck"], state["discard"], *state["hands"].values()):
        if 37 in pile:
            pile.remove(37)
    return _hand(state, "protestant", [7, 37, 65])


@pytest.mark.card(37)
def test_wartburg_cancels_an_event_ends_the_impulse_and_stops_protestant_debates():
    state = order(wartburg_position(), "papacy", "PLAY 52 AS EVENT")
    d = asked(state, "protestant")
    assert (d.kind, d.context) == ("wartburg", {"power": "papacy", "card": 52})
    assert state["st_peters"]["cp"] == 0                     # not resolved yet
    state = order(state, "protestant", "PLAY 37")
    assert state["st_peters"]["cp"] == 0 and 52 in state["discard"] and 37 in state["discard"]
    assert debaters.record(state, "luther")["committed"]
    assert state["phase_data"]["active"] == S.MAJORS.index("protestant")   # papacy's is over
    assert debate.call_problem(state, "protestant", "german").code == "debate_wartburg"
    assert asked(state, "protestant").kind == "impulse"


@pytest.mark.card(52)
def test_wartburg_declined_lets_the_event_happen():
    state = order(wartburg_position(), "papacy", "PLAY 52 AS EVENT", FixedDice(3, 4))
    state = order(state, "protestant", "DONE", FixedDice(3, 4))
    assert state["st_peters"]["cp"] == 2 and state["st_peters"]["vp"] == 1   # 7 CP
    assert 37 in state["hands"]["protestant"]


@pytest.mark.card(52)
def test_wartburg_window_by_public_information_only():
    """Asked though the Protestants do not hold it (they might); not asked once it is in the
    discard pile, nor for a mandatory event, nor when the Protestants play the event."""
    state = wartburg_position()
    _hand(state, "protestant", [7, 65])
    state["deck"].append(37)
    state = order(state, "papacy", "PLAY 52 AS EVENT")
    d = asked(state, "protestant")
    assert d.kind == "wartburg" and RULES.default(state, d) == {"verb": "DONE"}
    assert [o.verb for o in d.options.options] == ["DONE"]
    state = wartburg_position()
    state["hands"]["protestant"].remove(37)
    state["discard"].append(37)
    state = order(state, "papacy", "PLAY 52 AS EVENT")
    assert state["st_peters"]["cp"] or state["st_peters"]["vp"]          # resolved at once
    state = wartburg_position(card=52, power="protestant")
    state["hands"]["protestant"].append(52)
    state = order(state, "protestant", "PLAY 52 AS EVENT")
    assert not any(d.kind == "wartburg" for d in RULES.decisions(state))


@pytest.mark.card(52)
def test_wartburg_standing_orders_arm_and_never():
    state = order(wartburg_position(), "papacy", "PLAY 52 AS EVENT")
    d = asked(state, "protestant")
    assert RULES.standing_kinds()["wartburg"] == ("ASK", "NEVER", "ARM <cards>")
    standing.parse(RULES, "STANDING wartburg ARM 5 52")
    assert RULES.answer_from_standing(state, d, "ARM 5 52") == {
        "verb": "PLAY", "card": 37, "mode": "event"}
    assert RULES.answer_from_standing(state, d, "ARM 5 6") == {"verb": "DONE"}
    assert RULES.answer_from_standing(state, d, "NEVER") == {"verb": "DONE"}
    assert RULES.answer_from_standing(state, d, "ASK") is None


@pytest.mark.card(37)
def test_here_i_stand_brings_luther_into_no_debate_after_the_wartburg():
    state = order(wartburg_position(), "papacy", "PLAY 52 AS EVENT")
    state = order(state, "protestant", "PLAY 37")
    state["phase_data"]["debate"] = {"zone": "german", "protestant": "melanchthon"}
    assert not debate.may_stand(state)


# ---------------------------------------------------------------- #56, #58 the Inquisitions
@pytest.mark.card(56)
def test_papal_inquisition_converts_inspects_and_debates_with_two_more_dice():
    state = _in_play(into_action(fresh(), "papacy", hand=[56]), "papacy", "caraffa")
    S.set_religion(state, "florence", religion.PROTESTANT)
    state = order(state, "papacy", "PLAY 56 AS EVENT")
    assert debaters.record(state, "caraffa")["committed"]
    d = asked(state, "papacy")
    assert (d.kind, d.context["left"]) == ("event_convert", 2)
    state = order(state, "papacy", "CONVERT Florence")
    assert S.religion(state, "florence") == religion.CATHOLIC
    state = order(state, "papacy", "INSPECT PROTESTANT")
    note = state["private_log"]["papacy"][-1]
    assert (note["msg"], note["cards"]) == ("inquisition_hand", sorted(state["hands"]["protestant"]))
    d = asked(state, "papacy")
    assert d.kind == "inquisition_choice" and RULES.default(state, d) == {"verb": "DRAW"}
    state = order(state, "papacy", "DEBATE GERMAN UNCOMMITTED")
    state = order(state, "protestant", "DONE")                # no Here I Stand
    rolls = [e for e in state["log"] if e["msg"] == "debate_rolls"]
    papal = next(e for e in rolls if e["power"] == "papacy")
    assert papal["n"] == debaters.value(papal["debater"]) + 3 + 2 + (
        1 if papal["debater"] == "eck" else 0)


@pytest.mark.card(56)
def test_papal_inquisition_draw_takes_a_random_card_held_for_later():
    state = _in_play(into_action(fresh(), "papacy", hand=[56]), "papacy", "caraffa")
    state = order(state, "papacy", "PLAY 56 AS EVENT")
    state = order(state, "papacy", "INSPECT ENGLAND")
    before = len(state["hands"]["england"])
    state = order(state, "papacy", "DRAW")
    assert len(state["hands"]["england"]) == before - 1 and len(state["hands"]["papacy"]) == 1
    assert state["phase_data"]["active"] != S.MAJORS.index("papacy")    # impulse over


@pytest.mark.card(56)
def test_papal_inquisition_needs_caraffa_uncommitted():
    state = into_action(fresh(), "papacy", hand=[56])
    with pytest.raises(IllegalOrder):
        order(state, "papacy", "PLAY 56 AS EVENT")


@pytest.mark.card(58)
def test_spanish_inquisition_discards_from_a_hand_draws_and_calls_a_papal_debate():
    state = into_action(fresh(), "hapsburg", hand=[58])
    S.set_religion(state, "madrid", religion.PROTESTANT)
    state = order(state, "hapsburg", "PLAY 58 AS EVENT")
    state = order(state, "hapsburg", "CONVERT Madrid")
    assert S.religion(state, "madrid") == religion.CATHOLIC
    d = asked(state, "hapsburg")
    assert d.kind == "spanish_discard"
    seen = [n["power"] for n in state["private_log"]["hapsburg"] if n["msg"] == "inquisition_hand"]
    assert seen == ["england", "protestant"]
    with pytest.raises(IllegalOrder):
        order(state, "hapsburg", "DISCARD 7")                 # a home card: never
    state = order(state, "hapsburg", "DISCARD 65")
    assert 65 in state["discard"] and 65 not in state["hands"]["protestant"]
    assert len(state["hands"]["hapsburg"]) == 1               # drew from the deck
    d = asked(state, "papacy")
    assert d.kind == "inquisition_debate"
    state = order(state, "papacy", "DEBATE GERMAN")
    assert any(e["msg"] == "debate_called" for e in state["log"])


# ---------------------------------------------------------------- #39, #43, #57
@pytest.mark.card(39)
def test_augsburg_confession_takes_one_from_each_papal_die_this_turn():
    state = into_action(fresh(), "protestant", hand=[39])
    state = order(state, "protestant", "PLAY 39 AS EVENT")
    assert debaters.record(state, "melanchthon")["committed"]
    S.set_religion(state, "leipzig", religion.PROTESTANT)
    a = religion.counter_reformation_attempt(state, FixedDice(6, 6, 6, 1, 1, 1, 1), "leipzig",
                                             zones=("german",))
    assert a.result == 5


@pytest.mark.card(43)
def test_zwingli_dons_armor_kills_a_catholic_unit_near_zurich_and_leaves():
    state = into_action(fresh(), "protestant", hand=[43])
    clear_units(state, "innsbruck", "basel")
    put(state, "innsbruck", "hapsburg", regulars=2)
    state["reformers"]["zwingli"] = "zurich"
    state = _in_play(state, "protestant", "zwingli")
    state = order(state, "protestant", "PLAY 43 AS EVENT")
    d = asked(state, "protestant")
    assert d.kind == "zwingli_armor"
    state = order(state, "protestant", "ELIMINATE Innsbruck hapsburg regulars")
    assert S.count(state, "innsbruck", "hapsburg") == 1
    assert "zwingli" not in state["reformers"] and debaters.record(state, "zwingli") is None
    assert "zwingli" in state["debaters_out"]


@pytest.mark.card(43)
def test_zwingli_dons_armor_losses_the_counters_cannot_show_are_lost_too():
    """§5.2 L283 after an event's loss: every Hapsburg "1" and "2" is on the map and Innsbruck
    holds 4 regulars on a "4"; Zwingli kills one, and the 3 left, which no free counter can
    show, are lost on the spot (a random game broke the invariant here)."""
    from games.here_i_stand import counter_mix, invariants
    state = into_action(fresh(), "protestant", hand=[43])
    for rec in state["spaces"].values():
        for kind in S.LAND:
            rec.get("units", {}).get("hapsburg", {}).pop(kind, None)
    away = [s for s in sorted(S.board().spaces) if S.board().spaces[s].home != "hapsburg"
            and s not in ("innsbruck", "basel", "zurich")][:19]
    for sid, n in zip(away, [1] * 12 + [2] * 7):
        put(state, sid, "hapsburg", regulars=n)
    clear_units(state, "innsbruck", "basel")
    put(state, "innsbruck", "hapsburg", regulars=4)
    assert counter_mix.fits(counter_mix.stacks(state, "hapsburg"), counter_mix.pool("hapsburg"))
    state["reformers"]["zwingli"] = "zurich"
    state = _in_play(state, "protestant", "zwingli")
    state = order(state, "protestant", "PLAY 43 AS EVENT")
    state = order(state, "protestant", "ELIMINATE Innsbruck hapsburg regulars")
    assert S.count(state, "innsbruck", "hapsburg") == 0
    assert any(e["msg"] == "counter_trim" and e["units"] == 3 for e in state["log"])
    assert invariants.denominations(state) == []


@pytest.mark.card(57)
def test_philip_of_hesses_bigamy_remove_or_discard():
    state = into_action(fresh(), "papacy", hand=[57])
    put(state, "kassel", "protestant", regulars=1, leaders=["philip_of_hesse"])
    state = order(state, "papacy", "PLAY 57 AS EVENT")
    d = asked(state, "protestant")
    assert d.kind == "bigamy" and RULES.default(state, d) == {"verb": "BIGAMY",
                                                              "choice": "discard"}
    state = order(state, "protestant", "REMOVE")
    assert S.where_is(state, "philip_of_hesse") is None
    state = into_action(fresh(), "papacy", hand=[57])           # Philip not in play yet
    before = len(state["hands"]["protestant"])
    state = order(state, "papacy", "PLAY 57 AS EVENT")
    d = asked(state, "protestant")
    assert [o.describe() for o in d.options.options] and RULES.answer_from_standing(
        state, d, "REMOVE") == {"verb": "BIGAMY", "choice": "discard"}
    state = order(state, "protestant", "DISCARD")
    assert len(state["hands"]["protestant"]) == before - 1


# ---------------------------------------------------------------- #78, #88, #64
@pytest.mark.card(78)
def test_frederick_the_wise_converts_the_nearest_and_takes_the_wartburg():
    """Wittenberg's German neighbours Brandenburg, Magdeburg Protestant, Leipzig Catholic:
    Leipzig (1 away) converts by itself; the second is the Protestants' pick at 2."""
    state = into_action(fresh(), "protestant", hand=[78])
    for sid in ("brandenburg", "magdeburg"):
        S.set_religion(state, sid, religion.PROTESTANT)
    state["discard"].append(37)
    state = order(state, "protestant", "PLAY 78 AS EVENT")
    assert S.religion(state, "leipzig") == religion.PROTESTANT
    d = asked(state, "protestant")
    assert d.kind == "frederick" and "erfurt" in dict(d.options.options[0].fields)["space"].values
    with pytest.raises(IllegalOrder):
        order(state, "protestant", "CONVERT Augsburg")
    state = order(state, "protestant", "CONVERT Erfurt")
    assert S.religion(state, "erfurt") == religion.PROTESTANT
    state = order(state, "protestant", "TAKE 37")
    assert 37 in state["hands"]["protestant"] and 37 not in state["discard"]


@pytest.mark.card(88)
def test_peasants_war_unrest_on_unoccupied_german_spaces():
    state = into_action(fresh(), "ottoman", hand=[88])
    state = order(state, "ottoman", "PLAY 88 AS EVENT")
    d = asked(state, "ottoman")
    assert (d.kind, d.context["left"]) == ("event_unrest", 5)
    with pytest.raises(IllegalOrder):
        order(state, "ottoman", "UNREST Vienna")              # occupied
    for sid in ("Leipzig", "Erfurt"):
        state = order(state, "ottoman", f"UNREST {sid}")
    state = order(state, "ottoman", "DONE")
    assert S.in_unrest(state, "leipzig") and S.in_unrest(state, "erfurt")
    assert not any(d.kind == "event_unrest" for d in RULES.decisions(state))


@pytest.mark.card(64)
def test_pilgrimage_of_grace_unrest_on_english_home_spaces():
    state = into_action(fresh(), "france", hand=[64])
    state = order(state, "france", "PLAY 64 AS EVENT")
    for sid in ("Paris", "York"):                               # not English / occupied
        with pytest.raises(IllegalOrder):
            order(state, "france", f"UNREST {sid}")
    state = order(state, "france", "UNREST Lincoln")
    assert S.in_unrest(state, "lincoln")


# ---------------------------------------------------------------- #52, #55, #67, #81
@pytest.mark.card(52)
def test_michelangelo_two_dice_to_st_peters():
    state = into_action(fresh(), "papacy", hand=[52])
    state = order(state, "papacy", "PLAY 52 AS EVENT", FixedDice(6, 5))
    assert (state["st_peters"]["cp"], state["st_peters"]["vp"]) == (1, 2)     # 11 CP


@pytest.mark.card(15, 55)
def test_jesuit_education_two_universities_after_society_of_jesus():
    state = into_action(fresh(), "france", hand=[55])
    with pytest.raises(IllegalOrder):
        order(state, "france", "PLAY 55 AS EVENT")
    state["mandatory_played"].append(15)
    state = order(state, "france", "PLAY 55 AS EVENT")
    d = asked(state, "papacy")
    assert (d.kind, d.context) == ("jesuits", {"left": 2, "card": 55})
    assert RULES.answer_from_standing(state, d, "DEFAULT") == RULES.default(state, d)
    state = order(state, "papacy", "FOUND Mainz")
    state = order(state, "papacy", "FOUND Trier")
    assert state["jesuits"] == ["mainz", "trier"]


@pytest.mark.card(67)
def test_anabaptists_turn_unoccupied_non_electorate_spaces_catholic():
    state = into_action(fresh(), "papacy", hand=[67])
    for sid in ("erfurt", "brandenburg", "lubeck"):
        S.set_religion(state, sid, religion.PROTESTANT)
    clear_units(state, "erfurt", "lubeck")
    state = order(state, "papacy", "PLAY 67 AS EVENT")
    d = asked(state, "papacy")
    allowed = dict(d.options.options[0].fields)["space"].values
    assert "brandenburg" not in allowed and "wittenberg" not in allowed    # electorate, occupied
    state = order(state, "papacy", "CONVERT Erfurt")
    state = order(state, "papacy", "CONVERT Lubeck")
    assert S.religion(state, "erfurt") == S.religion(state, "lubeck") == religion.CATHOLIC


@pytest.mark.card(81)
def test_indulgence_vendor_a_random_protestant_card_to_st_peters():
    state = into_action(fresh(), "papacy", hand=[81])
    _hand(state, "protestant", [7, 65])                        # Here I Stand is never drawn
    state = order(state, "papacy", "PLAY 81 AS EVENT")
    assert state["hands"]["protestant"] == [7] and 65 in state["discard"]
    assert state["st_peters"]["cp"] == 4 and state["st_peters"]["vp"] == 0      # #65: 4 CP


# ---------------------------------------------------------------- #59, #60
@pytest.mark.card(59)
def test_lady_jane_grey_after_a_change_of_english_ruler():
    state = into_action(fresh(), "france", hand=[59])
    _hand(state, "england", [3, 108])
    with pytest.raises(IllegalOrder):                         # no change of ruler this turn
        order(state, "france", "PLAY 59 AS EVENT")
    state["english_succession"] = {"edward_vi": state["turn"]}
    top = state["deck"][-1]
    state = order(state, "france", "PLAY 59 AS EVENT")
    assert state["hands"]["england"] == [3]                  # the home card is never drawn
    d = asked(state, "france")
    assert d.kind == "jane_grey" and sorted(d.context["cards"]) == sorted([108, top])
    state = order(state, "france", f"GIVE {top} TO Protestants")
    assert top in state["hands"]["protestant"] and state["hands"]["france"] == [108]


@pytest.mark.card(59)
def test_england_playing_lady_jane_grey_needs_another_card():
    """England's own Lady Jane Grey leaves its hand when played: the card to draw must be
    another one (a golden-archive search met the event refused after it was played)."""
    state = into_action(fresh(), "england", hand=[3, 59])
    state["english_succession"] = {"edward_vi": state["turn"]}
    assert events.playable_as_event(state, "england", 59).code == "jane_grey_no_card"
    _hand(state, "england", [3, 59, 108])
    state = order(state, "england", "PLAY 59 AS EVENT")
    assert asked(state, "england").kind == "jane_grey"         # the event resolved


@pytest.mark.card(60)
def test_maurice_of_saxony_changes_sides_with_his_mercenaries():
    state = into_action(fresh(), "hapsburg", hand=[60])
    with pytest.raises(IllegalOrder):                         # not in play before turn 6
        order(state, "hapsburg", "PLAY 60 AS EVENT")
    clear_units(state, "leipzig")
    put(state, "leipzig", "protestant", regulars=1, mercenaries=2,
        leaders=["maurice_of_saxony"])
    state = order(state, "hapsburg", "PLAY 60 AS EVENT")
    assert S.leader_power(state, "maurice_of_saxony") == "hapsburg"
    where = S.where_is(state, "maurice_of_saxony")
    assert where != "leipzig" and S.friendly(state, "hapsburg", where)
    assert S.count(state, where, "hapsburg", ("mercenaries",)) == 2
    assert S.count(state, "leipzig", "protestant") == 1         # the regular stays



@pytest.mark.card(60)
def test_maurice_of_saxony_mercenaries_the_hapsburg_counters_cannot_show_are_lost():
    """§5.2 L283 with #60: every Hapsburg "1" and "2" is on the map in stacks no swap can
    free, so the lone mercenary turning Hapsburg with Maurice cannot be shown and is lost
    where he goes (a random game broke the invariant here)."""
    from games.here_i_stand import counter_mix, invariants
    state = into_action(fresh(), "protestant", hand=[60])
    for rec in state["spaces"].values():
        for kind in S.LAND:
            rec.get("units", {}).get("hapsburg", {}).pop(kind, None)
    away = [s for s in sorted(S.board().spaces) if S.board().spaces[s].home != "hapsburg"
            and s != "leipzig"][:19]
    for sid, n in zip(away, [1] * 12 + [2] * 7):
        put(state, sid, "hapsburg", regulars=n)
    clear_units(state, "leipzig")
    put(state, "leipzig", "protestant", regulars=1, mercenaries=1,
        leaders=["maurice_of_saxony"])
    assert counter_mix.fits(counter_mix.stacks(state, "hapsburg"), counter_mix.pool("hapsburg"))
    state = order(state, "protestant", "PLAY 60 AS EVENT")
    where = S.where_is(state, "maurice_of_saxony")
    assert S.leader_power(state, "maurice_of_saxony") == "hapsburg" and where != "leipzig"
    assert S.count(state, where, "hapsburg") == 0
    assert any(e["msg"] == "counter_trim" and e["units"] == 1 for e in state["log"])
    assert invariants.denominations(state) == []

def test_status_shows_the_religious_struggle_with_the_events_of_the_turn():
    """The status's religion section (EN and RU): Protestant spaces by zone on the track,
    universities, and the events that last the turn (The Wartburg, Augsburg Confession)."""
    import datetime as dt
    from engine.game import Game
    from pbem import reports
    seats = {p: {"players": [f"{p}@example.org"], "lang": "en"} for p in S.MAJORS}
    game = Game.create(RULES, "his-status", seats, seed="status",
                       now=dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc))
    game.state["wartburg"] = game.state["augsburg_confession"] = game.state["turn"]
    game.state["jesuits"] = ["trier"]
    en, ru = reports.status_text(game, "en"), reports.status_text(game, "ru")
    assert "In effect this turn: #39 Augsburg Confession; #37 The Wartburg" in en
    assert "Jesuit universities: Trier" in en
    assert "Действуют до конца хода: #39 Аугсбургское исповедание; #37 Вартбург" in ru
