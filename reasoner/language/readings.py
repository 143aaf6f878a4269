"""Alternative readings of contested phrases (docs/LANGUAGE.md, "Alternative readings").

A rule file declares a phrase (`@phrase NAME "CITATION" "the statute's words".`) and groups the
rules of each reading: `@reading NAME DEFAULT "why" { ... }` for the default reading and
`@alternative NAME OTHER "why" { ... }` for each other one. The parsed program holds every group;
`select` keeps the rules of the chosen reading of each phrase (the default unless chosen otherwise)
and drops the others, before the program is checked, so that every engine sees one ordinary
program. A selection names readings as `PHRASE.READING` (or the reading alone when only one
phrase has a reading of that name).
"""
from __future__ import annotations

import difflib
from collections.abc import Collection, Iterable
from itertools import product

from ..core.errors import RuleError
from ..core.record import replace
from .ast import Program


def normalize(program: Program, names: Iterable[str]) -> tuple[str, ...]:
    """The selection as sorted `phrase.reading` names, defaults left out; a RuleError for a name
    that is not a reading of the program, or two readings of one phrase."""
    chosen: dict = {}
    for raw in names or ():
        name = str(raw).strip()
        phrase, alt = _resolve(program, name)
        if chosen.get(phrase, alt) != alt:
            raise RuleError(f"two readings of the phrase {phrase} chosen: {phrase}.{chosen[phrase]} and "
                            f"{phrase}.{alt}", location="--reading",
                            hint="choose at most one reading of each phrase")
        chosen[phrase] = alt
    return tuple(sorted(f"{p}.{a}" for p, a in chosen.items()
                        if not program.phrases[p].alternatives[a].default))


def _resolve(program: Program, name: str) -> tuple:
    phrases = program.phrases
    if "." in name:
        phrase, _, alt = name.partition(".")
        if phrase in phrases and alt in phrases[phrase].alternatives:
            return phrase, alt
    else:
        found = [(p, name) for p, ph in phrases.items() if name in ph.alternatives]
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            raise RuleError(f"the reading {name!r} belongs to several phrases", location="--reading",
                            hint="name it with its phrase: " + ", ".join(f"{p}.{a}" for p, a in found))
    known = [f"{p}.{a}" for p, ph in sorted(phrases.items()) for a in ph.alternatives]
    if not known:
        raise RuleError(f"no reading {name!r}: the rules declare no alternative readings", location="--reading")
    close = difflib.get_close_matches(name, known, n=3, cutoff=0.5)
    raise RuleError(f"no reading {name!r}", location="--reading",
                    hint=(f"did you mean: {', '.join(close)}? " if close else "")
                    + "`reasoner readings` lists them")


def chosen(program: Program, selection: Iterable[str]) -> dict:
    """phrase -> the reading used under the selection (normalized names)."""
    out = {p: ph.default.name for p, ph in program.phrases.items() if ph.default is not None}
    for name in selection:
        phrase, _, alt = name.partition(".")
        out[phrase] = alt
    return out


def select(program: Program, selection: Iterable[str]) -> Program:
    """The program with only the rules of the chosen readings (selection: normalized names)."""
    if not program.phrases and not selection:
        return program
    use = chosen(program, selection)
    rules = [r for r in program.rules if r.alternative is None or use.get(r.alternative[0]) == r.alternative[1]]
    out = replace(program, rules=rules, selected=tuple(selection))
    return out


