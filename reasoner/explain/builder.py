"""Builds the proof graph of one answer (a ProofGraph; Answer.graph is its networkx.DiGraph).

why (rule applications with bindings, facts with case file:line), why-not (for every rule that
could have concluded the atom, the condition that failed or the exception that defeated it) and
undetermined (the unknown inputs that decide it). Node ids are stable strings.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, TypedDict, cast
from types import MappingProxyType

from ..core.deadline import check as check_deadline
from ..language import arith
from ..engine.codes import cname
from ..law.index import MalformedCitation, parse_citation, row_order, statute_order
from ..language.ast import Assign, Compare, Const, Negative, Positive, Var, generated_name
from ..language.pattern import Same, has_same, opened
from ..prose.stated import others_have, others_none, states_none
from ..prose.glosses import priors_record_said as words_priors_record
from ..prose.argument import CHARGED_OVER, name_charged, name_operator, OPERATOR_RECORD, record_given_of_others, record_of_others
from . import priors
from ..prose import Sentence, prose_for
from ..prose.sentences import case_related, kind_members
from ..prose.argument import TAKEN, party_said
from ..prose.glosses import only_provision_violated
from ..prose.sentences import entity_text
from ..prose.glosses import PRIMITIVE_TYPES as _PRIMITIVE, assignment_sentence, comparison_sentence, expr_text, is_money
from ..core.errors import ReasonerError
from ..core.values import UNKNOWN, show_value
from .graph import ProofGraph
from ..prose.order import proof_order
from .rank import Ranks
from ..facts.presume import by_key, describe, node_label

if TYPE_CHECKING:
    from ..engine.codes import RuleCode, RuleCodes, ThreeValuedAnswers
    from ..facts.case import Case
    from ..facts.rows import FactRow
    from ..language.ast import BodyLiteral, Param, Presumption, Rule, Term
    from ..law.index import StatuteIndex

# a rule's variables bound to values
Env = dict[str, Any]
# an atom's arguments: values, None for an open position, Same(j) where a variable repeats
Args = tuple[Any, ...]

MAX_ENVS = 64


def _below_of(citation: str | None) -> Callable[[str], bool] | None:
    """A test: is a citation a subdivision strictly below `citation` (350.02(2)(b)4.a below
    350.02(2)(b)4)? None for a citation that is not one (a run of sections)."""
    try:
        section, parts = parse_citation(citation or "")
    except MalformedCitation:
        return None

    def below(other: str) -> bool:
        try:
            s, p = parse_citation(other)
        except MalformedCitation:
            return False
        return s == section and len(p) > len(parts) and p[:len(parts)] == parts
    return below


def fmt_atom(pred: str, args: Sequence[Any], types: Sequence[str] | None = None) -> str:
    names = {a.index: str(a) for a in args if isinstance(a, Same)}   # a repeated variable, by name

    def show(i: int, v: Any) -> str:
        if isinstance(v, Same):
            return str(v)
        if v is None:
            return names.get(i, "_")
        t = types[i] if types and i < len(types) else None
        return show_value(v, t)
    return f"{pred}({', '.join(show(i, v) for i, v in enumerate(args))})" if args else pred


def _distinct_entities(lit: BodyLiteral, types: dict[str, str]) -> bool:
    """`Q != P` between two entities of one declared kind (the owner is not the operator; two
    different charges): what the rule's join requires, not a fact of the case."""
    left, right = getattr(lit, "left", None), getattr(lit, "right", None)
    if getattr(lit, "op", "") != "!=" or not (isinstance(left, Var) and isinstance(right, Var)):
        return False
    kind = types.get(left.name)
    return bool(kind) and kind == types.get(right.name) and kind not in _PRIMITIVE


def _positive_guard(lit: BodyLiteral, rule: Rule) -> bool:
    """`X > 0` (or `X >= 0`) where X is computed by an assignment of the same rule (`X = W - B`):
    that the amount the arithmetic computes is positive."""
    left, right = getattr(lit, "left", None), getattr(lit, "right", None)
    if getattr(lit, "op", "") not in (">", ">=") or not isinstance(left, Var) or not isinstance(right, Const):
        return False
    if right.value != 0:
        return False
    return any(isinstance(b, Assign) and b.var.name == left.name for b in rule.body)


# the atoms that conclude a violation, and how their arguments meet offender_role(O, P, X, R): "in":
# violation(O, P); "by": person_violation(X, P)
OFFENCES = MappingProxyType({"violation": "in", "person_violation": "by"})


class _FactLocs:
    """(pred, args) -> the case's first FactRow for it (an unknown value also under (id, None)),
    indexed one predicate at a time on first use: a case with 10,000 priors has ~120,000 rows and
    a proof reads a few predicates of them."""

    def __init__(self, rows: Iterable[FactRow]) -> None:
        self._rows = rows
        self._by_pred: dict[str, list[FactRow]] | None = None
        self._index: dict[str, dict[Args, FactRow]] = {}

    def _of(self, pred: str) -> dict[Args, FactRow]:
        index = self._index.get(pred)
        if index is None:
            if self._by_pred is None:
                by: dict[str, list[FactRow]] = {}
                for row in self._rows:
                    by.setdefault(row.pred, []).append(row)
                self._by_pred = by
            index = self._index[pred] = {}
            for row in self._by_pred.get(pred, ()):
                index.setdefault(row.args, row)
                if not row.known and len(row.args) == 2:
                    index.setdefault((row.args[0], None), row)
        return index

    def get(self, key: tuple[str, Args], default: FactRow | None = None) -> FactRow | None:
        return self._of(key[0]).get(key[1], default)

    def __contains__(self, key: tuple[str, Args]) -> bool:
        return key[1] in self._of(key[0])


# The rows of an open question whose reasons the proof gives; the others are answered in the
# bindings and named in one elided step (a case of 5,000 operations made a proof of 5,000 arguments,
# about 66 ms each, past the time limit).
MAX_CANDIDATES = 3   # entities checked and not counted, each argued (the rest are in the case file)
MAX_INSTANCES = 100


