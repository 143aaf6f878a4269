"""The interview's checklist of presumed exceptions quotes, under each, the statute's words that
state that exception (issue 46): the sentence of its subdivision that says it, word for word, never
the subdivision's heading ('(2) Snowmobile safety permit or operator's license required. …')."""
from pathlib import Path

from click.testing import CliRunner

from reasoner.cli import main
from reasoner.prose.questions import presumed_item, stating_sentence

FACTS = Path(__file__).resolve().parents[2] / "facts"
S350_05_2 = ("(2) Snowmobile safety permit or operator's license required. No person over the age of 12 years but "
             "under the age of 16 years may operate a snowmobile unless he or she holds a valid snowmobile safety "
             "certificate or is accompanied by a person over 18 years of age or by a person over 14 years of age having "
             "a snowmobile safety certificate issued by the department. Any person who is over the age of 12 and under "
             "the age of 16 who holds a snowmobile safety certificate shall carry it while operating a snowmobile and "
             "shall display it to a law enforcement officer on request. Persons enrolled in a safety certification "
             "program approved by the department may operate a snowmobile in an area designated by the instructor.")
ENROLLED = ("Persons enrolled in a safety certification program approved by the department may operate a snowmobile "
            "in an area designated by the instructor.")


def test_the_quote_is_the_sentence_that_states_the_exception_not_the_heading():
    said = "Ella Hanson is enrolled in a safety certification program approved by the department"
    assert stating_sentence(S350_05_2, said) == ENROLLED
    assert presumed_item(said, "350.05(2)", "", S350_05_2)["quote"] == ENROLLED
    # one sentence after its label: the sentence (the label '4.' alone is no quote)
    assert stating_sentence("4. On the roadway of county or town highways for special events.", "x") \
        == "On the roadway of county or town highways for special events."
    assert stating_sentence("(a) The operator of a snowmobile on a raceway.", "x") == "(a) The operator of a snowmobile on a raceway."
    assert stating_sentence("5. On highways which are marked. Travel upon them is prohibited.", "marked highways") \
        == "On highways which are marked."


def test_every_presumed_exception_of_the_law_is_quoted_in_words_of_its_own_provision():
    from reasoner.engine.rulebase import default_rulebase
    rb = default_rulebase()
    for p in rb.source.presumptions:
        text = " ".join(rb.index.get(p.citation).text.split())
        quote = presumed_item(p.pred.replace("_", " "), p.citation, "", text)["quote"]
        words = quote.removesuffix(" …")
        assert words in text, (p.pred, quote)                       # word for word
        assert len(words.split()) > 8, (p.pred, quote)              # never a heading or a bare label ('4. …')
        assert rb.index.get(p.citation).title not in (words, words.rstrip(".") + "."), (p.pred, quote)


def test_the_interview_quotes_the_enrolled_student_exception_in_its_own_words():
    r = CliRunner().invoke(main, ["interview", str(FACTS / "ch350_report_youth_alone.yaml"), "lawful"], input="n\n")
    assert r.exit_code == 0, r.output
    asked = r.stderr
    assert f's. 350.05(2): "{ENROLLED}"' in asked
    assert "license required. …" not in asked and "Exceptions. …" not in asked
    assert ('s. 350.05(3): "This section does not apply to the operation of snowmobiles by an operator under the age '
            "of 16 years upon lands owned or leased by the operator's parent or guardian.\"") in asked
