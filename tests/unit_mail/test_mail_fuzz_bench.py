"""The hostile-mail fuzz bench (``bench/fuzz_mail.py``, run by hand with 100,000 mails)
holds its goals on a small seeded run: every one of its 17 kinds goes through the real
daemon, no crash, every honest mail answered, the caps on replies to strangers kept, every
game replay-verified."""
from __future__ import annotations

import importlib.util
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "fuzz_mail.py"


def test_a_small_fuzz_run_meets_the_goals(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("fuzz_mail", BENCH)
    assert spec is not None and spec.loader is not None
    fuzz = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fuzz)
    lines: list[str] = []
    result = fuzz.run(600, seed=3, chunk=200, big_every=20, home_dir=tmp_path,
                      echo=lines.append)
    assert result["crashes"] == 0, lines
    assert result["unanswered"] == 0 and result["mails"] == 600
    assert result["max_per"] <= 1 and result["unregistered"] <= 30    # the documented caps
    assert result["verified"] == result["games"] == 3
