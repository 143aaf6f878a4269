"""words14: one style of clock time. The tool writes 24-hour times ("22:30"), as the case files do;
the 12-hour "10:30 p.m." is kept only where the statute is quoted (trainer review 10, 03: "the clock
time of the ride is 10:30 p.m. or later ... 23:05, which is at or after 22:30" mixed the two)."""
import re
from pathlib import Path

import pytest

import reasoner
from reasoner.apps.export import export_files

ROOT = Path(__file__).resolve().parents[2]
TWELVE_HOUR = re.compile(r"\b\d{1,2}(:\d\d)? ?[ap]\.m\.")
# a phrase or block quotation of the statute keeps the statute's own style
QUOTED = re.compile(r"(“[^”]*”|\"[^\"]*\"|^> .*$)", re.M)


def _md(path: Path, query: str = "lawful") -> str:
    """The handout as `reasoner export --to md` prints it, what-ifs and readings included."""
    from reasoner.answer.answering import Question, default_rulebase
    from reasoner.core.settings import current
    q = Question.of(str(path), query, default_rulebase(current().readings), current(), None)
    (_, text), *_ = export_files("md", q.answer(), None, question=q)
    return text


def _tool_lines_of_the_law():
    for path in sorted((ROOT / "reasoner/law").rglob("*.dl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            s = line.strip()
            if s.startswith(("%", "@phrase")) or not s:
                continue
            yield path.name, s


def test_no_phrase_of_the_law_writes_a_12_hour_time():
    bad = [(name, s[:90]) for name, s in _tool_lines_of_the_law() if TWELVE_HOUR.search(s)]
    assert not bad, bad


@pytest.mark.parametrize("name", ["ch350_dwelling_night_undetermined.yaml", "ch350_dwelling_night_lawful.yaml",
                                  "ch350_dwelling_night_unlawful.yaml", "ch350_dwelling_boundary_2230.yaml"])
def test_the_handout_writes_times_24_hour_outside_the_statute_s_words(name):
    md = _md(ROOT / "facts" / name)
    outside = QUOTED.sub("", md)
    assert not TWELVE_HOUR.search(outside), TWELVE_HOUR.findall(outside)
    # the statute's own words are still quoted as written
    assert "Between the hours of 10:30 p.m. and 7 a.m." in md
    assert "## What if?" in md


def test_the_undetermined_ride_states_the_window_in_24_hour_time():
    a = reasoner.ask(str(ROOT / "facts/ch350_dwelling_night_undetermined.yaml"), "lawful")
    text = a.argument_text()
    assert "the clock time of the ride is 22:30 or later, or 07:00 or earlier" in text
    assert "23:05, which is at or after 22:30" in text
    assert "10:30 p.m. or later" not in text
    assert "350.10(1)(g)" in [p.citation for p in a.argument.provisions]
