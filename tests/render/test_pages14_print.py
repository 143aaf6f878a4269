"""Issue 46, item 4 (page bounds): what a printed handout says once instead of twice. A stated fact
the argument says word for word is left to the argument on paper (the facts box says how many; on
screen and in Markdown the box lists every fact); a paragraph's sentences quoted above are not
quoted again; the answer box under a table does not say again whom each row's liable column names;
the rows several rides leave open are listed once when they differ only in the ride's name."""
import re
from functools import lru_cache
from pathlib import Path

from click.testing import CliRunner

from reasoner.cli import main
from reasoner.render.html import TRAINEE_CSS

ROOT = Path(__file__).resolve().parents[2]
LOG = "facts/ch348_log_truck_third_offense.yaml"
FOUR = "tests/fixtures/four_trucks_priors_tiers.yaml"
HISTORIES = "tests/fixtures/five_vehicles_conviction_histories.yaml"
NIGHT = "tests/fixtures/night_trail_three_riders.yaml"


@lru_cache(maxsize=None)
def _export(case: str, query: str, to: str, tmp: str) -> str:
    out = Path(tmp) / f"{Path(case).stem}.{to}"
    run = CliRunner().invoke(main, ["--timeout", "600", "export", str(ROOT / case), query, "--to", to, "-o", str(out)])
    assert run.exit_code == 0, run.output
    return out.read_text()


def _box_items(html: str) -> list:
    box = html[html.index('<section class="facts-box">'):]
    box = box[:box.index("</section>")]
    return re.findall(r'<li class="([^"]*)">(.*?) — <span class="mark">', box)


def test_a_stated_fact_the_argument_says_word_for_word_is_marked_shown_and_hidden_in_print(tmp_path):
    html = _export(LOG, "forfeiture", "html", str(tmp_path))
    items = _box_items(html)
    shown = [t for c, t in items if "shown" in c.split()]
    kept = [t for c, t in items if "shown" not in c.split()]
    # said in the argument as a met line: left to it on paper
    assert "the log truck and its load were weighed by a traffic officer" in shown
    assert "the log truck is a vehicle combination transporting raw forest products" in shown
    # the weight found, in other words in the argument ('the weight found for the log truck is 82,500 lb'), stays;
    # so do the facts with a note (the months counted) and the one taken as none
    assert any(t.startswith("the weight found for the log truck on weighing (gross weight") for t in kept)
    assert any(t.startswith("the number of months from the spring conviction") for t in kept)
    assert "the log truck was not operated under a permit" in kept
    # every box fact still in the page, the shown ones in the argument word for word
    argument = html[html.index("<h2>The argument</h2>"):]
    for t in shown:
        assert t in argument
    # the box says how many it leaves to the argument, on paper only
    assert (f'<span class="print-only">{len(shown)} more facts, stated in the case, are shown as met in the argument '
            "below.</span>") in html
    assert "section.facts-box li.shown { display: none; }" in TRAINEE_CSS
    assert ".meta .on-paper, .print-only { display: none; }" in TRAINEE_CSS
    # the Markdown handout lists every fact, as before
    md = _export(LOG, "forfeiture", "md", str(tmp_path))
    assert "- the log truck and its load were weighed by a traffic officer — *stated*" in md


def test_the_question_under_a_title_that_is_the_question_is_not_printed_again(tmp_path):
    html = _export(LOG, "forfeiture", "html", str(tmp_path))
    assert '<p class="question as-title"><strong>Question.</strong>' in html
    assert "p.question.as-title { display: none; }" in TRAINEE_CSS
    four = _export(FOUR, "forfeiture", "html", str(tmp_path))   # its title is not its question
    assert '<p class="question"><strong>Question.</strong>' in four


def test_a_fact_said_for_several_parties_is_left_to_the_argument_when_the_first_party_s_is_argued(tmp_path):
    html = _export(FOUR, "forfeiture", "html", str(tmp_path))
    items = dict((t, c) for c, t in _box_items(html))
    weighed = next(t for t in items if t.startswith("the first vehicle and its load were weighed by a traffic officer; "
                                                    "the same for the second vehicle"))
    assert "shown" in items[weighed].split()
    # a fact tying a prior to its vehicle is not said in the argument in those words: it stays
    assert "shown" not in items["the conviction 11 months earlier is on the record of the person charged over the "
                                "second vehicle"].split()
    # what is taken as none stays, marked
    permit = next(t for t in items if t.startswith("the first vehicle was not operated under a permit"))
    assert items[permit] == "none"


def test_the_answer_box_leaves_whom_the_table_names_to_the_table(tmp_path):
    md = _export(FOUR, "forfeiture", "md", str(tmp_path))
    box = next(line for line in md.splitlines() if line.startswith("**Answer.**"))
    assert "to be prosecuted" not in box and "authority holder" not in box
    assert box.startswith("**Answer.** As in the table above. This answer turns on the reading of")
    # the table names each, and the argument's conclusion keeps the provision
    assert "| the fourth vehicle | the owner of the fourth vehicle (authority holder) |" in md
    assert ("against the owner of the fourth vehicle (authority holder) under s. 348.20(1).") in " ".join(md.split())
    # where the table names no one, the box still says the case does not name the person
    hist = _export(HISTORIES, "forfeiture", "md", str(tmp_path))
    hbox = next(line for line in hist.splitlines() if line.startswith("**Answer.**"))
    assert "the case does not name the person to be prosecuted, where practicable, under s. 348.20(1)" in hbox


def test_a_paragraph_quoted_whole_after_some_of_its_sentences_keeps_only_the_others(tmp_path):
    md = _export(HISTORIES, "forfeiture", "md", str(tmp_path))
    argument = md[md.index("## The argument"):md.index("## Our readings")]
    fifth = argument[argument.index("*The fifth vehicle: only"):]
    quote = next(line for line in fifth.splitlines() if 's. 348.21(2)(b): "(b)' in line)
    assert quote.count(r"\[the sentence quoted above\]") == 3
    assert "so that all wheels and axles are then within the statutory limits" not in quote
    assert "A total of 2,000 pounds per vehicle" not in quote
    assert "If reloading is accomplished" not in quote   # the provision's own words above it
    assert "but a forfeiture of $50 shall be imposed for failure to reload" in quote   # not quoted above: stays


def test_the_lamp_rows_of_three_rides_are_listed_once_with_their_condition_by_role(tmp_path):
    md = " ".join(_export(NIGHT, "violations", "md", str(tmp_path)).split())
    end = md[md.index("## Left undetermined"):]
    assert end.count("s. 350.09(2)(a): the date of the ride;") == 1
    assert "if the ride took place after February 12, 1970, whether the head lamp" in end
    for ordinal in ("first", "second", "third"):
        assert f"if the {ordinal} ride took place after February 12, 1970" not in end
    assert "The first ride (“the ride” below):" not in end
