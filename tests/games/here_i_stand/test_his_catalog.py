"""Checks for the Here I Stand catalogue (cards, pieces, power cards, tables)."""
from __future__ import annotations

import pytest

from games.here_i_stand.catalog import (
    CARD_TYPES,
    LANGUAGE_ZONES,
    MAJOR_POWERS,
    POWERS,
    Card,
    CatalogError,
    _card,
    find_cards,
    load_cards,
    load_pieces,
    load_powers,
    load_tables,
    normalize,
)

# --------------------------------------------------------------------------- cards


def test_every_card_number_once():
    cards = load_cards().cards
    numbers = [c.number for c in cards]
    assert len(numbers) == len(set(numbers))
    assert sorted(numbers) == list(range(1, 117)) + list(range(201, 220))


def test_first_edition_deck_is_110_cards_with_7_home_cards():
    cat = load_cards()
    first = cat.first_edition()
    assert [c.number for c in first] == list(range(1, 111))  # §6 L313
    assert [c.number for c in cat.home_cards()] == [1, 2, 3, 4, 5, 6, 7]
    assert len(cat.main_deck()) == 103
    assert all(c.deck == "main" for c in cat.main_deck())
    assert all(c.deck == "diplomacy" for c in cat.cards if c.number > 200)
    assert all(c.edition == "500th_anniversary" for c in cat.cards if 110 < c.number < 200)


def test_home_card_owners():
    by = load_cards().by_number
    owners = {n: by[n].power for n in range(1, 8)}
    assert owners == {1: "ottoman", 2: "hapsburg", 3: "england", 4: "france",
                      5: "papacy", 6: "papacy", 7: "protestant"}
    assert all(by[n].is_home for n in range(1, 8))


def test_turn_counts_match_rulebook_6_2():
    """§6.2 L356-362: 37 cards have a turn or 'varies': 31 fixed, 2 turn+condition, 4 varies."""
    first = load_cards().first_edition()
    late = [c for c in first if c.enters != 1]
    assert len(late) == 37
    fixed = [c for c in late if c.enters != "varies" and c.enters_condition is None]
    conditional = [c for c in late if c.enters != "varies" and c.enters_condition]
    varies = [c for c in late if c.enters == "varies"]
    assert len(fixed) == 31
    assert sorted(c.number for c in conditional) == [19, 21]
    assert sorted(c.number for c in varies) == [23, 62, 63, 64]


def test_cp_in_range():
    for c in load_cards().cards:
        if c.deck == "diplomacy":
            assert c.cp is None, c.number
        elif c.number == 8:
            assert c.cp == 0  # Luther's 95 Theses gives no CP (§18.1 L1137)
        else:
            assert isinstance(c.cp, int) and 1 <= c.cp <= 6, c.number


def test_cp_required_except_on_diplomacy_cards():
    entry = {"number": 65, "id": "x", "name": {"en": "X", "ru": "Х"}, "type": "event",
             "deck": "main", "edition": "first", "remove": False, "enters": 1,
             "summary": {"en": "x"}}
    with pytest.raises(CatalogError, match="cp missing"):
        _card(entry)
    assert _card({**entry, "type": "diplomacy", "deck": "diplomacy",
                  "edition": "2p_variant"}).cp is None


def test_types_powers_and_entry_are_valid():
    for c in load_cards().cards:
        assert c.type in CARD_TYPES
        assert all(p in POWERS for p in c.powers), c.number
        assert all(p in POWERS for p in c.not_playable_by), c.number
        assert c.affects is None or c.affects in POWERS
        assert c.enters == "varies" or 1 <= c.enters <= 9, c.number
        assert c.remove in (True, False, "conditional")
        assert c.scenario_only in (None, "1517")
        assert 0 < len(c.summary_en) <= 100, c.number
        assert c.name_en and c.name_ru


def test_mandatory_events_removed_except_two():
    """§6.1 L325: all mandatory events leave after play except Council of Trent and Master of Italy."""
    first = load_cards().first_edition()
    mandatory = [c for c in first if c.is_mandatory]
    assert [c.number for c in mandatory] == list(range(8, 24))
    kept = sorted(c.number for c in mandatory if c.remove is False)
    assert kept == [12, 17]


