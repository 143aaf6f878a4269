"""One citation form in the words a person reads: the compact 's. 348.19(3)', never the spaced form the
statute prints ('s. 348.19 (3)'), in the texts a rule file gives for the answer's sentences (templates
of @input/@predicate, @negative and @positive forms, readings, presumptions, holes). The statute's own
words, where a text quotes them ("...", '...'), keep the statute's spacing. `reasoner check` reports a
spaced citation with its line and the compact form to write."""
from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

# '348.19 (3)', 's. 348.25 (8) (b)': a section number followed by a spaced subsection; not
# 's. 350.13 (line 72)' nor 's. 348.11 (not in the excerpt)'
_SPACED = re.compile(r"\b3[45]\d\.\d+[a-z]?(?:\(\w+\))* \((?:\d+[a-z]*|[a-z]{1,2}\d*)\)(?: \((?:\d+[a-z]*|[a-z]{1,2}\d*)\))*")
_QUOTED = re.compile(r"\"[^\"\n]*\"|“[^”]*”|‘[^’]*’|(?<!\w)'[^'\n]*'(?!\w)")


def compact(citation: str) -> str:
    """'348.25 (8) (b)' -> '348.25(8)(b)'."""
    return re.sub(r" (?=\()", "", citation)


def spaced_citations(text: str) -> list[str]:
    """The spaced citations in `text`, outside the statute's quoted words."""
    return [m.group(0) for m in _SPACED.finditer(_QUOTED.sub(" ", text))]


def _texts(prog: Any) -> Iterator[tuple[str, Any, str]]:
    """(text, location, what it is) for every text of a rule file a person reads."""
    for decl in prog.preds.values():
        yield decl.template, decl.loc, f"the template of {decl.name}"
        if decl.gloss:
            yield decl.gloss, decl.loc, f"the gloss of {decl.name}"
    for word, forms in (("negative", getattr(prog, "negatives", {})), ("positive", getattr(prog, "positives", {}))):
        for key, (_names, template, loc) in forms.items():
            yield template, loc, f"@{word} {key[0]}"
    for phrase in getattr(prog, "phrases", {}).values():
        for alt in phrase.alternatives.values():
            yield alt.reason, alt.loc, f"the reading {phrase.name}.{alt.name}"
            if alt.words:
                yield alt.words, alt.loc, f"the reading {phrase.name}.{alt.name}"
    for hole in getattr(prog, "holes", ()):
        yield hole.why, hole.loc, f"the note on s. {hole.citation}"
    for pres in getattr(prog, "presumptions", ()):
        for attr in ("reason", "override"):
            text = getattr(pres, attr, None)
            if isinstance(text, str) and text:
                yield text, pres.loc, "a @presume"


def spaced_problems(prog: Any) -> list[tuple[str, Any, str]]:
    """[(message, loc, hint)]: each spaced citation in a text a person reads."""
    out = []
    for text, loc, what in _texts(prog):
        for hit in spaced_citations(text):
            out.append((f"{what} cites {hit!r} in the spaced form the statute prints",
                        loc, f"write {compact(hit)!r}: answers cite in one compact form (the statute's own "
                        "words keep its spacing where quoted)"))
    return out


# A case's `description:` is printed as the handout's "Scenario" line, above the argument: a
# description that cites a section, says a ride or load violated (or was lawful), or gives the
# amount, states the answer before the handout argues it (trainer review 11, G1). `reasoner check`
# warns of it (a warning, not a problem: the case still answers); the words are the writer's.
_CONCLUSIONS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("cites a section", re.compile(r"(?:§\s*|\bss?\.\s*)?(?:(?<![\d,.])\d{3}\.\d+[a-z]?|\b3[45]\d\.\d{2,3}[a-z]?(?![\d,]))(?:\s?\(\w+\))*|§")),
    ("says what was violated", re.compile(r"\bviolat\w*", re.I)),
    ("says what was lawful", re.compile(r"\b(?:un)?lawful\w*", re.I)),
    ("gives the forfeiture", re.compile(r"\bforfeit(?:ure)?s? of (?:not less than )?\$|\$[\d,.]+ (?:to|-|–) \$[\d,.]+", re.I)),
)
DESCRIPTION_HINT = ("a description states facts only; the handout argues the law: say what happened (where, when, "
                    "how much, who), not the section, the verdict or the amount")


def description_conclusions(text: str) -> list[tuple[str, str]]:
    """[(what the description does, the words that do it)] for each conclusion a case's
    description states that the handout argues: a section cited ('s. 348.15(3)(b)', '§ 350.02'), a
    violation or lawfulness said ('violating', 'lawful'), a forfeiture's amount ('forfeiture of $50',
    '$100 to $200'); [] for a description of facts only."""
    out = []
    for what, pattern in _CONCLUSIONS:
        hit = pattern.search(text or "")
        if hit:
            out.append((what, hit.group(0)))
    return out
