"""Helpers shared by the Here I Stand rules tests (not a test module)."""
from __future__ import annotations

from engine.canonical import copy_plain
from engine.dice import Dice
from games.here_i_stand import RULES
from games.here_i_stand import state as S

MAJORS = S.MAJORS


class FixedDice(Dice):
    """The given d6 results first, then the seeded stream."""

    def __init__(self, *values):
        super().__init__("fixed")
        self.values = list(values)

    def d6(self):
        return self.values.pop(0) if self.values else super().d6()


def fresh(scenario: str = "1517", seed: str = "his-test", **options):
    """A new game's state (after setup: turn 1 card draw done, diplomacy asked).  In 1517 the
    Protestants' five 95 Theses attempts (asked first) are made with the default targets."""
    state = RULES.setup(scenario, list(MAJORS), options, Dice(seed))
    while state["phase"] == "luther_95_theses":
        decision = RULES.decisions(state)[0]
        state = RULES.apply(state, decision.seat, RULES.default(state, decision), Dice(seed))
    return state


def log_text(entries) -> str:
    """Log entries (structured, `state.log`) as the English lines of the reports, joined."""
    from pbem.reports.presenters import presenter_for
    pres = presenter_for("here-i-stand", "en")
    return " ".join(pres.log_line(e) for e in entries)


def asked(state, seat):
    found = [d for d in RULES.decisions(state) if d.seat == seat]
    assert found, f"{seat} is not asked anything (phase {state['phase']})"
    return found[0]


def order(state, seat, text, dice=None, *, copy=True):
    """Parse `text` for `seat`'s open decision and apply it; returns the new state."""
    decision = asked(state, seat)
    parsed = RULES.parse(state, decision, text)
    work = copy_plain(state) if copy else state
    return RULES.apply(work, seat, parsed, dice or Dice("his-order"))


def deal(state, power, cards):
    """Make `cards` `power`'s hand, taking each out of the deck, the discard pile and the
    other hands first, so every card stays in one place (§6.2, the invariants)."""
    for pile in [state["deck"], state["discard"], *state["hands"].values()]:
        pile[:] = [n for n in pile if n not in cards]
    state["hands"][power] = list(cards)
    return state


def clear_units(state, *spaces):
    for sid in spaces or list(state["spaces"]):
        rec = state["spaces"].get(sid)
        if rec:
            rec.pop("units", None)
            rec.pop("leaders", None)
            if not rec:
                del state["spaces"][sid]


def put(state, sid, power, **counts):
    for kind, n in counts.items():
        if kind == "leaders":
            for lid in n:
                S.move_leader(state, lid, S.where_is(state, lid), sid)
        else:
            S.add_units(state, sid, power, kind, n)


def into_action(state, power, cp=None, hand=None, *, responses=False):
    """Put the game into the Action phase with `power` active (and `cp` CP to spend).
    Unless `responses`, Foul Weather, Gout and The Wartburg are set aside (`no_responses`),
    so moves, assaults and events are not held up by response windows."""
    state["phase"] = "action"
    state["phase_step"] = state["step"]
    state["phase_data"] = {"active": MAJORS.index(power), "passes": 0, "cp": cp,
                           "card": None, "impulse": 0}
    if hand is not None:
        state["hands"][power] = sorted(hand)
    return state if responses else no_responses(state)


def no_responses(state):
    """Remove Foul Weather, Gout and The Wartburg (#31, #32, #37) from the game: no power
    could hold one, so a declared move or assault, or an event, asks nobody (§13.1 step 4,
    §15.1 step 2, #37)."""
    for card in (31, 32, 37):
        for pile in [state["deck"], state["discard"], *state["hands"].values()]:
            if card in pile:
                pile.remove(card)
        if card not in state["removed"]:
            state["removed"] = sorted(state["removed"] + [card])
    return state


def no_cards(state):
    """Empty every hand: no combat or response card could be held, so no card window is
    offered (§14, §15.1: windows go to every power that could hold a usable card).  The
    cards go back into the deck (where nobody sees them), the home cards onto their power
    cards as used (§6.1), so every card stays in one place."""
    home = {n for numbers in S.facts.home_cards().values() for n in numbers}
    for power in MAJORS:
        hand = state["hands"][power]
        state["deck"] += [n for n in hand if n not in home]
        state["home_used"] = sorted(set(state["home_used"]) | {n for n in hand if n in home})
        state["hands"][power] = []
    return state


def answer_window(state, seat, window, answer, dice=None):
    """Answer `seat`'s combat-card window `window` with `answer` (DONE to the earlier ones)."""
    while True:
        d = asked(state, seat)
        assert d.kind == "combat-cards", d.kind
        if d.context["window"] == window:
            return order(state, seat, answer, dice)
        state = order(state, seat, "DONE", dice)
