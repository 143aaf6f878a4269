"""The answer in the law's words, the facts that would decide it (grouped), the provisions considered.

- true, a yes/no question:   "Yes: op1 violated no provision of the ch. 350 excerpt (s. 350.10(1))."
- true, a value question:    "The forfeiture for truck: not less than $570.00 nor more than $670.00
                              (s. 348.21(3g)(a))." — the instances, never a bare "Yes."
- false:                     "No: op1 violated s. 350.02(2)(b)4 (op1 travelled at night against ...)."
                              — the atoms whose truth defeats the question, each with its provision;
                              else the question's negative sentence; for a value question with
                              nothing derived, "No forfeiture under s. 348.21 follows from the
                              facts for semi1." (no open "some amount" placeholder).
- undetermined:              "Undetermined: depends on whether ...; and on ..."
- not applicable:            "Not applicable: the case contains no operation (...); the saved
                              question lawful asks about one, ..." (answer/applicability.py)
"""
from __future__ import annotations

import os

import re

from .argument import OUTSIDE_LACKED, and_list, branch_clause, counted_together, none_by, otherwise_clause
from .cite import cite, cite_with
from .glosses import APPLIES, PRIMITIVE_TYPES, PRIORS_NOT_SHOWN, UNNAMED_WHOM, cap_first, full_stop, gloss, penalty_clause, whether
from .readings import would_have
from .argument import READ_OTHER_WAY, reading_at_line, reading_off
from .order import ordered_children
from .outcomes import outcome_grid
from ..law.index import statute_order
from ..law.queries import none_words, verdict_words

MAX_NAMED_MISSING = 3


def _kids(g, nid):
    return ordered_children(g, nid)


def _rule_provision(g, nid):
    """The provision of the first applying (or possibly applying) rule under an atom; of those that
    apply, first one that does not apply only because another rule fails (a weighed vehicle 'may
    proceed' under s. 348.19 (2) (a) because par. (a) does not hold it back, but it is the livestock
    allowance of par. (b) or reloading under s. 348.21 (2) (b) that lets it go on, and on their
    terms: trainer review 7, 12)."""
    rules = [c for c in _kids(g, nid) if g.nodes[c].get("kind") == "rule" and g.nodes[c].get("provision")
             and g.nodes[c].get("status") in ("true", "undetermined")]
    for c in sorted(rules, key=lambda r: _residual(g, r)):   # stable: else the first
        return g.nodes[c]["provision"], c
    return "", None


def _on_terms(g, nid) -> bool:
    """A TRUE atom that more than one rule gives, one of them only the way left when no other
    applies (_residual): the rule that gives it says on what terms."""
    rules = [c for c in _kids(g, nid) if g.nodes[c].get("kind") == "rule" and g.nodes[c].get("status") == "true"]
    return len(rules) > 1 and any(_residual(g, r) for r in rules) and not all(_residual(g, r) for r in rules)


def _residual(g, rule) -> bool:
    """A TRUE rule that holds because a rule-derived finding fails (not held_for_reloading(V)): the
    way left when no other applies."""
    for n in _kids(g, rule):
        d = g.nodes[n]
        if d.get("kind") == "negation" and d.get("status") == "true" and any(
                g.nodes[x].get("kind") == "atom" and g.nodes[x].get("status") == "false" for x in _kids(g, n)):
            return True
    return False


def _because(g, rule_id):
    """The first described premise of an applying rule, as its sentence: the law's reason."""
    if rule_id is None:
        return ""
    for c in _kids(g, rule_id):
        d = g.nodes[c]
        if d.get("kind") in ("atom", "fact") and d.get("sentence") and d.get("status") == "true":
            return d["sentence"]
    return ""


def _nearly(g, rule_id) -> list:
    """The sentences of what keeps an exception of an applying rule from applying when the exception
    fails only on an exception of its own (the livestock allowance of s. 348.19 (2) (b), met but for
    the cattle truck being on I 94 outside the I 39 and I 41 corridors): the point a reader looks for."""
    out = []
    for n in _kids(g, rule_id):
        if g.nodes[n].get("kind") != "negation" or g.nodes[n].get("status") != "true":
            continue
        for x in _kids(g, n):
            if g.nodes[x].get("kind") == "atom" and g.nodes[x].get("status") == "false":
                out += [g.nodes[a]["sentence"] for a in behind_negations(g, x, "false", "true", role="failed")
                        if g.nodes[a].get("sentence") and g.nodes[a]["sentence"] not in out]
    return out


def _not_reached_in_section(g, rule, provision) -> list:
    """The sibling provisions (same subsection) whose finding fails and so lets the applying rule hold
    (`not single_conviction(P, I)`: a finding of guilt under s. 350.101(1)(b) alone is one
    conviction because par. (d)'s single conviction is not reached; trainer review 12, 10: the
    count rests on par. (d) too, '(s. 350.101(1)(b), (d))')."""
    if rule is None or not provision:
        return []
    head = provision.rsplit("(", 1)[0] if "(" in provision and provision.endswith(")") else ""
    if not head:
        return []
    out = []
    for n in _kids(g, rule):
        if g.nodes[n].get("kind") != "negation" or g.nodes[n].get("status") != "true":
            continue
        for x in _kids(g, n):
            if g.nodes[x].get("kind") != "atom" or g.nodes[x].get("status") != "false":
                continue
            for r in _kids(g, x):
                p = g.nodes[r].get("provision") if g.nodes[r].get("kind") == "rule" else None
                # a sibling paragraph only (350.101(1)(b) beside 350.101(1)(d)), never a provision
                # elsewhere in the section (a lawful ride's s. 350.02(4) is not '350.02(2)(b)4 too')
                if p and p != provision and p.rsplit("(", 1)[0] == head and ")" == p[-1] \
                        and "(" not in p[len(head) + 1:] and p not in out and not _fails_on_a_fact(g, r):
                    out.append(p)
    return out


def _fails_on_a_fact(g, rule) -> bool:
    """Whether a sibling's rule fails only on facts of its own, stated false, taken as not so or
    presumed (par. (b)'s livestock permission for a truck the case says carries grain): the sibling
    does not bear on the finding, and s. 348.19(2)(a) is cited alone, never '(s. 348.19(2)(a), (b))',
    which read as if par. (b) also held the truck back (trainer review 13, G3). A sibling that fails
    on a finding of its own (par. (d)'s merger, not reached because the findings of guilt are for
    different incidents) is still cited."""
    failing = [n for n in _kids(g, rule) if g.nodes[n].get("status") == "false"]
    return bool(failing) and all(g.nodes[n].get("kind") in ("fact", "presumed") for n in failing)


def with_provision(g, nid, reason=True, nearly=False) -> str:
    d = g.nodes[nid]
    text = gloss(d)
    provision, rule = _rule_provision(g, nid)
    # (where the reason spells out what keeps the sibling from applying, 'beyond the reach of s.
    # 348.19(2)(b)', the sibling is not cited again beside the provision: review 6)
    also = [] if nearly else _not_reached_in_section(g, rule, provision)
    cited = cite_with(provision, also) if also else cite(provision)
    why = _because(g, rule) if reason else ""
    if why and nearly and rule is not None:
        why = "; ".join([why] + _nearly(g, rule))
    who = penalty_clause(d)
    who = f", {who}" if who.startswith("imposed") else f"; {who}" if who else ""
    if provision and not also and (cited in text or why.startswith(cited + " ")):
        # a reason that opens with the provision names it ('(s. 348.19(2)(b) applies to the cattle
        # truck: ...)'), never '(s. 348.19(2)(b): s. 348.19(2)(b) applies ...)'
        return (f"{text} ({why})" if why else text) + who
    if provision:
        return f"{text} ({cited}" + (f": {why})" if why else ")") + who
    return text + who


def defeating_atoms(g, root):
    """What makes a FALSE answer false, when the question's own rules fail on an exception: the TRUE
    atoms behind the failed negations of the rules that could have concluded it (lawful(O) fails
    because violation(op1, 350.02(2)(b)4) holds). None when another of those rules, failing on an
    element of its own, holds a finding built on them: then they are the threshold every way starts
    from, not why the answer is no (a vehicle found overweight is what the livestock and reloading
    ways of proceeding begin with: trainer review 6, 12), and each way is argued with what fails it.
    A defeater another rule merely shares as a stated fact of its own stays the reason (the leasing
    business that s. 348.20 (1) replaces by the lessee: 'No: the principal business of rent is
    leasing vehicles ...')."""
    out = behind_negations(g, root, "false", "true", role="failed")
    if out and any(_fails_on_element(g, r) and _builds_on(g, r, out) for r in _kids(g, root)):
        return []
    return out


def _fails_on_element(g, rule) -> bool:
    """A FALSE rule that fails on a condition of its own (none of its failing conditions an exception)."""
    d = g.nodes[rule]
    if d.get("kind") != "rule" or d.get("status") != "false":
        return False
    failed = [n for n in _kids(g, rule) if g.edges[rule, n].get("role") == "failed"]
    return bool(failed) and not any(g.nodes[n].get("kind") == "negation" for n in failed)


def _builds_on(g, rule, atoms) -> bool:
    """Whether a condition the rule holds is a finding derived from one of `atoms` (the overweight
    finding under 'a weighing found the vehicle over the weight limitations'), not the atom itself."""
    held = g.nodes[rule].get("held")
    said = {h.get("text") for h in held if isinstance(h, dict) and h.get("derived")} if isinstance(held, list) else set()
    found = [n for n, d in g.nodes(data=True) if d.get("sentence") in said and d.get("status") == "true"
             and d.get("kind") == "atom" and n not in atoms]
    return any(_reaches(g, n, set(atoms)) for n in found)


def _reaches(g, start, targets) -> bool:
    seen, todo = {start}, [start]
    while todo:
        for c in g.successors(todo.pop()):
            if c in targets:
                return True
            if c not in seen:
                seen.add(c)
                todo.append(c)
    return False


def behind_negations(g, nid, status, atom_status, role=None) -> list:
    """The atoms of `atom_status` behind the negations of `status` of the rules of `status` under
    `nid` (role: the negation's edge role, when it must be one): what defeats a FALSE answer (the
    TRUE atoms behind failed negations) or leaves an undetermined one open (the undetermined atoms
    behind open ones)."""
    out = []
    for r in _kids(g, nid):
        rule = g.nodes[r]
        if rule.get("kind") != "rule" or rule.get("status") != status:
            continue
        for n in _kids(g, r):
            d = g.nodes[n]
            if (role is not None and g.edges[r, n].get("role") != role) or d.get("kind") != "negation" \
                    or d.get("status") != status:
                continue
            for c in _kids(g, n):
                instances = [x for x in _kids(g, c) if g.edges[c, x].get("role") == "instance"
                             and g.nodes[x].get("status") == atom_status]
                for x in instances or [c]:
                    if g.nodes[x].get("status") == atom_status and x not in out:
                        out.append(x)
    return out


def missing_phrase(missing) -> str:
    items = list(missing)
    if not items:
        return "facts the case does not state"
    # one fact past the limit is named, never counted; more are counted and said where they are
    # listed, in words (trainer review 13, G3: 'and 1 more fact listed below')
    named = items[:MAX_NAMED_MISSING] if len(items) > MAX_NAMED_MISSING + 1 else items
    text = "; ".join(named)
    if len(items) > len(named):
        text += f"; and {len(items) - len(named)} {OTHER_FACTS}"
    return text


OTHER_FACTS = "other facts, each listed under “Facts that would decide it”"


def _sections(provisions) -> str:
    """'s. 348.21' / 'ss. 348.21 and 348.25' from the provisions considered (ranges left out)."""
    out = []
    for p in provisions:
        if " to " in p:
            continue
        section = p.split("(", 1)[0]
        if section not in out:
            out.append(section)
    if not out:
        return ""
    if len(out) == 1:
        return f"s. {out[0]}"
    return "ss. " + ", ".join(out[:-1]) + f" and {out[-1]}"


def shared_failed_fact(g, root_id) -> str:
    """The negative words of the one fact every way of a FALSE goal fails on at bottom (through the
    findings it needs: the livestock and reloading ways each need a weighing): 'the shavings truck and
    its load were not weighed by a traffic officer'; '' when the ways fail on no one such fact."""
    memo: dict = {}

    def of_atom(n) -> frozenset:
        if n in memo:
            return memo[n]
        memo[n] = frozenset()   # a cycle adds nothing
        rules = [r for r in _kids(g, n) if g.nodes[r].get("kind") == "rule"]
        sets = [of_rule(r) for r in rules]
        memo[n] = frozenset.intersection(*sets) if sets and all(sets) else frozenset()
        return memo[n]

    def of_rule(r) -> frozenset:
        if g.nodes[r].get("status") != "false":
            return frozenset()
        out: set = set()
        for c in _kids(g, r):
            if g.edges[r, c].get("role") != "failed" or g.nodes[c].get("status") != "false":
                continue
            kind = g.nodes[c].get("kind")
            if kind == "fact" and g.nodes[c].get("negative"):
                out.add(c)
            elif kind in ("atom", "goal"):
                out |= of_atom(c)
        return frozenset(out)

    found = of_atom(root_id)
    return str(g.nodes[next(iter(found))]["negative"]) if len(found) == 1 else ""


def _the_failed_condition(g, root_id) -> str:
    """The one condition that keeps a 'which ...?' question from holding for anyone, in its negative
    words with its provision ('count 1 and count 2 arise out of different incidents or occurrences
    (s. 350.101(1)(d))'), when the question has one rule and it fails on one such condition; ''
    otherwise."""
    rules = [r for r in _kids(g, root_id) if g.nodes[r].get("kind") == "rule"]
    if len(rules) != 1 or g.nodes[rules[0]].get("status") != "false":
        return ""
    failed = [n for n in _kids(g, rules[0]) if g.nodes[n].get("status") == "false"]
    if len(failed) != 1 or g.nodes[failed[0]].get("kind") != "atom" or not g.nodes[failed[0]].get("negative"):
        return ""
    where = g.nodes[rules[0]].get("provision") or ""
    return g.nodes[failed[0]]["negative"] + (f" ({cite(where)})" if where else "")


def _nothing_follows(absent: str, provisions, head: str = "No", none: str = "", named: str = "") -> str:
    """A FALSE value question: 'No forfeiture under s. 348.21 follows from the facts for semi1.'
    — never the open sentence with 'some amount' in it. none: what a 'which ...?' question answered
    with none says after 'None:' in the law's words (a saved query's `none:`: 'None: no provision is
    shown violated on the facts stated', not 'No: the facts stated do not show that any operation
    violated any provision', trainer review 7, 02, 03 and 09)."""
    noun, _, subject = absent.partition("|")
    where = _sections(provisions)
    under = f" under {where}" if where else ""
    if none and head == "None" and not noun and subject.startswith("any "):   # not of one named entity
        return full_stop(f"None: {none}" + (f" (checked under {where})" if where else ""))
    if none and named and not noun:
        # a 'which ...?' question asked of one party: the law's words for none, said of that party, never
        # 'No: the facts stated do not show that the young rider has one conviction for any incident under
        # any paragraph' (trainer review 14, 10 and G2: 'No' answers no 'which ...?')
        return full_stop(f"None for {named}: {none}" + (f" (checked under {where})" if where else ""))
    if noun:
        head = noun.split(" ", 1)[0]
        plural = head.endswith("s") and not head.endswith(("ss", "us", "is"))   # "offenses charged"
        return f"No {noun}{under} follow{'' if plural else 's'} from the facts for {subject}."
    # the sections checked in words, never the tool's '(s. 350.101 considered)' (trainer review 6, 04 and 10)
    return full_stop(f"{head}: the facts stated do not show that {subject}" + (f" (checked under {where})" if where else ""))


def defeated_ways(g, root_id) -> list:
    """[(the way's conclusion in its negative words, its provision, the exception's provision, the
    exception's sentence)]: each way under a FALSE answer whose conditions are met and that an exception
    defeats (the pulpwood truck's refusal of a scale 8 miles away, excused by s. 348.19 (1) (b)), in
    the order of the proof, each once -- the way that comes nearest, which a 'no' names."""
    out: list = []
    seen, todo = {root_id}, [root_id]
    while todo:
        nid = todo.pop(0)
        for c in _kids(g, nid):
            d = g.nodes[c]
            if c in seen or d.get("status") != "false" or d.get("kind") not in ("rule", "atom", "goal"):
                continue
            seen.add(c)
            if d.get("kind") == "rule" and d.get("defeated"):
                negs = [n for n in _kids(g, c) if g.edges[c, n].get("role") == "failed"
                        and g.nodes[n].get("kind") == "negation" and g.nodes[n].get("status") == "false"]
                inner = [x for n in negs for x in _kids(g, n) if g.nodes[x].get("status") == "true"]
                if inner and not any(w[0] == d["defeated"] for w in out):
                    where, _ = _rule_provision(g, inner[0])
                    out.append((d["defeated"], d.get("provision") or "", where, gloss(g.nodes[inner[0]])))
                continue
            todo.append(c)
    return out


