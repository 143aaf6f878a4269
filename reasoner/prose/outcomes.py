"""An undetermined answer whose open rows all turn on the same few unstated yes-or-no facts, said as
one outcome per way those facts can go (trainer review 14, 07): 'If Devon Marsh was found guilty on
count 1 and found guilty on count 2, Devon Marsh has one conviction ... merged. If ... found guilty
on count 1 and not found guilty on count 2, ... par. (a) alone. ... If ... not found guilty on count
1 and not found guilty on count 2, none: ...'.

Each row's branches (answer.branches, explain/cases.py) say on which values of the facts the row
holds; the grid goes through every completion of those facts, finds for each row the one branch
whose condition that completion meets, and says what holds there. So each outcome's condition is
exactly the set of completions that give it; where a row has no branch, or more than one, for some
completion, there is no grid ('' : the branches are said row by row instead).
"""
from __future__ import annotations

from itertools import product

MAX_FACTS = 3   # 2**3 completions at most: more would not be read
_AUX = frozenset({"was", "were", "is", "are", "has", "had", "did", "does", "do"})


def _key(step: dict) -> tuple[str, str]:
    return (str(step.get("entity", "")), str(step.get("attribute", "")))


def _meets(branch: dict, completion: dict) -> bool:
    steps = branch.get("when") or []
    hits = [str(completion.get(_key(s))) in [str(v) for v in s.get("values") or ()] for s in steps]
    return any(hits) if branch.get("joined") == "any" else all(hits)


def _both(first: str, second: str) -> str:
    """'X was found guilty on count 1' and 'X was not found guilty on count 2' as 'X was found guilty
    on count 1 and not found guilty on count 2': the subject and its auxiliary said once."""
    a, b = first.split(" "), second.split(" ")
    common = 0
    while common < min(len(a), len(b)) - 1 and a[common] == b[common]:
        common += 1
    cut = max((i + 1 for i in range(common) if a[i] in _AUX), default=0)
    return first + " and " + " ".join(b[cut:]) if cut else f"{first} and {second}"


def _condition(words: list[str]) -> str:
    said = words[0]
    for w in words[1:]:
        said = _both(said, w)
    return said


def outcome_grid(branched: list[list[dict]], none: str = "") -> str:
    """The rows' branches as one sentence per outcome ('' when they cannot be: fewer than two rows,
    a fact not yes-or-no, more than MAX_FACTS facts, a completion no branch of a row meets, or one
    that two branches of a row meet). none: what is said where no row holds (the saved query's
    `none:`); without it, each row's own outcome there."""
    if len(branched) < 2:
        return ""
    facts: dict[tuple[str, str], dict] = {}
    for row in branched:
        for b in row:
            for s in b.get("when") or ():
                every = [str(v) for v in s.get("every") or ()]
                if sorted(every) != ["false", "true"]:
                    return ""
                facts.setdefault(_key(s), {"every": every, "words": {}})
                values = [str(v) for v in s.get("values") or ()]
                if len(values) == 1 and s.get("condition"):
                    facts[_key(s)]["words"][values[0]] = str(s["condition"])
    if not facts or len(facts) > MAX_FACTS or any(set(f["words"]) != {"true", "false"} for f in facts.values()):
        return ""
    keys = list(facts)
    outcomes: dict[tuple, list[str]] = {}
    for completed in product(*(facts[k]["every"] for k in keys)):
        completion = dict(zip(keys, completed))
        said: list[str] = []
        held: list[str] = []
        for row in branched:
            met = [b for b in row if _meets(b, completion)]
            if len(met) != 1:
                return ""
            said.append(str(met[0].get("says", "")))
            if met[0].get("answer") == "true":
                held.append(str(met[0].get("says", "")))
        if held:
            outcome = tuple(dict.fromkeys(held))
        else:   # no row holds: the query's words for none, or each row's own outcome there
            outcome = (none,) if none else tuple(dict.fromkeys(said))
        condition = _condition([facts[k]["words"][v] for k, v in completion.items()])
        outcomes.setdefault(outcome, []).append(condition)
    sentences = []
    for outcome, conditions in outcomes.items():
        when = ", or if ".join(conditions)
        sentences.append(f"If {when}, " + "; ".join(outcome) + ".")
    return " ".join(sentences)
