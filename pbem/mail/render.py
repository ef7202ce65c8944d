"""All mail text comes from here: Jinja2 templates under ``templates/common/``.

Plain text, at most 78 columns.  Every mail starts with the judge's marker line
(``==== pbem: game / seat ====``), which the quote stripper treats as the start of
quoted material, so a reply that quotes a report can never re-submit it.
Texts are rendered from views (`Game.view(seat)`), never from raw state.
"""
from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import jinja2

WIDTH = 78


def _wrap(text: Any, width: int = WIDTH, indent: str = "") -> str:
    """Wrap one paragraph; continuation lines get `indent`."""
    text = str(text)
    lead = len(text) - len(text.lstrip(" "))
    return textwrap.fill(text, width=width, initial_indent="", subsequent_indent=indent or
                         " " * lead, break_on_hyphens=False) or text


def environment() -> jinja2.Environment:
    """The one mail environment (`pbem.reports.templating`): ``_()`` reads the catalog."""
    from pbem.reports.templating import environment as reports_environment
    return reports_environment()


def render(name: str, **context: Any) -> str:
    """Render ``templates/common/<name>.txt.j2`` in ``lang`` (default English); lines are
    checked to fit 78 columns."""
    from pbem.reports.templating import render_text
    context.setdefault("game", None)
    context.setdefault("seat", None)
    return render_text(f"common/{name}.txt.j2", **context)


def format_value(value: Any, indent: int = 2) -> list[str]:
    """A plain-data value (a view) as indented ``key: value`` lines."""
    pad = " " * indent
    lines: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, (dict, list)) and item and not _flat(item):
                lines.append(f"{pad}{key}:")
                lines.extend(format_value(item, indent + 2))
            else:
                lines.append(_wrap(f"{pad}{key}: {_short(item)}", indent=pad + "    "))
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, dict):
                lines.append(_wrap(pad + "- " + ", ".join(f"{k}: {_short(v)}"
                                                          for k, v in item.items()),
                                   indent=pad + "  "))
            else:
                lines.append(_wrap(f"{pad}- {_short(item)}", indent=pad + "  "))
    else:
        lines.append(pad + _short(value))
    return lines


def _flat(item: Any) -> bool:
    if isinstance(item, dict):
        return all(not isinstance(v, (dict, list)) for v in item.values()) and len(item) <= 6
    return all(not isinstance(v, (dict, list)) for v in item) and len(item) <= 12


def _short(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return ", ".join(f"{k} {_short(v)}" for k, v in value.items()) or "-"
    if isinstance(value, list):
        return ", ".join(_short(v) for v in value) or "-"
    return str(value)


def help_text(lang: str = "en", rules: Any = None) -> str:
    """The player's HELP, with the verbs `rules` (a game's `Rules`) adds when given."""
    from pbem.reports.templating import localized
    return environment().get_template(localized("common/help.txt.j2", lang)).render(
        lang=lang, rules=rules).rstrip("\n")
