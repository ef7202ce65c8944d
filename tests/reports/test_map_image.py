"""The map picture: Here I Stand board description (games/here_i_stand/board.py) drawn by
pbem/mapimage.py, and `pbem render`.

The views are built here straight from the 1517/1532 scenario files, in both layouts
board.py reads (the flat state-like ``spaces`` and ``views.board_view``'s ``board``), so
these tests do not depend on the rules engine.
"""
from __future__ import annotations

import copy
import io

import pytest
from click.testing import CliRunner
from PIL import Image, ImageDraw

from engine import registry
from games.here_i_stand import board as his_board
from games.here_i_stand.mapdata import load_map
from games.here_i_stand.scenarios import load_scenario
from pbem import mapimage
from pbem.cli import main

KINDS = ("regulars", "mercenaries", "cavalry", "squadrons", "corsairs")
PALETTE = his_board.palette()


def rgb(colour: str) -> tuple[int, int, int]:
    c = colour.lstrip("#")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


def fill(power: str) -> tuple[int, int, int]:
    return rgb(PALETTE["powers"][power]["fill"])


def scenario_view(name: str = "1517") -> dict:
    """A public view in the state's own layout (``spaces``: land and sea records)."""
    data = load_scenario(name)
    m = load_map()
    spaces: dict[str, dict] = {}
    for sid, power in data["control"].items():
        if m.spaces[sid].home != power:
            spaces.setdefault(sid, {})["control"] = power
    for sid in data["religion"].get("protestant") or []:
        spaces.setdefault(sid, {})["religion"] = "protestant"
    for sid in data["unrest"]:
        spaces.setdefault(sid, {})["unrest"] = True
    for sid, stacks in data["units"].items():
        for stack in stacks:
            counts = {k: int(stack[k]) for k in KINDS if stack.get(k)}
            if counts:
                spaces.setdefault(sid, {}).setdefault("units", {})[stack["power"]] = counts
            for lid in stack["leaders"]:
                spaces.setdefault(sid, {}).setdefault("leaders", []).append(lid)
    return {"scenario": str(data["scenario"]), "turn": data["first_turn"], "phase": "diplomacy",
            "spaces": spaces, "out_of_play": list(data["spaces_out_of_play"]),
            "wars": sorted(sorted(p) for p in data["wars"]),
            "minor_allies": dict(data["activated_minors"])}


def nested_view(flat: dict) -> dict:
    """The same position in ``views.board_view``'s layout: every land space in play with its
    control and religion spelled out, sea zones under ``seas``."""
    m = load_map()
    spaces, seas = {}, {}
    for sid, space in m.spaces.items():
        if sid in flat["out_of_play"]:
            continue
        rec = dict(flat["spaces"].get(sid, {}))
        rec.setdefault("control", space.home)
        rec.setdefault("religion", "catholic")
        spaces[sid] = {"name": space.name_en, **rec}
    for zid, rec in flat["spaces"].items():
        if zid in m.sea_zones:
            seas[zid] = {"name": m.sea_zones[zid].name_en, **rec}
    view = {k: v for k, v in flat.items() if k not in ("spaces", "out_of_play")}
    view["board"] = {"spaces": spaces, "seas": seas}
    return view


def node(board: dict, sid: str) -> dict:
    return next(n for n in board["nodes"] if n["id"] == sid)


def picture(board: dict, width: int = 1600) -> Image.Image:
    return Image.open(io.BytesIO(mapimage.render(board, width))).convert("RGB")


def at(board: dict, sid: str, width: int = 1600) -> tuple[int, int]:
    n = node(board, sid)
    x, y = mapimage.project(board, width)(n["x"], n["y"])
    return round(x), round(y)


@pytest.fixture(scope="module")
def view1517() -> dict:
    return scenario_view("1517")


@pytest.fixture(scope="module")
def board1517(view1517) -> dict:
    return his_board.board(view1517)


@pytest.fixture(scope="module")
def image1517(board1517) -> Image.Image:
    return picture(board1517)


