"""Rulebook example E2 (§2.4, L105-L113): the seven control-marker states, played on the
1517 setup.  Political control and religion are independent: each space stores only what
differs from its home power and from Catholic, and every query (controller, religion,
keys, electorates, the Protestant-spaces track, the public board) reads them apart."""
from __future__ import annotations

from engine.dice import Dice
from games.here_i_stand import state as S
from games.here_i_stand.views import board_view
from his_helpers import RULES


def _setup():
    """The 1517 setup before the 95 Theses (no space converted yet)."""
    return RULES.setup("1517", list(S.MAJORS), {}, Dice("e2"))


def test_e2_the_seven_marker_states():
    state = _setup()
    before = S.protestant_spaces(state)
    # 1: a Hapsburg unfortified home space, Catholic and Hapsburg: no marker at all
    assert not S.is_fortified("bilbao") and S.home("bilbao") == "hapsburg"
    assert (S.controller(state, "bilbao"), S.religion(state, "bilbao")) == ("hapsburg", "catholic")
    assert S.record(state, "bilbao").get("control") is None
    # 2: a Hapsburg key taken by England, still Catholic
    S.set_control(state, "antwerp", "england")
    # 3: an English key turned Protestant, still English
    S.set_religion(state, "london", "protestant")
    # 4: an independent space turned Protestant, still independent
    S.set_religion(state, "metz", "protestant")
    # 5: a Protestant unfortified home space, Protestant but Hapsburg-controlled (1517 setup)
    S.set_religion(state, "bremen", "protestant")
    # 6: a Protestant electorate, Catholic and Hapsburg (1517 setup: nothing to do)
    # 7: a Protestant electorate, Protestant in both respects
    S.set_religion(state, "brandenburg", "protestant")
    S.set_control(state, "brandenburg", "protestant")
    expected = {
        "bilbao": ("hapsburg", "catholic"),          # 1
        "antwerp": ("england", "catholic"),          # 2
        "london": ("england", "protestant"),         # 3
        "metz": ("independent", "protestant"),       # 4
        "bremen": ("hapsburg", "protestant"),        # 5
        "mainz": ("hapsburg", "catholic"),           # 6
        "brandenburg": ("protestant", "protestant"),  # 7
    }
    board = board_view(state)["spaces"]
    for sid, (control, faith) in expected.items():
        assert (S.controller(state, sid), S.religion(state, sid)) == (control, faith), sid
        assert (board[sid]["control"], board[sid]["religion"]) == (control, faith), sid
    # keys and electorates follow political control only
    assert "antwerp" in S.keys_controlled(state, "england")
    assert "antwerp" not in S.keys_controlled(state, "hapsburg")
    assert "london" in S.keys_controlled(state, "england")
    assert "mainz" in S.electorates_controlled(state, "hapsburg")
    assert "brandenburg" in S.electorates_controlled(state, "protestant")
    # the Protestant-spaces track follows religion only: spaces 3, 4, 5 and 7
    assert S.protestant_spaces(state) == before + 4
    # stored: only what differs from the home power and from Catholic
    assert S.record(state, "brandenburg") == {"religion": "protestant"}   # home: Protestant
    assert S.record(state, "mainz") == {"control": "hapsburg"}            # a Hapsburg marker
    assert S.record(state, "london").get("control") is None
    assert S.record(state, "antwerp").get("religion") is None
