"""Docs and behaviour agree: help texts, figure back-references,
packaging basics (LICENSE, CHANGELOG, classifiers, python -m reasoner)."""
import configparser
import re
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from reasoner.answer.answering import ask
from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]


def flat(text):
    return " ".join(text.split())


def test_help_states_the_exact_budget_default_in_force():
    from reasoner.engine.exact.unknowns import DEFAULT_BUDGET
    out = flat(CliRunner().invoke(main, ["--help"]).output)
    assert f"(default {DEFAULT_BUDGET};" in out


def test_top_level_help_examples_name_folders_and_files_that_exist():
    out = CliRunner().invoke(main, ["--help"]).output
    for path in re.findall(r"reasoner \w[\w-]* ([\w./-]+/)\s", out):
        assert (ROOT / path).is_dir(), path
    assert "reasoner batch facts/ lawful" in out and "cases/" not in out
    assert "reasoner queries" in out


def test_provisions_chapter_has_help():
    out = flat(CliRunner().invoke(main, ["provisions", "--help"]).output)
    assert "--chapter [348|350] Only the provisions of this chapter" in out


def test_unquoted_citation_in_a_query_gets_a_hint_to_quote_it():
    r = CliRunner().invoke(main, ["ask", str(ROOT / "facts/ch350_airport.yaml"), "violation(op1, 350.10(1)(g))"])
    assert r.exit_code == 2
    assert 'quote it, e.g. violation(op1, "350.10(1)(g)")' in r.output
    # a query with quotes parses; other parse errors keep the general hint
    assert CliRunner().invoke(main, ["ask", str(ROOT / "facts/ch350_airport.yaml"),
                                     'violation(op1, "350.10(1)(L)")']).exit_code == 0
    r = CliRunner().invoke(main, ["ask", str(ROOT / "facts/ch350_airport.yaml"), "lawful(op1"])
    assert "write an atom such as lawful(op1)" in r.output and "quote" not in r.output


def test_figure_back_references_carry_the_whole_label():
    from reasoner.render.figure import LABEL_CHARS, node_text, outline_layout
    res = ask(str(ROOT / "facts/ch348_grain_semi_first_offense.yaml"), "forfeiture")
    rows, _ = outline_layout(res.graph)
    again = [(key, text) for key, _, d, text in rows if d.get("kind") == "elided"]
    assert again, "the forfeiture proof reaches some node twice"
    for key, text in again:
        nid = max((n for n in res.graph.nodes if key.endswith(":" + n)), key=len)
        whole = " ".join(node_text(res.graph.nodes[nid], LABEL_CHARS).split())
        shown = " ".join(text.split())
        assert shown == f"(as shown above: {whole})", (shown, whole)


def test_license_changelog_and_classifiers():
    lic = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert lic.startswith("MIT License") and "WITHOUT WARRANTY OF ANY KIND" in lic
    cfg = configparser.ConfigParser()
    cfg.read(ROOT / "setup.cfg")
    assert cfg["metadata"]["license"] == "MIT"
    classifiers = cfg["metadata"]["classifiers"]
    for v in ("3.11", "3.12", "3.13"):
        assert f"Programming Language :: Python :: {v}" in classifiers
    assert "License :: OSI Approved :: MIT License" in classifiers
    assert cfg["options"]["python_requires"] == ">=3.11"   # a floor, no cap: a cap stops installs on a new Python
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert changelog.startswith("# Changelog") and "## Unreleased" in changelog
    manifest = (ROOT / "MANIFEST.in").read_text(encoding="utf-8")
    assert "LICENSE" in manifest and "CHANGELOG.md" in manifest


def test_python_dash_m_reasoner_runs_the_command():
    r = subprocess.run([sys.executable, "-m", "reasoner", "ask", str(ROOT / "facts/ch350_airport.yaml"), "lawful",
                        "--exit-code"], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert r.returncode == 3, r.stderr
    assert "Verdict: FALSE" in r.stdout
    r = subprocess.run([sys.executable, "-m", "reasoner", "--help"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and r.stdout.startswith("Usage: python -m reasoner")


def test_every_command_that_takes_a_query_names_the_saved_queries_in_its_help():
    from click.testing import CliRunner
    from reasoner.cli import main
    from reasoner.law.queries import saved_queries
    names = list(saved_queries())
    assert len(names) >= 13
    for command in ("ask", "whatif", "interview", "batch", "export", "debug"):
        out = " ".join(CliRunner().invoke(main, [command, "--help"]).output.split())
        assert "Saved queries: " + ", ".join(names) in out, command


def test_the_tier_figures_of_docs_readme_are_within_ten_percent_of_the_count():
    """docs/README.md says how many tests the fast tier and the suite hold ("about 1,500 of the
    2,400 tests"); one collection (no test run) counts both."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "README.md").read_text(encoding="utf-8")
    said = re.search(r"about ([\d,]+) of the\s+([\d,]+) tests", text)
    assert said, "docs/README.md no longer states the tier figures as 'about N of the M tests'"
    fast_said, all_said = (int(x.replace(",", "")) for x in said.groups())
    out = subprocess.run([sys.executable, "-m", "pytest", "-m", "not slow", "--collect-only", "-q", "-p", "no:cacheprovider"],
                         capture_output=True, text=True, cwd=Path(__file__).resolve().parents[2]).stdout
    fast, total = (int(x) for x in re.search(r"(\d+)/(\d+) tests collected", out).groups())
    assert abs(fast_said - fast) <= fast / 10, (fast_said, fast)
    assert abs(all_said - total) <= total / 10, (all_said, total)