def common_failure(g, root_id) -> list:
    """The negative sentences, said of the case's one entity, of the conditions that most of the ways
    of a FALSE answer fail on at bottom (a condition whose own ways fail only on facts and comparisons,
    one of them a comparison): 'the truck did not exceed the weight limitation applicable to it ...' where the
    forfeiture's ways each need the truck overweight (trainer review 7, 07: 'the truck would not be
    overweight', never 'no forfeiture ... follows from the facts for any vehicle'); [] when no such
    condition is shared by two ways."""
    def bottom(n) -> bool:
        d = g.nodes[n]
        if d.get("kind") != "atom" or d.get("status") != "false" or not d.get("only_negative"):
            return False
        rules = [r for r in _kids(g, n) if g.nodes[r].get("kind") == "rule"]
        failed = [g.nodes[c].get("kind") for r in rules for c in _kids(g, r) if g.edges[r, c].get("role") == "failed"]
        # a comparison among them: the numbers show it not so (21,500 lb within 80,000 lb), not a fact the
        # case leaves out (an unweighed truck is not shown within its limit: its weight is unknown)
        return bool(rules) and "comparison" in failed and not any(k in ("atom", "goal") for k in failed)

    counts: dict = {}
    for rule in _kids(g, root_id):
        if g.nodes[rule].get("kind") != "rule":
            continue
        found, seen, todo = [], {rule}, [rule]
        while todo:
            for c in _kids(g, todo.pop()):
                if c in seen or g.nodes[c].get("status") != "false":
                    continue
                seen.add(c)
                if bottom(c):
                    found.append(c)
                else:
                    todo.append(c)
        for c in found:
            counts[c] = counts.get(c, 0) + 1
    best = max(counts.values(), default=0)
    if best < 2:
        return []
    return list(dict.fromkeys(g.nodes[c]["only_negative"] for c in counts if counts[c] == best))[:2]


def several_nothing_follows(answer) -> str:
    """A value question answered no about a case of several entities of its kind, as a what-if says it:
    'no forfeiture under ... follows from the facts for any vehicle' -- not the ways of the vehicles the
    change did not touch (the grain truck's exception beside a change to the stock trailer, trainer
    review 7, 12); '' for any other answer (its own line says it)."""
    g = getattr(answer, "proof", None)
    if answer.answer != "false" or g is None:
        return ""
    root = g.nodes[g.graph["root"]]
    if root.get("kind") != "goal" or root.get("sentence") or root.get("only") \
            or not (root.get("open_absent") or "").partition("|")[0]:
        return ""
    return _nothing_follows(root["open_absent"], considered(answer))


def _defeated_line(answer, g, root_id) -> str:
    """A value question answered no where a way comes near: 'No: the operator of the pulpwood truck did
    not violate the duty in s. 348.19 (3) ...: the exception of s. 348.19(1)(b) applies (the pulpwood
    truck is not required to proceed to a scale more than one mile from the point of apprehension); no
    forfeiture under s. 348.21(2)(a) follows.' -- never 'No forfeiture ... follows from the facts for
    any vehicle' when the argument shows which vehicle came near and what kept it off (trainer review
    7, 06). With several entities of the question's kind, the rest are 'any other'. '' when no way comes near."""
    ways = defeated_ways(g, root_id)
    if not ways:
        return ""
    noun, _, subject = g.nodes[root_id]["open_absent"].partition("|")
    said = []
    for negative, _, where, exception in ways[:MAX_NAMED_MISSING]:
        why = f"the exception of {cite(where)} applies ({exception})" if where else f"{exception}"
        said.append(f"{negative}: {why}")
    rules = list(dict.fromkeys(g.nodes[r].get("provision") for r in _kids(g, root_id)
                               if g.nodes[r].get("kind") == "rule" and g.nodes[r].get("provision")))
    # the paragraph that would have fixed it where one or two could ('s. 348.21(2)(a)'), else the section
    # (never six paragraphs of s. 348.21 in a row of the results table)
    said_rules = and_list([cite(r) for r in rules]) if len(rules) <= 2 else _sections(rules)
    under = f" under {said_rules}" if said_rules else ""
    kind = subject.removeprefix("any ") if subject.startswith("any ") else ""
    case = getattr(answer, "case", None)
    several = kind and len([e for e, k in (getattr(case, "entities", None) or {}).items() if k == kind]) > 1
    rest = f" from the facts for {subject}" if several else ""
    # a how-much question is answered with an amount or 'None', never 'No' (trainer review 14, 04 and G2)
    return f"None: {'; '.join(said)}; no {noun}{under} follows{rest}."


def question_line(root: dict, query: str, names) -> str:
    """The question in words: 'Is it so that op1 was lawful ...?'; a question with open values reads
    its open statement ('Is it so that some operation violated some provision?'; the answer lists
    which); a value question asks 'What forfeiture follows from the facts for each vehicle?'; the
    atom itself only where the vocabulary has no sentence for it."""
    if root.get("sentence"):
        return f"Is it so that {root['sentence']}?"
    noun, _, subject = (root.get("open_absent") or "").partition("|")
    if noun and subject:   # a value question: 'What forfeiture follows from the facts for each vehicle?'
        each = subject.replace("any ", "each ", 1) if subject.startswith("any ") else subject
        return f"What {noun} follows from the facts for {each}?"
    if root.get("open_sentence"):
        return f"Is it so that {root['open_sentence']}?"
    if names:
        return f"For which {', '.join(names)} does {query} hold?"
    return f"Does {query} hold?"


def answer_heads(answer) -> dict:
    """The first word of a yes/no answer line, by answer: the law's words where the saved query on
    the question's predicate gives them (queries/lawful.yaml: "Unlawful: op1 violated ..."), else
    Yes / No; "Undetermined" always."""
    pred = str(getattr(answer, "query", "") or "").split("(", 1)[0].strip()
    words = verdict_words(pred) if pred else {}
    return {"true": words.get("true", "Yes"), "false": words.get("false", "No"), "undetermined": "Undetermined",
            "not_applicable": "Not applicable"}


def answer_line(answer, cleared=frozenset()) -> str:
    """The answer in one or two sentences, in the vocabulary's words; where another reading of a
    contested phrase would change it, the sentence after says so (our reading is an assumption, said
    where the answer is: 'This answer turns on the reading of "..." (s. 350.05(2)). Read otherwise (a
    12-year-old is not over the age of 12), it would be lawful.')."""
    line = _answer_line(answer, cleared)
    instead = otherwise_part(answer)
    if instead:   # what the law applies instead to the subjects the answer says "no" for
        line = f"{full_stop(line)} {instead}"
    elsewhere = elsewhere_part(answer)
    if elsewhere and line:   # a duty of another party the case engages, answered by another question
        line = f"{full_stop(line)} {elsewhere}"
    turns = reading_turns(answer)
    unless = " ".join(raised_line(r) for r in (getattr(answer, "interpretation", None) or {}).get("raised") or [])
    if unless and line:
        line = f"{line} {unless}"
    # said once, beside the rows it is about: a line that says its rows, then the entities with none,
    # has said it after its rows already (never again after another entity's answer)
    if turns and (TURNS_OPENING in line or turns in line):
        return line
    return f"{line} {turns}" if turns and line else line


UNLESS_OPENING = "Unless "


def raised_line(r: dict) -> str:
    """An exception presumed not raised that would lower the amount, said beside it (trainer review 7,
    07; answer/raised.py): 'Unless the excess load of the truck can be reloaded ... (s. 348.21(2)(b);
    the case does not raise it): then no forfeiture if the operator of the truck reloaded ..., $50.00
    if not; that also turns on the total weight in pounds that must be shifted ...'."""
    rows = [_amount(row) for row in r.get("rows") or []]
    split = r.get("if")
    if split:
        yes = " or ".join(rows[i] for i in split["yes"])
        no = " or ".join(rows[i] for i in split["no"])
        then = f"{yes} if {split['text']}, {no} if not"
        rest = [d for d in r.get("depends_on") or [] if d != f"whether {split['text']}"]
    else:
        then = " or ".join(rows)
        rest = list(r.get("depends_on") or [])
    also = f"; that also turns on {' and on '.join(d for d in rest)}" if rest and split else (
        f", depending on {' and on '.join(rest)}" if rest else "")
    where = f" ({cite(r['citation'])}; the case does not raise it)" if r.get("citation") else ""
    return f"{UNLESS_OPENING}{r.get('text', '')}{where}: then {then}{also}."


def _amount(row: dict) -> str:
    """A row's amount as the answer box says it: 'no forfeiture' (its sentence when none may be
    imposed), '$50.00', '$50.00 to $100.00'."""
    from ..core.values import show_money
    text = str(row.get("text") or "")
    values = [int(v) for v in row.get("value") or []]
    if text.startswith("no ") and not any(values):
        return re.split(r" (?:under|for|of|may) ", text, maxsplit=1)[0]
    shown = list(dict.fromkeys(show_money(v) for v in values))
    return " to ".join(shown)


TURNS_OPENING = "This answer turns on the reading of "


def reading_turns(answer) -> str:
    """'This answer turns on the reading of "X" (s. C). Read otherwise (W), it would be Y.' for each other
    reading the interpretation record found to change the answer ('' when none)."""
    return " ".join(f"{TURNS_OPENING}“{text}”{where}. Read otherwise ({otherwise}), {other}."
                    for text, where, otherwise, other in turn_parts(answer))


def turn_parts(answer) -> list:
    """[(the phrase's words, ' (s. C)', the other reading in words, what follows then as a clause: 'it
    would be lawful', 'mill forfeits $2,000.00 for ...')]: each
    other reading the interpretation record found to change the answer (reading_turns says them; the
    course pack's instructor's table lists them)."""
    record = getattr(answer, "interpretation", None) or {}
    heads = answer_heads(answer)
    out = []
    for t in record.get("turns_on") or []:
        other = heads.get(t.get("answer", ""), t.get("answer", "")).lower()
        now = _answer_line(answer).lower()
        texts = list(dict.fromkeys(s.get("text", "") for s in t.get("said") or []
                                   if s.get("text") and s["text"].lower() not in now))   # what would be said other than now
        changes = [c for c in t.get("changed") or [] if c.get("text")]
        # an answer of a row for each subject (its table) is said row by row under the other reading
        # too, never as the one verdict of the whole question ('it would be yes' said nothing of which
        # rigs: trainer review 16, 11)
        rowwise = t.get("answer") == answer.answer or len(getattr(answer, "each", None) or []) >= 2
        then = _then_rows(t) if rowwise and changes else ""
        if then and all(c.get("now") in ("absent", "false") and c.get("then") == "true" for c in changes):
            # rows added, none lost: said as what would also hold, never as if it held now ('..., North
            # Mill Lumber forfeits $1,000.00 for ... scale ticket 104' read as a third forfeiture
            # found: trainer review 14, 03)
            other = then = f"it would also hold that {then}"
        elif then:   # the same verdict, other rows: what that reading answers, as a direct ask says it
            other = then
        elif rowwise and changes:   # the same verdict, or rows of their own: only the rows that differ
            said_changes = _paired_changes(changes)
            other = ("; ".join(said_changes[:3])
                     + (f"; and {len(said_changes) - 3} more such changes" if len(said_changes) > 3 else ""))
            if len(said_changes) <= 3 and all(" instead of " in c for c in said_changes) \
                    and len(said_changes) * 2 == len(changes):
                then = other   # each a value said with the one it replaces: a clause of its own, no 'it would be'
        elif t.get("answer") == answer.answer and texts:   # the same verdict, other values: say them
            other = "instead: " + "; or ".join(texts[:3]) + (f" (and {len(texts) - 3} more)" if len(texts) > 3 else "")
        elif t.get("offences"):   # yes: the violations that reading finds, with whom they bind
            other = f"{other}: " + "; ".join(would_have(o) for o in t["offences"][:3]) + (
                f"; and {len(t['offences']) - 3} more" if len(t["offences"]) > 3 else "")
        if other == "none":   # 'it would be none' (trainer review 10, 06): what that reading finds, in words
            other = "no violation would be found"
        elif other is not then:
            other = f"it would be {other}"
        where = f" ({cite(t['citation'])})" if t.get("citation") else ""
        out.append((t.get("text", t.get("phrase", "")), where, t.get("words") or t.get("qualified", ""), other))
    return out


# past this many rows, another reading's answer is said by its changes ('established that ...; no
# longer established that ...'), not row by row
MAX_THEN_ROWS = 3


def _then_rows(turn: dict) -> str:
    """What another reading answers where its verdict is this answer's but its rows differ, said as
    the answer would be said under it (trainer review 8, 06): every row settled, the rows it
    establishes instead ('mill forfeits $2,000.00 for ...'); one subject's rows left open, its
    values and the facts they turn on ('the forfeiture ...: not less than $386.00 nor more than
    $536.00, or not less than $604.00 nor more than $804.00, depending on whether ...'), never one
    of them as if settled. '' otherwise (the changes say it then: several subjects, or more facts
    than a sentence names)."""
    said = [s for s in turn.get("said") or [] if s.get("text")]
    if not said or len(said) != len(turn.get("bindings") or said):
        return ""
    answers = {s.get("answer") for s in said}
    changes = [c for c in turn.get("changed") or [] if c.get("text")]
    if answers <= {"true", "false"}:   # settled: what it establishes instead of what is said now
        if not all(c.get("then") == "true" or c.get("now") == "true" and c.get("then") in ("false", "absent")
                   for c in changes):
            return ""
        held = list(dict.fromkeys(str(c["text"]) for c in changes if c.get("then") == "true"))
        return "; ".join(held[:MAX_THEN_ROWS]) if 0 < len(held) <= MAX_THEN_ROWS else ""
    texts = list(dict.fromkeys(str(s["text"]) for s in said))
    missing = [str(m) for m in turn.get("missing") or []]
    if answers != {"undetermined"} or len(texts) > MAX_THEN_ROWS or not 0 < len(missing) <= MAX_THEN_ROWS \
            or len({t.partition(": ")[0] for t in texts}) != 1:
        return ""
    return _or_rows(texts) + f", depending on {' and on '.join(missing)}"


def _or_rows(texts: list) -> str:
    """Open rows said as alternatives, a shared lead said once ('the forfeiture ...: not less than
    $386.00 ..., or not less than $604.00 ...')."""
    leads = {t.partition(": ")[0] for t in texts}
    if len(texts) > 1 and len(leads) == 1 and all(": " in t for t in texts):
        return f"{texts[0].partition(': ')[0]}: " + ", or ".join(t.partition(": ")[2] for t in texts)
    return "; or ".join(texts)


def _paired_changes(changes: list) -> list:
    """The rows another reading answers otherwise, each said by _change, but a row lost and a row
    gained about the same thing (the same words before ': ') said as one: 'the permit-condition
    forfeiture for operating the engine lowboy ... would be not less than $5,750.00 nor more than
    $5,900.00 instead of not less than $6,940.00 nor more than $7,140.00' (trainer review 15, 12:
    'it would be no longer established that X: A; established that X: B' read as two facts)."""
    def lead(c: dict) -> str:
        head, colon, _ = str(c["text"]).partition(": ")
        return head if colon else ""
    lost = {lead(c): c for c in changes if c.get("now") == "true" and c.get("then") != "true" and lead(c)}
    gained = {lead(c): c for c in changes if c.get("then") == "true" and c.get("now") != "true" and lead(c)}
    pairs = {k for k in lost if k in gained and list(lost).count(k) == 1
             and sum(lead(c) == k for c in changes) == 2}
    out = []
    for c in changes:
        k = lead(c)
        if k in pairs and c is gained[k]:
            was, then = str(lost[k]["text"]).partition(": ")[2], str(c["text"]).partition(": ")[2]
            out.append(f"{k} would be {then} instead of {was}")
        elif not (k in pairs and c is lost[k]):
            out.append(_change(c))
    return out


def _change(change: dict) -> str:
    """One row another reading answers otherwise: 'established that X', 'undetermined whether X', 'no
    longer established that X', 'settled that it is not so that X'."""
    text, now, then = change["text"], change.get("now"), change.get("then")
    if then == "true":
        return f"established that {text}"
    if then == "undetermined":
        return f"undetermined {whether(text)}"
    if now == "true":
        return f"no longer established that {text}"
    return f"no longer open {whether(text)}"