def test_disputed_cards_follow_the_rulebook():
    by = load_cards().by_number
    assert by[17].remove is False and by[17].second_edition["remove"] is True
    assert by[97].type == "event" and by[97].enters == 1
    assert by[97].second_edition["type"] == "mandatory"
    assert by[47].enters == 4
    assert all(by[n].enters == 3 for n in (38, 39, 41, 43))


def test_other_phase_cards():
    """§6.1 L343-349."""
    by = load_cards().by_number
    assert by[73].other_phase["phase"] == "diplomacy"
    assert by[102].other_phase == {"phase": "spring_deployment", "also_action_phase": False}
    assert by[109].other_phase["phase"] == "spring_deployment"
    assert {n for n in by if by[n].lasts_until_end_of_turn} == {37, 39, 90}


def test_playable_by():
    by = load_cards().by_number
    assert by[37].playable_by("protestant") and not by[37].playable_by("papacy")
    assert not by[73].playable_by("ottoman") and by[73].playable_by("france")
    assert not by[26].playable_by("ottoman") and by[26].playable_by("england")
    assert by[105].playable_by("ottoman")


@pytest.mark.parametrize(
    "text, numbers",
    [
        ("Here I Stand", [7]),
        ("here i stand", [7]),
        ("95", [95]),
        ("#95", [95]),
        ("95 Theses", [8]),
        ("На том стою", [7]),
        ("«На том стою»", [7]),
        ("ЯНЫЧАРЫ", [1]),
        ("Janissaries", [1]),
        ("Лейпцигский диспут", [6]),
        ("Триденский собор", [17]),
        ("La Foret's Embassy", [114]),
        ("wartburg", [37]),
        ("Treachery", [105]),
        ("тезисов", [8]),
        ("Shipbuilding", [100]),
        ("Katharina von Bora", [85]),
        ("Machiavelli", [40]),
        ("no such card", []),
    ],
)
def test_find_cards(text, numbers):
    assert [c.number for c in find_cards(text)] == numbers


def test_find_cards_options():
    assert [c.number for c in find_cards("Andrea Doria", include_diplomacy=True)] == [68, 201]
    assert find_cards("Rough Wooing", first_edition_only=True) == []
    assert Card.lookup("Copernicus")[0].number == 47
    assert find_cards("205") == []  # diplomacy card hidden by default
    assert [c.number for c in find_cards("205", include_diplomacy=True)] == [205]


def test_normalize():
    assert normalize("Ёлка") == normalize("елка")
    assert normalize("La Forêt's") == "la forets"


# --------------------------------------------------------------------------- pieces


def test_leaders():
    p = load_pieces()
    assert len(p.army_leaders) == 15
    s = p.army_leaders["suleiman"]
    assert (s.battle, s.command) == (2, 12)  # §5.1 example L271
    assert p.army_leaders["charles_v"].battle == 2
    assert p.army_leaders["henry_ii"].power == "france"
    for leader in p.army_leaders.values():
        assert leader.power is None or leader.power in POWERS
        assert 0 <= leader.battle <= 2 and leader.command in (6, 8, 10, 12)
    assert {(n.battle, n.piracy) for n in p.naval_leaders.values()} == {(2, 1), (1, 2), (2, None)}
    assert not any(l.naval for l in p.army_leaders.values())
    assert all(n.naval and n.command == 0 for n in p.naval_leaders.values())  # §5.1


def test_rulers_succession_complete():
    p = load_pieces()
    assert set(p.rulers) == set(MAJOR_POWERS)
    ids = {power: [r.id for r in line] for power, line in p.rulers.items()}
    assert ids == {
        "ottoman": ["suleiman"],
        "hapsburg": ["charles_v"],
        "england": ["henry_viii", "edward_vi", "mary_i", "elizabeth_i"],
        "france": ["francis_i", "henry_ii"],
        "papacy": ["leo_x", "clement_vii", "paul_iii", "julius_iii"],
        "protestant": ["luther", "calvin"],
    }
    cards = load_cards().by_number
    for line in p.rulers.values():
        assert line[0].via_card is None
        for r in line:
            assert 0 <= r.admin <= 2 and 0 <= r.card_bonus <= 1
            if r.via_card is not None:
                assert cards[r.via_card].is_mandatory
    assert p.ruler("luther").admin == 2  # §11.1 example L680-698
    assert p.ruler("francis_i").card_bonus == 1  # §6.2 example L379
    assert {r.army_leader for line in p.rulers.values() for r in line} - {None} == {
        "suleiman", "charles_v", "henry_viii", "francis_i", "henry_ii"}


