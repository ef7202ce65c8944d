"""contrib/pbem.service and scripts/install-service (issue 10): the script's --dry-run
shows every step and changes nothing, and the unit it would install is valid systemd
syntax (`systemd-analyze verify` when the machine has it) with the journal, the secrets
file and the hardening the README promises.  No service is ever enabled here."""
from __future__ import annotations

import configparser
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "install-service"
TRUE = shutil.which("true") or "/bin/true"


def dry_run(*args: str) -> str:
    done = subprocess.run([str(SCRIPT), "--dry-run", "--pbem", TRUE, *args],
                          capture_output=True, text=True, check=True)
    return done.stdout


def unit_of(output: str) -> str:
    """The unit text a dry run prints after ``+ write .../pbem.service:``."""
    lines = output.split("/etc/systemd/system/pbem.service:\n", 1)[1].splitlines()
    unit = []
    for line in lines:
        if not line.startswith("    "):
            break
        unit.append(line[4:])
    return "\n".join(unit) + "\n"


def parse(text: str) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=False, interpolation=None, comment_prefixes="#")
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string(text)
    return parser


def test_dry_run_shows_every_step_and_changes_nothing(tmp_path):
    marker = Path("/etc/systemd/system/pbem.service")
    existed = marker.exists()
    out = dry_run("--home", "/var/lib/pbem")
    assert "+ useradd --system --user-group --home-dir /var/lib/pbem" in out or \
        "user pbem exists" in out
    assert "+ install -d -o pbem -g pbem -m 0750 /var/lib/pbem" in out
    assert f"+ runuser -u pbem -- {TRUE} init /var/lib/pbem" in out
    assert "+ write /etc/pbem/env (root:pbem, 0640)" in out or "/etc/pbem/env exists" in out
    assert "systemctl enable --now pbem" in out and "journalctl -u pbem -f" in out
    assert "+ systemctl enable" not in out and "+ systemctl start" not in out
    assert marker.exists() == existed


def test_the_script_keeps_what_exists(tmp_path):
    (tmp_path / "pbem.yaml").write_text("judge_address: j@example.org\n")
    out = dry_run("--home", str(tmp_path), "--user", "judge")
    assert f"{tmp_path}/pbem.yaml exists (kept)" in out and " init " not in out
    unit = parse(unit_of(out))["Service"]
    assert unit["User"] == unit["Group"] == "judge"
    assert unit["ReadWritePaths"] == str(tmp_path) and "StateDirectory" not in unit
    assert unit["Environment"] == "PYTHONUNBUFFERED=1"   # the last of the two
    assert f"PBEM_HOME={tmp_path}" in unit_of(out)


def test_unknown_arguments_are_refused():
    done = subprocess.run([str(SCRIPT), "--dry-run", "--frob"], capture_output=True, text=True)
    assert done.returncode == 2 and "unknown argument --frob" in done.stderr


def test_the_unit_logs_to_the_journal_reads_secrets_and_is_hardened():
    unit = parse((ROOT / "contrib" / "pbem.service").read_text())
    service = unit["Service"]
    assert service["ExecStart"].endswith("/pbem run") and service["User"] == "pbem"
    assert service["EnvironmentFile"] == "-/etc/pbem/env"
    assert service["StandardOutput"] == service["StandardError"] == "journal"
    assert service["StateDirectory"] == "pbem"
    for key, value in {"NoNewPrivileges": "true", "ProtectSystem": "strict",
                       "ProtectHome": "true", "PrivateTmp": "true",
                       "CapabilityBoundingSet": ""}.items():
        assert service[key] == value, key
    assert unit["Install"]["WantedBy"] == "multi-user.target"


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze")
@pytest.mark.parametrize("home", ["/var/lib/pbem", "/srv/judge"])
def test_systemd_accepts_the_unit_it_would_install(tmp_path, home):
    path = tmp_path / "pbem.service"
    path.write_text(unit_of(dry_run("--home", home)))
    done = subprocess.run(["systemd-analyze", "verify", "--man=no", str(path)],
                          capture_output=True, text=True)
    assert done.returncode == 0 and not done.stderr.strip(), done.stderr