def _answer_line(answer, cleared=frozenset()) -> str:
    """CLEARED: the parties a line of their own says have none (no_row_lines), not named again."""
    heads = answer_heads(answer)
    if answer.answer == "not_applicable":
        return full_stop(f"{heads['not_applicable']}: "
                    + (getattr(answer, "not_applicable", "") or "the question does not apply to the case"))
    if argued_each(answer):   # each entity argued on its own: the counts, then each one's answer
        saved = getattr(answer, "saved", None)
        return each_line(answer, getattr(saved, "subject", "") or "entity")
    absent = no_row_lines(answer) if answer.answer != "false" else []
    if absent and cases_by_entity(answer):   # each entity's own cases say it: the whole split adds nothing
        rest = open_part(answer)
        return " ".join(absent + ([rest] if rest else []))
    if absent:   # the rows found, then each entity of the question's kind with none
        # a party with none is said once: its 'None for ...' line, never 'No violation of s. X in it'
        # before it too (trainer review 16, 09: 'No violation of s. 350.10(1)(g) in the son's ride.
        # None for the son's ride: ...')
        cleared = {r.get("entity") for r in getattr(answer, "each", None) or []
                   if r.get("part") is not None and not r.get("argued")}
        return " ".join([full_stop(answer_line(_without_each(answer), cleared))] + merge_not_shown(absent))
    g = answer.proof  # the recorded proof: reading it needs no networkx (tests/cli/test_lazy_imports.py)
    root_id = g.graph["root"]
    by_cases = g.nodes[root_id].get("kind") == "cases" and answer.answer in ("true", "false")
    rows = list(getattr(answer, "bindings", None) or [])
    entries = [e for e in getattr(answer, "undetermined", None) or [] if "more" not in e]
    if by_cases and answer.answer == "true" and rows and not any(b.get("answer") == "true" for b in rows) \
            and entries and all(e.get("holes") and e.get("value_open") for e in entries):
        # some row holds in every case, but no row's values are decided (an amount the excerpt does
        # not give): a case's own values are a split's stand-ins, never said as the answer
        rest = open_part(answer)
        if rest:
            return f"{heads['true']}, {cases_qualifier(g, root_id)}, though no row of it is decided. {rest}"
    if by_cases:   # the cases say what each row turns on: no open rows said again beside them
        line = _cases_line(answer, g, root_id, heads)
    else:
        line = _line(answer, g, root_id, heads)
    if answer.answer == "false" and g.graph.get("assumed_short"):   # what decides it: the case names no one
        return full_stop(f"{line.rstrip('.')}: {g.graph['assumed_short']}")
    if answer.answer == "true" and not by_cases:   # what it establishes, what it rules out, what stays open
        known = getattr(getattr(answer, "case", None), "names", None) or {}
        nots = " ".join(f"No violation of {cite(c)} in {_or_list(known.get(e, e) for e in subjects)}."
                        for c, subjects in ((c, [e for e in subjects if e not in cleared])
                                            for c, subjects in not_violated(answer)) if subjects)
        rest = open_part(answer)
        if rest or nots:
            return " ".join(x for x in (full_stop(line), nots, rest) if x)
    return line


def _line(answer, g, root_id, heads) -> str:
    root = g.nodes[root_id]
    word = answer.answer
    instances = in_case_order(answer, g, [c for c in _kids(g, root_id) if g.edges[root_id, c].get("role") == "instance"])
    if word == "true":
        if root.get("sentence"):
            # a yes that one of several rules gives on its own terms says them (review 7, 12: 'yes —
            # to its destination', 'yes — $50 forfeiture for failure to reload')
            return full_stop(f"{heads['true']}: " + with_provision(g, root_id, reason=_on_terms(g, root_id)))
        held = [c for c in instances if g.nodes[c].get("status") == "true"]
        counted = _counted_line(answer, g, held)
        if counted:
            return counted
        said = _once(with_provision(g, c, reason=_on_terms(g, c)) for c in held)
        if said:
            return full_stop(cap_first("; ".join(said)))
        return "Yes."
    if word == "false":
        reasons = [with_provision(g, x, nearly=True) for x in defeating_atoms(g, root_id)]
        # 'None' answers a 'which ...?' question; a question about one row is answered 'No'; a how-much
        # question ('what forfeiture ...?') 'None', never 'No' (trainer review 14, 12 and G2)
        closed = "No" if heads["false"] == "None" else heads["false"]
        if (root.get("open_absent") or "").partition("|")[0]:
            closed = "None"
        if reasons:
            return full_stop(f"{closed}: " + "; ".join(reasons))
        if root.get("sentence"):
            negative = root.get("negative") or f"it does not follow that {root['sentence']}"
            shared = shared_failed_fact(g, root_id)
            # every way fails on one fact the case gives: said with the no, so that a 'no' on a fact
            # the provision presupposes (a truck never weighed) never reads as the provision's
            # verdict on it (review 15, 3: 'may not proceed' for a truck that drove past the scale)
            return full_stop(f"{closed}: {negative}" + (f", because {shared}" if shared else ""))
        if root.get("open_absent"):
            # a 'which ...?' question answered with nobody: 'None: ...' (queries/owner_liable.yaml)
            head = heads["false"] if heads["false"] == "None" else "No"
            failed = _the_failed_condition(g, root_id)
            subject = root["open_absent"].partition("|")[2]
            if failed and head == "None" and not root["open_absent"].partition("|")[0] \
                    and not subject.startswith("any "):   # the parties named: not 'any person ...'
                # the one condition that fails, first (review 6, 04: 'None. The counts arise from different rides')
                return full_stop(f"None: {failed}, so the facts stated do not show that "
                                 f"{root['open_absent'].partition('|')[2]}")
            noun = root["open_absent"].partition("|")[0]
            near = _defeated_line(answer, g, root_id) if noun else ""
            if near:
                return near
            absent = f"{noun}|{root['only']}" if noun and root.get("only") else root["open_absent"]
            line = _nothing_follows(absent, considered(answer), head, none_words(str(root.get("pred") or "")),
                                    str(root.get("named") or ""))
            failing = common_failure(g, root_id) if noun and root.get("only") else []
            if failing:   # the case's one vehicle: what every way fails on, said of it (review 7, 07)
                rest = line.removeprefix("No ").rsplit(" from the facts for ", 1)[0]
                return f"None: {'; '.join(failing)}; no {rest}."
            return line
        if root.get("open_sentence"):
            return full_stop("No: it does not follow from the facts and the encoded provisions that "
                        + root["open_sentence"])
        return "No: nothing in the case satisfies the question."
    open_instances = [c for c in instances if g.nodes[c].get("status") == "undetermined"]
    unraised = unraised_rows(answer)
    if unraised:   # rows the case does not raise: said once after the rest, never as 'Possibly' rows
        keys = {tuple(str(v) for v in (e.get("binding") or {}).values()) for e in unraised}
        open_instances = [c for c in open_instances if tuple(label_args(g.nodes[c])) not in keys]
        tail = " " + " ".join(unraised_lines(answer, unraised))
        if not open_instances and not any(e.get("holes") for e in getattr(answer, "undetermined", None) or []):
            return tail.strip()
    else:
        tail = ""
    split = engaged_split(answer)
    left_out = 0
    if split is not None:   # only the rows of the provisions the case's facts engage; the rest counted
        cited = list(getattr(answer, "engaged", None) or [])
        kept = [c for c in open_instances if any(of_engaged(a, cited) for a in label_args(g.nodes[c]))
                or not any(_CITE.match(a) for a in label_args(g.nodes[c]))]
        left_out = len(open_instances) - len(kept)
        open_instances = kept
    branched = by_row(getattr(answer, "branches", None) or [])
    if unraised:   # a row the case does not raise is said once as such, never as its branches
        quiet = [{str(v) for v in (e.get("binding") or {}).values()} for e in unraised]
        branched = [b for b in branched if {str(v) for v in (b[0].get("row") or {}).values()} not in quiet]
    if branched:   # the rows said as their branches below are not listed again (matched on the
        # parties they name: an amount's label is in dollars, its row in cents)
        rows = [{str(v) for v in (b[0].get("row") or {}).values() if isinstance(v, str)}
                or {str(v) for v in (b[0].get("row") or {}).values()} for b in branched]
        open_instances = [c for c in open_instances if not any(r <= set(label_args(g.nodes[c])) for r in rows)]
    if len(answer.bindings) == 1 and not branched \
            and not any(t in PRIMITIVE_TYPES for t in (getattr(answer, "types", None) or {}).values()):
        # the question's one subject left open: 'Possibly: the ride violated no provision ...' would
        # only say the question's yes, leaning to it (trainer review 10, item 2); what decides it is said
        open_instances = []
    said = _once(with_provision(g, c, reason=False) for c in open_instances)
    # the rows left out counted in words, never as 'rows' (trainer review 13: 'Possibly:  2 rows')
    more = f" and {left_out} more under the provisions not examined" if said and left_out else ""
    possibly = (" Possibly: " + "; ".join(s.replace("it is undetermined whether ", "").replace(APPLIES, ": ", 1)
                                         for s in said) + more + ".") \
        if said else (f" The provisions not examined could add up to {left_out} more to this answer." if left_out else "")
    if branched:   # each way the unstated facts can go, with whom it binds: never 'Possibly: ...' for those
        # rows that turn on the same yes-or-no facts: one outcome per way they go (review 14, 07)
        grid = outcome_grid(branched, none_words(str(root.get("pred") or "")))
        possibly = " " + (grid or " ".join(branches_sentence(b) for b in branched)) + possibly
    entries = getattr(answer, "undetermined", None) or []
    if not answer.missing or any(e.get("holes") for e in entries):
        # a subdivision missing from the excerpt, or no unstated fact named: say which and why
        rest = open_part(answer)
        if rest:
            return rest + possibly
        why = getattr(answer, "exact_reason", "") or g.graph.get("exact_reason", "")
        if not answer.missing:
            return (f"Undetermined: the three-valued evaluation leaves it open and names no unstated fact "
                    f"that decides it{f' ({why})' if why else ''}.{possibly}")
    if split is not None:   # a report: the facts of the provisions its facts engage first, the rest in one line
        return split + possibly + tail
    only = unraised_only(answer)
    return f"Undetermined: depends on {missing_phrase([m for m in answer.missing if m not in only])}.{possibly}{tail}"


def by_row(branches) -> list:
    """The branches of each open row, in the answer's order of rows."""
    rows: dict = {}
    for b in branches:
        rows.setdefault(repr(sorted((b.get("row") or {}).items())), []).append(b)
    return list(rows.values())


_NOT_A_RANGE = re.compile(r"^the (?P<noun>[\w ]+?) for (?P<who>.+?) is not a range of .*$")


def branches_sentence(branches) -> str:
    """An undetermined answer's branches (answer.branches, explain/cases.py) as one sentence: 'If the
    distance ... is 150 feet or less, Kelly Weber (the operator) violated s. 350.10(1)(g) in the ride;
    if not, Kelly Weber (the operator) violated no provision of the ch. 350 excerpt (ss. 350.02 to
    350.101) in the ride.' Two branches: the second is 'if not'. '' for none."""
    if len(branches) < 2:
        return ""
    persons = list(dict.fromkeys(
        f"{v['offender_name']} (the {v['role']})" for b in branches for v in b.get("violations") or ()
        if v.get("offender_name") and v.get("role")))
    places = {v.get("in_name") for b in branches for v in b.get("violations") or ()}
    within = next(iter(places)) if len(places) == 1 else ""
    # the place said as the branches that find a violation say it: the case's one ride not named there
    # (glosses.offence_place) is not named in the branch that finds none either
    named = any(f" in {within}" in b["says"] for b in branches if b.get("violations")) if within else True
    clauses = []
    for i, b in enumerate(branches):
        says = b["says"] if b.get("violations") else none_by(b["says"], persons, within or "", named)
        # an amount a branch does not give: none follows, never 'the forfeiture for X is not a range of ...'
        says = _NOT_A_RANGE.sub(lambda m: f"no {m['noun']} follows for {m['who']}", says)
        if i == 1 and len(branches) == 2:
            clauses.append(otherwise_clause(says))
        else:
            clauses.append(branch_clause(b["condition"], says, first=not i))
    return full_stop("; ".join(clauses))


_ONE = re.compile(r"^(?P<who>.+?) (?P<verb>has|had) one (?P<noun>\w+) (?P<rest>.+)$")


def _counted_line(answer, g, held: list) -> str:
    """A counting question's answer (a saved question with `count: true`): each subject's total, then
    what each counts for, said once after the list (trainer review 13, G7: 'two convictions count'
    never said; 'for sentencing and for counting convictions under s. 350.11(3)(a)2 and 3' printed
    after every conviction): 'Dale Peters: two convictions count (s. 350.101(1)(a), (d); s.
    350.101(1)(b), (d)): one for the January ride under par. (a) alone; one for the March ride under
    par. (b) alone; each for sentencing and for counting convictions under s. 350.11(3)(a)2 and 3 (not
    in the excerpt).' '' where the rows do not each say 'X has one NOUN ...'."""
    saved = getattr(answer, "saved", None)
    if not getattr(saved, "count", False) or len(held) < 2:
        return ""   # one row says its one conviction itself ('Erin Moss has one conviction for ...')
    rows = []
    for c in held:
        m = _ONE.match(gloss(g.nodes[c]))
        if not m:
            return ""
        rows.append((m["who"], m["noun"], m["rest"], c, m["verb"]))
    if len({noun for _, noun, _, _, _ in rows}) != 1:
        return ""
    noun = rows[0][1]
    rests = [rest for _, _, rest, _, _ in rows]
    tail = _shared_tail(rests)
    if tail:
        rests = [r[: -len(tail)] for r in rests]
    by_who: dict = {}
    for (who, _, _, c, verb), rest in zip(rows, rests):
        by_who.setdefault(who, []).append((rest, c, verb))
    said = []
    for who, items in by_who.items():
        cites = list(dict.fromkeys(p for p in (_cited_of(g, c) for _, c, _ in items) if p))
        n = len(items)
        total = f"{count_words(n)} {noun}{'s' if n != 1 else ''} count{'' if n != 1 else 's'}"
        where = f" ({'; '.join(cites)})" if cites else ""
        if n == 1:   # 'Lee Ortiz has one conviction for the March 9 ride under par. (b) alone (s. ...)'
            said.append(f"{who} {items[0][2]} one {noun} {items[0][0]}{where}")
            continue
        said.append(f"{who}: {total}{where}: " + "; ".join(f"one {rest}" for rest, _, _ in items))
    line = "; ".join(said)
    if tail:
        line += f"; each {tail.lstrip(', ')}"
    return full_stop(cap_first(line))


def _shared_tail(texts: list) -> str:
    """The clause after a comma that every text ends with (', for sentencing and ...'), '' if none."""
    if len(texts) < 1:
        return ""
    first = texts[0]
    for i, ch in enumerate(first):
        if first.startswith(", ", i):
            tail = first[i:]
            if all(t.endswith(tail) and len(t) > len(tail) for t in texts):
                return tail
    return ""


def _cited_of(g, nid) -> str:
    """The citation of the provision that concludes nid ('350.101(1)(a)'), with the siblings its
    answer line cites beside it, as with_provision cites them."""
    provision, rule = _rule_provision(g, nid)
    also = _not_reached_in_section(g, rule, provision) if provision else []
    if not provision:
        return ""
    return cite_with(provision, also) if also else cite(provision)


def _once(clauses) -> list:
    """Open rows said one after another, whom each would be imposed on said once after the last when
    it is the same for all ('...; the case does not name the person to be prosecuted, where practicable, under s. 348.20(1)');
    when it is the same for a run of them, and the others say none (the fifth vehicle reloaded: no
    forfeiture), once after that run: 'for each of these, ...' (trainer review 5, item 11: the
    sentence printed four times in one answer)."""
    said = list(clauses)
    tailed = [i for i, c in enumerate(said) if "; " in c]
    # the note on the listed priors beside the s. 348.20(1) person (glosses.penalty_clause) is said
    # once with it, whether or not each row lists a prior (trainer review 16, G1)
    note = f", {PRIORS_NOT_SHOWN}"
    tails = {said[i].rpartition("; ")[2].removesuffix(note) for i in tailed}
    noted = any(said[i].endswith(note) for i in tailed)
    tail = next(iter(tails)) + (note if noted else "") if len(tails) == 1 and len(tailed) > 1 else ""
    if not tail.startswith(("the case does not name ", "imposed on ", "to be ")):
        return said
    if tailed != list(range(tailed[0], tailed[-1] + 1)):   # not one run: each says its own
        return said
    whole = len(tailed) == len(said)
    each = (f"each {tail}" if whole else f"each of these {tail}") if tail.startswith(("imposed on ", "to be ")) \
        else (f"for each, {tail}" if whole else f"for each of these, {tail}")
    out = [c.rpartition("; ")[0] if i in tailed else c for i, c in enumerate(said)]
    out[tailed[-1]] = f"{out[tailed[-1]]}; {each}"
    return out


