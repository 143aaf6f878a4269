"""`reasoner check FOLDER`: the files below it, listed within the time limit (docs/COMMANDS.md:
"`check` holds to it too"); upper-case suffixes read as batch reads them."""
import time
from pathlib import Path

from click.testing import CliRunner

from reasoner.apps import check as check_app
from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]
CASE = (ROOT / "facts" / "ch350_night_direction_unlawful.yaml").read_text(encoding="utf-8")


def test_a_huge_folder_stops_at_the_time_limit_with_a_message(tmp_path, monkeypatch):
    def endless(folder):          # a tree that never ends, as / on a cold disk seems to
        n = 0
        while True:
            n += 1
            time.sleep(0.001)
            yield f"{folder}/d{n}", [], ["a.yaml"] if n == 1 else []
    monkeypatch.setattr(check_app.os, "walk", endless)
    (tmp_path / "d1").mkdir()
    (tmp_path / "d1" / "a.yaml").write_text(CASE)
    began = time.monotonic()
    r = CliRunner().invoke(main, ["--timeout", "0.5", "check", str(tmp_path)])
    assert r.exit_code == 2
    assert r.stderr == (f"error: {tmp_path}: listing the rule and case files below {tmp_path} exceeded the time "
                        "limit of 0.5 s (1 found so far) (hint: give a smaller folder, or raise the limit with "
                        "`reasoner --timeout SECONDS check ...`)\n")
    assert time.monotonic() - began < 0.5 * 1.1 + 1


def test_a_folder_s_upper_case_case_files_are_checked(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "A.YAML").write_text(CASE.replace("type: operation", "type: operatoin", 1))
    (tmp_path / "b.yml").write_text(CASE)
    r = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert r.exit_code == 1
    assert r.stdout.splitlines()[-1].endswith("2 case file(s): 1 problem(s)")
    assert f"{tmp_path}/sub/A.YAML:" in r.stdout