# ------------------------------------------------------------------------ the board data
def test_board_is_plain_complete_data(board1517):
    m = load_map()
    assert len(board1517["nodes"]) == len(m.spaces) == 134
    assert len(board1517["edges"]) == len(m.connections) + len(m.passes)
    assert sum(e["dashed"] for e in board1517["edges"]) == 16
    assert len(board1517["areas"]) == 14
    assert board1517["frame"] == {"width": 5100, "height": 3300}
    x0, y0, x1, y1 = board1517["viewport"]
    assert all(x0 <= n["x"] <= x1 and y0 <= n["y"] <= y1 for n in board1517["nodes"])
    shapes = {n["id"]: (n["shape"], n["bold"]) for n in board1517["nodes"]}
    assert shapes["paris"] == ("square", True) and shapes["milan"] == ("square", False)
    assert shapes["mainz"][0] == "hexagon" and shapes["gibraltar"][0] == "star"
    assert shapes["orleans"][0] == "circle"
    assert "Here I Stand" in board1517["title"] and "1517" in board1517["title"]


def test_control_units_leaders_and_out_of_play(board1517):
    assert node(board1517, "milan")["fill"] == PALETTE["powers"]["france"]["fill"]
    assert node(board1517, "wittenberg")["fill"] == PALETTE["powers"]["hapsburg"]["fill"]
    istanbul = [b["text"] for b in node(board1517, "istanbul")["badges"]]
    assert istanbul[0] == "OT 7+1c 1s"
    assert {"Suleiman", "Ibrahim"} <= set(istanbul)
    london = [b["text"] for b in node(board1517, "london")["badges"]]
    assert london[0] == "EN 3 1s" and "Henry VIII" in london and "Brandon" in london
    algiers = node(board1517, "algiers")
    assert algiers["faded"] and algiers["fill"] == PALETTE["map"]["out_of_play"]


def test_unit_text():
    assert his_board.unit_text({"regulars": 4, "mercenaries": 2, "cavalry": 1,
                                "squadrons": 1}) == "4+2m+1c 1s"
    assert his_board.unit_text({"mercenaries": 3}) == "3m"
    assert his_board.unit_text({"squadrons": 2, "corsairs": 1}) == "2s 1p"
    assert his_board.leader_label("charles_v") == "Charles V"
    assert his_board.leader_label("duke_of_alva") == "Alva"
    assert his_board.leader_label("andrea_doria") == "Doria"


def test_unrest_siege_and_fleets(view1517):
    view = copy.deepcopy(view1517)
    view["spaces"].setdefault("metz", {})["unrest"] = True
    # Hungary and the Ottomans are at war in 1517: Ottoman troops in Belgrade besiege it
    view["spaces"]["belgrade"]["units"]["ottoman"] = {"regulars": 5, "cavalry": 1}
    view["spaces"].setdefault("aegean_sea", {})["units"] = {"ottoman": {"squadrons": 2}}
    b = his_board.board(view)
    assert [m["text"] for m in node(b, "metz")["marks"]] == ["U"]
    assert [m["text"] for m in node(b, "belgrade")["marks"]] == ["S"]
    assert node(b, "vienna")["marks"] == []  # own troops in a friendly space: no siege
    aegean = next(a for a in b["areas"] if a["id"] == "aegean_sea")
    assert [x["text"] for x in aegean["badges"]] == ["OT 2s"]
    view["spaces"]["belgrade"]["siege"] = False  # an explicit field wins over inference
    assert his_board.board(view) and node(his_board.board(view), "belgrade")["marks"] == []
    img = picture(b)
    cx, cy = at(b, "metz")
    near = img.crop((cx - 30, cy - 30, cx + 5, cy + 5)).getcolors(100000)
    assert rgb(PALETTE["map"]["unrest"]["fill"]) in {c for _, c in near}