def engaged_split(answer):
    """An undetermined answer on a case whose stated facts engage some provisions while it turns on
    facts of others too (answer/engaged.py), in three parts: the open engaged provisions with the
    facts to find out ('Undetermined, on s. 350.09(1) and s. 350.10(1)(g): it depends on X; Y; Z and
    W.'), what the stated facts settle (a violation an exception defeats: 'On the stated facts the ride
    home did not violate s. 350.02(4): the exception of s. 350.02(2)(a)6 applies.'), and the rest in one
    line ('The case states nothing on the facts of s. 350.05 (Operation by youthful operators
    restricted), ... and the rest of ss. 350.09 and 350.10; none is argued.'), never a count of
    provisions and facts listed below (trainer review 13, 07: '20 provisions, their 33 facts listed
    below'). None when every deciding fact is of an engaged provision, or none is."""
    cited = list(getattr(answer, "engaged", None) or [])
    only = unraised_only(answer)   # the facts only of rows the case does not raise: said apart
    inputs = [m for m in getattr(answer, "missing_inputs", None) or [] if m.get("decides", True)
              and m.get("question") not in only]
    if not cited or not inputs:
        return None
    inside = [m for m in inputs if of_engaged(m.get("provision", ""), cited)]
    outside = [m for m in inputs if m not in inside]
    if not outside or not inside and len(outside) == len(inputs) and not _decided_engaged(answer, cited):
        return None
    provisions = list(dict.fromkeys(m.get("provision", "") for m in outside if m.get("provision")))
    if not provisions or not _sections_of(provisions):
        return None
    ours = _sections_of(cited)
    rest = states_nothing(provisions, cited, 0 if inside else len(outside), asks_next(answer))
    settled = excepted_line(answer)
    engaged_cites = "s. " + ours[0] if len(ours) == 1 else "ss. " + ", ".join(ours[:-1]) + f" and {ours[-1]}"
    if inside:
        opened = list(dict.fromkeys(m.get("provision", "") for m in inside if m.get("provision")))
        on = (cite(opened[0]) if len(opened) == 1 else "ss. " + and_words([c for c in opened])) if opened \
            else f"the provisions the case's facts engage (in {engaged_cites})"
        questions = list(dict.fromkeys(m["question"] for m in inside))
        facts = and_words(questions) if len(questions) <= MAX_CHECKLIST else missing_phrase(questions)
        first = f"Undetermined, on {on}: it depends on {facts}."
    else:
        first = (f"Undetermined: the provisions the case's facts engage (in {engaged_cites}) do not decide it "
                 f"on their own.")
    return " ".join(x for x in (first, settled, rest) if x)


MAX_CHECKLIST = 5   # the facts to find out said in full in the answer, up to this many


def and_words(items) -> str:
    """'A', 'A and B', 'A; B; C and D' (the items may hold commas: parts after the first two joined by ';')."""
    items = list(items)
    if len(items) <= 2:
        return " and ".join(items)
    return "; ".join(items[:-1]) + f" and {items[-1]}"


def excepted_line(answer) -> str:
    """What a report's stated facts settle: each violation an exception defeats (answer/engaged.py
    add_excepted, the "excepted" premises of the proof's root), said as 'On the stated facts the ride
    home did not violate s. 350.02(4): the exception of s. 350.02(2)(a)6 applies.'; '' when none."""
    g = getattr(answer, "proof", None)
    if g is None:
        return ""
    root = g.graph.get("root")
    if root is None or root not in g:
        return ""
    said = []
    for c in g.successors(root):
        if g.edges[root, c].get("role") != "excepted" or g.nodes[c].get("status") != "false":
            continue
        args = label_args(g.nodes[c])
        if len(args) != 2 or not _CITE.match(args[1]):
            continue
        exceptions = _applying_exceptions(g, c)
        if not exceptions:
            continue
        who = str((g.graph.get("names") or {}).get(args[0]) or _subject_name(answer, args[0]))
        which = and_words([cite(x) for x in exceptions])
        said.append(f"On the stated facts {who} did not violate {cite(args[1])}: the exception of {which} "
                    f"{'applies' if len(exceptions) == 1 else 'apply'} (argued below).")
    return " ".join(dict.fromkeys(said))


def _subject_name(answer, entity: str) -> str:
    names = getattr(getattr(answer, "case", None), "names", None) or {}
    return str(names.get(entity) or entity)


def _applying_exceptions(g, nid: str) -> list:
    """The citations of the exceptions that defeat a violation false on the stated facts: under each
    rule of it checked and not met, a negation that fails because the atom it negates holds; that
    atom's own rule's provision."""
    out: list = []
    stack = [nid]
    seen: set = set()
    while stack:
        n = stack.pop()
        if n in seen:
            continue
        seen.add(n)
        for c in g.successors(n):
            d = g.nodes[c]
            if d.get("kind") == "negation" and d.get("status") == "false":
                for inner in g.successors(c):
                    if g.nodes[inner].get("status") == "true":
                        for r in g.successors(inner):
                            prov = g.nodes[r].get("provision")
                            if prov and g.nodes[r].get("status") == "true" and prov not in out:
                                out.append(prov)
                                break
            elif str(c).startswith(("rule", "atom:")) and g.nodes[c].get("status") == "false":
                stack.append(c)
    return out


def states_nothing(provisions, cited, listed: int = 0, unlisted: bool = False) -> str:
    """'The case states nothing on the facts of s. 350.05 (Operation by youthful operators
    restricted), s. 350.101 (Intoxicated snowmobiling) and the rest of s. 350.10; none is argued.':
    the sections of the provisions outside the engaged ones, each with its title. listed: where the
    engaged provisions do not decide it alone, the number of those provisions' facts the handout lists
    ('; its 2 facts are listed below')."""
    said = not_examined(provisions, cited, titled=True).replace(
        "not examined: the case states nothing", "The case states nothing", 1)
    if not listed:
        return full_stop(said + "; none is argued")
    where = "not listed" if unlisted else "listed below"
    return full_stop(f"{said}: {'its one fact' if listed == 1 else f'their {listed} facts'} "
                     f"{'is' if listed == 1 else 'are'} {where}")


def asks_next(answer) -> bool:
    """Whether the handout lists what to ask next (prose.answers.ask_next_lines, as the argument's
    rows left open choose it: the open violations of one operation, more than a few) with the case's
    engaged provisions: then only their facts are listed, the rest said in one closing line."""
    from .argument import OPEN_ROWS_INLINE
    entries = [e for e in getattr(answer, "undetermined", None) or [] if "more" not in e]
    return (bool(getattr(answer, "engaged", None)) and len(entries) > OPEN_ROWS_INLINE
            and len({e.get("offence_in") for e in entries}) == 1
            and all(e.get("offence_in") and e.get("value") and "some provision" in str(e.get("pattern") or "")
                    for e in entries))


_CITE = re.compile(r"^\d{3}\.\d+")


def in_case_order(answer, g, nodes: list) -> list:
    """Proof nodes in the order of the case file's entities they are about (truck A, B, C ... as the
    table lists them), not the order of their ids ('log_truck_e' before 'truck_a': trainer review 4);
    a node about no entity of the case keeps its place after them."""
    at = {e: i for i, e in enumerate(getattr(getattr(answer, "case", None), "entities", None) or {})}

    def key(n):
        return min((at[a] for a in label_args(g.nodes[n]) if a in at), default=len(at))
    return sorted(nodes, key=key)   # stable: within an entity, the proof's own order


def label_args(d) -> list:
    """The arguments of a proof node's atom label ('violation(op1, 350.09(1))' -> ['op1', '350.09(1)'])."""
    label = str(d.get("label", ""))
    inner = label[label.find("(") + 1:-1] if "(" in label and label.endswith(")") else ""
    return [a.strip().strip('"') for a in inner.split(", ")] if inner else []


def not_examined(provisions, cited, titled: bool = False) -> str:
    """'not examined: the case states nothing on the facts of s. 350.05 (Operation by youthful
    operators restricted), s. 350.101 (Intoxicated snowmobiling) and the rest of s. 350.10': the
    sections of the provisions outside the engaged ones, with their titles from the statute index."""
    from ..law.index import default_index
    ours = _sections_of(cited)
    index = default_index()
    whole = [sec for sec in _sections_of(provisions) if sec not in ours]
    partly = [sec for sec in _sections_of(provisions) if sec in ours]
    if 0 < len(whole) <= 3 or titled and whole:   # a few sections (or asked so): each with its title
        said = [f"s. {sec} ({(index.get(sec).title or '').rstrip('.')})" if sec in index and index.get(sec).title
                else f"s. {sec}" for sec in whole]
    else:
        said = [f"s. {whole[0]}" if len(whole) == 1 else "ss. " + ", ".join(whole[:-1]) + f" and {whole[-1]}"] \
            if whole else []
    if partly:
        said.append("the rest of " + (f"s. {partly[0]}" if len(partly) == 1
                                      else "ss. " + ", ".join(partly[:-1]) + f" and {partly[-1]}"))
    where = said[0] if len(said) == 1 else ", ".join(said[:-1]) + f" and {said[-1]}"
    return f"not examined: the case states nothing on the facts of {where}"


def _row_cites(e) -> list:
    return [str(v) for v in (e.get("binding") or {}).values() if isinstance(v, str) and _CITE.match(v)]


def _decided_engaged(answer, cited) -> bool:
    return bool(cited)


def _sections_of(citations) -> list:
    """The sections of the citations, once each, in statute order ('350.10(1)(g)' -> '350.10')."""
    found = list(dict.fromkeys(c.split("(", 1)[0] for c in citations if c and " to " not in c))
    def key(sec: str) -> tuple:   # 350.05 < 350.055 < 350.07 < 350.10 < 350.101: the section numbers as decimals
        head, _, tail = sec.partition(".")
        return (int(head) if head.isdigit() else 0, float("0." + tail) if tail.isdigit() else 0.0, sec)
    return sorted(found, key=key)


def not_violated(answer) -> list:
    """[(citation, [subject ids])]: on a report (answer/engaged.py), for each engaged provision some
    party violated or may have violated, the parties of the question's kind with no row for it: the
    case's facts rule the violation out for them ('No violation of s. 350.02(2)(b)4 in ride_a or
    ride_b.', where ride_c violated it). Only for a violations question whose rows are all listed."""
    cited = set(getattr(answer, "engaged", None) or [])
    rows = [b for b in getattr(answer, "bindings", None) or [] if b.get("answer") in ("true", "undetermined")]
    query = str(getattr(answer, "query", "") or "")
    if not cited or not rows or not query.startswith("violation(") \
            or any("more" in e for e in getattr(answer, "undetermined", None) or []):
        return []
    names = [k for k in rows[0] if k != "answer"]
    if len(names) != 2:
        return []
    who, what = names if all(_CITE.match(str(b.get(names[1]))) for b in rows) else names[::-1]
    if not all(_CITE.match(str(b.get(what))) for b in rows):
        return []
    kind = (getattr(answer, "types", None) or {}).get(who, "")
    subjects = [e for e, k in (getattr(getattr(answer, "case", None), "entities", None) or {}).items() if k == kind]
    out = []
    for c in dict.fromkeys(str(b[what]) for b in rows):
        if c not in cited:
            continue
        having = {str(b.get(who)) for b in rows if str(b[what]) == c}
        clear = [e for e in subjects if e not in having]
        if clear:
            out.append((c, clear))
    return out


def _or_list(items) -> str:
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def unraised_rows(answer) -> list:
    """The open rows the case does not raise, said once as not raised by the case (no violation shown
    on the facts stated), never as open rows with facts to find out:

    * a row whose open part no stated fact engages (answer/openrows.py in_issue: `raised` false; the
      38-year-old's ride under s. 350.08, open only on a disability or intoxication nothing in the
      case suggests; a report's lamp, brake and muffler rows for a sled the case never describes);
    * on a TRUE report (answer/engaged.py), a row open only because of facts of a provision the case
      states nothing on: each fact it turns on is read by a provision that neither is engaged nor
      holds an engaged one (one only within an engaged section counts as not raised: the grain
      truck's forfeiture under s. 348.21(2)(a), open only on whether its operator violated s. 348.17 (2),
      where the case's facts engage s. 348.21 through the weight rules).
    Such a row keeps its undetermined answer in the bindings and the JSON (`in_issue` false)."""
    entries = [e for e in getattr(answer, "undetermined", None) or [] if "more" not in e]
    # only a row about a violation, in an operation or incident or by a person (the seller's and the
    # maker's muffler duty of s. 350.09(6) on the dealer's demo day): an amount a case's stated priors
    # leave open between two ranges is open on the facts of its own question, never 'not raised'
    # beside the 'Possibly' that lists it (forfeiture_ranges_outcomes: the (3g)(b) range)
    flagged = [e for e in entries if e.get("raised") is False and not e.get("holes")
               and (e.get("offence_in") or e.get("violation"))]
    cited = list(getattr(answer, "engaged", None) or [])
    if not cited or answer.answer != "true":   # an open answer: its line says what is not examined (engaged_split)
        return flagged
    provision = {m.get("question"): m.get("provision", "") for m in getattr(answer, "missing_inputs", None) or []}

    def raised(c: str) -> bool:
        return not c or any(e == c or (e.startswith(c) and (c.endswith(")") or not e[len(c)].isdigit()))
                            for e in cited)
    return [e for e in entries if e in flagged or (
            e.get("missing") and not e.get("holes") and not e.get("value_open")
            and all(q in provision and not raised(provision[q]) for q in e["missing"]))]


def unraised_only(answer) -> set:
    """The facts to find out only for rows the case does not raise (unraised_rows): left out of what
    the answer depends on and of what to ask next."""
    unraised = unraised_rows(answer)
    rows = [e for e in getattr(answer, "undetermined", None) or [] if "more" not in e]
    kept = {q for e in rows if e not in unraised for q in e.get("missing") or []}
    return ({q for e in unraised for q in e.get("missing") or []}
            | {q for e in rows for q in e.get("not_in_issue") or []}) - kept


MAX_NAMED_UNRAISED = 6   # provisions not raised for the same parties named one by one; more, by their sections


def not_raised_line(answer, rows) -> str:
    """The rows the case does not raise whose open part no stated fact engages, said once: 'Not raised
    by the case: s. 350.08 (the lake and the same trail). The case states nothing about them, so no
    violation is shown on the facts stated.' Where the answer is
    undetermined only because of them, it says so ('Undetermined only on provisions the case does
    not raise: ...'): never an open verdict turned into a settled one unsaid."""
    from .sentences import entity_text
    labels = getattr(getattr(answer, "case", None), "names", None) or {}
    places: dict[str, list[str]] = {}
    for e in rows:
        where = e.get("offence_in") or (e.get("args") or [None])[0]
        cites = _row_cites(e) or list(e.get("provisions") or [])
        for c in cites or [""]:
            said = entity_text(where, None, labels) if where else ""
            if said and said not in places.setdefault(c, []):
                places[c].append(said)
    if not places:
        return ""
    entities = getattr(getattr(answer, "case", None), "entities", None) or {}
    kind = {k for e in rows for v in (e.get("binding") or {}).values() for k in [entities.get(str(v))]
            if k == "operation" or k == "vehicle"}
    total = {entity_text(x, None, labels) for x, k in entities.items() if k in kind} if len(kind) == 1 else set()
    groups: dict[tuple, list[str]] = {}
    for c, ps in places.items():
        groups.setdefault(tuple(ps), []).append(c)
    parts = []
    for at, group in groups.items():
        cs = [c for c in statute_order(group) if c] if all(group) else [c for c in group if c]
        secs = _sections_of(cs)
        law = (cite(cs[0]) if len(cs) == 1 else "ss. " + and_list([c for c in cs]) if len(cs) <= MAX_NAMED_UNRAISED
               else f"{len(cs)} provisions of {'s. ' + secs[0] if len(secs) == 1 else 'ss. ' + and_list(secs)}") \
            if cs else "the provision asked about"
        where = ("each " + _kind_noun(answer, rows)) if len(total) > 1 and set(at) == total and _kind_noun(answer, rows) \
            else and_list(list(at))
        parts.append(f"{law} ({where})")
    # the facts of a row in issue that no stated fact engages, said as not raised beside it
    apart = [(entity_text(e.get("offence_in"), None, labels), e["not_in_issue"])
             for e in getattr(answer, "undetermined", None) or [] if "more" not in e and e.get("not_in_issue")]
    also = "".join(f" Not raised by the case either, for {where}: {_and_whether(qs)}."
                   for where, qs in apart if where)
    open_else = any(e not in rows for e in getattr(answer, "undetermined", None) or [] if "more" not in e)
    lead = ("Undetermined only on provisions the case does not raise" if answer.answer == "undetermined"
            and not open_else else "Not raised by the case")
    return (f"{lead}: {'; '.join(parts)} — the case states nothing about "
            f"{'it' if len(places) == 1 else 'them'}, so no violation is shown on the facts stated.{also}")


def _and_whether(questions) -> str:
    """'whether A and whether B' -> 'whether A or B' is not safe; the questions joined with 'and'."""
    return and_list(list(questions))


def _kind_noun(answer, rows) -> str:
    """The noun of the rows' places ('ride' for operations), '' when they are of several kinds."""
    entities = getattr(getattr(answer, "case", None), "entities", None) or {}
    kinds = {k for e in rows for v in (e.get("binding") or {}).values() for k in [entities.get(str(v))]
             if k in ("operation", "vehicle")}
    return {"operation": "ride", "vehicle": "vehicle"}.get(next(iter(kinds)), "") if len(kinds) == 1 else ""


def _unraised_facts(answer, e) -> tuple:
    """(the provisions whose facts the row turns on, cited; those facts named when two or fewer, else '')."""
    provision = {m.get("question"): m.get("provision", "") for m in getattr(answer, "missing_inputs", None) or []}
    cites = [cite(c) for c in dict.fromkeys(provision[q] for q in e["missing"] if provision.get(q))]
    where = " and ".join(cites)
    return where, "; ".join(e["missing"]) if len(e["missing"]) <= 2 else ""


