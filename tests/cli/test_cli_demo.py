"""``pbem demo``: it prints every mail it drops into the inbox as well as the judge's, and
removes its temporary home unless --keep (or --dir) says otherwise, saying which it did."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

from test_cli_errors import run_pbem


def test_demo_prints_the_player_mails_and_removes_its_home():
    code, out, err = run_pbem(["demo"])
    assert code == 0, err
    assert "From: mallory@evil.example" in out and "I am away." in out      # dropped mails
    assert "Subject: Re: [demo-1 north" in out and "COMMIT" in out.upper()
    assert "From: pbem judge <judge@example.org>" in out                  # the judge's
    removed = re.search(r"The demo home (\S+) was removed; `pbem demo --keep` keeps it\.", out)
    assert removed and not Path(removed.group(1)).exists()


def test_demo_keeps_its_home_when_asked(tmp_path):
    code, out, err = run_pbem(["demo", "--keep"])
    kept = re.search(r"The demo home is kept in (\S+) .*remove it with: rm -r (\S+)$", out, re.M)
    assert code == 0 and kept and kept.group(1) == kept.group(2), out
    assert (Path(kept.group(1)) / "games" / "demo-1" / "game.yaml").is_file()
    shutil.rmtree(kept.group(1))
    code, out, err = run_pbem(["demo", "--dir", str(tmp_path / "d")])
    assert code == 0 and f"The demo home is kept in {tmp_path / 'd'}" in out
