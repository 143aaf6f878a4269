"""`check` shows at most +-80 columns of the source around each problem, so a
52 KB one-line rule file with 2,000 problems gives a small report (it was 104 MB)."""
from click.testing import CliRunner

from reasoner.cli import main
from reasoner.core.errors import caret_excerpt


def test_excerpt_is_cut_around_the_column():
    line = "x" * 1000 + "HERE" + "y" * 1000
    text = caret_excerpt(line, 1001)
    src, caret = text.split("\n")
    assert len(src) <= 4 + 3 + 161 + 3 and "HERE" in src
    assert src[caret.index("^"):].startswith("HERE")
    assert src.lstrip().startswith("...") and src.endswith("...")
    short = caret_excerpt("p(X) :- q(X).", 9)
    assert short == "    p(X) :- q(X).\n            ^"


def test_one_line_file_with_2000_problems_gives_a_small_report(tmp_path):
    prog = tmp_path / "wide.dl"
    prog.write_text(" ".join(f"a{i}(X) :- b{i}(X)." for i in range(2000)) + "\n")
    assert 40_000 < prog.stat().st_size < 60_000
    r = CliRunner().invoke(main, ["check", str(prog)])
    assert r.exit_code == 1
    assert "2000 problem(s)" in r.stdout
    assert len(r.stdout) < 2000 * 600, len(r.stdout)
    assert max(len(line) for line in r.stdout.splitlines()) <= 300