def test_reformers():
    r = load_pieces().reformers
    assert {k: (v.space, v.enters) for k, v in r.items()} == {
        "luther": ("wittenberg", 1), "zwingli": ("zurich", 2),
        "calvin": ("geneva", 4), "cranmer": ("london", "varies")}


def test_debaters():
    d = load_pieces().debaters
    assert len(d) == 29
    for deb in d.values():
        assert 1 <= deb.value <= 4
        assert deb.side in ("papal", "protestant")
        if deb.side == "protestant":
            assert deb.zone in LANGUAGE_ZONES
        else:
            assert deb.zone is None
        assert deb.enters == "varies" or 1 <= deb.enters <= 9
    start = sorted(k for k, v in d.items() if v.in_play_1517)
    assert start == sorted(["luther", "melanchthon", "bucer", "carlstadt",  # §8.2 L467-469
                            "eck", "campeggio", "aleander", "tetzel", "cajetan"])
    assert (d["luther"].value, d["eck"].value, d["aleander"].value, d["carlstadt"].value) == (4, 3, 2, 1)
    assert all(d[x].enters == "varies" for x in ("cranmer", "coverdale", "latimer"))


def test_explorers_and_conquistadors():
    p = load_pieces()
    by_power = {}
    for e in p.explorers.values():
        by_power.setdefault(e.power, []).append(e)
    assert {k: len(v) for k, v in by_power.items()} == {"england": 4, "france": 4, "hapsburg": 7}
    assert p.explorers["orellana"].value == 3 and p.explorers["verrazano"].value == 2  # L1551-1553
    assert max(c.value for c in p.conquistadors.values()) == 4


def test_counter_limits_positive():
    counters = load_pieces().counters
    for power, spec in counters["land"].items():
        assert power in MAJOR_POWERS
        for denom, count in spec["denominations"].items():
            assert denom in (1, 2, 4, 6)
            assert isinstance(count, int) and count > 0
    for power, spec in counters["naval"].items():
        assert power in POWERS
        assert all(isinstance(v, int) and v > 0 for v in spec.values())
    for minor, kinds in counters["minor_land"].items():
        assert all(k["count"] > 0 for k in kinds)
    assert load_pieces().land_counter_limit("papacy", 6) == 0


# --------------------------------------------------------------------------- powers


def test_key_tracks_monotonic_and_sized():
    pw = load_powers()
    boxes = load_pieces().counters["square_control_markers"]
    for pid, info in pw.powers.items():
        track = info.key_track
        if pid == "protestant":
            assert track is None
            continue
        assert list(track.cards) == sorted(track.cards)
        assert list(track.vp) == sorted(track.vp)
        assert len(track.cards) == len(track.vp) == track.auto_win_keys - 1
        assert track.auto_win_keys == boxes[pid]
        assert track.cards_for(0) == 1 and track.vp_for(0) == 0


def test_starting_vp_reproduced():
    """1517 key control (Ott 4, Hap 8, Eng 4, Fra 6, Pap 2) gives the printed starting VP."""
    pw = load_powers()
    keys = {"ottoman": 4, "hapsburg": 8, "england": 4, "france": 6, "papacy": 2}
    start = pw.raw["starting_vp_1517"]
    for pid, k in keys.items():
        vp = pw.powers[pid].key_track.vp_for(k)
        if pid == "papacy":
            vp += pw.religious_track_vp(0)[0]
        assert vp == start[pid], pid


def test_deal_examples_6_2():
    """§6.2 L377-379: Francis I with 8 keys gets 4 (+1 bonus); Suleiman 7 keys, 2 in unrest: 4."""
    pw = load_powers()
    assert pw.powers["france"].key_track.cards_for(8) == 4
    assert pw.powers["ottoman"].key_track.cards_for(7 - 2) == 4


def test_action_costs_table_11_1():
    pw = load_powers()
    assert pw.action_cost("ottoman", "buy_mercenary") is None
    assert pw.action_cost("ottoman", "raise_cavalry") == 1
    assert [pw.action_cost(p, "colonize") for p in MAJOR_POWERS] == [None, 2, 3, 3, None, None]
    assert pw.action_cost("england", "publish_treatise") == 3
    assert pw.action_cost("protestant", "publish_treatise") == 2
    assert pw.action_cost("protestant", "naval_move") is None
    for row in pw.action_costs.values():
        assert set(row) == set(MAJOR_POWERS)
        assert all(v is None or 1 <= v <= 4 for v in row.values())