def test_religious_struggle_on_the_map_from_a_game_view():
    """A game's public view: Protestant spaces ringed, unrest U, Jesuit universities J and
    reformers R (Russian Б, И, Р), each mark drawn in its colour, and all in the legend."""
    from engine.dice import Dice
    from games.here_i_stand import RULES
    from games.here_i_stand.state import MAJORS
    state = RULES.setup("1517", list(MAJORS), {}, Dice("map-religion"))
    state["spaces"].setdefault("leipzig", {})["religion"] = "protestant"
    state["spaces"].setdefault("mainz", {})["unrest"] = True
    state["jesuits"] = ["trier"]
    view = RULES.view(state, None)
    b = his_board.board(view)
    assert node(b, "leipzig")["ring"] is not None and node(b, "trier")["ring"] is None
    assert [m["text"] for m in node(b, "mainz")["marks"]] == ["U"]
    assert [m["text"] for m in node(b, "trier")["marks"]] == ["J"]
    assert [m["text"] for m in node(b, "wittenberg")["marks"]] == ["R"]   # Luther
    ru = his_board.board(view, "ru")
    assert [m["text"] for m in node(ru, "trier")["marks"]] == ["И"]
    assert {"J", "R", "U"} <= {i.get("text") for i in b["legend"]}
    img = picture(b)
    cx, cy = at(b, "trier")
    near = img.crop((cx - 30, cy - 30, cx + 5, cy + 5)).getcolors(100000)
    assert rgb(PALETTE["map"]["university"]["fill"]) in {c for _, c in near}


def test_both_view_layouts_give_the_same_board(view1517):
    view = copy.deepcopy(view1517)
    view["spaces"].setdefault("tyrrhenian_sea", {})["units"] = {"papacy": {"squadrons": 2}}
    assert his_board.board(nested_view(view)) == his_board.board(view)


# ------------------------------------------------------------------------ the picture
def test_size_keeps_the_aspect(board1517, image1517):
    x0, y0, x1, y1 = board1517["viewport"]
    map_h = mapimage.map_height(board1517, 1600)
    assert map_h == round((y1 - y0) * 1600 / (x1 - x0))
    assert image1517.width == 1600
    assert map_h < image1517.height < map_h + 350  # the New World panel and the legend below
    small = picture(board1517, 800)
    assert small.width == 800 and abs(mapimage.map_height(board1517, 800) - map_h / 2) <= 1
    assert Image.open(io.BytesIO(mapimage.render(board1517))).format == "PNG"


@pytest.mark.parametrize("sid, power", [
    ("paris", "france"), ("vienna", "hapsburg"), ("istanbul", "ottoman"), ("london", "england"),
    ("rome", "papacy"), ("edinburgh", "scotland"), ("venice", "venice"), ("genoa", "genoa"),
    ("buda", "hungary"), ("metz", "independent"), ("milan", "france"), ("valladolid", "hapsburg"),
])
def test_space_colour_at_its_coordinates(board1517, image1517, sid, power):
    assert image1517.getpixel(at(board1517, sid)) == fill(power)


def _rim_pixels(img: Image.Image, board: dict, sid: str) -> int:
    cx, cy = at(board, sid)
    rim = rgb(PALETTE["religion"]["protestant"]["rim"])
    area = img.crop((cx - 20, cy - 20, cx + 21, cy + 21))
    return sum(n for n, c in area.getcolors(100000) if c == rim)


def test_protestant_space_shows_its_religion_mark(board1517, image1517):
    b1532 = his_board.board(scenario_view("1532"))
    img1532 = picture(b1532)
    assert node(b1532, "wittenberg")["ring"] is not None
    assert node(b1532, "paris")["ring"] is None
    for sid in ("wittenberg", "zurich", "augsburg"):  # Protestant in 1532
        assert _rim_pixels(img1532, b1532, sid) > 40
        assert _rim_pixels(image1517, board1517, sid) == 0  # Catholic in 1517
    # the control colour stays inside the mark
    assert img1532.getpixel(at(b1532, "wittenberg")) == fill("protestant")
    assert img1532.getpixel(at(b1532, "zurich")) == fill("independent")


def test_legend_shows_every_power_colour(board1517, image1517):
    strip = image1517.crop((0, mapimage.map_height(board1517) + 2, 1600, image1517.height))
    colours = {c for _, c in strip.getcolors(1_000_000)}
    for power in PALETTE["powers"]:
        assert fill(power) in colours, power
    assert rgb(PALETTE["religion"]["protestant"]["rim"]) in colours
    assert rgb(PALETTE["map"]["unrest"]["fill"]) in colours
    labels = [item.get("label") for item in board1517["legend"]]
    assert "Protestant religion" in labels and "pass" in labels and "under siege" in labels


