"""A sentence every party's clause of an answer shares is said once (trainer review 5, item 11: 'the
case does not name the person to be prosecuted, where practicable, under s. 348.20(1)' four times in
one answer, a fifth vehicle that reloaded having no such tail)."""
from reasoner.prose.answers import _once

TAIL = "the case does not name the person to be prosecuted, where practicable, under s. 348.20(1)"


def test_a_tail_shared_by_a_run_of_clauses_is_said_once_after_the_run():
    said = _once([f"the forfeiture for the {n} vehicle: $1 (s. X); {TAIL}" for n in ("first", "second")]
                 + ["no forfeiture for the fifth vehicle may be imposed (s. 348.21(2)(b))"])
    assert said == ["the forfeiture for the first vehicle: $1 (s. X)",
                    f"the forfeiture for the second vehicle: $1 (s. X); for each of these, {TAIL}",
                    "no forfeiture for the fifth vehicle may be imposed (s. 348.21(2)(b))"]
    assert sum(TAIL in s for s in said) == 1


def test_a_tail_shared_by_all_reads_for_each_and_a_broken_run_keeps_each_its_own():
    assert _once([f"a; {TAIL}", f"b; {TAIL}"]) == ["a", f"b; for each, {TAIL}"]
    broken = [f"a; {TAIL}", "c", f"b; {TAIL}"]
    assert _once(broken) == broken
