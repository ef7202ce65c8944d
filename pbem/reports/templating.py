"""The one Jinja2 environment of every mail: plain text (<= 78 columns) and HTML parts.

Templates are named ``common/<file>`` (pbem's own, under ``pbem/templates/common/``) or
``<game>/<file>`` (in the folder the game registered as ``<game>`` declares as
``Rules.templates_dir``: `template_path`).  A template reads its
strings through ``_("key", ...)`` from the message catalog (`pbem.reports.i18n`) in the
context's ``lang``, with the context's ``rules`` (game name) choosing the game's catalog.
Long prose can instead have a per-language file: ``help.ru.txt.j2`` next to ``help.txt.j2``
(`localized`).  ``*.html.j2`` templates are autoescaped; text ones are not.
"""
from __future__ import annotations

import functools
import re
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

from pbem.reports.i18n import TEMPLATES, game_templates, norm_lang, t

if TYPE_CHECKING:
    import jinja2

WIDTH = 78


def wrap(text: Any, width: int = WIDTH, indent: str = "") -> str:
    """Wrap one paragraph; continuation lines get `indent` (default: the leading spaces)."""
    return _fill(str(text), width, indent)


@functools.lru_cache(maxsize=4096)   # receipts repeat the same paragraphs mail after mail
def _fill(text: str, width: int, indent: str) -> str:
    lead = len(text) - len(text.lstrip(" "))
    return textwrap.fill(text, width=width, initial_indent="", subsequent_indent=indent or
                         " " * lead, break_on_hyphens=False, break_long_words=False) or text


def wrap_lines(text: Any, width: int = WIDTH) -> str:
    """Wrap each line of `text` as a paragraph of its own, keeping its line breaks (the
    paragraphs and lists of a moderator's announcement)."""
    return "\n".join(wrap(line, width) for line in str(text).splitlines())


def hard_wrap(line: str, width: int = WIDTH) -> list[str]:
    """A line cut to fit `width` (the last resort after the templates' own wrapping)."""
    if len(line) <= width:
        return [line]
    lead = " " * min(8, len(line) - len(line.lstrip(" ")))
    return textwrap.wrap(line, width=width, subsequent_indent=lead, break_long_words=True,
                         break_on_hyphens=False) or [line[:width]]


def table(rows: Iterable[Sequence[Any]], align: str = "", indent: int = 2, gap: int = 2,
          header: Sequence[Any] | None = None) -> str:
    """Rows as aligned columns: `align` has one letter per column, ``l`` or ``r``."""
    body = [[("" if c is None else str(c)) for c in row] for row in rows]
    if header is not None:
        body.insert(0, [str(c) for c in header])
    if not body:
        return ""
    ncol = max(len(r) for r in body)
    for r in body:
        r.extend([""] * (ncol - len(r)))
    widths = [max(len(r[i]) for r in body) for i in range(ncol)]
    lines = []
    for r in body:
        cells = []
        for i, cell in enumerate(r):
            right = i < len(align) and align[i] == "r"
            last = i == ncol - 1
            cells.append(cell.rjust(widths[i]) if right else
                         (cell if last else cell.ljust(widths[i])))
        lines.append((" " * indent + (" " * gap).join(cells)).rstrip())
    return "\n".join(lines)


def listing(items: Iterable[Any], indent: int = 2, lead: str = "", width: int = WIDTH,
            sep: str = ", ", empty: str = "-") -> str:
    """Items joined with `sep` after `lead`; lines break between items, never inside one
    (unless an item alone is too long), continuation lines aligned under the lead."""
    items = [str(i) for i in items]
    first = " " * indent + lead
    if not items:
        return first + empty
    hang = " " * (indent + min(len(lead), 30))
    lines: list[str] = []
    current = first
    for n, item in enumerate(items):
        piece = item + (sep.rstrip() if n < len(items) - 1 else "")
        if current.strip() and current not in (first, hang) and \
                len(current) + 1 + len(piece) > width:
            lines.append(current.rstrip())
            current = hang
        glue = "" if current in (first, hang) else " "
        current += glue + piece
    lines.append(current.rstrip())
    out: list[str] = []
    for line in lines:
        out.extend(hard_wrap(line, width) if len(line) > width else [line])
    return "\n".join(out)


def _gettext(ctx: jinja2.runtime.Context, key: str, /, **args: Any) -> str:
    return t(ctx.get("lang") or "en", key, ctx.get("rules"), **args)