def test_same_view_same_bytes(view1517):
    a = mapimage.render(his_board.board(copy.deepcopy(view1517)))
    b = mapimage.render(his_board.board(copy.deepcopy(view1517)))
    assert a == b


def test_plain_text_for_the_bundled_font():
    assert mapimage.plain("Lübeck") == "Lubeck" and mapimage.plain("Besançon") == "Besancon"
    assert mapimage.plain("Вена") == "????"


# ------------------------------------------------------------------------ finding and CLI
def test_board_function_by_convention():
    assert mapimage.board_function(registry.get("testgame")) is None
    if "here-i-stand" in registry.installed():
        assert mapimage.board_function(registry.get("here-i-stand")) is his_board.board


@pytest.fixture
def run(home):
    runner = CliRunner()

    def invoke(*args: str, code: int = 0) -> str:
        result = runner.invoke(main, list(args))
        assert result.exit_code == code, result.output
        return result.output
    return invoke


def test_cli_refuses_a_game_without_a_board(run, tmp_path):
    run("new", "duel", "--rules", "testgame", "--seat", "north=n@example.org",
        "--seat", "east=e@example.org", "--seed", "s")
    out = run("render", "duel", "-o", str(tmp_path / "x.png"), code=1)
    assert "has no map picture" in out
    assert not (tmp_path / "x.png").exists()


@pytest.mark.skipif("here-i-stand" not in registry.installed(),
                    reason="the Here I Stand rules are not registered (pbem rules)")
def test_cli_renders_a_here_i_stand_game(run, tmp_path):
    seats = registry.get("here-i-stand").scenario("1517").seats
    args = []
    for seat in seats:
        args += ["--seat", f"{seat}={seat}@example.org"]
    run("new", "his", "--rules", "here-i-stand", "--scenario", "1517", "--seed", "map", *args)
    out = tmp_path / "map.png"
    assert "wrote" in run("render", "his", "-o", str(out))
    img = Image.open(out).convert("RGB")
    assert img.width == 1600
    b = his_board.board(scenario_view("1517"))
    assert img.getpixel(at(b, "paris")) == fill("france")
    run("render", "his", "--as", seats[0], "-o", str(tmp_path / "seat.png"), "--width", "1000")
    assert Image.open(tmp_path / "seat.png").width == 1000
    assert ", ru)" in run("render", "his", "--lang", "ru", "-o", str(tmp_path / "ru.png"))
    ru = Image.open(tmp_path / "ru.png").convert("RGB")
    assert ru.getpixel(at(b, "paris")) == fill("france") and ru.tobytes() != img.tobytes()
    run("render", "his", "--as", "nobody", "-o", str(tmp_path / "n.png"), code=1)


# ------------------------------------------------------------------------ languages
def test_russian_board_names_everything_in_russian(view1517):
    b = his_board.board(view1517, lang="ru")
    assert node(b, "vienna")["label"] == "Вена" and node(b, "paris")["label"] == "Париж"
    assert next(a for a in b["areas"] if a["id"] == "aegean_sea")["label"] == "Эгейское море"
    assert b["title"].startswith("На том стою: сценарий 1517, ход 1")
    istanbul = [x["text"] for x in node(b, "istanbul")["badges"]]
    assert istanbul[0] == "ОС 7+1к 1э" and "Сулейман I" in istanbul
    labels = [item.get("label", "") for item in b["legend"]]
    assert "перевал" in labels and "в осаде" in labels
    english = his_board.board(view1517)
    assert [n["id"] for n in b["nodes"]] == [n["id"] for n in english["nodes"]]
    assert his_board.board(view1517, lang="fr") == english     # unknown: English


def _cyrillic(board: dict) -> set[str]:
    texts = [n["label"] for n in board["nodes"]] + [a["label"].upper() for a in board["areas"]]
    texts += [x["text"] for n in board["nodes"] for x in n["badges"]]
    texts += [i.get("label", "") for i in board["legend"]] + [board["title"]]
    return {c for t in texts for c in t if "\u0400" <= c <= "\u04ff"}