def unraised_line(answer, e) -> str:
    """'Not examined for grain_truck: the case states nothing on the facts of s. 348.21(2)(a) its row turns
    on (whether the operator of grain_truck violated s. 348.17 (2)).'"""
    where, facts = _unraised_facts(answer, e)
    return full_stop(f"Not examined for {e.get('subject') or 'this row'}: the case states nothing on the facts"
                     f"{' of ' + where if where else ''} its row turns on{f' ({facts})' if facts else ''}")


def unraised_cell(answer, e) -> str:
    """The table's cell for such a row: 'not raised by the case: it states nothing on whether ...'."""
    where, facts = _unraised_facts(answer, e)
    return f"not raised by the case: it states nothing on {facts or 'the facts of ' + (where or 'the provision')}"


def of_engaged(citation: str, cited) -> bool:
    """The provision is engaged, within an engaged one, or holds one (answer/engaged.py of_engaged)."""
    def within(a: str, b: str) -> bool:
        return a == b or (a.startswith(b) and (b.endswith(")") or not a[len(b)].isdigit()))
    return bool(citation) and any(within(citation, e) or within(e, citation) for e in cited)


MAX_CASES_SAID = 3   # cases whose own conclusion the short answer states (a proof by cases)


def case_leaves(g, nid, labels=()):
    """(labels, conclusion node) of each case of a proof by cases, nested splits flattened:
    (('if the person charged in count2 was found guilty',), 'case:.../counted_conviction(...)')."""
    d = g.nodes[nid]
    if d.get("kind") == "cases":
        for c in _kids(g, nid):
            for sub in _kids(g, c):
                yield from case_leaves(g, sub, labels + (g.nodes[c].get("label", ""),))
    elif d.get("kind") != "elided":
        yield labels, nid


def cases_qualifier(g, root_id) -> str:
    """'whether or not the person charged in count2 was found guilty'; for several facts split on,
    each named when there are two, else their number."""
    splits = list(dict.fromkeys(d.get("sentence", "") for _, d in g.nodes(data=True)
                                if d.get("kind") == "cases" and d.get("sentence")))
    if len(splits) == 1:
        return splits[0]
    if len(splits) == 2:
        return f"{splits[0]}, and {splits[1]}"
    return f"however the {len(splits)} facts the case leaves unstated turn out"


def _holding(g, nid) -> list:
    """The TRUE instance nodes of a case's conclusion (an open question's rows in that case)."""
    return [c for c in _kids(g, nid) if g.edges[nid, c].get("role") == "instance" and g.nodes[c].get("status") == "true"]


def answer_same(answer, g, root_id) -> bool:
    """Whether every case of a proof by cases concludes the same (a FALSE answer always does; a TRUE
    one when each case has the same rows)."""
    if answer.answer != "true":
        return True
    said = []
    for _, nid in case_leaves(g, root_id):
        said.append(sorted(gloss(g.nodes[c]) for c in _holding(g, nid)))
    return all(s == said[0] for s in said)


def _cases_line(answer, g, root_id, heads) -> str:
    """A proof by cases: the answer holds in every case. A closed question says its conclusion once,
    with what it holds over ('No: op1 did not ..., whether or not ...'); an open one says what holds
    in every case, and what differs, case by case ('if so, ...; if not, ...')."""
    word = answer.answer
    qualifier = cases_qualifier(g, root_id)
    leaves = list(case_leaves(g, root_id))
    if not leaves:
        return full_stop(f"{heads[word]}, {qualifier}")
    first = leaves[0][1]
    d = g.nodes[first]
    if word == "false" or d.get("sentence"):
        line = _line(answer, g, first, heads).rstrip(".")
        if word == "false" and g.graph.get("assumed_short"):   # the reason is added after it (answer_line)
            return full_stop(line)
        return full_stop(f"{line}, {qualifier}")
    per_case = []
    for labels, nid in leaves:
        per_case.append((labels, [with_provision(g, c, reason=False) for c in _holding(g, nid)]))
    common = [s for s in per_case[0][1] if all(s in said for _, said in per_case)]
    if all(said == common for _, said in per_case):
        return full_stop(cap_first("; ".join(common) or heads[word]) + f", {qualifier}")   # no sentence to say: 'Yes, ...'
    one, rest = _one_case_apart(per_case)
    if one:   # one case holds apart, the others alike: 'If A and if B, X; if not, Y' (never Y said twice);
        # each says what holds, and its facts are those split on: no 'Yes, whether or not ...' before it
        shown = [f"{' and '.join(one[0])}, " + "; ".join(one[1]), "if not, " + "; ".join(rest)]
        return full_stop(cap_first("; ".join(shown)))
    if len(per_case) > MAX_CASES_SAID:   # many cases: what may hold, and what it depends on
        union = _subject_once(_one_of_amounts(list(dict.fromkeys(s for _, said in per_case for s in said))))
        said = "; or ".join(union)   # an amount among several: no 'Yes:' before it ('the fee ... is $35.00, $50.00 or ...')
        return full_stop(cap_first(said) + f", depending on {missing_phrase(answer.missing)}")
    nots = {g.nodes[c].get("label", "") for n, d in g.nodes(data=True)
            if d.get("kind") == "cases" and str(d.get("sentence") or "").startswith("whether or not ")
            for c in _kids(g, n)
            if g.nodes[c].get("label", "") != "if " + d["sentence"].removeprefix("whether or not ")}
    shorts = [_short_label(labels, len(per_case), nots) for labels, _ in per_case]
    if len(set(shorts)) < len(shorts):
        # two cases that are not a fact and its negation (months within or beyond a period): each
        # by its own label, never 'if so, ...; if so, ...' (trainer review 15, 12)
        shorts = [" and ".join(labels) for labels, _ in per_case]
    shown = [f"{short}, " + "; ".join(said) for short, (labels, said) in zip(shorts, per_case) if said]
    if qualifier.startswith("whether or not "):   # no 'Yes' before it: 'which convictions count?' is no yes/no question
        return full_stop(f"{TURNS_ON}{qualifier.replace('whether or not ', 'whether ', 1)}: " + "; ".join(shown))
    return full_stop(f"{heads['true']}, {qualifier}, though what holds differs by case: " + "; ".join(shown))


TURNS_ON = "What holds turns on "   # a proof by cases that concludes differently in each: 'What holds turns on whether X: if so, ...'


_AMOUNT = re.compile(r"\$[\d,]+\.\d\d")


def _subject_once(sentences) -> list:
    """Alternatives that say the same subject before their value ('the forfeiture ... of the log
    truck: $50.00 (...)', 'the forfeiture ... of the log truck: not less than ...') with the subject
    said at the first of them only: '...: $50.00 (...); or not less than ...'."""
    out, seen = [], set()
    for s in sentences:
        subject, sep, value = s.partition(": ")
        if sep and "(" not in subject and subject in seen:
            out.append(value)
            continue
        if sep and "(" not in subject:
            seen.add(subject)
        out.append(s)
    return out


def _one_of_amounts(sentences) -> list:
    """Sentences that differ only in one amount read as one: 'the fee for crane_permit is $350.00,
    $410.00, $440.00 or $500.00 (s. 348.25(8)(b))'."""
    groups: dict = {}
    for s in sentences:
        amounts = _AMOUNT.findall(s)
        key = _AMOUNT.sub("$", s) if len(amounts) == 1 else s
        groups.setdefault(key, []).append((amounts, s))
    out = []
    for key, members in groups.items():
        if len(members) == 1:
            out.append(members[0][1])
            continue
        values = sorted({m[0][0] for m in members}, key=lambda a: float(a[1:].replace(",", "")))
        either = ", ".join(values[:-1]) + f" or {values[-1]}"
        out.append(key.replace("$", either, 1))
    return out


def _one_case_apart(per_case) -> tuple:
    """Of three or more cases, the one whose conclusion differs when every other concludes alike:
    ((its labels, its sentences), the others' sentences); (None, []) otherwise. The others are then
    said once, as 'if not' (trainer review: the log truck's what-if said the $350.00 to $450.00 of
    s. 348.21(3g)(a) twice, for a prior affirmed too late and for one not affirmed)."""
    if len(per_case) < 3:
        return None, []
    groups: dict = {}
    for labels, said in per_case:
        groups.setdefault(tuple(said), []).append(labels)
    if len(groups) != 2 or not all(groups):
        return None, []
    (alone, labels), (others, _) = sorted(groups.items(), key=lambda kv: len(kv[1]))
    if len(labels) != 1:
        return None, []
    return (labels[0], list(alone)), list(others)


def _short_label(labels, n, nots=frozenset()) -> str:
    """'if so' / 'if not' for the two cases of one yes-or-no fact (nots: the labels of its 'no'
    cases, in the law's negative words, explain/cases.py case_label); else the cases' own labels."""
    if n == 2 and len(labels) == 1:
        return "if not" if labels[0] in nots or labels[0].startswith("if it is not so that") else "if so"
    return " and ".join(labels)


def missing_groups(answer) -> list:
    """[(provision, [question, ...])]: the facts that would decide it, grouped by the provision that
    needs them; the groups in the order of their best-ranked fact, the facts ranked within a group
    (the deciding ones first: engine/exact/split.py, engine/exact/deciding.py). A question with a note (a fact
    only a subdivision missing from the excerpt reads) carries it. provision "" when none is known."""
    wanted = {q: i for i, q in enumerate(answer.missing)}
    groups: dict = {}
    for m in sorted((m for m in getattr(answer, "missing_inputs", None) or [] if m.get("question") in wanted),
                    key=lambda m: wanted[m.get("question")]):
        line = m["question"] + (f" ({m['note']})" if m.get("note") else "")
        group = groups.setdefault(m.get("provision") or "", [])
        if line not in group:
            group.append(line)
    if not groups and answer.missing:
        groups[""] = list(answer.missing)
    return list(groups.items())


def considered(answer) -> list:
    """Every provision whose rule the proof tried (applied or not), sorted."""
    out = set()
    for _, d in answer.proof.nodes(data=True):
        if d.get("kind") == "rule" and not d.get("helper") and d.get("provision"):
            out.add(d["provision"])
    return sorted(out)


def citations(answer) -> tuple:
    """(provisions, 'applied' | 'considered'): what a TRUE answer rests on; for a FALSE or
    undetermined one, every provision the proof considered."""
    if answer.answer == "true":
        return statute_order(answer.cited), "applied"
    return considered(answer), "considered"


# -- what a relation's answer leaves undetermined (answer/openrows.py) -------------
MAX_VALUES_SAID = 3    # values of one group named in the short answer ('s. 350.02(2)(b)1, ... and 24 more')
_SOME = re.compile(r"\bsome (\w+)")


def _not_in_excerpt(holes) -> str:
    """'s. 348.25(8)(b)3.a is not in the excerpt' (several: 'ss. ... are not')."""
    cits = [h["citation"] for h in holes]
    if len(cits) == 1:
        return f"{cite(cits[0])} is not in the excerpt"
    return "ss. " + ", ".join(cits[:-1]) + f" and {cits[-1]} are not in the excerpt"


def _subject_phrase(e) -> str:
    """What one undetermined row is about, as a clause: 'whether op1 violated s. 350.02(2)(b)1';
    a value question whose value is open: 'the fee for annual_88k'."""
    noun, _, subject = (e.get("absent") or "").partition("|")
    if e.get("value_open") and noun and subject:
        return f"the {noun} for {subject}"
    return f"whether {e.get('sentence') or e.get('pattern')}"


def open_row_line(e) -> str:
    """One undetermined row and what would decide it: 'whether op1 violated s. 350.02(4): whether
    op1 took place on the main-traveled portion of a highway; ...'; with a subdivision missing from
    the excerpt, 'no fee is computed for annual_88k: s. 348.25(8)(b)3.a is not in the excerpt
    (...); it would take: ...'; with neither, why the row is only approximate."""
    if "more" in e:
        n = e["more"]
        return f"{n:,} more undetermined {'row' if n == 1 else 'rows'}, each answered in the bindings; ask about one of them for its reasons"
    return _open_text(_subject_phrase(e), [e], conditioned(e), list(e.get("holes") or []), every=True)


def conditioned(e) -> list:
    """An open row's facts that would decide it, each that matters only given others said so
    ('if the operator of the tanker may reload under s. 348.21(2)(b), whether ...')."""
    given = e.get("given") or {}
    missing = list(e.get("missing") or [])
    if _one_party(missing):   # a condition that holds of whoever the unnamed party is is not said
        return [given_said([c for c in given.get(f) or () if not _UNNAMED.search(c)]) + f
                for f in that_party(missing)]
    return [given_said(given.get(f)) + f for f in missing]


def _one_party(missing) -> str:
    party = [f for f in missing if not f.startswith("whether ")]
    return party[0] if len(party) == 1 and party[0].startswith("the ") else ""


def that_party(missing) -> list:
    """An open row's facts, where one of them names the row's one party the case does not name ('the
    person holding the authority ... under which the yard truck was operated'): the other facts say
    it as that party, never 'an unnamed carrier' ('whether the principal business of that person,
    whom the case does not name, is leasing vehicles ...'; trainer review 13, 12: 'if an unnamed
    carrier holds ..., whether the principal business of an unnamed carrier ...')."""
    missing = list(missing or [])
    party = _one_party(missing)
    if not party:
        return missing
    that = f"that {party.split()[1]}, {UNNAMED_WHOM}"
    return [f if f == party else _UNNAMED.sub(lambda m: that + ("," if m.end() < len(f) else ""), f, count=1)
            for f in missing]


_UNNAMED = re.compile(r"\ban? unnamed \w+")


def open_violation_lines(entries) -> list:
    """The open violations in one operation, one line each: 's. 350.02(2)(b)6: the speed of ...; the
    roadway speed limit ...'; whom a provision binds is said where it is not the person most of them
    bind ('s. 350.08, as to the owner or person in charge or control: ...'). The heading and the
    answer say whose operation it is ('whether any of 27 provisions was violated in the ride')."""
    from collections import Counter
    rows = [e for e in entries if "more" not in e]
    common = Counter(e.get("offender_said", "") for e in rows).most_common(1)[0][0] if rows else ""
    out = []
    for e in rows:
        head = e["value"] if e["value"].startswith("s") else cite(e["value"])
        if e.get("offender_said") and e["offender_said"] != common:
            head += f", as to {e['offender_said']}"
        facts = conditioned(e)
        holes = list(e.get("holes") or [])
        text = f"{head}: {_not_in_excerpt(holes)}" if holes else head
        if facts:
            text += (": " if not holes else "; it would take: ") + "; ".join(facts)
        elif not holes:
            why = e.get("approximate") or ""
            text += f" (approximate: {why})" if why else ""
        out.append(text)
    more = sum(e["more"] for e in entries if "more" in e)
    if more:
        out.append(open_row_line({"more": more}))
    return out


class AskLine(str):
    """A line of the facts to ask about next (a report's open provisions said by fact): the fact,
    with the provisions it would decide (`provisions`)."""
    provisions: tuple = ()

    def __new__(cls, text: str, provisions: tuple = ()) -> "AskLine":
        made = super().__new__(cls, text)
        made.provisions = tuple(provisions)
        return made


class FurtherLine(AskLine):
    """The closing line of what to ask next: the facts not listed (`facts`), which would decide
    only the provisions (`provisions`) nothing the case states touches."""
    facts: tuple = ()

    def __new__(cls, text: str, provisions: tuple = (), facts: tuple = ()) -> "FurtherLine":
        made = str.__new__(cls, text)
        made.provisions = tuple(provisions)
        made.facts = tuple(facts)
        return made


def cites_said(cites) -> str:
    """'s. 350.08'; 'ss. 350.05(1), 350.05(2) and 350.08' (several provisions, 'ss.' said once)."""
    from .argument import and_list
    cites = list(cites)
    return cites[0] if len(cites) == 1 else "ss. " + and_list([c.removeprefix("s. ") for c in cites])


def further_facts_line(provisions: int) -> str:
    """The closing line of what to ask next, for the facts that would decide only provisions the
    case's stated facts do not touch. It names them as the answer does ('the provisions not
    examined'), without a count: the answer counts the provisions whose facts are missing, its
    'Possibly' the open rows, and a third number here read as a contradiction."""
    del provisions
    return ("The other facts the case does not state would matter only to the provisions not examined, which "
            "nothing the case states touches: ask about them only if something points to them")


def given_said(conditions) -> str:
    """'if the kid was over the age of 12 years but under the age of 16 years, ' before a fact that
    matters only given those (trainer review 9, 1: the certificate facts of s. 350.05(2) matter only
    for a rider of 12 to 15); '' for a fact that matters as it stands."""
    from .argument import and_list
    return f"if {and_list(list(conditions))}, " if conditions else ""


