"""HTML-only mail to plain text (stdlib `html.parser`).

Block elements become line breaks, ``<br>`` a newline, list items a dash.  Quoted
material is marked so the quote stripper drops it: ``<blockquote>`` lines get a ``> ``
prefix, and the reply containers mail clients wrap around the quoted original
(Gmail ``gmail_quote``, Outlook ``divRplyFwdMsg``/``appendonsend``, Apple
``type=cite``, Thunderbird ``moz-cite-prefix``) end the text.
"""
from __future__ import annotations

import re
from html.parser import HTMLParser

_BLOCK = {"p", "div", "tr", "table", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol",
          "pre", "section", "article", "header", "footer", "hr", "dl", "dt", "dd", "center"}
_SKIP = {"style", "script", "head", "title", "xml", "o:p"}
_QUOTE_IDS = {"divrplyfwdmsg", "appendonsend", "mail-editor-reference-message-container"}
_QUOTE_CLASSES = {"gmail_quote", "moz-cite-prefix", "yahoo_quoted", "protonmail_quote"}
_VOID = {"br", "hr", "img", "meta", "link", "input", "wbr", "col", "area", "base", "source"}


class _Converter(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.skip = 0
        self.quote = 0
        self.pre = 0
        self.stopped = False
        self.stack: list[str] = []

    def _newline(self) -> None:
        self.out.append("\n")

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.stopped:
            return
        a = {k.lower(): (v or "") for k, v in attrs}
        classes = set(a.get("class", "").lower().split())
        if a.get("id", "").lower() in _QUOTE_IDS or classes & _QUOTE_CLASSES:
            self.stopped = True
            return
        if tag not in _VOID:
            self.stack.append(tag)
        if tag in _SKIP:
            self.skip += 1
        elif tag == "br":
            self._newline()
        elif tag == "blockquote":
            self.quote += 1
            self._newline()
        elif tag == "li":
            self._newline()
            self.out.append("- ")
        elif tag == "pre":
            self.pre += 1
            self._newline()
        elif tag in _BLOCK:
            self._newline()
        if tag == "hr":
            self.out.append("________________________________\n")
        elif tag in ("td", "th"):
            self.out.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if self.stopped:
            return
        if tag in self.stack:
            while self.stack and self.stack.pop() != tag:
                pass
        if tag in _SKIP:
            self.skip = max(0, self.skip - 1)
        elif tag == "blockquote":
            self.quote = max(0, self.quote - 1)
            self._newline()
        elif tag == "pre":
            self.pre = max(0, self.pre - 1)
            self._newline()
        elif tag in _BLOCK or tag == "li":
            self._newline()

    def handle_data(self, data: str) -> None:
        if self.stopped or self.skip:
            return
        if not self.pre:
            data = re.sub(r"[ \t\r\n\f]+", " ", data)
        data = data.replace("\xa0", " ")
        if self.quote:
            data = data.replace("\n", "\n" + "> " * self.quote)
            if not self.out or self.out[-1].endswith("\n"):
                data = "> " * self.quote + data
        self.out.append(data)


def html_to_text(html: str) -> str:
    """Render `html` as plain text, stopping at the quoted original of a reply."""
    conv = _Converter()
    conv.feed(html)
    conv.close()
    text = "".join(conv.out)
    lines = [line.strip() for line in text.split("\n")]
    # collapse runs of blank lines
    result: list[str] = []
    for line in lines:
        if line == "" and (not result or result[-1] == ""):
            continue
        result.append(line)
    return "\n".join(result).strip() + "\n"
