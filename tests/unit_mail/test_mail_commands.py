"""Gateway commands in English and Russian, press blocks, near misses."""
from __future__ import annotations

from datetime import date

from pbem.mail.commands import near_miss, parse_body
from pbem.mail.tags import find_tag, format_tag, tokens_equal


def lines(text: str) -> list[tuple[int, str]]:
    return list(enumerate(text.split("\n"), start=1))


def test_commands_english_and_russian() -> None:
    parsed = parse_body(lines("help\nСтатус\nHAND\nистория 7\nORDERS\nготово\nPLAY 3 AT east"))
    assert [c.name for c in parsed.commands] == ["HELP", "STATUS", "HAND", "HISTORY",
                                                 "ORDERS", "DONE"]
    assert parsed.commands[3].args == {"n": 7}
    assert parsed.orders == [(7, "PLAY 3 AT east")]


def test_map_asks_for_the_map_and_map_on_off_is_a_setting() -> None:
    parsed = parse_body(lines("MAP\nкарта\nMAP OFF\nКАРТА ВКЛ\nMAP maybe\nКАРТЫ"))
    assert [(c.name, c.args) for c in parsed.commands] == [
        ("MAP", {}), ("MAP", {}), ("MAP", {"value": False}), ("MAP", {"value": True}),
        ("HAND", {})]                                   # КАРТЫ: the cards, not the map
    assert [p.hints for p in parsed.problems] == [["MAP", "MAP OFF"]]


def test_press_blocks() -> None:
    parsed = parse_body(lines("PRESS TO france, england\nHello\n\nthere\nENDPRESS\nPASS\n"
                              "ПРЕССА ВСЕМ\nПривет\nКОНЕЦПРЕССЫ"))
    assert parsed.press[0].to == ["france", "england"] and parsed.press[0].body == "Hello\n\nthere"
    assert parsed.press[1].to == ["all"] and parsed.press[1].body == "Привет"
    assert parsed.orders == [(6, "PASS")]


def test_press_without_end_runs_to_the_end() -> None:
    parsed = parse_body(lines("PRESS TO east\nhi"))
    assert parsed.press[0].body == "hi" and "ENDPRESS" in parsed.problems[0].reason


def test_vacation() -> None:
    parsed = parse_body(lines("VACATION 2026-12-20 TO 2027-01-03\nОТПУСК 20.12.2026 ПО 03.01.2027\n"
                              "VACATION tomorrow"))
    assert parsed.commands[0].args == {"start": date(2026, 12, 20), "end": date(2027, 1, 3)}
    assert parsed.commands[1].args == parsed.commands[0].args
    assert parsed.problems[0].line_no == 3 and parsed.problems[0].hints


def test_end_stops_reading_and_comments_skip() -> None:
    parsed = parse_body(lines("# my plan\nPASS\nEND\nALLOW"))
    assert parsed.orders == [(2, "PASS")]


def test_done_with_words_is_an_order() -> None:
    assert parse_body(lines("Done with Paris")).orders == [(1, "Done with Paris")]


def test_near_miss() -> None:
    assert near_miss("STAUTS") == ["STATUS"] and near_miss("histroy") == ["HISTORY"]
    assert near_miss("PLAY") == []


def test_tags() -> None:
    tag = find_tag("Re: RE: [his-042 France k7f3q] receipt")
    assert tag is not None and (tag.game, tag.seat, tag.token) == ("his-042", "france", "k7f3q")
    assert find_tag("no tag", [(1, "[g1 moderator abc123]")]).is_moderator  # type: ignore
    assert find_tag("hello [not a tag]") is None
    assert format_tag("g1", "north", "abc") == "[g1 north abc]"
    assert tokens_equal("abc", "abc") and not tokens_equal("abc", None)
