"""The exact split and the law's `@implies` (facts/constraints.py, engine/exact/split.py): a choice
that settles one side of an implication fills in the other side (shown as implied in that case's
proof, never split on again), and a world that breaks one is never a case (the completions, the
probe, follow them too: test_probe_follows_implications.py)."""
from reasoner.answer.answering import ask

FACTS = ('@entity thing "a thing".\n'
         '@input a(T: thing) "{T} is an apple".\n'
         '@input b(T: thing) "{T} is a fruit".\n')
RULES = ('fine(T) :- thing(T), b(T).\n'
         'fine(T) :- thing(T), not a(T).\n')
IMPLIES = '@implies a(T) then b(T) "an apple is a fruit".\n'
CASE = {"entities": {"t1": {"type": "thing"}}}


def _cases(answer):
    g = answer.proof
    return [d for _, d in g.nodes(data=True) if d.get("kind") == "cases"]


def test_without_the_implication_an_apple_that_is_no_fruit_leaves_it_open(program):
    a = ask(CASE, "fine(t1)", rulebase=program(FACTS + RULES))
    assert a.answer == "undetermined"


def test_a_choice_fills_in_what_it_implies_and_is_not_split_again(program):
    a = ask(CASE, "fine(t1)", rulebase=program(FACTS + IMPLIES + RULES))
    assert a.answer == "true" and a.exact
    # one split, on the apple; in its "apple" case the fruit is implied, not a second split
    assert [d["pred"] for d in _cases(a)] == ["a"]
    implied = [d for _, d in a.proof.nodes(data=True) if d.get("kind") == "fact" and d.get("pred") == "b"]
    assert implied and all(d["how"] == "implied: an apple is a fruit" for d in implied)
    assert "implied: an apple is a fruit" in a.text()
    assert " ".join(a.argument.short.split()) == "Yes, whether or not t1 is an apple."   # it began with a comma


def test_the_contrapositive_is_filled_in_too(program):
    # good when it is no fruit and no apple; with a => b, "no fruit" forces "no apple"
    rules = 'good(T) :- thing(T), not b(T), not a(T).\ngood(T) :- thing(T), b(T).\n'
    a = ask(CASE, "good(t1)", rulebase=program(FACTS + IMPLIES + rules))
    assert a.answer == "true" and a.exact
    assert [d["pred"] for d in _cases(a)] == ["b"]
    assert ask(CASE, "good(t1)", rulebase=program(FACTS + rules)).answer == "undetermined"


def test_a_stated_side_is_settled_at_load_and_nothing_is_split(program):
    a = ask({"entities": {"t1": {"type": "thing", "a": True}}}, "fine(t1)", rulebase=program(FACTS + IMPLIES + RULES))
    assert a.answer == "true" and _cases(a) == []
