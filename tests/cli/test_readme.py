"""The README is a front door that works: at most ~8,000 characters, the exact test command CI runs,
and every command in it runs (the example case file, written out, gives the answer shown; each
line of the cheat-sheet exits as documented); its table of saved questions is the saved queries."""
import glob
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from reasoner.cli import main
from reasoner.law.queries import load_saved, saved_queries

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
TEST_COMMAND = ("python3 -m venv .venv && .venv/bin/pip install -q -e '.[test,export,web,docx,pdf,frames]' && "
                ".venv/bin/python -m pytest -q -n auto")


def blocks(lang):
    return re.findall(rf"```{lang}\n(.*?)```", README, flags=re.S)


def commands():
    """Every `reasoner ...` line of the README's sh blocks (comments stripped)."""
    out = []
    for block in blocks("sh"):
        for line in block.splitlines():
            line = line.split("  #", 1)[0].strip()
            if line.startswith("reasoner "):
                out.append(line)
    return out


def test_readme_is_short_and_keeps_the_ci_test_command():
    assert len(README) <= 8000, len(README)
    assert TEST_COMMAND in README
    assert "\n.venv/bin/python -m pytest -q -n auto\n" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")   # CI runs it
    assert (ROOT / "docs" / "README.md").exists()
    for link in re.findall(r"\]\(((?:docs/)?[\w./-]+\.md)\)", README):
        assert (ROOT / link).exists(), link


def test_the_example_case_gives_the_answer_shown(tmp_path, monkeypatch):
    (case,) = blocks("yaml")
    assert len(case.strip().splitlines()) <= 15
    monkeypatch.chdir(tmp_path)
    (tmp_path / "night.yaml").write_text(case, encoding="utf-8")
    r = CliRunner().invoke(main, ["ask", "night.yaml", "lawful"])
    assert r.exit_code == 0, r.output
    shown = blocks("text")[0]
    for line in shown.splitlines():
        assert line.rstrip() in r.output, line


@pytest.mark.parametrize("line", commands())
def test_every_readme_command_runs(line, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "night.yaml").write_text(blocks("yaml")[0], encoding="utf-8")
    (tmp_path / "facts").symlink_to(ROOT / "facts")
    if line.split()[1:2] == ["serve"]:   # a server runs until Ctrl-C: check it starts, without serving
        import uvicorn
        started = []
        monkeypatch.setattr(uvicorn, "run", lambda app, **kw: started.append(kw))
        r = CliRunner().invoke(main, shlex.split(line)[1:])
        assert r.exit_code == 0 and started and started[0]["host"] == "127.0.0.1", (line, r.output[-2000:])
        return
    # a pattern expands as the shell expands it (sorted names; left as it is where nothing matches)
    args = [a for w in shlex.split(line)[1:] for a in (sorted(glob.glob(w)) if "*" in w and glob.glob(w) else [w])]
    r = CliRunner().invoke(main, args, input="n\n" * 20)
    assert r.exit_code in (0, 3, 4, 5), (line, r.output[-2000:])
    assert "Traceback" not in r.output


def test_the_saved_question_table_is_the_saved_queries():
    rows = re.findall(r"^\| `(\w+)` \| (.+?) \| (\w[\w ]*) \| (.+?) \|$", README, flags=re.M)
    assert sorted(r[0] for r in rows) == sorted(saved_queries())
    from reasoner.apps.catalog import saved_query_rows
    from reasoner.engine.rulebase import default_rulebase
    cone = {r["name"]: set(r["sections"]) for r in saved_query_rows(default_rulebase().checked.program)}
    for name, question, subject, provisions in rows:
        saved = load_saved(name)
        assert subject.replace(" ", "_") == saved.subject, name
        assert question.endswith("?"), name
        sections = {p.split("(")[0] for p in re.findall(r"3\d\d\.\d+(?:\([^)]*\))*", provisions)}
        assert sections and sections <= cone[name], (name, sections, cone[name])
