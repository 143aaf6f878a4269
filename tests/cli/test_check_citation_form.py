"""`reasoner check` reports a citation a person would read in the spaced form the statute prints
('s. 348.19 (3)') in a rule file's texts, with its line and the compact form to write; the statute's
own words, quoted, keep their spacing. The bundled law has none."""
from click.testing import CliRunner

from reasoner.cli import main
from reasoner.language.citations import compact, spaced_citations

RULES = '''@entity vehicle "a vehicle".
@input stopped(V: vehicle) "{V} stopped".
@predicate failed(V: vehicle) "{V} failed the duty of s. 348.19(3)".
failed(V) :- vehicle(V), not stopped(V).
@negative failed(V) "{V} did not fail the duty of s. 348.19 (3) (a)".
'''


def test_spaced_citations_are_found_outside_quotations_only():
    assert spaced_citations("the duty in s. 348.19 (3) to stop") == ["348.19 (3)"]
    assert spaced_citations("s. 348.25 (8) (b)1 and s. 348.21(3t) (b)") == ["348.25 (8) (b)", "348.21(3t) (b)"]
    assert spaced_citations('the words "prescribed in s. 348.15 (3) or 348.16"') == []
    assert spaced_citations("s. 350.13 (line 72); s. 348.11 (not in the excerpt); s. 348.19(3)") == []
    assert compact("348.25 (8) (b)") == "348.25(8)(b)"


def test_check_reports_a_spaced_citation_in_a_negative_with_its_line_and_the_compact_form(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "r.dl").write_text(RULES)
    r = CliRunner().invoke(main, ["check", "r.dl"])
    assert r.exit_code == 1, r.stdout
    assert "r.dl:5" in r.stdout
    assert "@negative failed cites '348.19 (3) (a)' in the spaced form the statute prints" in r.stdout
    assert "write '348.19(3)(a)'" in r.stdout
    assert r.stdout.splitlines()[-1].endswith("1 problem(s)")


def test_the_compact_form_passes(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "r.dl").write_text(RULES.replace("348.19 (3) (a)", "348.19(3)(a)"))
    r = CliRunner().invoke(main, ["check", "r.dl"])
    assert r.exit_code == 0, r.stdout


def test_asking_with_such_rules_is_not_refused_for_the_style(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "r.dl").write_text(RULES)
    (tmp_path / "c.yaml").write_text("entities:\n  v1:\n    type: vehicle\n    stopped: false\n")
    r = CliRunner().invoke(main, ["ask", "c.yaml", "failed(V)", "--rules", "r.dl"])
    assert r.exit_code == 0, r.output
    assert "v1" in r.stdout
