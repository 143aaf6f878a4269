"""The Python API as a notebook user meets it: a case read once and asked many questions, short
reprs, HTML that never restyles the notebook, flat typed rows, and a package face that lists only
what it offers."""
from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

import reasoner
from reasoner.core.errors import ReasonerError

ROOT = Path(__file__).resolve().parents[2]
NIGHT = ROOT / "facts" / "ch350_night_direction_unlawful.yaml"
SEMI = ROOT / "facts" / "ch348_grain_semi_first_offense.yaml"


def test_a_case_asked_a_hundred_questions_is_read_once(monkeypatch):
    from reasoner.facts import case as case_module
    from reasoner.answer import answering, api
    case = reasoner.Case.from_file(SEMI)
    reads = []

    def counted(*args, **kwargs):
        reads.append(args[0])
        return case_module.load_case(*args, **kwargs)
    monkeypatch.setattr(answering, "load_case", counted)   # where the Question reads a case
    monkeypatch.setattr(api, "load_case", counted)
    answers = {case.ask("forfeiture", compare_readings=False).answer for _ in range(100)}
    assert answers == {"true"} and reads == []
    assert case.ask("forfeiture").bindings == reasoner.ask(str(SEMI), "forfeiture").bindings


def test_a_case_from_a_dict_answers_as_its_file_does():
    import yaml
    data = yaml.safe_load(NIGHT.read_text(encoding="utf-8"))
    assert reasoner.Case.from_dict(data, name="night").ask("lawful").answer == "false"
    with pytest.raises(ReasonerError):
        reasoner.Case.from_dict(["not", "a", "mapping"])
    with pytest.raises(ReasonerError):
        reasoner.Case.from_file(42)


def test_the_answer_is_an_enum_equal_to_its_string():
    import enum
    a = reasoner.ask(str(NIGHT), "lawful")
    assert isinstance(a.verdict, enum.Enum) and a.verdict == "false" and a.verdict is reasoner.Verdict.FALSE


def test_reprs_are_short_and_show_money_in_dollars():
    f = reasoner.ask(str(SEMI), "forfeiture")
    assert len(repr(f)) < 300 and "$225.00" in repr(f) and "22500" not in repr(f)
    assert len(repr(f.argument)) < 300
    many = reasoner.ask(str(ROOT / "facts" / "ch348_weigh_station_three_trucks.yaml"), "forfeiture")
    assert len(repr(many)) < 300


def test_the_html_is_a_fragment_whose_styles_stay_inside_it():
    html = reasoner.ask(str(NIGHT), "lawful")._repr_html_()
    assert "<html" not in html and "<body" not in html and "<head" not in html and "<!DOCTYPE" not in html
    assert html.startswith('<div class="reasoner-fragment">') and html.endswith("</div>")
    css = "\n".join(re.findall(r"<style>(.*?)</style>", html, flags=re.S))
    selectors = [s.strip() for rule in re.findall(r"([^{}]+)\{[^{}]*\}", css) for s in rule.split(",")]
    assert selectors and all(s.startswith(".reasoner-fragment") for s in selectors), selectors
    assert "Unlawful" in html


def test_the_argument_shows_itself_in_html_and_markdown():
    a = reasoner.ask(str(NIGHT), "lawful")
    arg = a.argument
    assert arg._repr_html_() == a._repr_html_()
    assert arg._repr_markdown_().startswith("# ") and "Unlawful" in arg._repr_markdown_()
    from reasoner.explain.argument import build_argument
    assert arg == build_argument(a)


def test_answer_to_dict_is_the_json_output():
    import json
    from click.testing import CliRunner
    from reasoner.cli import main
    out = CliRunner().invoke(main, ["ask", str(NIGHT), "lawful", "--format", "json"])
    assert json.loads(out.stdout) == json.loads(json.dumps(reasoner.ask(str(NIGHT), "lawful").to_dict()))


def test_batch_over_cases_paths_and_dicts_gives_flat_typed_rows():
    import yaml
    case = reasoner.Case.from_file(SEMI)
    data = dict(yaml.safe_load(NIGHT.read_text(encoding="utf-8")), id="night")
    rows = reasoner.batch([case, str(SEMI), data], "forfeiture", jobs=1)
    assert [r["id"] for r in rows] == ["ch348_grain_semi_first_offense", "ch348_grain_semi_first_offense", "night"]
    assert rows[0]["Min"] == Decimal("225.00") and rows[0]["Max"] == Decimal("375.00")
    assert rows[0] == rows[1] and rows[0]["answer"] == "true" and rows[2]["answer"] == "not_applicable"
    assert all(not isinstance(v, (list, dict)) for r in rows for v in r.values())


@pytest.mark.parametrize("bad", [3, None, b"facts/x.yaml", ["a list"]])
def test_a_bad_batch_item_is_a_clear_error_naming_it(bad):
    with pytest.raises(ReasonerError, match=r"batch item 1 is .*a reasoner\.Case"):
        reasoner.batch([str(SEMI), bad], "lawful")


def test_dir_lists_what_all_says():
    public = [n for n in dir(reasoner) if not n.startswith("__")]
    assert public == sorted(reasoner.__all__)
    for name in ("TYPE_CHECKING", "annotations", "importlib"):
        assert name not in dir(reasoner)