def _catalog_context() -> type[jinja2.runtime.Context]:
    """The templates' context class: a call of ``_()`` goes straight to the catalog, with
    the ``lang`` and ``rules`` the template sees there (a loop's own variables first), as
    Jinja's `Context.call` would pass the context to `_gettext` (issue 13: a receipt makes
    some fifteen such calls); every other call is Jinja's."""
    import jinja2.runtime

    class CatalogContext(jinja2.runtime.Context):
        def call(__self, __obj: Any, /, *args: Any, **kwargs: Any) -> Any:
            if __obj is not _gettext or "_block_vars" in kwargs or len(args) != 1:
                return super().call(__obj, *args, **kwargs)
            scope = kwargs.pop("_loop_vars", None) or {}
            lang = scope["lang"] if "lang" in scope else __self.get("lang")
            rules = scope["rules"] if "rules" in scope else __self.get("rules")
            return t(lang or "en", args[0], rules, **kwargs)
    return CatalogContext


def _autoescape(name: str | None) -> bool:
    return bool(name) and str(name).endswith(".html.j2")


def template_path(name: str) -> Path:
    """The file of template `name`: ``<game>/...`` in that game's templates folder, anything
    else under pbem's own."""
    first, _, rest = name.partition("/")
    folder = game_templates(first) if rest else None
    return folder / rest if folder else TEMPLATES / name


def _source(name: str) -> tuple[str, str, Callable[[], bool]] | None:
    path = template_path(name)
    if not path.is_file():
        return None
    return _inlined(path.read_text(encoding="utf-8"), name), str(path), lambda: True


#: ``{% include "<name>" %}`` alone on its line (`_inlined`)
_INCLUDE = re.compile(r'^\{% include "([^"]+)" %\}$', re.M)
#: what a partial may not hold to be written in place of its include
_OWN_SCOPE = re.compile(r"\{%-?\s*(set|macro|block|extends|import|from|call)\b")


def _inlined(source: str, name: str) -> str:
    """`source` with each partial it includes alone on a line written in place of the
    include, when the template is loaded (issue 13: a receipt renders five partials, and an
    include costs a new context and a template lookup per mail).  The text rendered is the
    same: the include tag's own line end is trimmed (``trim_blocks``), so the partial goes
    in without its final newline, which it must have; a partial of another kind (text or
    HTML: autoescaping) or with names of its own (``set``, ``macro`` ...) stays included."""
    def partial(match: re.Match[str]) -> str:
        included = match.group(1)
        path = template_path(included)
        if _autoescape(included) != _autoescape(name) or not path.is_file():
            return match.group(0)
        text = _inlined(path.read_text(encoding="utf-8"), included)
        if not text.endswith("\n") or _OWN_SCOPE.search(text):
            return match.group(0)
        return text[:-1]
    return _INCLUDE.sub(partial, source)


@functools.lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    """The environment, built (and Jinja imported) when the process first renders a mail:
    a judge run with nothing to send never loads Jinja."""
    import jinja2
    # Templates are part of the installed code: no reload check (a stat per use), and the
    # compiled templates are kept in Jinja's per-user bytecode cache between processes.
    env = jinja2.Environment(loader=jinja2.FunctionLoader(_source),
                             trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
                             undefined=jinja2.StrictUndefined, autoescape=_autoescape,
                             auto_reload=False,
                             bytecode_cache=jinja2.FileSystemBytecodeCache())
    env.context_class = _catalog_context()
    env.filters["wrap"] = wrap
    env.filters["wrap_lines"] = wrap_lines
    env.filters["table"] = table
    env.filters["listing"] = listing
    env.globals["_"] = jinja2.pass_context(_gettext)
    return env


@functools.lru_cache(maxsize=None)
def exists(name: str) -> bool:
    return template_path(name).is_file()


def localized(name: str, lang: str) -> str:
    """``dir/x.ru.txt.j2`` when it exists for `lang`, else ``dir/x.txt.j2``."""
    stem, _, ext = name.partition(".")
    candidate = f"{stem}.{norm_lang(lang)}.{ext}"
    return candidate if exists(candidate) else name


def game_template(rules: str | None, part: str) -> str:
    """``<rules>/<part>`` when the game has its own, else ``common/<part>``."""
    if rules and exists(f"{rules}/{part}"):
        return f"{rules}/{part}"
    return f"common/{part}"


def render_text(name: str, **context: Any) -> str:
    """A text template; every line fits 78 columns, trailing spaces go, one final newline."""
    context.setdefault("lang", "en")
    context["lang"] = norm_lang(context["lang"])
    context.setdefault("rules", None)
    text = environment().get_template(localized(name, context["lang"])).render(**context)
    lines: list[str] = []
    for line in text.splitlines():
        lines.extend(hard_wrap(line.rstrip()))
    return "\n".join(lines).rstrip("\n") + "\n"


def render_html(name: str, **context: Any) -> str:
    context.setdefault("lang", "en")
    context["lang"] = norm_lang(context["lang"])
    context.setdefault("rules", None)
    return environment().get_template(name).render(**context)