def test_the_map_font_draws_cyrillic_without_tofu(view1517):
    assert mapimage.font_file() is not None, "fontpkg-noto-sans is a dependency"
    f = mapimage.font(13)

    def glyph(c: str) -> bytes:
        img = Image.new("L", (30, 30))
        ImageDraw.Draw(img).text((5, 5), c, font=f, fill=255)
        return img.tobytes()

    tofu = glyph("\u0378")                        # unassigned: the font's "missing" box
    letters = _cyrillic(his_board.board(view1517, lang="ru"))
    assert len(letters) > 40
    missing = sorted(c for c in letters if glyph(c) == tofu)
    assert not missing
    # a Cyrillic word is as wide as its Latin transliteration, not as n missing boxes
    box = f.getlength("\u0378")
    assert f.getlength("Вена") != 4 * box and abs(f.getlength("Вена") - f.getlength("Vena")) < 8
    assert mapimage.label("Вена") == "Вена" and mapimage.label("Lübeck") == "Lübeck"


def test_russian_picture_differs_and_keeps_the_colours(view1517, board1517, image1517):
    b = his_board.board(view1517, lang="ru")
    img = picture(b)
    assert img.size[0] == image1517.size[0]
    assert img.tobytes() != image1517.tobytes()
    for sid, power in (("paris", "france"), ("vienna", "hapsburg"), ("istanbul", "ottoman")):
        assert img.getpixel(at(b, sid)) == fill(power)


def test_without_the_font_labels_fall_back_to_ascii(view1517, monkeypatch):
    monkeypatch.setattr(mapimage, "font_file", lambda: None)
    mapimage.font.cache_clear()
    try:
        assert mapimage.label("Вена") == "????" and mapimage.label("Lübeck") == "Lubeck"
        img = picture(his_board.board(view1517, lang="ru"), 800)
        assert img.width == 800
    finally:
        monkeypatch.undo()
        mapimage.font.cache_clear()


def test_report_mails_attach_the_map_in_each_readers_language():
    import reportkit
    from pbem.reports import mails
    game = reportkit.his_position()
    game.seats["france"]["lang"] = "ru"
    png = mails._Map(game, 800)
    options = mails.Options(map_width=800, html=False)
    ru = mails.compose(game, "france", reason="x", with_status=True, options=options, png=png)
    en = mails.compose(game, "england", reason="x", with_status=True, options=options, png=png)
    again = mails.compose(game, "papacy", reason="x", with_status=True, options=options, png=png)
    assert len(ru.attachments) == len(en.attachments) == 1
    assert ru.attachments[0][0] == en.attachments[0][0]          # same name, own language
    assert ru.attachments[0][2] != en.attachments[0][2]
    assert again.attachments[0][2] is en.attachments[0][2]        # drawn once per language
    assert sorted(png.data) == ["en", "ru"]


# ------------------------------------------------------------------------ the New World panel
def _new_world_view(view1517: dict) -> dict:
    view = copy.deepcopy(view1517)
    view["new_world"] = {
        "crossing_atlantic": [{"power": "england", "marker": "exploration_underway",
                               "bonus": 2}],
        "turn_track": [{"power": "hapsburg", "marker": "conquest_underway"}],
        "discoveries": {"amazon": "france", "pacific_strait": "hapsburg"},
        "found_by": {"amazon": "cartier"}, "conquests": {"aztecs": "hapsburg"},
        "depleted": ["aztecs"], "colonies": [{"power": "hapsburg", "name": "potosi"}],
        "galleons": ["hapsburg"], "plantations": ["england"], "raiders": ["france"]}
    return view