def test_war_costs():
    pw = load_powers()
    assert pw.war_cost("france", "scotland") == 1  # minors 1 CP, §9.6 L577
    for d in MAJOR_POWERS:
        for t in MAJOR_POWERS:
            if d != t:
                cost = pw.war_cost(d, t)
                assert cost is None or 1 <= cost <= 4
    assert {(i["minor"], i["power"], i["cost"]) for i in pw.interventions} == {
        ("scotland", "france", 2), ("venice", "papacy", 2)}


def test_religious_track():
    pw = load_powers()
    assert pw.religious_track_vp(0) == (15, 0)
    assert pw.religious_track_vp(50) == (0, 15)
    pap, prot = pw.protestant_spaces_papacy_vp, pw.protestant_spaces_protestant_vp
    assert len(pap) == len(prot) == 51
    assert list(pap) == sorted(pap, reverse=True) and list(prot) == sorted(prot)
    assert all(a + b == 15 for a, b in zip(pap, prot))


def test_victory_constants():
    v = load_powers().victory
    assert (v["standard_vp"], v["domination_lead"], v["domination_from_turn"], v["last_turn"]) == (25, 5, 4, 9)
    assert v["religious_protestant_spaces"] == 50


# --------------------------------------------------------------------------- tables


def test_chateaux_first_edition():
    t = load_tables()
    assert [t.chateaux_first_edition(d) for d in range(1, 7)] == [0, 0, 1, 1, 1, 1]
    assert t.chateaux_first_edition(1, controls_milan=True) == 1
    assert t.data["chateaux"]["first_edition"]["max_vp"] == 6


def test_pregnancy_chart():
    t = load_tables()
    assert [t.pregnancy(n)["heir"] for n in range(1, 7)] == [
        None, None, None, "elizabeth", "edward_sickly", "edward_healthy"]


def test_new_world_tables():
    t = load_tables()
    assert [t.exploration(r)["result"] for r in (3, 4, 5, 6, 7, 9, 10, 14)] == [
        "lost", "lost", "nothing", "nothing", "discovery", "discovery", "deep", "deep"]
    assert [t.circumnavigation(r)["result"] for r in (9, 10, 12)] == ["failure", "success", "success_and_card"]
    assert [t.conquest(r)["result"] for r in (6, 7, 8, 9)] == ["killed", "nothing", "nothing", "conquest"]
    for roll in range(2, 13):
        for column in ("colony", "potosi", "maya", "aztecs", "inca"):
            assert t.riches(roll, column) in ("depleted", "card", "galleon", "none", "eliminated")
    assert t.riches(2, "colony") == "eliminated" and t.riches(12, "inca") == "card"


def test_mandatory_deadlines_19_8():
    t = load_tables()
    assert {n: t.mandatory_deadline(n) for n in (10, 9, 13, 14, 15)} == {10: 2, 9: 3, 13: 4, 14: 4, 15: 6}
    assert t.mandatory_deadline(12) is None
    cards = load_cards().by_number
    for e in t.data["mandatory_deadlines"]["events"]:
        card = cards[e["card"]]
        assert card.is_mandatory and card.enters <= e["winter_of_turn"]


def test_minor_activation_22_1():
    t = load_tables()
    assert t.can_activate("france", "scotland") and t.can_activate("england", "scotland")
    assert not t.can_activate("england", "venice")
    assert t.data["minor_activation"]["minors"]["hungary"]["can_deactivate"] is False


def test_every_file_has_provenance():
    for cat in (load_cards(), load_pieces(), load_powers(), load_tables()):
        assert cat.provenance["sources"]


def test_marital_track_ids_are_those_states_and_mails_use() -> None:
    """§21.3: the data's ids are the ones saved states and the en/ru catalogues name."""
    from pbem.reports.i18n import has
    track = load_tables().marital_track()
    assert track[0] == "catherine_of_aragon" and track[-1] == "catherine_parr"
    assert len(track) == 7
    for wife in track:
        assert has("en", f"marital.{wife}", "here-i-stand"), wife
        assert has("ru", f"marital.{wife}", "here-i-stand"), wife
