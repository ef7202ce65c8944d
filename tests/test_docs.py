"""The repository stands alone (issue 10): no tracked file links outside it, and the
configuration reference documents every ``pbem.yaml`` key."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from pbem import config

ROOT = Path(__file__).resolve().parents[1]
#: A path out of the repository: its parent's shared folder, a home or work folder of the
#: machine it was written on, or the shared folder reached through parents[...].
OUTSIDE = re.compile(r"\.\./shared\b|(?<![\w.])/(?:work|home|Users)/\w|[\"']shared[\"']\s*/")
#: Markdown links: [text](target)
LINK = re.compile(r"\]\(([^)\s]+)\)")


def tracked() -> list[Path]:
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                             check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    return [ROOT / name for name in out.decode().split("\0") if name]


def text_of(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except (UnicodeDecodeError, OSError):
        return None                     # binary files


def test_no_tracked_file_links_outside_the_repository() -> None:
    bad = []
    for path in tracked():
        text = text_of(path)
        if path == Path(__file__) or text is None:
            continue
        for no, line in enumerate(text.splitlines(), 1):
            if OUTSIDE.search(line):
                bad.append(f"{path.relative_to(ROOT)}:{no}: {line.strip()[:100]}")
    assert not bad, "links outside the repository:\n" + "\n".join(bad)


def test_markdown_links_resolve_inside_the_repository() -> None:
    bad = []
    for path in tracked():
        if path.suffix != ".md":
            continue
        for target in LINK.findall(text_of(path) or ""):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue                # a web address or an anchor
            resolved = (path.parent / target.split("#")[0]).resolve()
            if not resolved.is_relative_to(ROOT) or not resolved.exists():
                bad.append(f"{path.relative_to(ROOT)}: {target}")
    assert not bad, "broken or outside links:\n" + "\n".join(bad)


def test_the_scanner_finds_links_outside() -> None:
    for line in ("see ../shared/DESIGN.md", "path: /work/shared/rules/x.txt",
                 'RULEBOOK = Path(__file__).parents[4] / "shared" / "rules"'):
        assert OUTSIDE.search(line), line
    for line in ("games/here_i_stand/data/map.yaml", "a shared sea zone", "rules/000_x.txt"):
        assert not OUTSIDE.search(line), line


def config_keys() -> list[str]:
    """Every key `pbem.config` accepts, sections as ``section.key``."""
    keys = list(config._TOP) + list(config._SECTIONS)
    for name, cls in config._SECTIONS.items():
        fields = list(cls.__dataclass_fields__)
        keys += [f"{name}.{key}" for key in fields]
        if "password" in fields:
            keys.append(f"{name}.password_env")
    return keys


def test_every_config_key_is_in_the_configuration_reference() -> None:
    doc = (ROOT / "docs" / "configuration.md").read_text(encoding="utf-8")
    missing = [key for key in config_keys() if f"`{key}`" not in doc]
    assert not missing, f"docs/configuration.md does not document: {missing}"
    assert "`PBEM_HOME`" in doc and "`PBEM_NOW`" in doc


def test_the_documents_exist_and_the_readme_promises_only_what_exists() -> None:
    for name in ("architecture.md", "configuration.md", "moderators.md", "players.md"):
        assert (ROOT / "docs" / name).is_file(), name
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert readme.split("```sh", 1)[0].startswith("# pbem") and "pbem demo" in \
        readme.split("```", 2)[1] and "scripts/test" in readme.split("```", 2)[1]
    installed = {p.name for p in (ROOT / "games").iterdir() if (p / "__init__.py").is_file()}
    for title, package in (("Pax Renaissance", "pax_renaissance"), ("Virtù", "virtu"),
                           ("Virgin Queen", "virgin_queen")):
        sentence = next(s for s in re.split(r"(?<=\.)\s", readme) if title in s)
        if package in installed:   # present: the table says how far it is
            assert f"`games/{package}/`" in readme, title
            assert "in progress" in sentence or "done" in sentence, sentence
        else:
            assert "planned" in sentence, sentence
