"""What a new user meets first: `-o` names a file (an empty name or a folder's is refused, nothing
written), a case on standard input (`ask - lawful`), `check` listing every problem of a case file,
`serve` without the web extra saying what to install, no upper cap on Python, and the example
cases shipped in the package and copied by `reasoner examples DIR`."""
import configparser
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]
NIGHT = ROOT / "facts" / "ch350_night_direction_unlawful.yaml"


def invoke(args, **kw):
    result = CliRunner().invoke(main, [str(a) for a in args], **kw)
    assert "Traceback" not in result.output
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result.exception
    return result


@pytest.mark.parametrize("command", [["export", NIGHT, "lawful", "--to", "md"], ["batch", NIGHT, "lawful"],
                                     ["pack", NIGHT, "lawful"]])
@pytest.mark.parametrize("name", ["", "  ", "x.html/", "sub/"])
def test_an_output_name_that_is_empty_or_a_folder_is_refused(tmp_path, monkeypatch, command, name):
    monkeypatch.chdir(tmp_path)
    result = invoke(command + ["-o", name])
    assert result.exit_code == 2, result.output
    assert "-o" in result.output
    assert ("empty" in result.output) if not name.strip() else ("names a folder" in result.output)
    assert result.stdout == "" if hasattr(result, "stdout") else True     # nothing on standard output
    assert list(tmp_path.iterdir()) == []                                  # nothing written


def test_pack_refuses_standard_output(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = invoke(["pack", NIGHT, "lawful", "-o", "-"])
    assert result.exit_code == 2 and "give a file name" in result.output
    assert list(tmp_path.iterdir()) == []


def test_a_case_on_standard_input(tmp_path):
    by_file = invoke(["ask", NIGHT, "lawful", "--format", "json"])
    by_stdin = invoke(["ask", "-", "lawful", "--format", "json"], input=NIGHT.read_bytes())
    assert by_stdin.exit_code == 0, by_stdin.output
    import json
    assert json.loads(by_stdin.output)["answer"] == json.loads(by_file.output)["answer"] == "false"
    bad = invoke(["ask", "-", "lawful"], input=b"description: x\nentities: 5\n")
    assert bad.exit_code == 2 and "<stdin>:2" in bad.output
    empty = invoke(["ask", "-", "lawful"], input=b"")
    assert empty.exit_code == 2 and "no case on standard input" in empty.output
    latin = invoke(["ask", "-", "lawful"], input=b"description: caf\xe9\n")
    assert latin.exit_code == 2 and "not UTF-8" in latin.output and "<stdin>:1" in latin.output


BAD_CASE = """description: several problems
colour: red
entities:
  op1:
    type: operation
    operator: p1
    snowmobile_used: s1
    trail_distance_ft: 83.500
    at_nite: true
  p1:
    type: person
    age: old
  Bad:
    type: person
  s1:
    type: sled
"""


def test_check_reports_every_problem_of_a_case_file(tmp_path):
    case = tmp_path / "bad.yaml"
    case.write_text(BAD_CASE, encoding="utf-8")
    result = invoke(["check", case])
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if line.startswith(str(case))]
    assert [line.split(":")[1] for line in lines] == ["2", "8", "9", "12", "13", "16"], result.output
    assert "no entity 's1'" not in result.output         # s1 refused for its type: not reported again
    assert "6 problem(s)" in result.output
    good = invoke(["check", NIGHT])
    assert good.exit_code == 0 and "0 problem(s)" in good.output


def test_serve_without_the_web_extra_says_what_to_install(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "starlette", None)    # import starlette fails, as without the extra
    result = invoke(["serve", tmp_path])
    assert result.exit_code == 2
    assert "pip install 'reasoner[web]'" in result.output and "starlette" in result.output
    assert "internal error" not in result.output


def test_python_has_no_upper_cap():
    cfg = configparser.ConfigParser()
    cfg.read(ROOT / "setup.cfg")
    assert cfg["options"]["python_requires"].strip() == ">=3.11"


def test_examples_copies_the_example_cases(tmp_path):
    dest = tmp_path / "facts"
    result = invoke(["examples", dest])
    assert result.exit_code == 0, result.output
    shipped = sorted(p.name for p in (ROOT / "facts").glob("*.yaml"))
    assert sorted(p.name for p in dest.iterdir()) == shipped
    assert (dest / NIGHT.name).read_bytes() == NIGHT.read_bytes()
    again = invoke(["examples", dest])                         # the same files: nothing to do
    assert again.exit_code == 0 and "copied 0" in again.output
    (dest / NIGHT.name).write_text("description: mine\n", encoding="utf-8")
    (dest / "ch350_airport.yaml").unlink()
    clash = invoke(["examples", dest])                         # a file of the user's: nothing copied
    assert clash.exit_code == 2 and NIGHT.name in clash.output and "--force" in clash.output
    assert not (dest / "ch350_airport.yaml").exists()
    assert (dest / NIGHT.name).read_text(encoding="utf-8") == "description: mine\n"
    forced = invoke(["examples", dest, "--force"])
    assert forced.exit_code == 0 and (dest / NIGHT.name).read_bytes() == NIGHT.read_bytes()
    afile = tmp_path / "afile"
    afile.write_text("x")
    assert invoke(["examples", afile]).exit_code == 2


def test_the_wheel_build_ships_the_example_cases():
    """setup.py copies facts/*.yaml into the built package as reasoner/examples/ (one copy in git)."""
    text = (ROOT / "setup.py").read_text(encoding="utf-8")
    assert '"facts").glob("*.yaml")' in text and '"examples"' in text
    assert "include facts/*.yaml" in (ROOT / "MANIFEST.in").read_text(encoding="utf-8")
