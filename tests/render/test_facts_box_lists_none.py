"""The facts box: a fact false because the case's facts list no such entity (no prior conviction at all) is
marked 'taken as none — the case's facts list no prior conviction', not 'assumed — the case does not state the
contrary' nor 'the case is silent' (where the description says it, 'Neither has a prior conviction.', it is
stated: tests/prose/test_review8_boiler10.py); where
the case lists some of the kind, none of them for this party, 'the case's facts list no such permit'."""
import re

from asking import case_markdown, lowboy_and_dump_truck

# silent on permits and priors of the dump truck (a description that states the absence makes it
# stated, not taken as none: tests/prose/test_review8_boiler10.py)
PERMIT = lowboy_and_dump_truck(
    "A lowboy under a single-trip permit for 110,000 lb weighed 113,200 lb at 14:20; its limit is "
    "80,000 lb. A dump truck weighed 84,300 lb against 80,000 lb.")


def test_prior_convictions_the_case_lists_none():
    text = case_markdown(PERMIT, "forfeiture")
    prior = [ln for ln in text.splitlines() if ln.startswith("- ") and "has no prior conviction" in ln]
    # in the order of the table of vehicles (the parties argued in table order, layout15)
    assert prior == ["- the person charged over the lowboy has no prior conviction; the same "
                     "for the dump truck — *taken as none — the case's facts list no prior conviction*"], prior
    assert not any("does not state the contrary" in ln or "silent" in ln for ln in prior)
    assert "- the dump truck was not operated under a permit — *taken as none — the case's facts list no such permit*" in text
    # in the argument too: the element the prior conviction would meet says what the case lists
    assert "- no prior conviction is listed (taken as none)" in text   # no red 'not met' (trainer review 13, 04)
    assert "the case is silent: taken as not so" not in text
    assert "the case's facts list none (" not in text and "the case's facts list none:" not in text
    # the box's lead names the marks it uses (box17)
    assert re.search(r"Stated in the case, unless marked (?:[a-z ]+, |[a-z ]+ or )*taken as none[ ,.]", text)
    assert "$394.00" in text and "$210.00" in text   # the amounts are unchanged