class ProofBuilder:
    _rules_by_head: dict   # head key -> [rule], made on first use
    def __init__(self, session: ThreeValuedAnswers, codes: RuleCodes, case: Case | None = None,
                 index: StatuteIndex | None = None, max_depth: int = 40, lean: bool = False) -> None:
        # lean: the proof's nodes and edges only, without the attributes only an argument reads (the
        # conditions held of a rule that does not apply, the offenders' grounds): for an answer whose
        # proof is never shown (the readings check), where the proof only orders the exact split
        self.lean = lean
        self.s = session            # engine.session.Session or engine.setsession.SetSession
        self.codes = codes          # engine.codes.RuleCodes (or a Compiled, which has the same)
        self.checked = codes.checked
        self.prog = self.checked.program
        self.case = case
        self.names = dict(getattr(case, "names", None) or {})   # id -> name (the case's `name:`s)
        self.prose = prose_for(self.prog, self.names, kind_members(case) if case is not None else None,
                               case_related(self.prog, case))
        self.index = index
        self.max_depth = max_depth
        self.g = ProofGraph()
        self.fact_locs = _FactLocs(case.rows if case is not None else ())
        self._labels: dict[tuple[str, Args, tuple[type, ...]], str] = {}
        self._truths: dict[tuple[str, Args], str] = {}   # truth, by atom
        self.ranks = Ranks(session, codes)   # recursive atoms: only derivations of lower rank
        self._open: set[str] = set()              # atoms being explained (ancestors of the current node)
        self._sub = False   # building the argument of an offender (_offender_grounds): no nested one
        self._asked = ""    # the relation the proof is of (build): whose penalty a record is counted for

    # -- helpers -------------------------------------------------------------------------
    def types(self, pred: str, arity: int) -> list[str] | None:
        decl = self.prog.preds.get((pred, arity))
        return [p.type for p in decl.params] if decl else None

    def label(self, pred: str, args: Args) -> str:
        key = (pred, args, tuple(a.__class__ for a in args))
        text = self._labels.get(key)
        if text is None:
            text = self._labels[key] = fmt_atom(pred, args, self.types(pred, len(args)))
        return text

    def truth(self, pred: str, args: Args) -> str:
        """The session's truth of a ground atom, asked once per proof: the proof asks the same atom
        again and again (the node, the conditions held before and after a failing one, a negation)."""
        key = (pred, tuple(args))
        truth = self._truths.get(key)
        if truth is None:
            truth = self._truths[key] = self.s.truth(pred, args)
        return truth

    def sentence(self, pred: str, args: Args) -> Any:
        """The atom's sentence from the vocabulary (a prose.Sentence: it carries .negative)."""
        return self.prose.positive(pred, args)

    def add(self, nid: str, **attrs: Any) -> str:
        if nid not in self.g:
            said = attrs.get("sentence")
            if isinstance(said, Sentence):  # the negative form goes with it (prose layer)
                attrs["negative"] = said.negative
            kind = self.prog.kinds.get(str(attrs.get("pred") or ""))
            if kind:   # what a rule requiring it not to hold is, in the rule file's words (@kind)
                attrs["rule_kind"] = kind
            for k, v in attrs.items():
                if isinstance(v, Sentence):
                    attrs[k] = str(v)
            self.g.add_node(nid, **attrs)
        return nid

    def edge(self, parent: str | None, child: str | None, role: str = "premise") -> None:
        if child in self._open and parent is not None:  # a why-not through recursion: no cycle
            child = self.add(f"again:{child}", kind="elided", status=self.g.nodes[child].get("status"),
                             label=f"{self.g.nodes[child].get('label')} (the same question again, "
                                   "through recursion: nothing else concludes it)")
        if parent is not None and child is not None and parent != child and not self.g.has_edge(parent, child):
            self.g.add_edge(parent, child, role=role, order=self.g.out_degree(parent))

    # -- entry points ---------------------------------------------------------------------
    def build(self, pred: str, args: Iterable[Any]) -> ProofGraph:
        """Proof graph for the atom pred(args) (args may contain None for open positions)."""
        self._asked = pred
        root = self.explain(pred, tuple(args), 0)
        self.g.graph["root"] = root
        self.note_others_records()
        # the sections the law says hold a penalty the excerpt lacks (`@hole "350.11" "..." for
        # penalty_of`): an argument that finds a violation says so once (explain/argument.py _outside_once)
        lacking = sorted({h.citation for h in getattr(self.prog, "holes", None) or []
                          if getattr(h, "kind", "hole") == "hole" and "penalty_of" in (getattr(h, "preds", None) or ())})
        if lacking:
            self.g.graph["penalty_holes"] = lacking
        return self.g

    def note_others_records(self) -> None:
        """{case-file location: mark} of every stated prior the case gives as the operator's record
        (operators_record), in the graph: the ones the proof counts and the ones it lists as not
        counted alike, so no prior of that record reads 'stated' in a handout (trainer review 14, G6)."""
        if self.case is None or self.lean or not getattr(self.case, "description", ""):
            return
        if not any(d.get("pred") == priors.REPEAT for _, d in self.g.nodes(data=True)):
            return   # not the weight penalty (s. 348.21(2)(a) binds the operator: his record is his)
        out: dict[str, list[str]] = {}
        for row in getattr(self.case, "rows", None) or []:
            decl = self.prog.preds.get((row.pred, len(row.args)))
            if row.loc and row.known and decl is not None and len(row.args) == 2 \
                    and decl.params[0].type == priors.RECORD_KIND and decl.params[1].type != priors.RECORD_KIND:
                mark = self.operators_record(row.pred, tuple(row.args))
                said = self.charged_named(self.sentence(row.pred, tuple(row.args)) or "", tuple(row.args))
                if mark and said:
                    out[str(row.loc)] = [str(said), mark]
        if out:
            self.g.graph["others_records"] = out

    def unknown_match(self, pred: str, args: Args) -> Args | None:
        """A possible row that matches args only because a value in it is unknown, or None."""
        if any(a is None for a in args):
            return None
        rows = self.unknown_rows(pred, args)
        return rows[0] if rows else None

    def unknown_rows(self, pred: str, args: Args) -> list[Args]:
        """The possible rows that match the constants of args (None: an open position) only because
        a value in them is unknown, sorted."""
        positions = self.checked.mu.get((pred, len(args)), frozenset())
        if not positions or any(isinstance(a, Same) for a in args):
            return []
        probe = tuple(None if i in positions else a for i, a in enumerate(args))
        out: list[Args] = []
        for row in sorted(self.s.rows(cname(pred, "p"), probe), key=repr):
            if all(a is None or v is UNKNOWN or v == a for v, a in zip(row, args)) \
                    and any(v is UNKNOWN and a is not None for v, a in zip(row, args)):
                out.append(tuple(row))
        return out

    def explain(self, pred: str, args: Args, depth: int, asked: Args | None = None) -> str:
        """The node of pred(args). asked: the atom as the question put it, when args is a row that
        matches it only through an unknown value (the node keeps the question's words)."""
        check_deadline()
        key = (pred, len(args))
        ground = None not in args
        truth = self.truth(pred, args) if ground else None
        keep = depth == 0 or asked is not None   # the question's own words
        asked = asked or args
        if truth == "false":
            row = self.unknown_match(pred, args)
            if row is not None:
                args = row
                truth = self.truth(pred, args)
        if key in self.checked.base and (key not in self.checked.derived or (pred, args) in self.fact_locs):
            return self.base_node(pred, args)  # (facts the case gives for a predicate with rules too)
        if not ground:
            return self.pattern_node(pred, args, depth)
        # the question itself keeps the constants it was asked with: 'seller2
        # violated s. 350.09(7)' is open because the case leaves a person unnamed (the manufacturer
        # of s1, who may be seller2); its reasons are those of that unnamed person's row
        shown = asked if keep else args
        nid = f"atom:{self.label(pred, shown)}"
        if nid in self.g:
            return nid
        decl = self.prog.preds.get(key)
        offence = self.offence(pred, shown, truth)
        ground_rows = offence.pop("_ground_rows", None)
        sentence = self.sentence(pred, shown) or ""
        if offence.get("_penalty_for"):   # 'the violation of s. 348.17 (2) or 348.19 (3)': the one violated
            sentence = only_provision_violated(sentence, offence["_penalty_for"])
        offence.pop("_penalty_for", None)
        self.add(nid, kind="goal" if depth == 0 else "atom", label=self.label(pred, shown), status=truth,
                 pred=pred, sentence=sentence, helper=pred.find("__proj") >= 0,
                 described=bool(decl), **offence,
                 parties=[str(a) for a in shown[1:] if isinstance(a, str)],
                 **({"stands_for": self.label(pred, args)} if shown is not args else {}))
        if depth >= self.max_depth:   # the proof is cut here: every export of it says so (cut_at_depth)
            self.edge(nid, self.add(f"depth:{nid}", kind="elided", label="(deeper reasons elided)", status=truth))
            self.g.graph["cut_at_depth"] = self.max_depth
            self.g.graph["cut_goals"] = self.g.graph.get("cut_goals", 0) + 1
            return nid
        self._open.add(nid)
        for code in self.codes.by_head.get(key, []):
            self.rule_child(nid, code, args, truth, depth)
        self._open.discard(nid)
        heads = self.codes.by_head.get(key, [])
        if truth == "false" and heads and all(not c.rule.body for c in heads) and not list(self.g.successors(nid)):
            # the law's own list (the classes of s. 350.04(2)(e): state trunk, U.S., connecting) without
            # this value: the law's statement that it is not one, never '... — not met' (trainer review 10, 04)
            self.g.nodes[nid]["not_listed"] = True
        said = [w for c in heads if not c.rule.body for w, _ in c.rule.said] if all(not c.rule.body for c in heads) else []
        if said:   # the law's list read by us (the limits s. 348.21(2)(b) names): the reading said at its line,
            # met or not (trainer review 11, G4: the reading that decided the propane truck was only in 'Our readings')
            self.g.nodes[nid]["reading"] = "; ".join(dict.fromkeys(said))
            if truth == "false":   # and in full where the list leaves the value out (a holding line's
                # own rule node carries them): listed where the law's line is read, not on every rule
                # whose conditions might reach it (trainer review 16, G6: the frozen-surface reading
                # printed for a ride that was no race)
                self.g.nodes[nid]["readings"] = list(dict.fromkeys(
                    full for c in heads if not c.rule.body for _, full in c.rule.said))
        if truth == "true" and not self.lean:
            unmet = self.unmet_alternatives(pred, args)
            if unmet:
                self.g.nodes[nid]["unmet_alternatives"] = unmet
        grounds = self._offender_grounds(ground_rows) if ground_rows and not self.lean else []
        if grounds:   # whom the penalty is imposed on, and why (s. 348.20 (1)): after its own proof
            self.g.nodes[nid]["offender_grounds"] = grounds
        if (pred == priors.REPEAT or pred == priors.THIRD and truth == "true") and not self.lean and len(args) == 1:
            # every prior the case lists for the vehicle, each counted or not and why (trainer review 12, 11)
            record = priors.record_lines(
                args[0], lambda p, a: sorted(self.s.status(p, a)[0] or self.s.status(p, a)[1], key=repr),
                self.truth, lambda c: entity_text(c, "prior_conviction", self.names),
                lambda p, c: self.case is None or bool(self.case.attr_locs.get((c, p))))
            if record:
                self.g.nodes[nid]["record"] = record
                self.g.nodes[nid]["record_of"] = str(args[0])
        return nid

    def unmet_alternatives(self, pred: str, args: Args) -> list[dict[str, Any]]:
        """Of a TRUE atom with two or more rules, the earlier ones that fail on a compared value
        (a brake that stops the sled in 45 feet, not within 40, where it locks the track: s. 350.09(4)'s
        first alternative), each {"text": the comparison in its words, "status": "false"}: what the
        alternative that holds is needed for. Recorded as an attribute; the proof's reading is unchanged."""
        codes = self.codes.by_head.get((pred, len(args)), [])
        if len(codes) < 2:
            return []
        out: list[dict[str, Any]] = []
        for code, failed_at, envs, _ in self._walks(codes, args):
            if failed_at is None:
                break   # the first rule that holds: the alternatives before it are the ones unmet
            lit = code.rule.body[failed_at]
            if not isinstance(lit, Compare) or not envs:
                continue
            env = sorted(envs, key=repr)[0]
            if _try_compare(lit, env) != "false":
                continue
            types, nouns, params = self.var_types(code), self.var_nouns(code, env), self.var_params(code)
            prov = code.rule.provision or ""
            # what the alternative asks, as for any comparison not met: its line says the requirement
            # with its status and what holds after 'because' ('... is before 06:00 — does not hold,
            # because it is 21:30'), never the true negative sentence with 'does not hold' (trainer
            # review 12, 03: '21:30, which is at or after 06:00 — does not hold')
            out.append({"text": comparison_sentence(lit, env, types, nouns, "false", prov, params, self.names),
                        "requirement": comparison_sentence(lit, env, types, nouns, "false", prov, params, self.names,
                                                           requirement=True),
                        "status": "false", "source": "", "pred": "", "presumed": False, "negated": False,
                        "derived": False, "comparison": True})
        return out

    def offence(self, pred: str, args: Args, truth: str | None) -> dict[str, Any]:
        """Who committed a violation, from the law's offender_role(O, P, X, R) rows (the person the
        provision binds, in the rules: binds(P, R)): for violation(O, P), the rows of O and P; for
        person_violation(X, P), X's rows under P. The node's attributes `offender` (the ids, joined),
        `offender_role` (the role in the rule file's words), `offence` (the provision) and
        `offence_in` (the operation); `offender` is empty when the case names no one in the role
        (an unnamed operator). {} for any other atom, or one not TRUE or undetermined."""
        where = OFFENCES.get(pred)
        decl = self.prog.preds.get(("offender_role", 4))
        if decl is None or truth not in ("true", "undetermined"):
            return {}
        if where is None:   # a penalty: the law's penalty_of(Q, E, P) names the violation it is for
            return self.penalized(pred, args, truth, decl)
        if len(args) != 2:
            return {}
        if where == "in":
            within, provision, who = args[0], args[1], None
        else:
            within, who, provision = None, args[0], args[1]
        certain, possible = self.s.status("offender_role", (within, provision, who, None))
        rows = [r for r in (certain if truth == "true" else possible) if r[2] is not UNKNOWN]
        phrases = decl.params[3].phrases or {}
        roles = sorted({str(r[3]) for r in rows})
        if not roles:
            bound, _ = self.s.status("binds", (provision, None))
            roles = sorted({str(r[1]) for r in bound})
            if where != "in" or not roles:
                return {}
        out = self._offender_attrs(rows, roles, phrases, provision, within)
        return out   # person_violation(X, P): each offender row says where (the snowmobile)

    def _offender_attrs(self, rows: list[tuple[Any, ...]], roles: list[str], phrases: dict[str, str], provision: Any,
                        within: Any) -> dict[str, Any]:
        """The node attributes naming who committed the violation of `provision` in `within`: the ids
        and names joined for the sentence, and `offender_rows`, one entry per offender row (the entity
        it is in, the offender, the role), for the JSON offenders list."""
        named = sorted({entity_text(r[2], "entity", self.names) for r in rows})
        entries: list[dict[str, Any]] = []
        # one row per offender in one place: a party several sentences name (the company that holds the
        # authority and employs the driver, s. 348.20(1)) in the role the law's list of roles gives
        # first, the sentence that names it first (review 14, 01: the co-op listed twice)
        order = {w: i for i, w in enumerate(phrases)}
        first: dict[tuple[str, str], str] = {}
        for r in sorted(rows, key=lambda r: order.get(str(r[3]), len(order))):
            first.setdefault((str(r[0]), str(r[2])), str(r[3]))
        rows = [r for r in rows if first.get((str(r[0]), str(r[2]))) == str(r[3])]
        roles = [w for w in roles if any(str(r[3]) == w for r in rows)] or roles
        for r in sorted(rows, key=lambda r: (str(r[0]), str(r[2]), str(r[3]))):
            place = within if within is not None else r[0]
            entry = {"in": str(place) if place not in (None, UNKNOWN) else None, "provision": show_value(provision),
                     "offender": str(r[2]), "role": phrases.get(str(r[3]), str(r[3]).replace("_", " ")),
                     "offender_name": entity_text(r[2], "entity", self.names),
                     "in_name": entity_text(place, "entity", self.names) if place not in (None, UNKNOWN) else None}
            if entry not in entries:
                entries.append(entry)
        return {"offender": " and ".join(named), "offender_said": self._party_said(within, roles) if not named else "",
                "offender_role": " and ".join(phrases.get(r, r.replace("_", " ")) for r in roles),
                "offence": show_value(provision),
                "offence_in": entity_text(within, "entity", self.names) if within is not None else "",
                "offender_id": " and ".join(sorted({str(r[2]) for r in rows})),
                "offence_in_id": str(within) if within is not None else "",
                "offence_in_sole": self._sole(within),
                "offender_rows": entries}

    def _sole(self, within: Any) -> bool:
        """Whether `within` is the case's only entity of its kind (its one ride): a violation is then
        said without 'in the ride' (trainer review 14, G1), which tells nothing apart."""
        kinds = dict(getattr(self.case, "entities", None) or {})
        if within is None or within is UNKNOWN or str(within) not in kinds:
            return False
        return sum(1 for k in kinds.values() if k == kinds[str(within)]) == 1

    def _party_said(self, within: Any, roles: list[str]) -> str:
        """Whom the scenario says answers for `within` where the case names no one ('the milk tanker's
        owner-driver', 'the firm holding move 1's permit': prose/argument.py party_said), or ''."""
        case = self.case
        if case is None or within is None or within is UNKNOWN or not getattr(case, "description", ""):
            return ""
        attributes = getattr(case, "attributes", None) or {}
        permit = any(k == "permit" and attributes.get(e, {}).get("permit_vehicle") == str(within)
                     for e, k in (getattr(case, "entities", None) or {}).items())
        # a violation binding only the operator (the law's role word 'operator'): the scenario's 'tanker
        # driver' names the role's holder by the vehicle
        return party_said(case.description, entity_text(within, "entity", self.names), permit,
                          operator=bool(roles) and all(r == "operator" or r.endswith("_operator") for r in roles))

    def penalized(self, pred: str, args: Args, truth: str, decl: Any) -> dict[str, Any]:
        """Whom a penalty is imposed on, or who committed the violation a relation concludes: for a row
        of a relation the law declares the penalty for a violation (penalty_of(Q, E, P)) or about one
        (offence_of(Q, E, P)), E being one of the row's arguments, the offender of P in E: the
        attributes of `offence`, with `penalty` set for a penalty (the node keeps its own sentence).
        {} for a relation neither names, or a row whose arguments are open."""
        if not args:
            return {}
        found: tuple[list[tuple[str, str]], bool] | None = None
        for key, penalty in ((("penalty_of", 3), True), (("offence_of", 3), False)):
            if key not in self.prog.preds or not self._may_name(key, pred):
                continue
            certain, possible = self.s.status(key[0], (pred, None, None))
            known = {a for a in args if a is not None and a is not UNKNOWN}
            hits = sorted({(str(r[1]), str(r[2])) for r in (certain if truth == "true" else possible)
                           if r[1] in known})
            if hits:
                found = (hits, penalty)
                break
        if found is None:
            return {}
        hits, penalty = found
        within = next(a for a in args if a is not None and a is not UNKNOWN and str(a) == hits[0][0])
        phrases = decl.params[3].phrases or {}
        rows: list[tuple[Any, ...]] = []
        for _, provision in hits:
            certain, possible = self.s.status("offender_role", (within, provision, None, None))
            rows += [r for r in (certain if truth == "true" else possible) if r[2] is not UNKNOWN]
        roles = sorted({str(r[3]) for r in rows})
        if not roles:
            bound, _ = self.s.status("binds", (hits[0][1], None))
            roles = sorted({str(r[1]) for r in bound})
        if not roles:
            return {}
        out = self._offender_attrs(rows, roles, phrases, hits[0][1], within)
        if penalty and len({h[1] for h in hits}) > 1:
            # a penalty the law ties to several provisions, each naming its own person (s. 348.25(2)(a):
            # the operator who broke the permit condition; s. 348.20(1): the authority holder, where
            # practicable): each said under its own provision, the one the case does not name too
            out["penalty_parts"] = self._penalty_parts(hits, within, truth, phrases)
            if self.priors_counted(within):
                # whose the priors listed are (trainer review 16, G1): the named operator's own record where
                # the case names no s. 348.20(1) person, never shown to be that person's; the named s.
                # 348.20(1) person's where the case names one (charged_named), never shown to be the
                # operator's; where it names neither, 'the person charged' says it of both
                ops = self.operators_of(within)
                mine = self.record_is_operators(within)
                charged = bool(self.charged([within]))
                for part in out["penalty_parts"]:
                    operator = bool(part["offender_rows"]) and all(str(r.get("offender")) in ops for r in part["offender_rows"])
                    if mine:
                        part["priors_record"] = "own" if operator else "not_shown"
                    elif charged and (operator or part.get("unnamed_operator")):
                        part["priors_record"] = "not_shown"
                        # a person whose own record the case does not give gets the range a record
                        # without a counted prior gives (s. 348.21(3)(b)1, (3)(a) first conviction),
                        # never the repeat range the listed priors give the person charged (assumed,
                        # and said so); the record the case gives, by whose it is
                        part["record_of"] = [entity_text(c, "entity", self.names) for c in self.charged([within])]
                        part["range_counts_priors"] = self.repeat_counted(within)
                    for row in part["offender_rows"] if part.get("priors_record") else ():   # the JSON's offenders
                        row["listed_priors"] = words_priors_record(part["priors_record"], part.get("range_counts_priors"))
            # each offender row under the provision that names it (the JSON offenders list)
            # and each provision's person the case does not name, by role (the authority holder of s.
            # 348.20(1) beside a named operator: trainer review 16, G1), offender null
            out["offender_rows"] = [r for p in out["penalty_parts"] for r in p["offender_rows"] or [
                {"in": str(within), "provision": p["offence"], "offender": None, "role": p["offender_role"],
                 "offender_name": None, "in_name": entity_text(within, "entity", self.names),
                 **({"listed_priors": words_priors_record(p["priors_record"])} if p.get("priors_record") else {})}]]
        if penalty:
            out["penalty"] = True
            if len({h[1] for h in hits}) == 1 and truth == "true":   # the one provision violated, cited alone
                out["_penalty_for"] = hits[0][1]
            if truth == "true" and not self._sub:   # argued once the penalty's own proof is built (explain)
                out["_ground_rows"] = rows
        else:
            out["relation_offence"] = True
        return out

    def _penalty_parts(self, hits: list[tuple[str, str]], within: Any, truth: str,
                       phrases: dict[str, str]) -> list[dict[str, Any]]:
        """One entry per provision a penalty is tied to (penalty_of rows), the most specific first (the
        provision that names the person itself, s. 348.25(2)(a), before s. 348.20(1)): its offender
        attributes, from its own offender_role rows, or from the roles it binds where the case names
        no one in them."""
        parts: list[dict[str, Any]] = []
        named_any = False
        for provision in sorted({h[1] for h in hits}, key=lambda p: (p.startswith("348.15 to"), p)):
            certain, possible = self.s.status("offender_role", (within, provision, None, None))
            rows = [r for r in (certain if truth == "true" else possible) if r[2] is not UNKNOWN]
            roles = sorted({str(r[3]) for r in rows})
            if not roles:
                bound, _ = self.s.status("binds", (provision, None))
                roles = sorted({str(r[1]) for r in bound})
            if roles:
                part = self._offender_attrs(rows, roles, phrases, provision, within)
                if not rows and all(r == "operator" or r.endswith("_operator") for r in roles):
                    part["unnamed_operator"] = True   # whose record is not given either (priors_record)
                    part["offender_said"] = ""   # an unnamed operator by role, never the scenario's words
                    # for the firm holding the permit (the person of s. 348.20(1), said in its own part)
                parts.append(part)
                named_any = named_any or bool(rows)
        for part in parts:
            if named_any and not part["offender_rows"]:   # no one the case names in the role beside a
                # person it does name: said by the role, never by the scenario's words for that other
                # person ('its driver', who broke the condition)
                part["offender_said"] = ""
        return parts

    def _may_name(self, key: tuple[str, int], pred: str) -> bool:
        """Whether a row of `key` (penalty_of, offence_of) may name the relation `pred` first: a fact
        of the case may, and a rule whose head has a variable there or `pred` itself; a rule naming
        another relation never does (`lawful` is named by none: its proof evaluates no offender)."""
        if key in self.checked.base:
            return True
        for rule in self.checked.derived.get(key, ()):
            first = rule.head.args[0] if rule.head.args else None
            if not isinstance(first, Const) or first.value == pred:
                return True
        return False

    def _offender_grounds(self, rows: list[tuple[Any, ...]]) -> list[dict[str, Any]]:
        """Why each offender of a penalty is the one it is imposed on: for each offender_role row, the
        claim its rule rests on (s. 348.20 (1): 'the prosecution for the overweight violation of the
        dump truck is to be instituted, where practicable, against Jo Keller') with its provision, and the case's facts of
        the ground it holds on, the first in the rule file that does (the authority holder; the
        principal or employer of the tractor's driver; the lessee of a leasing business's vehicle)
        with the conditions on the way (not a leasing business), said once per offender. Built on a proof
        of its own, so that the answer's graph keeps its nodes; what that graph argues already (the
        violation itself) is left out. [] where the offender follows from no claim of its own."""
        out: list[dict[str, Any]] = []
        for row in sorted({tuple(r) for r in rows}, key=repr):
            sub = ProofBuilder(self.s, self.codes, self.case, self.index, max_depth=12)
            sub._sub = True
            top = sub.explain("offender_role", row, 0)
            g = sub.g
            claims = [c for r in g.successors(top) if g.nodes[r].get("kind") == "rule" and g.nodes[r].get("status") == "true"
                      for c in sorted(g.successors(r), key=lambda c: (g.edges[r, c].get("order", 0), c))
                      if g.nodes[c].get("kind") == "atom" and g.nodes[c].get("status") == "true"
                      and g.nodes[c].get("pred") != "binds"]
            for claim in claims[:1]:
                facts: list[dict[str, Any]] = []
                cited: list[str] = []
                self._ground_facts(g, claim, facts, cited, 0)
                said = {"offender": str(row[2]), "claim": str(g.nodes[claim].get("sentence") or ""),
                        "citation": cited[0] if cited else "", "facts": facts}
                # a person in several roles (the authority holder who also employs the driver and
                # leases the rig: a row for each sentence of s. 348.20(1)) rests on one claim, said once
                if facts and not any(o["offender"] == said["offender"] and o["claim"] == said["claim"] for o in out):
                    out.append(said)
        return out

    _FACT_KEYS = ("kind", "status", "sentence", "negative", "loc", "how", "pred", "label", "question", "citation")

    def _ground_facts(self, g: Any, nid: str, facts: list[dict[str, Any]], cited: list[str], depth: int) -> None:
        """The stated (or presumed) facts under the rules that conclude nid, down through the atoms
        the answer's own proof does not argue (self.g)."""
        if depth > 8:
            return
        for r in sorted(g.successors(nid), key=lambda c: (g.edges[nid, c].get("order", 0), c)):
            rd = g.nodes[r]
            if rd.get("kind") != "rule" or rd.get("status") != "true":
                continue
            if rd.get("provision") and rd["provision"] not in cited:
                cited.append(rd["provision"])
            for c in sorted(g.successors(r), key=lambda c: (g.edges[r, c].get("order", 0), c)):
                cd = g.nodes[c]
                kind = cd.get("kind")
                if c in self.g and kind in ("atom", "goal"):
                    continue   # argued by the answer itself (the overweight violation)
                if kind in ("fact", "presumed") and cd.get("how") != "entity in the case":
                    fact = {k: cd[k] for k in self._FACT_KEYS if k in cd}
                    if fact not in facts:
                        facts.append(fact)
                elif kind == "negation":
                    inner = next(iter(g.successors(c)), None)
                    idata = g.nodes[inner] if inner is not None else {}
                    # a condition stated negatively (not a leasing business) counts where it is
                    # assumed, so that the assumption shows; stated, it is among the case's facts
                    if idata.get("kind") == "presumed":
                        fact = {**{k: cd[k] for k in self._FACT_KEYS if k in cd},
                                "inner": {k: idata[k] for k in self._FACT_KEYS if k in idata}}
                        if fact not in facts:
                            facts.append(fact)
                elif kind == "atom" and cd.get("status") == "true":
                    self._ground_facts(g, c, facts, cited, depth + 1)
            return   # one ground names them: the first that holds, in the order of the rule file

    def pattern_node(self, pred: str, args: Args, depth: int) -> str:
        """An atom with open positions: `violation(op1, _)`."""
        certain, possible = self.s.status(pred, args)
        truth = "true" if certain else "undetermined" if possible else "false"
        nid = f"atom:{self.label(pred, args)}"
        if nid in self.g:
            return nid
        prose = self.prose
        if has_same(args):   # a repeated variable: said as an equality, never as the open pattern
            same = sorted({str(a) for a in args if isinstance(a, Same)})
            statement = prose.statement(pred, opened(args))
            open_sentence = (f"{statement} (with {' and '.join(same)} the same value wherever "
                             f"{'they appear' if len(same) > 1 else 'it appears'})") if statement else ""
            open_absent = ""
        else:
            open_sentence = str(prose.statement(pred, args) or "")
            open_absent = prose.absent(pred, args)
            if open_absent.partition("|")[0] and any(a is not None for a in args[1:]):
                # a value question asked with a value ('forfeiture(V, 68, Max)'): its words keep the
                # value (the open statement), never 'What forfeiture follows ... for each vehicle?'
                open_absent = ""
        types = self.types(pred, len(args)) or []
        one = self.only_one(types[0]) if self.case is not None and types and args and args[0] is None \
            and open_absent.partition("|")[2].startswith("any ") else None
        # the question's one subject where the case lists one of its kind: 'no forfeiture follows from the
        # facts for the pulpwood truck', never '... for any vehicle' (trainer review 7, 06 and 07)
        only = {"only": entity_text(one, types[0], self.names)} if one else {}
        if types and args and isinstance(args[0], str) and open_absent and not open_absent.partition("|")[0]:
            # the party a 'which ...?' question is asked of, named: 'None for the young rider: ...' (review 14, 10)
            only["named"] = entity_text(args[0], types[0], self.names)
        bound = self.only_ones(pred, args) if truth == "false" and depth > 0 else None
        bound_said = self.sentence(pred, bound) if bound is not None else None
        if isinstance(bound_said, Sentence) and bound_said.negative:   # false of the case's one vehicle, in its words
            only["only_negative"] = str(bound_said.negative)
        self.add(nid, kind="goal" if depth == 0 else "atom", label=self.label(pred, args), status=truth,
                 pred=pred, sentence="", helper=False, described=False,
                 open_sentence=open_sentence, open_absent=open_absent, **only)
        rows = sorted(certain, key=row_order) if certain else sorted(possible - certain, key=row_order)
        widened = not rows and depth == 0 and self.unknown_rows(pred, args)
        if widened:   # 'p1 violated some provision', open only because the case leaves a person unnamed
            rows = widened
            self.g.nodes[nid]["status"] = "undetermined"
        self._open.add(nid)
        if rows:
            for row in rows[:MAX_INSTANCES]:
                asked = tuple(a if a is not None else v for a, v in zip(args, row)) if widened else None
                self.edge(nid, self.explain(pred, tuple(row), depth + 1, asked), "instance")
            if len(rows) > MAX_INSTANCES:   # 5,000 operations: each answer is in the bindings, the first ones' reasons here
                rest = len(rows) - MAX_INSTANCES
                self.edge(nid, self.add(f"more:{nid}", kind="elided", status=truth,
                                        label=f"({rest:,} more {'row' if rest == 1 else 'rows'} of {pred}, each "
                                              f"answered in the bindings; ask about one of them for its reasons)"),
                          "instance")
        elif has_same(args):
            self.unequal(nid, pred, args, depth)
        else:
            for code in self.codes.by_head.get((pred, len(args)), []):
                self.rule_child(nid, code, args, truth, depth)
        if rows and depth > 0 and not widened and not self.lean and not has_same(args):
            # the entities the case ties to it that do not count, each with what fails it (the old
            # conviction, 14 months before, outside the 12-month period; a s. 348.21(2)(b) citation
            # that sub. (3r) does not count: trainer review 6, 08 and 11)
            before = set(self.g.nodes)
            for row in self.candidates(pred, args, {tuple(r) for r in rows})[:MAX_CANDIDATES]:
                self.edge(nid, self.explain(pred, row, depth + 1), "not counted")
            self._aside(before)
        self._open.discard(nid)
        return nid

    def _aside(self, before: set[str]) -> None:
        """The nodes added since `before` are argued beside the proof, never cited or counted as
        checked by it (the priors that count and those that do not, under a rule that fails)."""
        for k in set(self.g.nodes) - before:
            self.g.nodes[k]["aside"] = True

    def counted_for(self, rule: Rule, failed_at: int, env: Env) -> tuple[str, Args] | None:
        """A rule that fails because one entity is met twice where it asks for two (A != B, both the
        recent conviction): the condition that bound the second, opened at it (weight_prior(V, _)), so
        that the proof shows the entities that count and those checked that do not (the old
        conviction, 14 months before), each with its reasons. None for any other failure."""
        lit = rule.body[failed_at]
        if not isinstance(lit, Compare) or lit.op != "!=" or not isinstance(lit.left, Var) \
                or not isinstance(lit.right, Var) or env.get(lit.left.name) != env.get(lit.right.name):
            return None
        for before in rule.body[:failed_at]:
            if not isinstance(before, Positive):
                continue
            names = [a.name if isinstance(a, Var) else None for a in before.atom.args]
            if lit.right.name in names and lit.left.name not in names:
                args = tuple(None if n == lit.right.name else self.value(a, env)
                             for n, a in zip(names, before.atom.args))
                if sum(a is None for a in args) == 1:
                    return before.atom.pred, args
        return None

    def candidates(self, pred: str, args: Args, rows: set[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
        """The rows of an atom with one open position, an entity, that the case ties to its other
        arguments through the first condition of one of its rules, a fact the case states
        (prior_of(C, V) for weight_prior(V, _)), and that are FALSE: the entities checked and not
        counted. Never for an open position the rules fill with a constant (a provision)."""
        open_at = [i for i, a in enumerate(args) if a is None]
        decl = self.prog.preds.get((pred, len(args)))
        if len(open_at) != 1 or decl is None or decl.params[open_at[0]].type in _PRIMITIVE:
            return []
        out: list[tuple[Any, ...]] = []
        for code in self.codes.by_head.get((pred, len(args)), []):
            head = code.rule.head.args[open_at[0]]
            first = code.rule.body[0] if code.rule.body else None
            env0 = self.head_env(code, args)
            if env0 is None or not isinstance(head, Var) or not isinstance(first, Positive) \
                    or not self.is_stated(first.atom.key) \
                    or head.name not in {a.name for a in first.atom.args if isinstance(a, Var)}:
                continue
            for env in self.extend(first, env0):
                value = env.get(head.name)
                if value is None or value is UNKNOWN:
                    continue
                row = tuple(value if i == open_at[0] else a for i, a in enumerate(args))
                if row not in rows and row not in out and self.truth(pred, row) == "false":
                    out.append(row)
        return sorted(out, key=row_order)

    def unequal(self, nid: str, pred: str, args: Args, depth: int) -> None:
        """Why a pattern with a repeated variable has no row: the rows of the open pattern, whose
        values differ where the variable repeats (a few), or, with none, why the open pattern fails."""
        wide = opened(args)
        certain, possible = self.s.status(pred, wide)
        rows = sorted(certain, key=repr) + sorted(set(possible) - set(certain), key=repr)
        if not rows:
            for code in self.codes.by_head.get((pred, len(args)), []):
                self.rule_child(nid, code, wide, "false", depth)
            return
        same = " and ".join(sorted({str(a) for a in args if isinstance(a, Same)}))
        for row in rows[:3]:
            label = self.label(pred, tuple(row))
            self.edge(nid, self.add(f"unequal:{label}", kind="elided", status="false",
                                    label=f"{label}: the values where {same} repeats differ"))
        if len(rows) > 3:
            self.edge(nid, self.add(f"unequal:{nid}", kind="elided", status="false",
                                    label=f"({len(rows) - 3} more {'row' if len(rows) == 4 else 'rows'} of {pred}, none with equal values there)"))

    # -- base facts ------------------------------------------------------------------------
    def base_truth(self, pred: str, args: Args) -> str:
        """The truth of a base fact as the argument says it. A fact of an entity the case implies
        but never names (the snowmobile of a ride that states none: UNKNOWN in its place) is
        unknown, not false: no row of the case is about that entity, so the point lookup finds
        none, but the evaluation itself matches UNKNOWN with any row (_eq3) and keeps the fact open.
        Said false, it read silence against a party ('the head lamp ... is not an electric head
        lamp — the case is silent: taken as not so': review 6, 09; docs/SEMANTICS.md)."""
        truth = self.truth(pred, args)
        if truth == "false" and any(a is UNKNOWN for a in args[:1]):
            return "undetermined"
        return truth

    def base_node(self, pred: str, args: Args) -> str:
        kind = self.checked.base[(pred, len(args))]
        if any(a is None for a in args):
            certain, possible = self.s.status(pred, args)
            if certain:
                args = tuple(sorted(certain, key=repr)[0])
            elif possible:
                args = tuple(sorted(possible, key=repr)[0])
        truth = self.base_truth(pred, args) if all(a is not None for a in args) else "false"
        row = self.fact_locs.get((pred, args))
        nid = f"fact:{self.label(pred, args)}"
        if nid in self.g:
            return nid
        sentence = self.sentence(pred, args) or ""
        # false of 'some vehicle' where the case lists one: said of it, by name (review 7, 06); a relation
        # stays open ('the first vehicle was not operated under a permit': the one permit is another's)
        one = self.only_ones(pred, args) if truth == "false" and len(args) == 1 else None
        if one is not None:
            sentence = self.sentence(pred, one) or sentence
        sentence = self.charged_named(sentence, args)
        if truth == "undetermined":
            decl = self.prog.preds.get((pred, len(args)))
            valued = decl is not None and decl.arity == 2
            question = sentence if valued else f"whether {sentence}" if sentence else self.label(pred, args)
            if valued:
                question = self.sentence(pred, (args[0], None)) or question
                question = question.replace("?", "the value") if "?" in question else question
                nid = f"unknown:{self.label(pred, (args[0], None))}"
                if nid in self.g:
                    return nid
            return self.add(nid, kind="unknown", label=self.label(pred, args) if not valued
                            else self.label(pred, (args[0], None)), status="undetermined",
                            question=question, pred=pred, entity=str(args[0]) if args else "",
                            # what it says if so, for a fact that matters only given this one (answer/openrows.py)
                            holds=str(sentence) if sentence and not valued else "",
                            attribute=row.attribute if row else pred, loc=row.loc if row else "")
        pr = self.case.presumed.get((pred, args)) if self.case is not None else None
        if pr is not None and truth == ("true" if pr.arity == 2 or pr.value else "false"):
            return self.presumed_node(nid, pr, pred, args, truth, sentence)
        implied = (getattr(self.case, "implied", None) or {}).get((pred, args[0])) if self.case is not None and args else None
        if truth == "true":
            loc = row.loc if row else ""
            how = "entity in the case" if kind == "entity" else "stated in the case"
        else:
            loc = self.case.attr_locs.get((args[0], pred), "") if self.case is not None and args else ""
            how = "stated false in the case" if loc else "not in the case"
        if implied is not None and truth in ("true", "false") and implied.get("taken"):
            loc, how = "", TAKEN   # a case of a proof by cases: the value that case takes (explain/cases.py)
        elif implied is not None and truth in ("true", "false"):   # a fact a stated one implies (facts/constraints.py)
            loc, how = implied["loc"], f"implied: {implied['reason']}"
        none = self.none_listed(pred, args) if how == "not in the case" else ""
        if none.startswith("no such ") and len(args) == 1:
            # the one entity of its kind the case lists states it otherwise: stated, not taken as none
            # (review 7, 06: 'no traffic officer directed ... to stop' read 'the case lists no such vehicle');
            # a relation stays so ('the case lists no such permit': the one permit is another vehicle's)
            kind = self.prog.preds[(pred, len(args))].params[0].type
            listed = [e for e, k in (getattr(self.case, "entities", None) or {}).items() if k == kind]
            if len(listed) == 1 and self.case is not None:
                loc, how, none = self.case.attr_locs.get((listed[0], pred), ""), "stated false in the case", ""
        if none and self.stated_none(pred, args):
            # the scenario states the absence ('its driver has no prior'): stated, never 'taken as none'
            # (trainer review 8, 11 and 12); only silence is taken as none
            loc, how, none = getattr(self.case, "description_loc", "") or "case", "stated false in the case", ""
        elif none and self.others_record(pred, args):
            # stated only of someone else (the drivers), not of the person charged: assumed, and said so
            how, none = self.others_record(pred, args), ""
        extra = {"none_listed": none} if none else {}
        return self.add(nid, kind="fact", label=self.label(pred, args), status=truth, sentence=sentence,
                        loc=loc, how=how, pred=pred, link=self.links(pred, len(args)), **extra,
                        link_to=str(args[1]) if len(args) == 2 else "")

    def only_one(self, kind: str) -> str | None:
        """The one entity of KIND the case lists (None when it lists none or several, or KIND is no
        entity kind)."""
        listed = [e for e, k in (getattr(self.case, "entities", None) or {}).items() if k == kind]
        return listed[0] if kind in self.prog.entities and len(listed) == 1 else None

    def only_ones(self, pred: str, args: Args) -> Args | None:
        """ARGS with each open position filled by the one entity of its kind the case lists, when every
        open position is of such a kind: 'a traffic officer directed the operator of the pulpwood truck
        to stop ...', not '... of some vehicle ...', where the pulpwood truck is the case's one vehicle
        (trainer review 7, 06); None when nothing is open or an open position could be more than one."""
        decl = self.prog.preds.get((pred, len(args)))
        if self.case is None or decl is None or all(a is not None for a in args):
            return None
        out = []
        for a, param in zip(args, decl.params):
            if a is None:
                a = self.only_one(param.type)
                if a is None:
                    return None
            out.append(a)
        return tuple(out)

    def none_listed(self, pred: str, args: Args) -> str:
        """What the case lists none of, where the fact is false because the case lists no entity that
        could make it so: its first argument is left open ('prior_of(_, lowboy)': some prior conviction
        of the lowboy's incident) and the case lists none of that kind ('no prior conviction'), or
        every one it lists states it otherwise ('no such prior conviction'); '' otherwise. Said 'the
        case lists no prior conviction', not 'the case is silent'."""
        decl = self.prog.preds.get((pred, len(args)))
        if self.case is None or decl is None or not args or args[0] is not None \
                or decl.params[0].type not in self.prog.entities:
            return ""
        kind = decl.params[0].type
        listed = [e for e, k in (getattr(self.case, "entities", None) or {}).items() if k == kind]
        if not all(self.case.attr_locs.get((e, pred)) for e in listed):
            return ""
        return f"no {'such ' if listed else ''}{kind.replace('_', ' ')}"

    def stated_none(self, pred: str, args: Args) -> bool:
        """Whether the case's description states there is none of the kind of PRED's open first
        argument for the entities of ARGS (prose/stated.py: 'its driver has no prior')."""
        decl = self.prog.preds.get((pred, len(args)))
        if self.case is None or decl is None or not getattr(self.case, "description", ""):
            return False
        about, named, others = self._record_parties(args, decl.params[0].type == priors.RECORD_KIND)
        return states_none(self.case.description, decl.params[0].type, about, named, others)

    def _record_parties(self, args: Args, record: bool = True) -> tuple[list[str], list[str], list[str]]:
        """The ids and names a sentence of the description may name for the entities of ARGS (the
        vehicle and the persons the case links to it), every entity's, and the words of the persons
        linked to it who are not the person charged over it (prosecuted(V, P), s. 348.20(1)): a
        sentence about the drivers ('none of the drivers has an earlier weight conviction') states
        nothing of the record of the company charged (trainer review 12, G4)."""
        names = {**(getattr(self.case, "names", None) or {})}
        ids = [a for a in args[1:] if isinstance(a, str)]
        entities = getattr(self.case, "entities", None) or {}
        attributes = getattr(self.case, "attributes", None) or {}
        linked = [v for a in list(ids) for value in (attributes.get(a) or {}).values()
                  for v in (value if isinstance(value, list) else [value]) if v in entities and v not in ids]
        charged = self.charged(ids) if record else []   # a person's record: only the prior convictions
        others: list[str] = []
        if charged:   # only the persons charged are the record's; the others are named as others
            others = [x for e in linked if e not in charged
                      for x in (e, names.get(e, ""), entities[e], entities[e] + "s")]
            linked = [e for e in linked if e in charged]
            ids += [w for e in charged if e in entities for w in (entities[e], entities[e] + "s")
                    if w not in others]   # 'the carrier': the kind of the person charged
        # and the parties the case links to them: a sentence about a vehicle's carrier ('none of the
        # firms has a prior') states it of the vehicle's incident (review 10, 12)
        ids += linked
        about = [x for a in ids for x in (a, names.get(a, ""))]
        named = [x for e in entities for x in (e, names.get(e, ""))]
        return about, named, others

    def charged_named(self, sentence: Any, args: Args) -> Any:
        """A fact about 'the person charged over V', with that person's name where the law finds one
        (prosecuted(V, P)): 'the earlier conviction is Jo Keller's', never '... is on the record of the
        person charged over the dump truck' (trainer review 12, 01)."""
        if not isinstance(sentence, str) or not sentence or self.lean:
            return sentence
        if CHARGED_OVER not in str(sentence) and CHARGED_OVER not in str(getattr(sentence, "negative", "") or ""):
            return sentence   # nothing to name: no lookup of whom the law prosecutes (a warm ask evaluates no more)
        out = sentence
        for v in [a for a in args if isinstance(a, str)]:
            if self.record_is_operators(v):   # the operator's record, by role: 'the operator of the truck'
                over = entity_text(v, "vehicle", self.names)
                self.g.graph.setdefault("charged_names", {})[over] = OPERATOR_RECORD
                out = Sentence(name_operator(str(out), over), name_operator(str(getattr(out, "negative", "") or ""), over))
                continue
            charged = self.charged([v])
            roles = getattr(self.case, "roles", None) or {}
            given = getattr(self.case, "names", None) or {}
            # a name the case gives (`name: Jo Keller`), never one made from a role or an id
            if len(charged) == 1 and charged[0] in given and charged[0] not in roles:
                over = entity_text(v, "vehicle", self.names)
                name = entity_text(charged[0], "entity", self.names)
                self.g.graph.setdefault("charged_names", {})[over] = name
                out = Sentence(name_charged(str(out), over, name),
                               name_charged(str(getattr(out, "negative", "") or ""), over, name))
        return out

    def operators_of(self, v: Any) -> set[str]:
        """The operators the case names for vehicle v (its `..._operator` input), or none."""
        decl = self.prog.preds.get(("vehicle_operator", 2))
        if decl is None or not isinstance(v, str):
            return set()
        return {str(r[1]) for r in self.s.status("vehicle_operator", (v, None))[0] if r[1] is not UNKNOWN}

    def record_is_operators(self, v: Any) -> bool:
        """Whether the priors the case lists for vehicle v are read as its operator's record (ch348/
        s348_21.dl, trainer review 16, G1): the penalty asked binds the operator the case names, and
        the case names no person against whom s. 348.20(1) institutes the prosecution, so the person
        charged over v whom the case names is its operator."""
        if not isinstance(v, str):
            return False
        operators = self.operators_of(v)
        if not operators or not operators & self.penalized_persons(v):
            return False
        # a named s. 348.20(1) person: the record is the operator's only where the case's words give
        # it as the operator's ('The second ... has a driver with a ... deposit forfeited 13 months ago')
        return not self.charged([v]) or self.described_as_operators(v)

    def described_as_operators(self, v: str) -> bool:
        """Whether the description gives the priors the case lists for vehicle v as its operator's
        record (prose.stated.others_have: 'its driver ... was convicted'), not the person's charged."""
        if self.case is None or not getattr(self.case, "description", "") or (priors.RECORD_OF, 2) not in self.prog.preds:
            return False
        decl = self.prog.preds.get(("vehicle_operator", 2))
        if decl is None:
            return False
        certain, possible = self.s.status(priors.RECORD_OF, (None, v))
        for c in {r[0] for r in [*certain, *possible]}:
            about, named, _ = self._record_parties((c, v), record=False)
            if others_have(self.case.description, [decl.params[1].type], about, named):
                return True
        return False

    def priors_counted(self, v: Any) -> bool:
        """Whether the case lists a prior for vehicle v (prior_of), counted or not: the same in every
        case of a proof by cases (a prior's date unknown), so each case names the same persons."""
        if (priors.RECORD_OF, 2) not in self.prog.preds:
            return False
        certain, possible = self.s.status(priors.RECORD_OF, (None, v))
        return bool(certain or possible)

    def repeat_counted(self, v: Any) -> bool:
        """Whether the range found for vehicle v counts a listed prior, so that a record without one
        gives another: a 2nd or subsequent conviction under s. 348.21(3)(a) or (3)(b)2; under sub.
        (3g), whose par. (a) is the range of a first and of a 2nd conviction, a 3rd (par. (b)).
        Certain or possible in this case of the proof."""
        if (priors.REPEAT, 1) not in self.prog.preds:
            return False
        forest = (priors.FOREST, 1) in self.prog.preds and any(self.s.status(priors.FOREST, (v,)))
        pred = priors.THIRD if forest and (priors.THIRD, 1) in self.prog.preds else priors.REPEAT
        certain, possible = self.s.status(pred, (v,))
        return bool(certain or possible)

    def charged(self, ids: list[str]) -> list[str]:
        """The persons the overweight prosecution over the vehicles IDS is instituted against
        (prosecuted(V, P), ch348/s348_20.dl), where the law has that predicate."""
        if ("prosecuted", 2) not in self.prog.preds:
            return []
        out: list[str] = []
        for v in ids:
            certain, _ = self.s.status("prosecuted", (v, None))   # only one the law finds, never an unnamed one
            out += [str(r[1]) for r in sorted(certain, key=repr) if r[1] is not UNKNOWN and str(r[1]) not in out]
        return out

    def others_record(self, pred: str, args: Args) -> str:
        """What the mark of 'the person charged over V has no prior conviction' says where the
        description states none only of someone else ('none of the drivers has ...'): 'assumed: the
        quarry company has no prior conviction counted; the case gives only the drivers' record';
        '' otherwise."""
        decl = self.prog.preds.get((pred, len(args)))
        if self.case is None or decl is None or not getattr(self.case, "description", "") \
                or decl.params[0].type != priors.RECORD_KIND:
            return ""
        _, _, others = self._record_parties(args)
        whose = others_none(self.case.description, decl.params[0].type, others)
        charged = self.charged([a for a in args[1:] if isinstance(a, str)])
        if not whose or not charged:
            return ""
        return record_of_others([entity_text(c, "entity", self.names) for c in charged], whose)

    def operators_record(self, pred: str, args: Args) -> str:
        """What the mark of 'C is on the record of the person charged over V' says where the
        description gives the priors as the operator's ('The first driver has an overweight judgment
        ...'): s. 348.20(1) prosecutes the authority holder, not the operator, so taking the operator's
        record as the person charged's is an assumption (trainer review 14, G6); '' otherwise, and
        where the person charged over V is its operator."""
        decl = self.prog.preds.get((pred, len(args)))
        if self.case is None or decl is None or len(args) != 2 or decl.params[0].type != priors.RECORD_KIND \
                or not getattr(self.case, "description", "") or ("prosecuted", 2) not in self.prog.preds:
            return ""
        vehicle = decl.params[1].type
        operators = [d for d in self.prog.preds.values() if d.is_input and d.arity == 2
                     and d.params[0].type == vehicle and d.name.endswith("operator")]
        if not operators:
            return ""
        kind = operators[0].params[1].type
        v = args[1]
        if isinstance(v, str):
            driven = {str(r[1]) for r in self.s.status(operators[0].name, (v, None))[0]}
            if driven & set(self.charged([v])):
                return ""   # the operator is the person charged: the record is theirs
            if driven & self.penalized_persons(v):
                return ""   # the operator is the one the penalty asked binds (s. 348.25(2)(a)): theirs too
        about, named, _ = self._record_parties(args, record=False)
        whose = others_have(self.case.description, [kind], about, named)
        return record_given_of_others(whose) if whose else ""

    def penalized_persons(self, v: str) -> set[str]:
        """The persons the law names as offenders of the penalty the proof is of, in v: the offender_role
        rows of each provision penalty_of ties that relation to in v (the operator who broke a permit
        condition, s. 348.25(2)(a)); empty where the proof is of no penalty."""
        if not self._asked or ("penalty_of", 3) not in self.prog.preds:
            return set()
        # the penalty may be open on its amount (the paragraph a prior's date decides): its provisions
        # are those of any row it may have; the persons, those each provision certainly binds
        certain, possible = self.s.status("penalty_of", (self._asked, v, None))
        out: set[str] = set()
        for row in {*certain, *possible}:
            rows, _ = self.s.status("offender_role", (v, row[2], None, None))
            out |= {str(r[2]) for r in rows if r[2] is not UNKNOWN}
        return out

    def links(self, pred: str, arity: int) -> bool:
        """An input that only names another entity of the case (`operator(O, P)`, `snowmobile_used(O,
        S)`): a join between entities, not an element of any provision (explain/argument.py)."""
        decl = self.prog.preds.get((pred, arity))
        return bool(decl is not None and decl.is_input and arity == 2
                    and decl.params[1].type in self.prog.entities)

    def presumed_node(self, nid: str, pr: Presumption, pred: str, args: Args, truth: str, sentence: str) -> str:
        """An unstated input filled by a presumption (facts/presume.py): its own node kind."""
        fact = describe(pr, args, self.types(pred, len(args)))
        return self.add(f"presumed:{self.label(pred, args)}", kind="presumed", label=node_label(pr, fact),
                        status=truth, sentence=sentence, fact=fact, citation=pr.citation, reason=pr.reason,
                        entity=str(args[0]) if args else "",
                        how="presumed: not raised in the case", loc="", pred=pred)

    # -- rules ------------------------------------------------------------------------------
    def rule_attrs(self, code: RuleCode, env: Env, status: str) -> dict[str, Any]:
        static = getattr(code, "_static", None)
        if static is None or static[0] is not self.index:
            rule = code.rule
            text = ""
            sentences: list[str] = []
            if rule.provision and self.index is not None and rule.provision in self.index:
                text = self.index.get(rule.provision).text
                for words in rule.sentences:   # `@provision "C" "first words"`: the sentences of C it encodes
                    said = self.index.sentence(rule.provision, words)
                    if said and said not in sentences:
                        sentences.append(said)
            static = code._static = (self.index, dict(
                label=str(rule.head.pred), provision=rule.provision or "", statute=text, sentences=sentences,
                rests_on=self.rests_on(rule),
                rule_id=rule.rule_id, rule_loc=str(rule.loc), rule_text=str(rule), helper=rule.helper,
                # the contested phrase whose reading the rule encodes (a `@phrase` group): the line it
                # concludes says our reading and the other's result where that reading changes the answer
                phrase=rule.alternative[0] if rule.alternative else ""))
        types = self.var_types(code)
        binding = {k: show_value(env[k], types.get(k)) for k in code.variables if k in env}
        readings = list(code.rule.readings) if not rounded_to_itself(code.rule, env, self.rounding_calls(code)) \
            else []
        return dict(kind="rule", status=status, readings=readings, bindings=binding, **static[1])

    def rests_on(self, rule: Rule) -> list[str]:
        """The subdivisions below the rule's provision that its conditions are stated in (statute
        order): the provisions of the rules concluding its derived conditions, followed through the
        rules of the same provision ("the trail meets 4.a and 4.c", a rule of s. 350.02(2)(b)4 whose
        conditions are concluded by the rules of 4.a and of 4.c). Read from the rules, not the case."""
        below = _below_of(rule.provision)
        if below is None:
            return []
        by_head = getattr(self, "_rules_by_head", None)
        if by_head is None:
            by_head = self._rules_by_head = {}
            for r in self.prog.rules:
                by_head.setdefault(r.head.key, []).append(r)
        found: list[str] = []
        seen: set[int] = set()
        todo = [rule]
        while todo:
            r = todo.pop()
            for lit in r.body:
                if not isinstance(lit, (Positive, Negative)):
                    continue
                for sub in by_head.get(lit.atom.key, ()):
                    if id(sub) in seen:
                        continue
                    seen.add(id(sub))
                    prov = sub.provision or ""
                    if prov and prov != rule.provision and below(prov):
                        if prov not in found:
                            found.append(prov)
                        todo.append(sub)
                    elif not prov or prov == rule.provision:
                        todo.append(sub)
        return statute_order(found)

    def rounding_calls(self, code: RuleCode) -> list:
        """The floor/ceil/round calls of a rule's body (_rounding_calls), found once per rule: every
        rule node of every proof asks (rounded_to_itself)."""
        cached: list | None = getattr(code, "_rounding", None)
        if cached is None:
            cached = code._rounding = [c for lit in code.rule.body for c in _rounding_calls(lit)]
        return cached

    def shown_literal(self, code: RuleCode, i: int) -> str:
        """Body literal i of a rule as the rule file wrote it (display_literal), made once per rule."""
        shown: dict[int, str] | None = getattr(code, "_shown", None)
        if shown is None:
            shown = code._shown = {}
        text = shown.get(i)
        if text is None:
            text = shown[i] = display_literal(code.rule.body[i])
        return text

    def var_params(self, code: RuleCode) -> dict[str, Param]:
        """A rule's variables -> the declared parameter (type, unit, phrases) of the atoms they occupy."""
        cached: dict[str, Param] | None = getattr(code, "_var_params", None)
        if cached is not None:
            return cached
        out: dict[str, Param] = {}
        atoms = [code.rule.head] + [lit.atom for lit in code.rule.body if isinstance(lit, (Positive, Negative))]
        for atom in atoms:
            decl = self.prog.preds.get(atom.key)
            if decl is None:
                continue
            for a, p in zip(atom.args, decl.params):
                if isinstance(a, Var):
                    out.setdefault(a.name, p)
        code._var_params = out
        return out

    def var_types(self, code: RuleCode) -> dict[str, str]:
        """Declared types of a rule's variables (from @input/@predicate of the atoms they occupy)."""
        cached: dict[str, str] | None = getattr(code, "_var_types", None)
        if cached is None:
            cached = code._var_types = {name: p.type for name, p in self.var_params(code).items()}
        return cached

    def head_env(self, code: RuleCode, args: Args) -> Env | None:
        """The head's variables bound by args, or None when args cannot match the head."""
        spec: tuple[tuple[tuple[int, Any], ...], tuple[tuple[int, str], ...]] | None = getattr(code, "_head_spec", None)
        if spec is None:
            head = code.rule.head.args
            spec = code._head_spec = (tuple((i, a.value) for i, a in enumerate(head) if isinstance(a, Const)),
                                      tuple((i, a.name) for i, a in enumerate(head)   # type: ignore[union-attr]
                                            if not isinstance(a, Const)))   # (a head's other arguments: variables)
        consts, names = spec
        for i, value in consts:
            v = args[i]
            if v is not None and value != v:
                return None
        env: Env = {}
        for i, name in names:
            v = args[i]
            if v is not None:
                if name in env and env[name] != v:
                    return None
                env[name] = v
        return env

    def rule_child(self, parent: str, code: RuleCode, args: Args, truth: str | None, depth: int) -> None:
        env0 = self.head_env(code, args)
        if env0 is None:
            return
        if truth == "false":  # why not: the body is re-walked literal by literal, no body rows needed
            self.not_applied(parent, code, env0, depth)
            return
        pattern: list[Any] = [env0.get(v) for v in code.variables] or [0]
        if not code.variables and code.rule.body:
            pattern = [0]
        recursive = self.ranks.recursive(code.rule.head.key)
        if truth == "true" and not recursive:  # the least body row in repr order, without making every row
            row = () if not code.rule.body else self.s.first(code.body_c, pattern)
            if row is not None:
                self.applied(parent, code, dict(zip(code.variables, row)), "true", depth)
            return
        rows_c: set[Any] | frozenset[Any]
        rows_p: set[Any] | frozenset[Any]
        if not code.rule.body:
            rows_c = rows_p = {()}
        else:
            rows_c = self.s.rows(code.body_c, pattern)
            rows_p = self.s.rows(code.body_p, pattern)
        if truth == "true":  # a recursive atom: the least body row whose premises rank below it
            for row in self.descending(code, sorted(rows_c, key=repr), "c", args)[:1]:
                self.applied(parent, code, dict(zip(code.variables, row)), "true", depth)
        elif rows_p:  # undetermined
            rows = sorted(rows_p - rows_c, key=repr) or sorted(rows_p, key=repr)
            for row in self.descending(code, rows, "p", args)[:1]:
                self.applied(parent, code, dict(zip(code.variables, row)), "undetermined", depth)
        elif truth == "undetermined" and self.case is not None and self.case.presumed:
            # a rule of an undetermined atom closed only by a presumption: shown, so that the
            # answer lists the presumption it relies on (facts/presume.py)
            failed_at, envs = self.walk_body(code.rule, env0)
            lit = code.rule.body[failed_at] if failed_at is not None else None
            if isinstance(lit, Positive) and envs:
                env = sorted(envs, key=repr)[0]
                args = tuple(self.value(a, env) for a in lit.atom.args)
                if (lit.atom.pred, args) in self.case.presumed:
                    self.not_applied(parent, code, env0, depth)

    def descending(self, code: RuleCode, rows: list[tuple[Any, ...]], copy: str, args: Args) -> list[tuple[Any, ...]]:
        """The body rows whose premises of a recursive stratum rank below the atom (explain/rank.py):
        a recursive atom is justified by a derivation of least rank, never through itself."""
        if not self.ranks.recursive(code.rule.head.key):
            return rows
        return [row for row in rows if self.ranks.descends(code, row, copy, args)]

    def applied(self, parent: str, code: RuleCode, env: Env, status: str, depth: int) -> str:
        rule = code.rule
        shown = ",".join(f"{k}={show_value(env[k])}" for k in code.variables if k in env)
        nid = f"rule:{rule.rule_id}:{shown}"
        if nid not in self.g:
            self.add(nid, **self.rule_attrs(code, env, status))
            self._open.add(nid)
            for i, lit in sorted(enumerate(rule.body), key=lambda p: _source_pos(p[1])):
                child = self.literal(code, i, lit, env, depth, status)
                self.edge(nid, child)
            self._open.discard(nid)
        self.edge(parent, nid, "because")
        return nid

    def literal(self, code: RuleCode, i: int, lit: BodyLiteral, env: Env, depth: int, status: str) -> str:
        if isinstance(lit, Positive):
            args = tuple(self.value(a, env) for a in lit.atom.args)
            return self.explain(lit.atom.pred, args, depth + 1)
        if isinstance(lit, Negative):
            return self.negation(code, i, lit, env, depth)
        return self.arith_node(code, i, lit, env)

    def value(self, term: Term, env: Env) -> Any:
        if isinstance(term, Const):
            return term.value
        return env.get(term.name)   # type: ignore[union-attr]  # an atom's argument: a constant or a variable

    def negation(self, code: RuleCode, i: int, lit: Negative, env: Env, depth: int) -> str:
        pred = lit.atom.pred
        args = tuple(self.value(a, env) for a in lit.atom.args)
        shown_pred, shown_args = pred, args
        if "__proj" in pred:
            base, spec = pred.split("__proj")
            digits, arity = spec.split("_")
            kept = [] if digits == "x" else [int(c) for c in digits]
            full: list[Any] = [None] * int(arity)
            for pos, v in zip(kept, args):
                full[pos] = v
            shown_pred, shown_args = base, tuple(full)
        inner_truth = self.base_truth(pred, args) if (pred, len(args)) in self.checked.base else self.truth(pred, args)
        truth = {"true": "false", "false": "true"}.get(inner_truth, "undetermined")
        nid = f"not:{self.label(shown_pred, shown_args)}"
        if nid not in self.g:
            extra: dict[str, Any] = {}
            if code.rule.said and (pred, len(args)) not in self.checked.base:
                # an exception the rule's reading decides (s. 348.19(1)(b)'s excuse read into sub. (3)):
                # the reading said at it (trainer review 11, G4)
                extra["reading"] = "; ".join(w for w, _ in code.rule.said)
            self.add(nid, kind="negation", label=f"not {self.label(shown_pred, shown_args)}", status=truth,
                     sentence=self.sentence(shown_pred, shown_args) or "", **extra)
            self.edge(nid, self.explain(shown_pred, shown_args, depth + 1), "checked")
        return nid

    def arith_node(self, code: RuleCode, i: int, lit: Compare | Assign, env: Env) -> str:
        values = {k: v for k, v in env.items()}
        if isinstance(lit, Assign):
            val = env.get(lit.var.name)
            status = "undetermined" if val is UNKNOWN else "true"
            kind = "assignment"
        else:
            status = _try_compare(lit, values)
            kind = "comparison"
        shown = ",".join(f"{k}={show_value(v)}" for k, v in sorted(values.items()) if not generated_name(k))
        nid = f"{kind}:{code.rule.rule_id}:{i}:{shown}"
        types, nouns = self.var_types(code), self.var_nouns(code, env)
        params = self.var_params(code)
        said = (assignment_sentence(lit, env, types, nouns, env.get(lit.var.name, UNKNOWN), params)
                if isinstance(lit, Assign)
                else comparison_sentence(lit, env, types, nouns, status, code.rule.provision or "", params, self.names))
        if isinstance(lit, Assign):  # money in dollars (the engine keeps integer cents)
            money = types.get(lit.var.name) == "money" or is_money(lit.expr, types)
            shown_value = show_value(env.get(lit.var.name), 'money' if money else types.get(lit.var.name))
            if lit.var.name == str(lit.expr):   # a head argument computed (`p(X + 1) :- q(X).`)
                text = f"{lit.expr} = {expr_text(lit.expr, env, types, money)} = {shown_value} (in the head)"
            else:
                text = f"{lit.var} = {lit.expr} = {expr_text(lit.expr, env, types, money)} = {shown_value}"
        else:
            money = is_money(lit.left, types) or is_money(lit.right, types)
            text = (f"{lit}  ⇒  {expr_text(lit.left, values, types, money)} {lit.op} "
                    f"{expr_text(lit.right, values, types, money)}: {status}")
        extra: dict[str, Any] = {}
        if isinstance(lit, Compare) and _positive_guard(lit, code.rule):
            extra["positive_guard"] = True   # X = W - B, X > 0: that the amount computed is positive
        if isinstance(lit, Compare) and _distinct_entities(lit, types) and status == "true":
            extra["distinct"] = True   # two entities of one kind told apart: a join's bookkeeping, met
        if isinstance(lit, Compare) and status == "false":   # what the law asks, for 'X — not met, because <said>'
            extra["requirement"] = comparison_sentence(lit, env, types, nouns, status, code.rule.provision or "",
                                                       params, self.names, requirement=True)
        if code.rule.said and (isinstance(lit, Compare) or not _positive_guard(lit, code.rule)):
            # the rule's readings in short, said (an amount added up too: 'the fees for separate grounds add up')
            # at the line that rests on them (trainer review 10, 11: '6,300 lb, which is more than 1,000 lb'
            # rests on the reading of the missing lead-in of s. 348.21(3)(b))
            extra["reading"] = "; ".join(w for w, _ in code.rule.said)
        if isinstance(lit, Compare) and code.rule.alternative:   # a comparison a contested phrase states
            extra["phrase"] = code.rule.alternative[0]            # (s. 348.195(1)'s day count)
        if isinstance(lit, Compare) and status == "undetermined":   # what would have to hold, as a condition
            # of another fact ('if the excess over the limit is at most 2,000 pounds, whether ...')
            extra["condition"] = comparison_sentence(lit, env, types, nouns, status, code.rule.provision or "",
                                                     params, self.names, requirement=True)
        return self.add(nid, kind=kind, label=text, status=status, rule_id=code.rule.rule_id, sentence=said, **extra)

    def var_nouns(self, code: RuleCode, env: Env) -> dict[str, str]:
        """Variable -> the noun phrase of the input or conclusion that holds its value ('the distance
        in feet between the snowmobile trail used in op1 and the roadway'), for arithmetic sentences."""
        prose = self.prose
        out: dict[str, str] = {}
        for atom in [code.rule.head] + [lit.atom for lit in code.rule.body if isinstance(lit, Positive)]:
            decl = self.prog.preds.get(atom.key)
            if decl is None:
                continue
            for i, (a, p) in enumerate(zip(atom.args, decl.params)):
                if isinstance(a, Var) and "{" + p.name + "}" not in decl.template and a.name not in out:
                    args = tuple(None if j == i else self.value(b, env) for j, b in enumerate(atom.args))
                    if any(v is None for j, v in enumerate(args) if j != i):
                        continue
                    noun = prose.positive(atom.pred, args)
                    if noun is not None and sum(1 for q in decl.params
                                                if "{" + q.name + "}" not in decl.template) == 1:
                        out[a.name] = str(noun)
        return out

    # -- why not -----------------------------------------------------------------------------
    def walk_body(self, rule: Rule, env0: Env) -> tuple[int | None, list[Env]]:
        """(index of the first body literal no extension satisfies, the envs before it), or
        (None, envs) when every literal may hold."""
        envs = [dict(env0)]
        failed_at: int | None = None
        last_envs = envs
        for i, lit in enumerate(rule.body):
            nxt: list[Env] = []
            for env in envs:
                nxt.extend(self.extend(lit, env))
                if len(nxt) > MAX_ENVS:
                    break
            if not nxt:
                failed_at, last_envs = i, envs
                break
            envs = nxt[:MAX_ENVS]
        return failed_at, last_envs

    def not_applied(self, parent: str, code: RuleCode, env0: Env, depth: int) -> str:
        rule = code.rule
        failed_at, last_envs = self.walk_body(rule, env0)
        shown = ",".join(f"{k}={show_value(v)}" for k, v in sorted(env0.items()))
        nid = f"rule-not:{rule.rule_id}:{shown}"
        if nid in self.g:
            self.edge(parent, nid, "could have")
            return nid
        attrs = self.rule_attrs(code, env0, "false")
        attrs["kind"] = "rule"
        self.add(nid, **attrs)
        self.edge(parent, nid, "could have")
        if failed_at is None:
            return nid
        env = sorted(last_envs, key=repr)[0] if last_envs else env0
        number_too, outright = "", False
        if not self.lean:
            failed_at, env = self.statute_number_first(rule, failed_at, env)
            number_too, outright = self.refused_outright(code, failed_at, env)
        lit = rule.body[failed_at]
        if not self.lean and not isinstance(lit, Compare) and self.g.nodes[nid].get("readings"):
            kept = _boundary_readings_off(rule, failed_at, self.bound_after(rule, failed_at, env),
                                          self.g.nodes[nid]["readings"])
            if kept is not None:
                self.g.nodes[nid]["readings"] = kept
        held = self.held(code, failed_at, env) if not self.lean else []
        if held:   # the conditions met before the one that fails: the argument's elements (explain/)
            self.g.nodes[nid]["held"] = held
        # (positive conditions only: a negation after the failing one may hold only for want of what
        # failed, 'violated no condition of its permit' where there is no permit)
        # past a failing negation (a permit condition violated), the later conditions with their values
        # bound; past a failing positive one (no permit at all), nothing more to bind
        # (only the values and the comparisons between them are added so: the permit's weight, the
        # weight found, the one within the other)
        said = self.held(code, failed_at, env, after=True) if not self.lean else []
        if not self.lean and isinstance(rule.body[failed_at], Negative):
            said = [h for h in self.held(code, failed_at, self.bound_after(rule, failed_at, env), after=True)
                    if h in said or h.get("comparison") or (h.get("link_to") and not h.get("link"))]
        after = [h for h in said if h.get("status") == "true" and not h.get("negated")]
        if after:  # the conditions after it that hold all the same (4.c approved, where 4.a fails)
            self.g.nodes[nid]["after"] = after
        unmet = [h["text"] for h in said if h.get("status") == "false" and not h.get("negated")]
        if unmet:  # a condition after it that fails too: the rule is not one exception short of applying
            # (an 11-year-old under s. 350.05(2), its 12-to-15 age unmet: explain/argument.py _near_misses)
            self.g.nodes[nid]["after_unmet"] = unmet
        negated = [h for h in said if h.get("status") == "true" and h.get("negated") and not h.get("derived")
                   and h.get("source")]
        if negated and isinstance(lit, Positive):   # a stated fact after it that the rule forbids, there all
            # the same (the lamp taped over on a daylight trail: s. 350.09(1) needs no lamp there)
            self.g.nodes[nid]["after_negated"] = negated
        self._open.add(nid)
        if isinstance(lit, Positive):
            args = tuple(self.value(a, env) for a in lit.atom.args)
            args = tuple(None if isinstance(a, Var) and a.generated else v
                         for a, v in zip(lit.atom.args, args))
            child = self.explain(lit.atom.pred, args, depth + 1)
        elif isinstance(lit, Negative):
            child = self.negation(code, failed_at, lit, env, depth)
            head = tuple(self.value(a, env) for a in rule.head.args)
            concluded = self.sentence(rule.head.pred, head) if all(
                a is not None and not isinstance(a, Var) for a in head) else None
            if isinstance(concluded, Sentence) and concluded.negative and not self.lean:
                # a way whose conditions are met and that an exception defeats, in the law's negative
                # words of its own conclusion, bound ('the operator of the pulpwood truck did not
                # violate the duty in s. 348.19 (3) ...'): what a 'no' names (trainer review 7, 06)
                self.g.nodes[nid]["defeated"] = str(concluded.negative)
        else:
            child = self.arith_node(code, failed_at, lit, env)
            if not self.lean and _statute_number(lit) and not _at_number(lit, env):
                # the rule cannot apply by its own words (an excess of 4,200 lb, 'more than 2,000
                # pounds'): no reading of its other words, and none of the number's own (the value is
                # not at it), can make it apply (explain/argument.py: said in one line, unquoted)
                self.g.nodes[nid]["beyond"] = True
        if outright or number_too:
            # refused on what the case states, as the law would take it unstated ('the excess could not
            # be reloaded'), or on that and the statute's own number too: not in issue, said in one line
            # with both reasons, the number first (trainer review 13, G6)
            self.g.nodes[nid]["beyond"] = True
            if number_too:
                self.g.nodes[nid]["number_too"] = number_too
        self._open.discard(nid)
        self.edge(nid, child, "failed")
        self.g.nodes[nid]["failed"] = self.shown_literal(code, failed_at)
        counted = self.counted_for(rule, failed_at, env) if not self.lean else None
        if counted is not None:   # 'a prior conviction other than the recent one': which count, which do not
            before = set(self.g.nodes)
            self._open.add(nid)
            self.edge(nid, self.explain(counted[0], counted[1], depth + 1), "counted")
            self._open.discard(nid)
            self._aside(before)
        if depth == 0 and not self.lean and isinstance(lit, Positive) and self.fails_on_stated(
                lit.atom.pred, tuple(self.value(a, env) for a in lit.atom.args)):
            self.also_failed(nid, rule, failed_at, env, depth)
        return nid

    def statute_number_first(self, rule: Rule, failed_at: int, env: Env) -> tuple[int, Env]:
        """(the condition to report a rule not applying on, its env): the first failing one, unless
        that is a fact the case is silent on (an assumption) and a later condition comparing a value
        with a number the statute states fails too. Then that comparison: the rule cannot apply by its
        own words, and the answer rests on no assumption ('more than 2,000 pounds' refuses the reload
        of s. 348.21(2)(b) to a 4,200-lb excess: trainer review 12, G5). A fact the case states is said,
        with the number beside it (refused_outright; trainer review 13, G6)."""
        lit = rule.body[failed_at]
        if not isinstance(lit, (Positive, Negative)) or not self.is_stated(lit.atom.key):
            return failed_at, env
        args = tuple(self.value(a, env) for a in lit.atom.args)
        if self.case is None or (lit.atom.pred, args) not in self.case.presumed:
            return failed_at, env
        bound = self.bound_after(rule, failed_at, env)
        for j in range(failed_at + 1, len(rule.body)):
            later = rule.body[j]
            if isinstance(later, Compare) and _statute_number(later) and _try_compare(later, bound) == "false":
                return j, bound
        for j in range(failed_at + 1, len(rule.body)):
            # or a later condition that fails on a fact the case states (s. 350.02(2)(b)5: the ride stated
            # not to be for gaining access, the impracticable access presumed): the stated fact, never
            # the presumption, is why the rule does not apply (trainer review 15, G7)
            later = rule.body[j]
            if self._fails_on_stated_fact(later, env):
                return j, env
        return failed_at, env

    def _fails_on_stated_fact(self, lit: Any, env: Env) -> bool:
        """Whether a literal whose arguments env binds fails on a fact the case states (not presumed)."""
        if not isinstance(lit, (Positive, Negative)) or not self.is_stated(lit.atom.key) or self.case is None:
            return False
        if any(isinstance(a, Var) and a.name not in env for a in lit.atom.args):
            return False
        args = tuple(self.value(a, env) for a in lit.atom.args)
        if (lit.atom.pred, args) in self.case.presumed or any(a is None or a is UNKNOWN for a in args):
            return False
        if (lit.atom.pred, args) not in self.fact_locs and (args[0], lit.atom.pred) not in self.case.attr_locs:
            return False   # stated: the case gives it a line
        return self.base_truth(lit.atom.pred, args) == ("true" if isinstance(lit, Negative) else "false")

    def refused_outright(self, code: RuleCode, failed_at: int, env: Env) -> tuple[str, bool]:
        """(a later comparison with a number the statute states that fails too, in words; whether the
        failing condition is a fact the case states as the law would take it unstated) for a rule that
        fails on a fact of the case. The reload of s. 348.21(2)(b) where the case states 'the excess
        could not be reloaded' (the law's presumption when it is silent): refused on that fact, and,
        for an excess of 4,300 lb, on 'more than 2,000 pounds' as well: both said, once (trainer review
        13, G6). ('', False) otherwise."""
        rule = code.rule
        lit = rule.body[failed_at]
        if not isinstance(lit, (Positive, Negative)) or not self.is_stated(lit.atom.key):
            return "", False
        args = tuple(self.value(a, env) for a in lit.atom.args)
        outright = False
        pr = by_key(self.checked).get(lit.atom.key)
        presumed = self.case is not None and (lit.atom.pred, args) in self.case.presumed
        if pr is not None and isinstance(pr.value, bool) and not presumed:
            # the literal fails: a positive one on a fact false, a negative one on a fact true
            outright = pr.value == isinstance(lit, Negative)
        bound = self.bound_after(rule, failed_at, env)
        for j in range(failed_at + 1, len(rule.body)):
            later = rule.body[j]
            if isinstance(later, Compare) and _statute_number(later) and _try_compare(later, bound) == "false":
                text = comparison_sentence(later, bound, self.var_types(code), self.var_nouns(code, bound), "false",
                                           rule.provision or "", self.var_params(code), self.names)
                return text, True
        return "", outright

    def is_stated(self, key: tuple[str, int]) -> bool:
        """A predicate only the case states (no rule derives it)."""
        return key in self.checked.base and key not in self.checked.derived

    def fails_on_stated(self, pred: str, args: Args) -> bool:
        """A condition only the case states, or one the law derives straight from what the case
        states: each of its rules fails on a condition only the case states (s. 350.08's labelled
        phrase 'knowingly authorize or permit', owner_knowingly_permitted, rests on the stated
        knowingly_permitted under either reading). A failing condition of either kind is a fact
        stated, so a later condition of the rule is a second, independent reason (also_failed)."""
        key = (pred, len(args))
        if self.is_stated(key):
            return True
        codes = self.codes.by_head.get(key, [])
        if not codes or key in self.checked.base:
            return False
        for code in codes:
            env0 = self.head_env(code, args)
            if env0 is None:
                continue
            failed_at, _ = self.walk_body(code.rule, env0)
            lit = code.rule.body[failed_at] if failed_at is not None else None
            if not isinstance(lit, Positive) or not self.is_stated(lit.atom.key):
                return False
        return True

    def also_failed(self, nid: str, rule: Rule, failed_at: int, env: Env, depth: int) -> None:
        """A rule of the question itself that fails on a stated fact (the owner did not knowingly permit
        the ride) and also on a later condition the law derives, bound by then (the operator was not
        prohibited: a Michigan certificate, s. 350.055): that condition too, a second and independent
        reason, with its own proof (review 5, handout 04); or, where it holds (the 11-year-old was
        prohibited by s. 350.05(1)), what brings the party within the rule's reach, so that the fact
        stated is seen to decide (the mother forbade the ride: not 'knowingly'). Only the first such."""
        for later in rule.body[failed_at + 1:]:
            if not isinstance(later, Positive) or self.is_stated(later.atom.key):
                continue
            args = tuple(self.value(a, env) for a in later.atom.args)
            if any(a is None or isinstance(a, Var) for a in args) or self.truth(later.atom.pred, args) \
                    not in ("false", "true"):
                continue
            before = set(self.g.nodes)
            self._open.add(nid)
            other = self.explain(later.atom.pred, args, depth + 1)
            self._open.discard(nid)
            for k in set(self.g.nodes) - before:   # argued, never cited: the rule above does not apply
                self.g.nodes[k]["aside"] = True
            self.edge(nid, other, "also checked")
            return

    def bound_after(self, rule: Rule, failed_at: int, env: Env) -> Env:
        """env with the variables the positive conditions after the failing one bind (the permit's
        weight and the weight found), so that those conditions and the comparisons between them are
        said as met where they hold ('98,000 lb, which is at most the 100,000 lb of the permit'):
        an exception that fails on a violated permit condition still shows the load within the
        permit weight (trainer review 4, 07.2). A condition no extension satisfies binds nothing."""
        envs = [dict(env)]
        for lit in rule.body[failed_at + 1:]:
            if isinstance(lit, Negative):
                continue
            nxt: list[Env] = []
            for e in envs:
                try:
                    nxt.extend(self.extend(lit, e))
                except KeyError:   # a comparison over a variable a failed condition left unbound
                    break
                if len(nxt) > MAX_ENVS:
                    break
            if not nxt:
                continue
            envs = nxt[:MAX_ENVS]
        return sorted(envs, key=repr)[0]

    def held(self, code: RuleCode, failed_at: int, env: Env, after: bool = False) -> list[dict[str, Any]]:
        """The conditions of a rule that does not apply which hold (or may hold) before the one that
        fails, each {"text", "status", "source", "pred"}: what was met, so that an argument can say
        "op1 travelled at night against traffic, but the exception applies" rather than negate the
        whole rule. Recorded as an attribute, not as nodes: the proof's own reading is unchanged."""
        out: list[dict[str, Any]] = []
        prose = self.prose
        for lit in (code.rule.body[failed_at + 1:] if after else code.rule.body[:failed_at]):
            if isinstance(lit, Assign):
                continue
            if isinstance(lit, (Positive, Negative)):
                pred = lit.atom.pred
                args = tuple(self.value(a, env) for a in lit.atom.args)
                if "__proj" in pred or any(a is None or a is UNKNOWN for a in args):
                    continue
                truth = self.truth(pred, args)
                said = prose.positive(pred, args)
                if said is None:
                    continue
                key = (pred, len(args))
                source = ""
                pr: Presumption | None = None
                if key in self.checked.base:
                    row = self.fact_locs.get((pred, args))
                    pr = self.case.presumed.get((pred, args)) if self.case is not None else None
                    if row is not None and row.loc:
                        source = row.loc
                    elif self.case is not None and args:
                        source = self.case.attr_locs.get((args[0], pred), "")
                if isinstance(lit, Negative):
                    truth = {"true": "false", "false": "true"}.get(truth, "undetermined")
                    text = said.negative
                else:
                    text = str(said)
                implied = (getattr(self.case, "implied", None) or {}).get((pred, args[0])) \
                    if self.case is not None and args and key in self.checked.base else None
                out.append({"text": text, "status": truth, "source": source, "pred": pred,
                            "implied": implied["reason"] if implied else "",
                            "presumed": pr is not None, "negated": isinstance(lit, Negative),
                            "derived": key not in self.checked.base,
                            # a table the law itself lists ('travel along a state trunk highway must keep
                            # 10 feet from the roadway'): the law's statement, never an element of the case
                            "law": isinstance(lit, Positive) and truth == "true" and self._law_table(key),
                            "link": isinstance(lit, Positive) and self.links(pred, len(args)),
                            "link_to": str(args[1]) if len(args) == 2 else ""})
                if isinstance(lit, Negative) and truth == "true" and key not in self.checked.base and not after:
                    exc = self.held_exception(pred, args, str(said))
                    if exc:
                        out[-1]["exception"] = exc
                elif isinstance(lit, Positive) and truth == "true" and key not in self.checked.base:
                    # a derived condition met: the stated facts and comparisons that meet it, so that a
                    # met element carries its fact ('23:15, which is at or after 22:30') where the rule
                    # does not apply, as it does where it applies (trainer review 10, 02); after the
                    # failing one too, so a failing exception's conditions that hold give their facts to
                    # the facts box (the DOT's approval of a trail where its 40 ft fails: issue 46, item 4)
                    grounds = self.grounds(pred, args)
                    if grounds:
                        out[-1]["grounds"] = grounds
            else:
                types, nouns = self.var_types(code), self.var_nouns(code, env)
                status = _try_compare(lit, env)
                out.append({"text": comparison_sentence(lit, env, types, nouns, status, code.rule.provision or "",
                                                        self.var_params(code), self.names),
                            "status": status, "source": "", "pred": "", "presumed": False, "negated": False,
                            "derived": False, "comparison": True})
        return out

    def _law_table(self, key: tuple) -> bool:
        """Whether a derived predicate is a list the law states (every rule of it a fact with no
        conditions: distance_rule_highway_class(state_trunk)): what it says is the law's own
        statement, not a condition set against a fact of the case (trainer review 15, G3)."""
        rules = self.checked.derived.get(key) or []
        return bool(rules) and all(not r.body for r in rules)

    def grounds(self, pred: str, args: Args, depth: int = 0) -> list[dict[str, Any]]:
        """The stated facts and comparisons that meet a derived atom that holds, through the derived
        atoms it rests on (the first rule for it that applies, each condition held): [{"text",
        "status", "source", "comparison"}]. [] where it rests on anything else (a presumption, a
        negation, an open fact) or nests deeper than four rules: then the element says it alone."""
        busy = self.__dict__.setdefault("_grounding", set())   # a recursive predicate: never its own ground
        if depth > 4 or (pred, args) in busy or len(busy) > 4:
            return []
        busy.add((pred, args))
        try:
            return self._grounds_of(pred, args)
        finally:
            busy.discard((pred, args))

    def _grounds_of(self, pred: str, args: Args) -> list[dict[str, Any]]:
        for code in self.codes.by_head.get((pred, len(args)), []):
            env0 = self.head_env(code, args)
            envs = [dict(env0)] if env0 is not None else []
            for lit in code.rule.body:   # every condition, its values bound (walk_body stops short)
                nxt: list[Env] = []
                for e in envs:
                    nxt.extend(self.extend(lit, e))
                    if len(nxt) > MAX_ENVS:
                        break
                envs = nxt[:MAX_ENVS]
            if not envs:
                continue
            env = sorted(envs, key=repr)[0]
            out: list[dict[str, Any]] = []
            for h in self.held(code, len(code.rule.body), env):
                if h.get("status") != "true" or h.get("presumed") or h.get("negated") or h.get("link"):
                    return []
                if h.get("derived"):
                    sub = h.get("grounds") or []
                    if not sub and self._law_fact(h.get("pred", ""), code, env):
                        continue   # a fact of the law itself (the DOT approves trails near state trunk highways)
                    if not sub:
                        return []
                    out.extend(sub)
                elif h.get("comparison") or h.get("source"):
                    out.append({"text": h["text"], "status": "true", "source": h.get("source", ""),
                                "comparison": bool(h.get("comparison"))})
                else:
                    return []
            return out
        return []

    def _law_fact(self, pred: str, code: Any, env: Env) -> bool:
        """Whether the condition of code on pred holds as a fact the law itself states (a rule without
        conditions), not on the case's facts."""
        for lit in code.rule.body:
            if isinstance(lit, Positive) and lit.atom.pred == pred:
                args = tuple(self.value(a, env) for a in lit.atom.args)
                heads = [c for c in self.codes.by_head.get((pred, len(args)), []) if self.head_env(c, args) is not None]
                return bool(heads) and all(not c.rule.body for c in heads)
        return False

    def _walks(self, codes: list, args: Args) -> Iterator[tuple[Any, int | None, list, Env]]:
        """(code, the body literal it fails at or None, the envs it reached, its head's env) for each
        rule of CODES whose head matches ARGS, in rule order."""
        for code in codes:
            env0 = self.head_env(code, args)
            if env0 is not None:
                failed_at, envs = self.walk_body(code.rule, env0)
                yield code, failed_at, envs, env0

    def held_exception(self, pred: str, args: Args, sentence: str) -> dict[str, Any] | None:
        """A condition held that is the negation of a derived atom: that atom as the exception the
        rule states ({"sentence": 'op1 was in daylight, when travel may be in either direction',
        "citation": its rules' provision, "because": [the conditions failing it, each "false" and
        read in its negative sentence, as a failing condition reads]}), so that an argument says it as the exception it is in every ride, never as an
        element in one and an exception in another. None where its rules cite no single provision."""
        codes = self.codes.by_head.get((pred, len(args)), [])
        cited = {c.rule.provision or "" for c in codes}
        if len(cited) != 1 or not next(iter(cited)):
            return None
        because: list[dict[str, Any]] = []
        for code, failed_at, envs, env0 in self._walks(codes, args):
            if failed_at is None:
                return None
            env = sorted(envs, key=repr)[0] if envs else env0
            said = self.held(code, failed_at + 1, env)[-1:]
            lit = code.rule.body[failed_at]
            if not said or not isinstance(lit, (Positive, Negative)) or said[0].get("pred") != lit.atom.pred:
                return None
            h = said[0]
            if h.get("presumed"):
                # the first condition failing is only presumed, a later one fails on what the case states
                # (s. 350.02(2)(b)5: access not stated impracticable, presumed; the ride stated not for
                # access): the stated fact is the reason, never the presumption (trainer review 15, G7)
                stated = self._stated_failure(code, failed_at, env)
                if stated is not None:
                    lit, h = stated
            sub = tuple(self.value(a, env) for a in lit.atom.args)
            phrase = self.prose.positive(lit.atom.pred, sub)
            if phrase is None:
                return None
            h = {**h, "text": str(phrase) if isinstance(lit, Negative) else phrase.negative, "status": "false",
                 "negated": not isinstance(lit, Negative)}
            if h not in because:
                because.append(h)
        return {"sentence": sentence, "citation": next(iter(cited)), "because": because} if because else None

    def _stated_failure(self, code: Any, failed_at: int, env: Env) -> tuple[Any, dict[str, Any]] | None:
        """A condition after the one failing at failed_at that fails on a fact the case states (its
        literal and its held line), or None."""
        body = code.rule.body
        for j in range(failed_at + 1, len(body)):
            lit = body[j]
            if not isinstance(lit, (Positive, Negative)):
                continue
            if any(isinstance(a, Var) and a.name not in env for a in lit.atom.args):
                continue
            said = self.held(code, j + 1, env)[-1:]
            if (said and said[0].get("pred") == lit.atom.pred and said[0].get("status") == "false"
                    and said[0].get("source") and not said[0].get("presumed")):
                return lit, said[0]
        return None

    def extend(self, lit: BodyLiteral, env: Env) -> list[Env]:
        """Envs extending env for which lit may hold (possible semantics)."""
        if isinstance(lit, Positive):
            pred = lit.atom.pred
            pattern: list[Any] = []
            for a in lit.atom.args:
                v = self.value(a, env)
                pattern.append(None if v is UNKNOWN else v)
            rows = self.s.rows(cname(pred, "p"), pattern)
            out: list[Env] = []
            for row in sorted(rows, key=repr):
                new = dict(env)
                ok = True
                for a, v in zip(lit.atom.args, row):
                    if isinstance(a, Var):
                        if a.name in new and new[a.name] is not UNKNOWN and v is not UNKNOWN and new[a.name] != v:
                            ok = False
                            break
                        new.setdefault(a.name, v)
                if ok:
                    out.append(new)
            return out
        if isinstance(lit, Negative):
            args = tuple(self.value(a, env) for a in lit.atom.args)
            if any(a is UNKNOWN for a in args):
                return [env]
            return [] if self.s.rows(cname(lit.atom.pred, "c"), args) else [env]
        if isinstance(lit, Assign):
            new = dict(env)
            new[lit.var.name] = arith.assign3(lit.expr, env, lit.loc)
            return [new]
        return [env] if arith.test3(lit, env, lit.loc) else []


def _statute_number(lit: Compare) -> bool:
    """A comparison of a value with a number the rule states (the statute's '2,000 pounds')."""
    return isinstance(lit.left, Const) != isinstance(lit.right, Const) and isinstance(
        (lit.left if isinstance(lit.left, Const) else lit.right).value, (int, float)) and not isinstance(
        (lit.left if isinstance(lit.left, Const) else lit.right).value, bool)


def _at_number(lit: Compare, env: Env) -> bool:
    """The compared value is the number itself (exactly 2,000 lb): a reading of the boundary decides."""
    try:
        return bool(arith.evaluate(lit.left, env) == arith.evaluate(lit.right, env))
    except (arith.Unknown, KeyError):
        return True


_EXACTLY = re.compile(r"\bexactly\b", re.IGNORECASE)


def _boundary_readings_off(rule: Any, failed_at: int, env: Env, readings: list) -> list | None:
    """The rule's readings without those of its boundaries ('a point of apprehension exactly 15 miles
    from the destination qualifies'), where the rule fails on a condition that is no comparison while
    each of its comparisons (env: bound past the failing condition) holds and is not at its boundary
    (10 miles against 15):
    no reading of a boundary the value is not at, and no change of the compared value alone, can make
    the rule apply, so the reading decides nothing the answer says (trainer review 16, G6: the cattle
    truck on the interstate listed the 15-mile reading). None where a reading may still decide."""
    if getattr(rule, "alternative", None):
        return None   # a contested phrase's reading: tried the other way on its own (answer/)
    compares = [b for i, b in enumerate(rule.body) if isinstance(b, Compare) and i != failed_at]
    if not compares:
        return None
    for b in compares:
        try:
            left, right = arith.evaluate(b.left, env), arith.evaluate(b.right, env)
        except (arith.Unknown, KeyError, TypeError, ValueError, ArithmeticError, ReasonerError):
            return None
        if left == right or _try_compare(b, env) != "true":
            return None
    kept = [r for r in readings if not (isinstance(r, str) and _EXACTLY.search(r))]
    return kept if len(kept) < len(readings) else None


def _try_compare(lit: Compare, env: Env) -> str:
    try:
        left = arith.evaluate(lit.left, env)
        right = arith.evaluate(lit.right, env)
    except arith.Unknown:
        return "undetermined"
    except KeyError:
        return "undetermined"
    return "true" if arith.compare(lit.op, left, right, None, str(lit)) else "false"


class MissingInput(TypedDict, total=False):
    """An unknown input's entry: the proof's node data (ProofBuilder, kind "unknown"), ranked by
    answer/exactanswer.py (rank, decides, provision, note)."""
    kind: str          # "unknown"
    label: str         # the atom, as the proof shows it
    status: str        # "undetermined"
    question: str      # the question in words
    pred: str
    entity: str
    attribute: str
    loc: str           # where the case states it ("" when it does not)
    rank: int          # its place among the unknown inputs (the deciding ones first)
    decides: bool      # whether it decides the answer
    provision: str     # the provision that reads it
    note: str          # why it may not decide (a gap in the excerpt)


def missing_inputs(g: ProofGraph) -> list[MissingInput]:
    """Unknown-input nodes in proof order (DFS from the root), deduplicated."""
    root = g.graph.get("root")
    out: list[MissingInput] = []
    seen: set[str] = set()
    if root is None:
        return out
    order = proof_order(g)
    for nid in order:
        data = g.nodes[nid]
        if data.get("kind") == "unknown" and data.get("question") not in seen:
            seen.add(data["question"])
            out.append(cast(MissingInput, data))   # an unknown node's data (the "unknown" node above)
    return out



def _source_pos(lit: BodyLiteral) -> tuple[int, int]:
    """Premises are shown in the order the rule file states them."""
    loc = getattr(lit, "loc", None)
    return (loc.line, loc.col) if loc is not None else (1 << 30, 0)


def display_literal(lit: BodyLiteral) -> str:
    """The literal as the rule file wrote it (compiler projections shown as `not p(X, _)`)."""
    if isinstance(lit, Negative) and "__proj" in lit.atom.pred:
        base, spec = lit.atom.pred.split("__proj")
        kept: Sequence   # the kept positions' digits, then the positions
        kept, arity = spec.split("_")
        kept = [] if kept == "x" else [int(c) for c in kept]
        args = ["_"] * int(arity)
        for pos, a in zip(kept, lit.atom.args):
            args[pos] = str(a)
        return f"not {base}({', '.join(args)})"
    return str(lit)


_ROUNDING = frozenset({"floor", "ceil", "round"})


def _rounding_calls(obj: object, depth: int = 0) -> list:
    """The floor/ceil/round calls anywhere in a rule body's literal or term."""
    from ..language.ast import BinOp, Call
    if depth > 40:
        return []
    if isinstance(obj, Call):
        own = [obj] if obj.fn in _ROUNDING else []
        return own + [c for a in obj.args for c in _rounding_calls(a, depth + 1)]
    if isinstance(obj, BinOp):
        return _rounding_calls(obj.left, depth + 1) + _rounding_calls(obj.right, depth + 1)
    if isinstance(obj, Assign):
        return _rounding_calls(obj.expr, depth + 1)
    if isinstance(obj, Compare):
        return _rounding_calls(obj.left, depth + 1) + _rounding_calls(obj.right, depth + 1)
    return []


def rounded_to_itself(rule: object, env: Env, calls: list | None = None) -> bool:
    """Whether a rule that rounds (floor, ceil, round) rounded only whole numbers in this instance:
    its readings, which say how a fraction is rounded ('3,500.5 lb is charged as 3,500 lb'), touch no
    party here and are left out (review 5, 11). Only a rule with one reading, which is then the one
    about its rounding: a rule with several (s. 348.25 (8) (a) 3.: its subd. 4. and its rounding) keeps
    them. False for a rule that does not round, or where a value is not known."""
    if len(getattr(rule, "readings", ()) or ()) != 1:
        return False
    if calls is None:   # (calls: the rule's rounding calls, found already: ProofBuilder.rounding_calls)
        calls = [c for lit in getattr(rule, "body", ()) or () for c in _rounding_calls(lit)]
    if not calls:
        return False
    try:
        values = [arith.evaluate(c.args[0], env) for c in calls if c.args]
    except (KeyError, TypeError, ValueError, ArithmeticError, arith.Unknown, ReasonerError):   # unknown or unbound: it may touch the party
        return False
    return bool(values) and all(isinstance(v, int) or getattr(v, "denominator", None) == 1 for v in values)