def ask_next_lines(entries, engaged=()) -> list:
    """A report's open provisions as what to ask next: one line per fact the case does not state,
    each with the provisions it would decide, in the order the provisions first need them ('the age
    in years of Taylor Johnson (ss. 350.05(1), 350.05(2), 350.08 and 350.101(1)(c))'), never one line
    per provision repeating a fact for each (trainer review 7, 01: 27 entries, five of them only 'the
    snowmobile used in the ride'). A provision open for want of a passage of the excerpt keeps its
    own line. A fact that matters only given others says so first, with the conditions every
    provision it would decide puts on it (answer/openrows.py `given`): 'if the kid was over the age
    of 12 years but under the age of 16 years, whether the kid holds ...'.

    engaged: the provisions the case's stated facts engage (answer/engaged.py). With some, only the
    facts that would decide one of them are listed, the rest said in one closing line with the
    provisions they would decide counted (trainer review 8, 01: 42 lines, three pages, for a ride
    whose stated facts touch two of the open provisions); with none, every fact is listed."""
    rows = [e for e in entries if "more" not in e]
    facts: dict = {}
    given: dict = {}   # fact -> the conditions every provision it would decide puts on it
    out: list = []
    for e in rows:
        c = e["value"] if e["value"].startswith("s") else cite(e["value"])
        if e.get("holes"):
            out.append(AskLine(open_violation_lines([e])[0], (c,)))
            continue
        for f in e.get("missing") or []:
            if c not in facts.setdefault(f, []):
                facts[f].append(c)
            conds = list((e.get("given") or {}).get(f) or ())
            given[f] = conds if f not in given else [x for x in given[f] if x in conds]
    cited = list(engaged or ())

    def touched(cs) -> bool:
        return any(of_engaged(c.removeprefix("s. "), cited) for c in cs)
    asked = {f: cs for f, cs in facts.items() if touched(cs)} if cited else facts
    if not asked:   # nothing open is engaged: the whole list, not one line over nothing
        asked = facts
    rest = {f: cs for f, cs in facts.items() if f not in asked}
    out = [AskLine(f"{given_said(given.get(f))}{f} ({cites_said(cs)})", tuple(cs)) for f, cs in asked.items()] + out
    if rest:
        others = tuple(dict.fromkeys(c for cs in rest.values() for c in cs if not touched([c])))
        out.append(FurtherLine(further_facts_line(len(others)), others, tuple(rest)))
    more = sum(e["more"] for e in entries if "more" in e)
    if more:
        out.append(OpenLine(open_row_line({"more": more}), more))
    return out


class OpenLine(str):
    """A line of the rows left open that stands for `rows` of them (a line said once for three rides
    stands for three; the line that leads a group, for none): open_rows_pointer counts by it."""
    rows: int = 1

    def __new__(cls, text: str, rows: int = 1) -> "OpenLine":
        made = super().__new__(cls, text)
        made.rows = rows
        return made


def _named(text: str, name: str, said: str) -> str:
    """The text with the name (a whole name: 'the first ride' not inside 'the first rider') said as `said`."""
    return re.sub(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])", said, text) if name else text


def _noun_of(name: str) -> str:
    """The noun an operation's name says it by: 'the first ride' and 'ride A' (a case's own letter
    or number label) both 'ride'."""
    words = name.split()
    if len(words) > 1 and (len(words[-1]) == 1 and words[-1].isupper() or words[-1].isdigit()):
        return words[-2]
    return words[-1] if words else name


def open_violation_lines_each(entries) -> list | None:
    """The open violations in several operations, said once for the operations they are open in:
    the lines of each operation (open_violation_lines) with the operation read as 'the ride' and its
    offender as his role ('the operator'); a line the same for several operations is listed once,
    under a line naming them ('Each of the first ride, the second ride and the third ride ("the ride"
    below):'). None when the operations share no noun (a ride and a trip) to say them by."""
    rows = [e for e in entries if "more" not in e]
    ops: list = []
    for e in rows:
        if e["offence_in"] not in ops:
            ops.append(e["offence_in"])
    nouns = {_noun_of(op) for op in ops}
    if len(ops) < 2 or len(nouns) != 1:
        return None
    generic = f"the {nouns.pop()}"

    def persons(op):
        """{name: role} of the persons the operation's rows name with their role ('the first rider
        (the operator)'): each is said by the role in every row of the operation."""
        out = {}
        for e in rows:
            person, _, role = (e.get("offender_said") or "").partition(" (")
            if e["offence_in"] == op and role.startswith("the ") and role.endswith(")"):
                out.setdefault(person, role[:-1])
        return out

    def neutral(e, named):
        out = dict(e)
        said = [_named(t, e["offence_in"], generic) for t in [e.get("offender_said") or ""] + list(e.get("missing") or [])]
        for person, role in sorted(named.items(), key=lambda pr: -len(pr[0])):
            said = [role if t == f"{person} ({role})" else _named(t, person, role) for t in said]
        out["offender_said"], out["missing"] = said[0], said[1:]
        return out
    lines_of: dict = {}   # neutral line -> the operations it is open in
    order: list = []
    for op in ops:
        for line in open_violation_lines([neutral(e, persons(op)) for e in rows if e["offence_in"] == op]):
            if line not in lines_of:
                lines_of[line] = []
                order.append(line)
            lines_of[line].append(op)
    groups: dict = {}
    for line in order:
        groups.setdefault(tuple(lines_of[line]), []).append(line)
    out: list = []
    for who, lines in sorted(groups.items(), key=lambda g: -len(g[0])):
        named = who[0] if len(who) == 1 else ", ".join(who[:-1]) + f" and {who[-1]}"
        lead = f"Each of {named}" if len(who) > 1 else named[:1].upper() + named[1:]
        out.append(OpenLine(f"{lead} (\u201c{generic}\u201d below):", 0))
        out += [OpenLine(line, len(who)) for line in lines]
    more = sum(e["more"] for e in entries if "more" in e)
    if more:
        out.append(OpenLine(open_row_line({"more": more}), more))
    return out


def _outside_range(facts, subject: str) -> str:
    """The one amount that the two bounds a provision outside the excerpt would give name ('the least
    forfeiture for operating the second vehicle, ..., without a permit (a penalty outside the excerpt)'
    and 'the greatest ...'), said once, the subject as 'it': 'the forfeiture for operating it, ...,
    without a permit'; '' where the facts are not such a pair."""
    if len(facts) != 2:
        return ""
    bare = [re.sub(r"\s*\([^()]*outside the excerpt\)$", "", str(f)) for f in facts]
    least, greatest = (re.match(r"the (?:least|lowest|smallest) (.+)$", bare[0]),
                       re.match(r"the (?:greatest|highest|largest) (.+)$", bare[1]))
    if not least or not greatest or least.group(1) != greatest.group(1) or bare == list(facts):
        return ""
    said = least.group(1)
    if subject:
        said = re.sub(rf"(?<![\w']){re.escape(subject)}(?![\w'])", "it", said, count=1)
    return f"the {said}"


def _open_text(head, rows, facts, holes, every=False) -> str:
    noun, _, subject = (rows[0].get("absent") or "").partition("|")
    outside = _outside_range(facts, subject) if holes and not every and noun and subject and len(rows) == 1 \
        and rows[0].get("value_open") else ""
    if outside:   # the amount is the penalty the excerpt lacks: said so, once, in words (trainer review 13:
                  # 'it would take: the least forfeiture ...; the greatest forfeiture ...')
        cites = "; ".join(cite(h["citation"]) for h in holes)
        return f"the {noun} for {subject} is {outside} ({cites}), {OUTSIDE_LACKED}"
    if holes and rows[0].get("value_open") and noun and subject and len(rows) == 1:
        text = f"no {noun} is computed for {subject}: {_not_in_excerpt(holes)}"
    elif holes:
        text = f"{head}: {_not_in_excerpt(holes)}"
    else:
        text = head
    if holes and every:
        text += " (" + "; ".join(h["why"].rstrip(".") for h in holes) + ")"
    if facts:
        said = "; ".join(facts) if every else missing_phrase(facts)
        verb = "it would take" if holes else ("which turn on" if len(rows) > 1 else "which turns on")
        text += f"; {verb}: {said}" if holes else f", {verb}: {said}"
    elif not holes:
        why = next((r.get("approximate") for r in rows if r.get("approximate")), "")
        text += f" (approximate: {why})" if why else ""
    return text


def _common_values(pattern: str, values: list) -> tuple:
    """The pattern with each open place all rows agree on filled in, and each row's values at the
    places that differ: two rows about one incident with two paragraphs read 'a conviction of Dale
    Peters for the February 3 ride (some value) ...' with ['a', 'a and b'] (they read 'any of 2
    incidents')."""
    places = list(_SOME.finditer(pattern))
    parts = [v.split(", ") for v in values]
    if not places or not parts or any(len(p) != len(places) for p in parts):
        return pattern, values
    same = [i for i in range(len(places)) if len({p[i] for p in parts}) == 1]
    if not same or len(same) == len(places):
        return pattern, values
    for i in reversed(same):   # right to left: the earlier places' offsets stay right
        pattern = pattern[:places[i].start()] + parts[0][i] + pattern[places[i].end():]
    return pattern, [", ".join(p[i] for i in range(len(places)) if i not in same) for p in parts]


def open_noun(e) -> str:
    """What an open row's amount is, with the section it is under: 'forfeiture under s. 348.21' (from
    'the forfeiture under s. 348.21 for the weight violation of the steel hauler: ...'); its noun
    alone where the sentence names no section; 'amount' where the row says neither."""
    noun = (e.get("absent") or "").partition("|")[0]
    head = str(e.get("pattern") or e.get("sentence") or "").partition(": ")[0]
    found = re.search(r"\b" + re.escape(noun) + r" under ss?\. [\w().,]+?(?= for | of |$)", head) if noun else None
    return found.group(0) if found else noun or "amount"


def one_fact_open(rows, facts, holes) -> bool:
    """An amount open among several candidates, every one of which turns on the same facts the case
    does not state: said as those facts, never as the candidates (trainer review 7, 08: five bracket
    ranges and 'another amount' of the steel hauler, all on its missing weight)."""
    return (len(rows) > 1 and not holes and bool(facts) and bool((rows[0].get("absent") or "").partition("|")[0])
            and all(list(r.get("missing") or []) == facts for r in rows)
            and not _SOME.search(rows[0].get("pattern") or ""))


def open_groups(entries) -> list:
    """The undetermined rows grouped by what they are about (one entity, the other values open), in
    the bindings' order: [(clause, rows, facts, holes)]. 'whether op1 violated any of 27 provisions
    (s. 350.02(2)(b)1, s. 350.02(2)(b)6, s. 350.02(4) and 24 more)' for a group of several rows."""
    groups: dict = {}
    for e in entries:
        if "more" in e:
            continue
        key = (e.get("subject"), e.get("pattern") if not e.get("value_open") else e.get("sentence"))
        groups.setdefault(key, []).append(e)
    out = []
    for rows in groups.values():
        facts, holes = [], []
        for r in rows:
            facts += [f for f in that_party(r.get("missing")) if f not in facts]
            holes += [h for h in r.get("holes") or [] if h not in holes]
        if len(rows) == 1:
            head = _subject_phrase(rows[0])
        elif one_fact_open(rows, facts, holes):
            subject = (rows[0].get("absent") or "").partition("|")[2] or rows[0].get("subject") or ""
            head = open_amount_line(open_noun(rows[0]), subject, facts)
            facts = []
        else:
            pattern = rows[0].get("pattern") or ""
            pattern, rows_values = _common_values(pattern, [r.get("value") or "" for r in rows])
            m = _SOME.search(pattern)
            cited = "some provision" in pattern
            values = [cite(v) if cited else v for v in rows_values if v]
            named = ", ".join(values[:MAX_VALUES_SAID])
            if len(values) > MAX_VALUES_SAID:
                named += f" and {len(values) - MAX_VALUES_SAID} more"
            sentences = [r.get("sentence") or "" for r in rows]
            if m and not cited and all(sentences) and len(rows) <= MAX_VALUES_SAID and one_of_words(sentences):
                # a few alternatives, each in its words, what they share said once: 'whether the friend has
                # one conviction for the ride back under par. (a) alone; pars. (a) and (b), merged; or par. (b)
                # alone, for sentencing ...' (not 'under any of 3 paragraphs (a, a and b, b)')
                # and none of them, where each is false when the facts it turns on are not so (the
                # friend acquitted on both counts: no conviction; trainer review 13, 10)
                head, named = "whether " + one_of_words(sentences, none=all(
                    r.get("none_if_unknown_false") for r in rows)), ""
            elif m and all(r.get("offence_in") for r in rows):   # violations binding several persons
                head = f"whether any of {len(rows)} {m.group(1)}s was violated in {rows[0]['offence_in']}"
            elif m:
                head = "whether " + pattern[:m.start()] + f"any of {len(rows)} {m.group(1)}s" + pattern[m.end():]
            else:
                head = f"whether {pattern} ({len(rows)} rows)"
            known = sorted((r for r in rows if not r.get("value_open") and r.get("sentence")),   # smallest first
                           key=lambda r: [v for v in (r.get("binding") or {}).values()
                                          if isinstance(v, (int, float)) and not isinstance(v, bool)])
            if not m and known:   # each value said in its sentence, not as codes
                head = "whether " + _one_of_sentences([r["sentence"] for r in known])
                if len(known) < len(rows):   # a row whose values the facts do not fix
                    head += f", or another {'amount' if 'amount' in pattern else 'value'} the facts leave open"
                named = ""
            if named:
                head += f" ({named})"
        out.append((head, rows, facts, holes))
    return out


def _merged_by_subject(groups: list) -> list:
    """Open groups that differ only in the operation they are about ('whether any of 4 provisions was
    violated in the first operation (...)' three times) said once: 'whether any of 4 provisions was
    violated in the first operation, the second operation or the third operation (...)'."""
    out: list = []
    index: dict = {}
    for head, rows, facts, holes in groups:
        where = rows[0].get("offence_in") if all(r.get("offence_in") for r in rows) else None
        marker = f" was violated in {where}" if where else ""
        if not where or marker not in head or holes:
            out.append((head, rows, facts, holes, []))
            continue
        key = head.replace(marker, " was violated in \0")
        if key in index:
            out[index[key]][4].append(where)
            continue
        index[key] = len(out)
        out.append((key, rows, facts, holes, [where]))
    merged = []
    for head, rows, facts, holes, places in out:
        if places:
            said = places[0] if len(places) == 1 else ", ".join(places[:-1]) + " or " + places[-1]
            head = head.replace("\0", said)
        merged.append((head, rows, facts, holes))
    return merged


def open_amount_line(noun: str, subject: str, facts) -> str:
    """'no forfeiture under s. 348.21 can be computed for the steel hauler: the case does not state
    the weight in pounds found for the steel hauler on weighing (...)'."""
    from .argument import and_list
    facts = list(facts)
    said = and_list(facts) if len(facts) <= 3 else and_list(facts[:2]) + f" and {len(facts) - 2:,} more facts"
    return f"no {noun} can be computed{' for ' + subject if subject else ''}: the case does not state {said}"


def one_of_words(sentences: list, none: bool = False) -> str:
    """Sentences that differ in one stretch said once, the stretches as alternatives: 'X under par.
    (a) alone; pars. (a) and (b), merged; or par. (b) alone, for sentencing ...'; '' where they share
    too little before or after (then each is said in full)."""
    prefix = os.path.commonprefix(sentences)
    prefix = prefix[:prefix.rfind(" ") + 1]
    suffix = os.path.commonprefix([x[::-1] for x in sentences])[::-1]
    cut = suffix.find(", ")
    suffix = suffix[cut:] if cut >= 0 else ""
    middles = [x[len(prefix):len(x) - len(suffix)] for x in sentences]
    if len(prefix) < 12 or not all(middles) or len(set(middles)) < len(middles):
        return ""
    if none:   # the completion where none holds is possible too: '...; par. (b) alone; or none'
        return prefix + "; ".join(middles) + "; or none" + suffix
    return prefix + "; ".join(middles[:-1]) + f"; or {middles[-1]}" + suffix


def _one_of_sentences(sentences: list) -> str:
    """Open rows about one thing, each value said: 'the forfeiture ... of the steel hauler: not less
    than $50.00 nor more than $100.00; or not less than $140.00 nor more than $290.00; ...' (what they
    share up to its ': ' said once; past MAX_VALUES_SAID, 'and N more')."""
    shown = sentences[:MAX_VALUES_SAID]
    more = f"; and {len(sentences) - len(shown)} more" if len(sentences) > len(shown) else ""
    prefix = os.path.commonprefix(shown) if len(shown) > 1 else ""
    cut = prefix.rfind(": ")
    if cut > 0:
        lead = shown[0][:cut + 2]
        return lead + "; or ".join(x[cut + 2:] for x in shown) + more
    return "; or ".join(shown) + more


def beside_found(answer, e) -> bool:
    """An open row that is a further amount, for an entity the answer finds an amount for, that only
    a provision outside the excerpt would give (the lowboy: a forfeiture found under s. 348.25(2)(a),
    a size penalty under s. 348.11 not in the excerpt): said 'Not decided here', not as open."""
    if not (e.get("holes") and e.get("value_open") and e.get("args")):
        return False
    found = {str(v) for b in getattr(answer, "bindings", None) or [] if b.get("answer") == "true"
             for v in b.values() if isinstance(v, str) and v != "true"}
    return answer.answer == "true" and str(e["args"][0]) in found