def test_the_new_world_panel_names_every_mark(view1517):
    """§20 on the picture: crossing, cancelled, discoveries with the explorer, conquests
    (depleted), colonies (Potosí), Galleons, Plantations and raiders, open tokens grey."""
    panel = his_board.board(_new_world_view(view1517))["panels"][0]
    rows = {r["label"]: [b["text"] for b in r["badges"]] for r in panel["rows"]}
    assert panel["title"] == "New World"
    assert rows["Crossing the Atlantic"] == ["EN exploration +2"]
    assert rows["Cancelled (back next turn)"] == ["HA conquest"]
    assert "FR Amazon River · Cartier" in rows["Discoveries"]
    assert "HA Pacific Strait" in rows["Discoveries"]
    assert "Great Lakes (open)" in rows["Discoveries"]
    assert rows["Conquests"] == ["Maya (open)", "HA Aztecs · depleted", "Inca (open)"]
    assert rows["Colonies"] == ["HA Potosí"]
    assert rows["Markers"] == ["HA Galleons", "EN Plantations +1", "FR Raider"]
    ru = his_board.board(_new_world_view(view1517), lang="ru")["panels"][0]
    rows_ru = {r["label"]: [b["text"] for b in r["badges"]] for r in ru["rows"]}
    assert ru["title"] == "Новый Свет" and rows_ru["Колонии"] == ["ГБ Потоси"]
    assert "ФР Амазонка · Картье" in rows_ru["Открытия"]


def test_the_new_world_panel_is_drawn_below_the_map(view1517, board1517, image1517):
    board = his_board.board(_new_world_view(view1517))
    image = picture(board)
    assert image.height > image1517.height                 # one more row: the cancelled
    strip = image.crop((0, mapimage.map_height(board) + 2, 1600, image.height))
    colours = {c for _, c in strip.getcolors(1_000_000)}
    assert rgb(PALETTE["map"]["sea"]) in colours             # the panel's frame
    assert rgb(PALETTE["map"]["open_token"]["fill"]) in colours


def test_a_siege_from_a_game_view_draws_the_besieged_inside_the_walls():
    """§15: France (Montmorency, 5 regulars, 1 cavalry) besieges 2 Hapsburg regulars in
    Navarre: the space is marked S (Russian О), the besieged badge is in brackets (the
    walls), the besiegers' are not; the legend explains the brackets; the picture draws."""
    from engine.dice import Dice
    from games.here_i_stand import RULES
    from games.here_i_stand.state import MAJORS
    state = RULES.setup("1517", list(MAJORS), {}, Dice("map-siege"))
    state["wars"] = sorted(state["wars"] + [["france", "hapsburg"]])
    state["spaces"]["navarre"]["units"] = {"hapsburg": {"regulars": 2},
                                           "france": {"regulars": 5, "cavalry": 1}}
    state["spaces"]["navarre"]["leaders"] = ["montmorency"]
    state["spaces"]["paris"]["leaders"] = ["francis_i"]
    state["sieges"] = {"navarre": {"besiegers": ["france"], "besieged": ["hapsburg"]}}
    view = RULES.view(state, None)
    for lang, mark, shown in (("en", "S", ["HA [2]", "FR 5+1c", "Montmorency"]),
                              ("ru", "О", ["ГБ [2]", "ФР 5+1к", "Монморанси"])):
        b = his_board.board(view, lang)
        assert [m["text"] for m in node(b, "navarre")["marks"]] == [mark]
        assert [x["text"] for x in node(b, "navarre")["badges"]] == shown
        assert any(i.get("text") == shown[0].replace("HA", "FR").replace("ГБ", "ФР")
                   for i in b["legend"])
    assert [x["text"] for x in node(b, "valladolid")["badges"]][0] == "ГБ 4"   # no siege
    assert picture(b).size[0] == 1600


def test_an_edge_may_end_at_a_sea_zone_and_carry_its_own_colour():
    """A port's link to its sea: an edge naming an area is drawn to the area's point, in
    the edge's ``color`` (a sea route apart from the roads)."""
    board = {"frame": {"width": 400, "height": 200},
             "colors": {"background": "#ffffff", "sea": "#ffffff"},
             "areas": [{"id": "sea", "label": "", "x": 350, "y": 100, "outline": []}],
             "nodes": [{"id": "port", "label": "", "x": 50, "y": 100, "shape": "circle",
                        "fill": "#ffffff", "marks": [], "badges": []}],
             "edges": [{"a": "port", "b": "sea", "dashed": False, "color": "#0000ff"}],
             "legend": [{"kind": "line", "dashed": False, "color": "#0000ff", "label": "x"}]}
    image = mapimage.render_image(board, 400)
    assert image.getpixel((200, 100)) == (0, 0, 255)
