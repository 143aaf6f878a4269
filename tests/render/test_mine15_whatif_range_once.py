"""The excerpt's range of sections is said in the title, not again in each what-if line (trainer
review 15, G9: 'the ride violated no provision of the ch. 350 excerpt (ss. 350.02(2)(a)4 to
350.101(1)(d))' three times); the what-ifs keep their boundary values and their effect."""
from click.testing import CliRunner

from reasoner.cli import main

CASE = "facts/ch350_dwelling_boundary_0700.yaml"


def test_what_if_lines_do_not_repeat_the_excerpts_range(tmp_path):
    out = tmp_path / "h.md"
    run = CliRunner().invoke(main, ["--timeout", "600", "export", CASE, "lawful", "--to", "md", "-o", str(out)])
    assert run.exit_code == 0, run.output
    md = out.read_text()
    whatif = md[md.index("## What if?"):]
    assert "If the clock time of the ride had been 07:01 instead of 07:00" in whatif
    assert "violated no provision of the ch. 350 excerpt. Then s. 350.10(1)(g) would not apply." in whatif
    assert "(ss. 350.02(2)(a)4 to 350.101(1)(d))" not in whatif
    assert "(ss. 350.02(2)(a)4 to 350.101(1)(d))" in md[:400]   # the title keeps it