def not_decided_line(groups) -> str:
    """What the excerpt leaves undecided beside an amount the answer finds, in one sentence of its
    own: 'Not decided here: if the lowboy or its load also exceeds the maximum limitations on size
    or projection of load imposed by ch. 348, a forfeiture for the lowboy under s. 348.11 (not in
    the excerpt) may also apply.' -- never 'Undetermined: no forfeiture is computed for the lowboy'
    right after the forfeiture found (review 4, 07: a trainee read that there was no forfeiture)."""
    said = []
    for _head, rows, facts, holes in groups:
        noun, _, subject = (rows[0].get("absent") or "").partition("|")
        cites = " and ".join(cite(h["citation"]) for h in holes)
        what = f"a {noun or 'penalty'} for {subject} under {cites} (not in the excerpt)" if subject \
            else f"{cites} (not in the excerpt)"
        cond = next((f for f in facts if f.startswith("whether ")), "")
        if cond:
            verb = cond[len("whether "):]
            verb = re.sub(r"^(.+?) (exceeds|exceeded|is|was|has|had) ", r"\1 also \2 ", verb, count=1)
            said.append(f"if {verb}, {what} may also apply")
        else:
            said.append(f"{what} may also apply")
    return full_stop("Not decided here: " + "; ".join(said)) if said else ""


_IN_ENTITY = re.compile(r"^(whether .+? violated (?:s|ss)\. \S+(?: and \S+)?) in ([^;,]+)$")


def _same_point_once(parts: list) -> list:
    """One open point said once for the parties it is open for: 'whether the owner ... violated
    s. 350.08 in the 23:15 ride, the 06:55 ride or the 22:20 ride', not one clause per ride (review 6,
    09: four clauses differing only in the ride)."""
    heads: dict[str, list[str]] = {}
    for p in parts:
        m = _IN_ENTITY.match(p)
        if m:
            heads.setdefault(m.group(1), []).append(m.group(2))
    out: list = []
    done: set = set()
    for p in parts:
        m = _IN_ENTITY.match(p)
        if not m or len(heads.get(m.group(1), ())) < 2:
            out.append(p)
        elif m.group(1) not in done:
            who = heads[m.group(1)]
            out.append(f"{m.group(1)} in {', '.join(who[:-1])} or {who[-1]}")
            done.add(m.group(1))
    return out


def _row_entity(e, entity: str, name: str) -> bool:
    return e.get("subject") in (entity, name) or entity in {str(v) for v in (e.get("binding") or {}).values()}


def party_branches(answer, entries) -> tuple[list, list]:
    """(sentences, entries left): each party whose rows are open, asked on its own, whose open row
    the split decides both ways on the facts the case does not state, said as both ways, each with
    its result, and what the case does not state ('The third vehicle: if the time of day at which
    the third vehicle was operated is before 09:00 or after 15:00, the forfeiture ...: not less than
    $2,075.00 nor more than $2,225.00 (s. 348.21(3)(b)1); if not, no forfeiture under s. 348.21
    follows; the case does not state the time of day ...'), never 'Undetermined: whether the
    forfeiture ...: not less than ..., which turns on: ...' (trainer review 14, 12); its rows are
    taken out of the entries."""
    said: list = []
    for row in getattr(answer, "each", None) or []:
        opened = row.get("open_part")
        branches = list(getattr(opened, "branches", None) or []) if opened is not None else []
        entity, name = str(row.get("entity")), str(row.get("name") or row.get("entity"))
        own = [e for e in entries if "more" not in e and _row_entity(e, entity, name)]
        if len(by_row(branches)) != 1 or len(branches) < 2 or not own:
            continue
        noun = open_noun(own[0])
        valued = bool((own[0].get("absent") or "").partition("|")[0])
        # who is prosecuted is said once by the answer's own line, never again inside a branch
        ways = [{**b, "says": b["says"].split("; to be prosecuted")[0]} if b["answer"] == "true" or not valued
                else {**b, "says": f"no {noun} follows", "violations": []} for b in branches]
        facts = list(dict.fromkeys(str(w.get("fact")) for b in branches for w in b.get("when") or []))
        sentence = branches_sentence(ways).rstrip(".")
        said.append(f"{cap_first(name)}: {sentence[:1].lower()}{sentence[1:]}; "
                    f"the case does not state {and_list(facts)}.")
        entries = [e for e in entries if e not in own]
    return said, entries


def open_part(answer) -> str:
    """'Undetermined: whether op1 violated any of 27 provisions (...), which turn on: ...; no fee is computed
    for annual_88k: s. 348.25(8)(b)3.a is not in the excerpt; it would take: ...' -- what a relation's
    answer leaves open beside what it establishes; '' when every row is decided."""
    unraised = unraised_rows(answer)
    entries = [e for e in getattr(answer, "undetermined", None) or [] if e not in unraised]
    branched, entries = party_branches(answer, entries)
    cited = list(getattr(answer, "engaged", None) or [])
    outside: list = []
    if cited:   # a report: the rows of the provisions the case's facts engage; the rest in one line
        inside = [e for e in entries if "more" in e or not _row_cites(e) or e.get("raised")
                  or any(of_engaged(c, cited) for c in _row_cites(e))]
        if inside and len(inside) < len(entries) and _sections_of(
                [c for e in entries if e not in inside for c in _row_cites(e)]):
            outside = [e for e in entries if e not in inside]
            entries = inside
    groups = open_groups(entries)
    # beside an amount found for an entity, a further amount for the same entity only a provision
    # outside the excerpt would give (the lowboy's forfeiture found; a size penalty under s. 348.11):
    # said apart, never as 'no forfeiture is computed' right after the amount found
    apart = [gr for gr in groups if gr[3] and all(beside_found(answer, r) for r in gr[1])]
    groups = [gr for gr in groups if gr not in apart]
    if len(groups) > 1:   # several things open: each said once, what decides them listed below the answer
        parts = [_open_text(head, rows, [], holes) for head, rows, facts, holes in _merged_by_subject(groups)]
        listed = any(facts for _, _, facts, _ in groups)
    else:
        listed = False
        parts = [_open_text(head, rows, facts, holes) for head, rows, facts, holes in groups]
    parts = _same_point_once(parts)
    if outside:
        provisions = list(dict.fromkeys(c for e in outside for c in _row_cites(e)))
        parts.append(f"{not_examined(provisions, cited)} — {len(provisions)} more provision"
                     f"{'' if len(provisions) == 1 else 's'} left open (listed below)")
    more = sum(e["more"] for e in entries if "more" in e)
    if more:
        parts.append(f"and {more:,} more undetermined {'row' if more == 1 else 'rows'} (in the bindings)")
    said = ("Undetermined: " + "; ".join(parts) + ".") if parts else ""
    said += (" The facts that would decide each are listed below." if said and listed else "")
    said = " ".join(x for x in [said] + branched if x)
    if apart:
        said = " ".join(x for x in (said, not_decided_line(apart)) if x)
    return " ".join(x for x in [said] + unraised_lines(answer, unraised) if x)


def unraised_lines(answer, unraised) -> list:
    """The lines for the rows the case does not raise: those no stated fact engages once
    (not_raised_line), the rest each its own 'Not examined for ...' (unraised_line)."""
    flagged = [e for e in unraised if e.get("raised") is False]
    return ([not_raised_line(answer, flagged)] if flagged else []) + \
        [unraised_line(answer, e) for e in unraised if e not in flagged]


# -- a saved question about each entity of a kind (answer/each.py) -----------------------------------
def _without_each(answer):
    """The same answer without its entity rows (its own line, before the entities it has no row for)."""
    from ..core.record import replace
    # a party asked on its own whose open row the split decides both ways is kept: its own line says
    # both ways (party_branches)
    kept = [r for r in getattr(answer, "each", None) or []
            if r.get("open_part") is not None and getattr(r["open_part"], "branches", None)]
    return replace(answer, each=kept, parts=[], otherwise=[])


def argued_each(answer) -> bool:
    """The answer argues each entity on its own: a yes/no question about each entity whose
    entities' answers differ (answer/each.py)."""
    rows = getattr(answer, "each", None) or []
    return bool(rows) and all(r.get("argued") for r in rows)


def kind_plural(kind: str, n: int) -> str:
    """'operation' -> '2 operations' ('1 operation')."""
    noun = kind.replace("_", " ")
    return f"{n:,} {noun}" if n == 1 else f"{n:,} {noun}s"


def each_entry(row, heads) -> str:
    """One entity's answer in a sentence: its own answer line, led by its name where the line does
    not name it ('The second ride: unlawful — Alex Berg (the operator) violated s. 350.02(2)(b)4
    in the second ride (...)')."""
    part = row.get("part")
    word = heads.get(row["answer"], row["answer"])
    if part is None:
        return full_stop(f"{cap_first(row['name'])}: {word[:1].lower() + word[1:]}")
    line = answer_line(part)
    head = heads.get(part.answer, "")
    if head and line.startswith(head + ": "):
        line = line[len(head) + 2:]
        if row["answer"] == "true" and line.lower().startswith(str(row["name"]).lower() + " "):
            return full_stop(cap_first(line))   # 'the ride was lawful ...': it says it
        # a 'no' or open line that begins with the name gives a reason, not the answer: the answer
        # leads ('Grain_truck_4: no — grain_truck_4 exceeded ...', never the reason alone)
        if says_answer(line):   # the reason says the answer in words: no bare "no" before it
            return full_stop(f"{cap_first(row['name'])}: {line[:1].lower() + line[1:]}")
        return full_stop(f"{cap_first(row['name'])}: {word[:1].lower() + word[1:]} — {line[:1].lower() + line[1:] if not _named_first(line) else line}")
    if line.lower().startswith(str(row["name"]).lower()):
        return full_stop(line)
    return full_stop(f"{cap_first(row['name'])}: {line[:1].lower() + line[1:] if not _named_first(line) else line}")


IN_WORDS = (" in place of the duty of s. 348.19(2)(a)",)


def says_answer(line: str) -> bool:
    """The reason says the answer itself ('s. 348.21(2)(b) let the operator of the first
    vehicle reload or go on, in place of the duty of s. 348.19(2)(a)'): a "no" before it reads as "did not meet
    the duty" (trainer review 10, the reloaded truck), so the row says the reason alone."""
    return any(w in line for w in IN_WORDS)


def reason_said(part) -> str:
    """One entity's "no" said by what happened where its reason says the answer in words ('s.
    348.21(2)(b) let the operator of the first vehicle reload or go on, in place of the duty of s.
    348.19(2)(a) (the operator of the first vehicle reloaded it within the limits, so no forfeiture may
    be imposed)'): the table's cell then says it, never a bare "no" that reads as "did not meet the
    duty" (trainer review 10, the reloaded truck). '' for any other answer."""
    line = answer_line(part)
    head = answer_heads(part).get(part.answer, "")
    if head and line.startswith(head + ": "):
        line = line[len(head) + 2:]
    return full_stop(line).rstrip(".") if says_answer(line) else ""


def _named_first(line: str) -> bool:
    """The line begins with a name ('Alex Berg (the operator) violated ...'): kept capitalised."""
    first = line.split(" ", 1)[0]
    return bool(first[:1].isupper() and first[1:2].islower() and first not in ("The", "No", "Yes", "Not", "Undetermined"))


def each_summary(answer, kind: str) -> str:
    """'Of 2 operations: 1 unlawful, 1 lawful.' — the count of each answer, the deciding first."""
    heads = answer_heads(answer)
    rows = getattr(answer, "each", None) or []
    counts: dict[str, int] = {}
    for r in rows:
        counts[r["answer"]] = counts.get(r["answer"], 0) + 1
    order = [a for a in ("false", "undetermined", "true") if counts.get(a)]
    said = ", ".join(f"{counts[a]:,} {heads[a].lower()}" for a in order)
    return f"Of {kind_plural(kind, len(rows))}: {said}."


def each_line(answer, kind: str) -> str:
    """The answer line of a yes/no question about each entity whose answers differ: the counts,
    then each entity's answer in file order."""
    heads = answer_heads(answer)
    return " ".join([each_summary(answer, kind)] + [each_entry(r, heads) for r in answer.each])


def no_row_lines(answer) -> list:
    """The entities a relation's answer has no row for, each with its own answer ('No forfeiture
    under s. 348.21 follows from the facts for the gravel truck.')."""
    return [own_line(r) for r in getattr(answer, "each", None) or []
            if r.get("part") is not None and not r.get("argued")]


_NOT_SHOWN = re.compile(r"^(?P<head>[A-Z][a-z]+): the facts stated do not show that (?P<who>.+?) "
                        r"(?P<rest>violated any provision(?: \(checked under [^()]*\))?)\.$")


def merge_not_shown(lines: list) -> list:
    """Entities with the same 'nothing shown' line said once, together ('None: the facts stated do not
    show that the 13:10 ride or the 13:30 ride violated any provision (checked under ss. ...).'), never
    the same sentence and its list of sections again for each (trainer review 8, 09); other lines as they are."""
    out: list = []
    whom: dict = {}
    for line in lines:
        m = _NOT_SHOWN.match(line)
        named = _NONE_FOR.match(line) if not m else None
        if not m and not named:
            out.append(line)
            continue
        key = (m.group("head"), m.group("rest")) if m else ("None for", named.group("rest"))  # type: ignore[union-attr]
        if key not in whom:
            whom[key] = []
            out.append(key)
        whom[key].append((m or named).group("who"))  # type: ignore[union-attr]
    return [x if isinstance(x, str) else
            f"None for {and_list(list(dict.fromkeys(whom[x])))}: {x[1]}." if x[0] == "None for" else
            f"{x[0]}: the facts stated do not show that {_or_list(dict.fromkeys(whom[x]))} {x[1]}." for x in out]


# a 'which ...?' question's none said of one party (_nothing_follows): 'None for racer a's ride: no provision ...'
_NONE_FOR = re.compile(r"^None for (?P<who>.+?): (?P<rest>.+)\.$")


def cases_by_entity(answer) -> bool:
    """The whole answer is argued by cases (no row of it holds in every world) and some entity's own
    answer is argued by cases: a row of that entity holds in every world, which is all the whole
    split shows, so each entity's own cases are said instead of the whole case analysis."""
    g = getattr(answer, "proof", None)
    rows = getattr(answer, "each", None) or []
    return (g is not None and g.graph.get("root") is not None and g.nodes[g.graph["root"]].get("kind") == "cases"
            and any(r.get("by_cases") for r in rows))


def own_line(row) -> str:
    """An entity's own answer line, where the whole answer has no row of its own for it: said as it is,
    or, for an entity whose rows are each open but one of which holds in every world the case allows,
    said as a sentence that names it ('What holds for Dale Peters turns on whether the person charged
    in count 2 was found guilty: if so, ...; if not, ...'), never a label ('For Dale Peters: yes, ...')."""
    line = full_stop(answer_line(row["part"]))
    named = re.match(r"(?:No|None): (.+); no (.+?) follows\.$", line)
    if named and row.get("name"):   # among the others' lines, what follows first, then why: 'No forfeiture
        # under s. 348.21(2)(a) follows for grain_truck: the operator of grain_truck did not violate ...'
        return f"No {named.group(2)} follows for {row['name']}: {named.group(1)}."
    if row.get("by_cases"):
        return by_cases_line(line, answer_heads(row["part"])["true"], row["name"])
    return line


def by_cases_line(line: str, head: str, name: str) -> str:
    """A line that holds in every case but says something different in each ('Yes, whether or not
    X, though what holds differs by case: if so, ...; if not, ...'), said as a sentence that names
    whom it is about, never with its 'Yes' (which would answer another question, or none: 'Yes' to
    what forfeiture applies): 'What holds for the excavator lowboy turns on whether X: if so, ...;
    if not, ...'. The line as it is when it does not open with the head."""
    if line.startswith(TURNS_ON):   # said already without its head: name whom it is about
        return f"What holds for {name} turns on {line[len(TURNS_ON):]}"
    if not line.startswith(head + ", "):
        return line
    rest = line[len(head) + 2:]
    qualifier, sep, cases = rest.partition(", though what holds differs by case: ")
    if sep and qualifier.startswith("whether or not "):
        return f"What holds for {name} turns on {qualifier.replace('whether or not ', 'whether ', 1)}: {cases}"
    return full_stop(f"{cap_first(rest.rstrip('.'))}, for {name}")


_NOT_ESTABLISHED = ("Undetermined", "No ", "No:", "None:", "Possibly", "The facts that would decide",
                    "The case states nothing")   # nothing established: never said beside another answer


