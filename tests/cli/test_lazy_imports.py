"""A question answered as text imports neither networkx, pyDatalog, matplotlib nor pydot: they
cost more than the whole answer (bench/results.md, one `reasoner ask` in a fresh process)."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import sys
from click.testing import CliRunner
from reasoner.cli import main
args = sys.argv[1:]
result = CliRunner().invoke(main, args)
assert result.exit_code == 0, result.output
heavy = sorted(m for m in ("networkx", "pyDatalog", "matplotlib", "pydot") if m in sys.modules)
print(",".join(heavy))
"""


def loaded(*args):
    out = subprocess.run([sys.executable, "-c", PROBE, *args], cwd=ROOT, capture_output=True, text=True,
                         check=True)
    return out.stdout.strip()


def test_text_answer_imports_nothing_heavy():
    assert loaded("ask", "facts/ch350_night_direction_lawful.yaml", "lawful") == ""
    assert loaded("ask", "facts/ch348_grain_semi_first_offense.yaml", "forfeiture", "--no-quote") == ""


def test_json_and_reference_engine_import_what_they_need():
    assert loaded("ask", "facts/ch350_night_direction_lawful.yaml", "lawful", "--format", "json") == "networkx"
    assert loaded("--engine", "pydatalog", "ask", "facts/ch350_night_direction_lawful.yaml", "lawful") == "pyDatalog"


NOTEBOOK = """
import sys
import reasoner
answer = reasoner.ask("facts/ch350_night_direction_lawful.yaml", "lawful")
html, markdown = answer._repr_html_(), answer._repr_markdown_()
assert "350.02(2)(b)4" in html and "350.02(2)(b)4" in markdown
heavy = sorted(m for m in ("networkx", "pyDatalog", "matplotlib", "pydot") if m in sys.modules)
print(",".join(heavy))
"""


def test_notebook_answer_lays_out_without_networkx():
    # the handout is laid out from the recorded proof (render/figure.py view_graph of its own kind)
    out = subprocess.run([sys.executable, "-c", NOTEBOOK], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
