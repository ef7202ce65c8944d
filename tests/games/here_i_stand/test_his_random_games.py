"""CI's slice of the Here I Stand random-games bench (issue 18): 20 complete games by random
bots — 15 of 1517 and 5 of 1532 — with the invariants (`Rules.validate`) checked after every
entry and every archive replayed with each state hash and die verified.  The bench itself
(1,000 + 200 games) is run by hand: ``pbem simulate --rules here-i-stand --scenario 1517
--games 1000 --bot random --check-invariants --jobs 2`` and ``bench/his_games.py``.

Rules: §23 (every game reaches its end)
"""
from __future__ import annotations

import pytest

from games.here_i_stand import RULES
from pbem.simulate import simulate


@pytest.mark.parametrize(("scenario", "games"), [("1517", 15), ("1532", 5)])
def test_random_games_end_without_an_error(scenario, games, tmp_path):
    report = simulate(RULES, games=games, seed=f"ci-his-{scenario}", bot="random",
                      scenario=scenario, check_invariants=True, jobs=2, out=tmp_path)
    assert report.errors == 0, report.failures       # a failing archive lands in tmp_path
    assert (report.games, report.finished, report.verified) == (games, games, games)