def established_part(short: str) -> str:
    """The sentences of a short answer about several entities that say what is established (the
    TRUE rows: 'The forfeiture ... of the grain truck: not less than $50.00 ...'), without those that
    leave a row open or find nothing ('Undetermined: ...', 'No forfeiture ...'): what a handout says
    beside its own answer. '' when none is established."""
    sentences = re.split(r"(?<=[.)])\s+(?=[A-Z])", short.strip())
    kept = [x for x in sentences if x and not x.startswith(_NOT_ESTABLISHED)
            and not re.match(r"Of [\d,]+ ", x) and not re.search(r": (?:undetermined|no) — ", x)]
    # said beside another question's answer, a row's 'yes' would answer that one ('The gravel truck:
    # yes — the operator of the gravel truck may not proceed' under 'may the operator proceed?':
    # trainer review 7, 12): what is established is said in its own words
    # (the first sentence's is left to the line it is said in, which drops it: prose/argument.py related_line)
    return " ".join(cap_first(x[m.end():]) if i and (m := re.match(r"^[^:—]+: yes — ", x)) else x
                    for i, x in enumerate(kept))


def sentence_about(short: str, name: str) -> str:
    """The sentence of a short answer that is about `name` (it opens with it: 'The young rider was
    found guilty under s. 350.101(1)(c) ...'), without its full stop; '' where none is."""
    for x in re.split(r"(?<=[.)])\s+(?=[A-Z])", short.strip()):
        if name and x.lower().startswith(name.lower() + " "):
            return x.rstrip().rstrip(".")
    return ""


def otherwise_line(lead: str, short: str) -> str:
    """The bottom line's rest, where the question asked is narrower than the case: the law's lead
    (the saved question's `otherwise:`), then what the other question establishes on the same case."""
    return f"{full_stop(lead)} {full_stop(short)}"


def otherwise_part(answer) -> str:
    """The rest of a bottom line narrower than the case (Answer.otherwise, answer/otherwise.py): the
    law's lead, then what the other saved question establishes for each subject the answer says "no"
    for ('No other condition of the permit was violated, so s. 348.25 (2) (b) applies instead: ...
    The forfeiture under s. 348.21 for the weight violation of the yard crane: not less than $125.00
    nor more than $275.00 (s. 348.21(3)(b)1); ...'); '' when there is none."""
    rows = getattr(answer, "otherwise", None) or []
    # said of the subjects it is about, by name: after 'For each ...' it would read as said of all
    # five vehicles (trainer review 8, 12: 'Move 1: no other condition ...'); the subjects whose lead
    # holds only in some cases each with its own condition (review 12, 04)
    from .argument import and_list
    several = len(getattr(answer, "each", None) or []) >= 2   # one subject: the sentence before names it
    groups: dict[str, list] = {}
    for r in rows:
        groups.setdefault(str(r.get("condition") or ""), []).append(r)
    out = []
    for group in groups.values():
        said = [x for x in (otherwise_established(r) for r in group) if x]
        if not said:
            continue
        whom = and_list([str(r.get("name") or r["entity"]) for r in group]) if several else ""
        lead = otherwise_lead(group[0])
        # the subjects lead the law's words as 'For X, ...', not as 'X: ...': the lead has its own
        # colon ('not joined: par. (d) joins ...'), and two read as a label on a label ('The second's
        # ride and the vice's ride: not joined: par. (d) ...', trainer review 16, 10)
        out.append(otherwise_line(f"For {whom}, {lead[:1].lower()}{lead[1:]}" if whom else lead,
                                  " ".join(said)))
    return " ".join(out)


def otherwise_lead(row) -> str:
    """The law's lead of a saved question's `otherwise:` (its `lead:`) as said of one subject: under
    the condition it holds in, where the other answer is argued by cases and the `when:` predicate
    holds in some of them only ('If excavator_permit was in force (...), no other condition of the
    permit was violated, so s. 348.25(2)(b) applies instead: ...'), as it is otherwise."""
    lead = str(row.get("lead") or "")
    condition = str(row.get("condition") or "")
    return f"{cap_first(condition)}, {lead[:1].lower()}{lead[1:]}" if condition else lead


def otherwise_established(row) -> str:
    """What the other saved question establishes about one subject, said beside the lead: a line
    that holds in every case but differs by case said as what it turns on, naming the subject
    ('What holds for excavator_lowboy turns on whether ...: if so, ...; if not, ...'), never with a
    'Yes' that would answer the question about an amount."""
    other = row["answer"]
    line = answer_line(other)
    g = getattr(other, "proof", None)
    if g is not None and g.graph.get("root") is not None and g.nodes[g.graph["root"]].get("kind") == "cases":
        line = by_cases_line(line, answer_heads(other)["true"], str(row.get("name") or row["entity"]))
    return established_part(line)


def cases_condition(holding) -> str:
    """The condition of the cases of an argument by cases given by their labels (case_leaves): 'if
    A' for one case, 'if A and B' for a case of two splits, 'if A, or if B' for several."""
    said = [" and ".join([labels[0]] + [re.sub(r"^if ", "", x) for x in labels[1:]]) for labels in holding if labels]
    return ", or ".join(dict.fromkeys(said))


def elsewhere_part(answer) -> str:
    """One plain sentence where the case's stated facts engage a duty of another party that this
    question leaves out (Answer.elsewhere, answer/otherwise.py): 'Not asked here: the case's facts
    also show a duty of another party than the operator failed under s. 350.047 (the saved question
    municipal_duties answers it).' '' when none."""
    rows = getattr(answer, "elsewhere", None) or []
    if not rows:
        return ""
    said = []
    for r in rows:
        cited = [cite(c) for c in r.get("cited") or []]
        where = (cited[0] if len(cited) == 1 else ", ".join(cited[:-1]) + " and " + cited[-1]) if cited else ""
        said.append(f"{where} (the saved question {r['query']} answers it)")
    return full_stop("Not asked here: the case's facts also show a duty of another party than the operator "
                     "failed under " + ", and under ".join(said))


def total_line(whom: str, cents: int, count: int) -> str:
    """'Total: $2,000.00 (two separate offenses).'; with several subjects, 'Total for North Mill
    Lumber: ...' (review 5, 08: the answer gives the total, not the question's heading; a count
    under ten in words, where a person reads it)."""
    from ..core.values import show_money
    return f"Total{' for ' + whom if whom else ''}: {show_money(cents)} ({count_words(count)} separate offenses)."


_SMALL = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def count_words(n: int) -> str:
    """A count a person reads: under ten in words ('two'), 10 and over in figures ('12', '1,200')."""
    return _SMALL[n] if 0 <= n < len(_SMALL) else f"{n:,}"


def none_listed_findings(g, negation: bool = False) -> list[tuple[str, str]]:
    """[(finding, what)] for each fact of the proof G false because the case lists no entity that
    could make it so (a node's `none_listed`: 'no prior conviction'), with the highest finding above
    it that holds because of it: a false atom said by its negative ('... is a first conviction within
    the 12-month period'), reached through false nodes only; with NEGATION, where no atom says it,
    the negation over them ('first conviction under s. 348.21 (2) (a) ...: the case lists no prior
    conviction ...')."""
    if g is None:
        return []
    up: dict = {}
    for u in g:
        for v in g.successors(u):
            up.setdefault(v, u)
    out: list[tuple[str, str]] = []
    for n, d in g.nodes(data=True):
        what = d.get("none_listed")
        if not what or d.get("status") != "false":
            continue
        finding, x = "", up.get(n)
        while x is not None and g.nodes[x].get("status") == "false":
            if g.nodes[x].get("kind") == "atom" and g.nodes[x].get("negative"):
                finding = g.nodes[x]["negative"]
            x = up.get(x)
        if not finding and negation and x is not None and g.nodes[x].get("kind") == "negation":
            finding = g.nodes[x].get("negative") or ""
        if finding:
            out.append((finding, what))
    return out


def none_listed_line(taken: list[tuple[str, str]], named: bool = False, names=None) -> str:
    """What the bottom line rests on because the case lists none of something, said once for all
    the parties it holds for, as what we take and why: 'The case mentions no prior conviction; we
    take it there was none: a first conviction within the 12-month period.' (review 5, 06: the
    handout never said it treats the crane as a first offender). A finding that only says the
    absence again ('not exempt ... to the extent stated in its permit') is not repeated: 'The case
    mentions no permit; we take it there was none.' (trainer review 8, 05-07, 11). taken: [(the
    finding, what none of)]; the finding's words after its last ' is ' ('the conviction for the
    incident of the mobile crane is a first conviction ...')."""
    from .argument import and_list
    rows = [(finding.rsplit(" is ", 1), what) for finding, what in taken if " is " in finding]
    whose: dict[tuple[str, str], list[str]] = {}
    for (subject, rest), what in rows:
        whose.setdefault((rest, what), [])
        if subject not in whose[(rest, what)]:
            whose[(rest, what)].append(subject)

    known = sorted((str(n) for n in (names or ())), key=len, reverse=True)
    order = {n: i for i, n in enumerate(str(n) for n in (names or ()))}

    def whom(subject: str) -> str:   # the party a finding is about: the known name it ends in
        return next((n for n in known if subject == n or subject.endswith(" " + n)), "")

    def line(rest: str, what: str, subjects: list[str]) -> str:
        so = "" if rest.startswith("not ") else f": {rest}"
        parties = [whom(x) for x in subjects]
        if named and subjects and all(parties):   # said once for all the parties, by name (trainer
            # review 13: 'no prior conviction (the conviction for the incident of the third vehicle)' once a vehicle)
            parties = sorted(dict.fromkeys(parties), key=lambda n: order.get(n, len(order)))
            each = f", so each is {rest}" if len(parties) > 1 and so else so
            return f"The case's facts mention {what} for {counted_together(parties)}; we take it there was none{each}."
        of = f" ({and_list(subjects)})" if named and subjects else ""
        return f"The case's facts mention {what}{of}; we take it there was none{so}."
    # several parties: whom it is taken of, never a blanket line (review 6, 11: three trucks had priors)
    return " ".join(dict.fromkeys(line(rest, what, subjects) for (rest, what), subjects in whose.items()))


def cleared_line(name: str, points: list[str]) -> str:
    """One line for an item the question lists none of, on the point that clears it (review 5, 08:
    'Scale ticket 104: no violation — the number of days ... is 30 days, at least the 30 days named in
    s. 348.195(1); no traffic officer in this state demanded scale ticket 104.')."""
    said = "; ".join(dict.fromkeys(p for p in points if p))
    return f"{name[:1].upper()}{name[1:]}: no violation — {said}." if said else ""


def party_line(who: str, words: str, whys: list[str]) -> str:
    """One line for a party the case names in a role whom no row names (a query's `parties: none:`),
    in the law's negative words for the ground that role belongs to: 'The temp agency: not liable —
    the temp agency, as the person employing or directing the operator of the yard truck, did not
    commit a violation under s. 348.20(1), third sentence: it did not require or permit an overweight
    operation of the yard truck.' (trainer review 13, 12)."""
    said = "; ".join(dict.fromkeys(w.rstrip(".") for w in whys if w))
    return f"{who[:1].upper()}{who[1:]}: {words} — {said}." if said else ""


def party_fact_why(negative: str, positive: str, stated: bool, ground: str) -> str:
    """The fact that clears a party, then what follows from it: 'the case states that the person
    employing or directing the operator of the dump truck did not require or permit its operation
    ..., so Northway Staffing, as the person employing ..., did not commit a violation under s.
    348.20(1), third sentence'; where the case does not state it, 'the case does not state that ...
    required or permitted ..., so ...' (trainer review 15, 12: not the ground restated as its reason)."""
    fact = f"the case states that {negative}" if stated else f"the case does not state that {positive}"
    return f"{fact.rstrip('.')}, so {ground.rstrip('.')}"


def also_line(lead: str, text: str, count: int | None = None) -> str:
    """The law's lead (a query's `parties: lead:`) before what another goal establishes about the
    case's other parties ('The operators are not named by s. 348.20(1): the semi driver, the operator
    of the semi, accepts service of a summons ...'). '' where nothing is established. count: how many
    persons it establishes it of; a plural lead said of one is said in the singular ('The operator is
    not named by s. 348.20(1): Lee Chang ...', trainer review 14, 02: 'The operators' of one)."""
    text = text.strip()
    if not text:
        return ""
    lead = lead.rstrip()
    if count == 1:
        lead = re.sub(r"^(\w+) (\w+?)s are ", r"\1 \2 is ", lead)
    return f"{lead} {text}"


def clearing_points(element, notes: dict | None = None) -> list[str]:
    """The point that clears a condition not met: its own words where none of its conditions is
    what fails, else those of the conditions that fail (each of the alternatives, where it has
    alternatives), down to the first that fails on its own. notes (turn_notes): by contested phrase,
    our reading, the other and what it gives, said at a point that phrase's rule states."""
    failed = [p for p in getattr(element, "parts", None) or [] if getattr(p, "status", "") == "false"]
    if not failed:
        on = (notes or {}).get(getattr(element, "phrase", ""))
        if on is not None and READ_OTHER_WAY not in element.text:
            return [reading_at_line(reading_off(element.text), *on)]
        return [element.text]
    return [x for p in failed for x in clearing_points(p, notes)]


def turn_notes(answer, name: str) -> dict:
    """{phrase: (our reading, the other reading, what it gives)} for each contested phrase another
    reading of which adds a row naming `name` (an item the answer clears: scale ticket 104), said as
    what would follow: 'read the other way (...), North Mill Lumber would forfeit $1,000.00 for the
    violation concerning scale ticket 104 (a third separate offense: $3,000.00 in all)'."""
    out: dict = {}
    record = getattr(answer, "interpretation", None) or {}
    for t in record.get("turns_on") or []:
        rows = [str(c.get("text") or "") for c in t.get("changed") or []
                if c.get("then") == "true" and name and name in str(c.get("text") or "")]
        if not t.get("phrase") or not rows or t["phrase"] in out:
            continue
        then = "; ".join(would_owe(r) for r in rows) + _total_then(answer, t)
        out[t["phrase"]] = (str(t.get("ours") or ""), str(t.get("words") or t.get("qualified") or ""), then)
    return out


def would_owe(row: str) -> str:
    """'North Mill Lumber forfeits $1,000.00 ...' -> 'North Mill Lumber would forfeit $1,000.00 ...':
    a row another reading finds, said as what would follow (would_have for a violation)."""
    for now, then in ((" forfeits ", " would forfeit "), (" violated ", " would have violated "),
                      (" owes ", " would owe ")):
        if now in row:
            return row.replace(now, then, 1)
    return f"it would also hold that {row}"


def _total_then(answer, turn: dict) -> str:
    """' (a third separate offense: $3,000.00 in all)': where the question adds its rows up, the total
    under the other reading, from the amounts of the rows it establishes ('' when they have none)."""
    saved = getattr(answer, "saved", None)
    if not getattr(saved, "total", ""):
        return ""
    from ..core.values import show_money
    amounts = []
    for b in turn.get("bindings") or []:
        if b.get("answer") != "true":
            return ""
        cents = [v for v in b.values() if isinstance(v, int) and not isinstance(v, bool)]
        if len(cents) != 1:
            return ""
        amounts.append(cents[0])
    if not amounts:
        return ""
    nth = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}.get(len(amounts))
    which = f"a {nth} separate offense: " if nth else ""
    return f" ({which}{show_money(sum(amounts))} in all)"


def count_line(bindings) -> str:
    """A counting question's tally: 'Count: 2 certain' and, where rows are open, 'and up to 3 more
    undetermined' (open rows may exclude each other: one conviction under par. (a) alone, (b) alone
    or both merged, so '3 undetermined' would read as three more)."""
    certain = sum(1 for b in bindings if b["answer"] == "true")
    open_ = sum(1 for b in bindings if b["answer"] != "true")
    return f"Count: {certain} certain" + (f", and up to {open_} more undetermined" if open_ else "")


MAX_TAKEN_AS_NONE = 2   # the facts taken as none a raised line says it rests on


def raised_lines(answer) -> list[str]:
    """What the case also raises (Answer.raises, answer/caseraises.py), one sentence group each: the
    other saved question's established answer, the provision's own words where they are short, and
    what that answer takes as none because the case lists none ('The operator of the cattle trailer
    may proceed (s. 348.19(2)(b): ...). The statute, s. 348.19(2)(b): "the traffic officer shall permit the
    operator of the vehicle to proceed to such destination without requiring the vehicle to be
    reloaded or unloaded as provided in par. (a)."'; the forfeiture on the overweight with 'Assumed
    (the case lists none): ...; the conviction for the cattle trailer is a first conviction within
    the 12-month period.'). [] when the case raises nothing the question asked leaves out."""
    out: list[str] = []
    for r in getattr(answer, "raises", None) or []:
        own = r["answer"]
        line = established_part(answer_line(own)) or answer_line(own)
        said = [full_stop(line)]
        if r.get("quote"):
            said.append(f'The statute, {cite(r.get("quote_citation") or r["citation"])}: "{r["quote"]}"')
        taken = list(dict.fromkeys(f for f, _ in none_listed_findings(getattr(own, "proof", None))))
        if taken:
            said.append(full_stop("Assumed (the case's facts list none): " + "; ".join(taken[:MAX_TAKEN_AS_NONE])))
        out.append(" ".join(said))
    return out