def problems(program: Program) -> list:
    """[(message, loc, hint)]: a phrase without a default or without an alternative, alternatives
    of one phrase that conclude different predicates, a rule of a reading of an undeclared phrase."""
    out = []
    for name, phrase in program.phrases.items():
        alts = list(phrase.alternatives.values())
        if not alts:
            out.append((f"phrase {name} has no readings", phrase.loc,
                        f'add @reading {name} NAME "why" {{ rules }} and at least one @alternative'))
            continue
        default = phrase.default
        if default is None:
            out.append((f"phrase {name} has no default reading", alts[0].loc,
                        "make one of its groups @reading (the others are @alternative)"))
            continue
        if len(alts) == 1:
            out.append((f"phrase {name} has only its default reading", default.loc,
                        "add an @alternative group, or write the rules without a phrase"))
        want = set(default.heads)
        for alt in alts:
            if set(alt.heads) != want:
                missing = sorted(want - set(alt.heads))
                extra = sorted(set(alt.heads) - want)
                parts = []
                if missing:
                    parts.append("does not define " + ", ".join(f"{n}/{a}" for n, a in missing))
                if extra:
                    parts.append("defines " + ", ".join(f"{n}/{a}" for n, a in extra) + " that the default does not")
                out.append((f"reading {name}.{alt.name} {' and '.join(parts)} (default {name}.{default.name} "
                            f"defines {', '.join(f'{n}/{a}' for n, a in sorted(want))})", alt.loc,
                            "alternatives of one phrase must conclude the same predicates"))
    declared = {(p, a) for p, ph in program.phrases.items() for a in ph.alternatives}
    for rule in program.rules:
        if rule.alternative is not None and rule.alternative not in declared:
            out.append((f"rule of reading {rule.alternative[0]}.{rule.alternative[1]}, which no @phrase declares",
                        rule.loc, "a phrase is declared once, in the file that holds its readings"))
    heads_of_phrases: dict = {}
    for name, phrase in program.phrases.items():
        for key in (phrase.default.heads if phrase.default is not None else ()):
            heads_of_phrases.setdefault(key, []).append(name)
    for rule in program.rules:
        if rule.alternative is None and rule.head.key in heads_of_phrases:
            out.append((f"rule for {rule.head.pred} outside the readings of phrase "
                        f"{heads_of_phrases[rule.head.key][0]}, which define it", rule.loc,
                        "a predicate that readings define is concluded only inside its reading groups"))
    return out


def listing(program: Program) -> list:
    """Every phrase with its readings, for `reasoner readings`: [{phrase, citation, text, default,
    readings: [{name, qualified, default, words, reason, predicates, location}]}]."""
    out = []
    for name, phrase in sorted(program.phrases.items()):
        out.append({
            "phrase": name, "citation": phrase.citation, "text": phrase.text,
            "default": phrase.default.name if phrase.default is not None else None,
            "location": str(phrase.loc),
            "readings": [{"name": a.name, "qualified": f"{name}.{a.name}", "default": a.default,
                          "words": a.words, "reason": a.reason, "predicates": [f"{n}/{k}" for n, k in a.heads],
                          "location": str(a.loc)} for a in phrase.alternatives.values()],
        })
    return out


def alternatives(program: Program, phrases: Collection[str] | None = None) -> list[tuple[str, ...]]:
    """[normalized one-reading selection] for every non-default reading (of the given phrases)."""
    out: list[tuple[str, ...]] = []
    for name, phrase in sorted(program.phrases.items()):
        if phrases is not None and name not in phrases:
            continue
        out += [(f"{name}.{a.name}",) for a in phrase.alternatives.values() if not a.default]
    return out


def combinations(program: Program, phrases: Collection[str] | None = None) -> list[tuple[str, ...]]:
    """[normalized selection] for every combination of readings but the all-default one."""
    axes: list[list[str | None]] = []
    for name, phrase in sorted(program.phrases.items()):
        if phrases is not None and name not in phrases:
            continue
        axes.append([None] + [f"{name}.{a.name}" for a in phrase.alternatives.values() if not a.default])
    out = []
    for combo in product(*axes):
        sel = tuple(sorted(x for x in combo if x))
        if sel:
            out.append(sel)
    return out


def defined_by(program: Program) -> dict:
    """(name, arity) -> phrase, for every predicate that a phrase's readings conclude."""
    out = {}
    for name, phrase in program.phrases.items():
        for alt in phrase.alternatives.values():
            for key in alt.heads:
                out[key] = name
    return out
