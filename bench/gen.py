"""Realistic random case files over the real vocabulary of the bundled law (issue #6).

Everything is read from the checked program, nothing is hard-coded:
- the entity kinds (`@entity`) and their inputs (`@input`, with parameter types);
- per valued input, the thresholds: the constants that rules compare the input's value with
  (`D < 40`, `T >= 22:30`, `D > 1970-02-12`, `C <= 0.1`), the symbols rules match it against
  (directly, or through a predicate defined by facts such as `event_roadway_class(county)`), and
  pairs of inputs compared with each other (`W > M`);
- which chapter a kind belongs to (the folder of the file declaring it), so that a case is a
  ch. 350 case (operations, persons, snowmobiles, ...) or a ch. 348 case (vehicles, permits, ...).

Values are drawn at threshold - 1, threshold, threshold + 1 (one unit of the threshold's last
decimal place for decimals; one minute for times; one day for dates) or at random; booleans are
true, false or left out (unknown); valued inputs are sometimes left out or written `unknown`.
References between entities follow the input types (an input of type `person` names a person of
the same case; one is created when needed). Reproducible: `generate(seed, n)` gives the same
cases for the same seed and law.

    python -m bench.gen --seed 1 --n 3 [--out DIR]     # print (or write) generated case files
"""
from __future__ import annotations

import argparse
import datetime
import random
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from reasoner.language.ast import Assign, Compare, Const, Negative, Positive, Var
from reasoner.core.values import Day, TimeOfDay

VALUED = ("number", "money", "time", "date", "string", "symbol")


@dataclass
class InputInfo:
    name: str
    kind: str                 # the entity kind it belongs to
    type: str | None          # None for a boolean input
    thresholds: set = field(default_factory=set)   # numeric constants compared with the value
    symbols: set = field(default_factory=set)      # symbol constants matched against the value
    partners: set = field(default_factory=set)     # other valued inputs compared with this one
    safe_tests: list = field(default_factory=list)  # (op, constant, wanted truth) that help the safe goal
    param: object = None      # the declared value parameter (words, range, list), None for a boolean


@dataclass
class Vocabulary:
    kinds: dict               # kind -> chapter ("350", "348" or "")
    inputs: dict              # kind -> [InputInfo]
    by_name: dict             # input name -> InputInfo
    primary: dict             # chapter -> [kinds with the most inputs first]
    offsets: list = field(default_factory=list)  # constants compared with computed values (X = W - B)
    safe: dict = field(default_factory=dict)     # boolean input -> the value that helps the `safe` goal


def _chapter(loc) -> str:
    path = str(getattr(loc, "file", "") or "")
    for ch in ("350", "348"):
        if f"ch{ch}" in path:
            return ch
    return ""


def polarity(checked, goal: str) -> dict:
    """input name -> True/False: the value that can only help `goal` hold (None when mixed).

    Signed reachability over the rules: an input met under an even number of negations on the way
    from the goal helps it when true; under an odd number, when false. An input met both ways takes
    the value that blocks the rules it alone decides (`_sole_signs`), when those agree."""
    return _signs(checked, goal)[0]


def _signs(checked, goal: str):
    """(input polarity as in `polarity`, derived key -> set of signs it is reached with)."""
    derived = checked.derived
    signs: dict = {}
    todo = [(k, True) for k in derived if k[0] == goal]
    seen = set()
    while todo:
        key, sign = todo.pop()
        if (key, sign) in seen:
            continue
        seen.add((key, sign))
        for rule in derived.get(key, []):
            for lit in rule.body:
                if not isinstance(lit, (Positive, Negative)):
                    continue
                s = sign if isinstance(lit, Positive) else not sign
                k = lit.atom.key
                if k in derived:
                    todo.append((k, s))
                else:
                    signs.setdefault(k[0], set()).add(s)
    reached: dict = {}
    for key, sign in seen:
        reached.setdefault(key, set()).add(sign)
    sole = _sole_signs(checked, reached)
    return {name: _one(s) if len(s) == 1 else _one(sole.get(name, set())) for name, s in signs.items()}, reached


def _one(signs: set):
    return next(iter(signs)) if len(signs) == 1 else None


def _sole_signs(checked, reached: dict) -> dict:
    """input name -> the signs it is met with in rules (reached with one sign) where it is the only
    condition besides links between entities: the value that alone keeps such a rule from firing.

    A boolean met both ways (has_brake: `not has_brake(S)` is a violation on its own, `has_brake(S),
    not brake_capable(S)` only with a further fault) is kept at the value that blocks the rule it
    alone decides; the other rules are left to their further conditions."""
    prog = checked.program
    derived = checked.derived

    def link(lit) -> bool:
        decl = prog.preds.get(lit.atom.key)
        if lit.atom.key[0] in prog.entities and lit.atom.key[1] == 1:
            return True
        return (isinstance(lit, Positive) and decl is not None and decl.is_input and decl.arity == 2
                and decl.params[1].type in prog.entities)

    sole: dict = {}
    for key, signs in reached.items():
        if len(signs) != 1:
            continue
        sign = next(iter(signs))
        for rule in derived.get(key, []):
            conditions = [lit for lit in rule.body if not (isinstance(lit, (Positive, Negative)) and link(lit))]
            if len(conditions) != 1 or not isinstance(conditions[0], (Positive, Negative)):
                continue
            lit = conditions[0]
            if lit.atom.key not in derived:
                sole.setdefault(lit.atom.key[0], set()).add(sign if isinstance(lit, Positive) else not sign)
    return sole


def vocabulary(checked, safe_goal: str = "lawful") -> Vocabulary:
    prog = checked.program
    kinds = {k: _chapter(d.loc) for k, d in prog.entities.items()}
    inputs: dict = {k: [] for k in kinds}
    by_name: dict = {}
    for key, decl in sorted(prog.preds.items()):
        if not decl.is_input or not decl.params or decl.params[0].type not in kinds or decl.arity > 2:
            continue
        info = InputInfo(decl.name, decl.params[0].type, decl.params[1].type if decl.arity == 2 else None,
                         param=decl.params[1] if decl.arity == 2 else None)
        inputs[info.kind].append(info)
        by_name[info.name] = info
    offsets = _thresholds(checked, by_name)
    _safe_tests(checked, by_name, _signs(checked, safe_goal)[1])
    # an input compared only with other inputs takes their thresholds (found vs. maximum weight)
    changed = True
    while changed:
        changed = False
        for info in by_name.values():
            for partner in info.partners:
                other = by_name[partner]
                if other.type == info.type and not other.thresholds <= info.thresholds and not info.thresholds:
                    info.thresholds |= other.thresholds
                    changed = True
    primary: dict = {}
    for kind, ch in kinds.items():
        primary.setdefault(ch, []).append(kind)
    for ch in primary:
        primary[ch].sort(key=lambda k: (-len(inputs[k]), k))
    return Vocabulary(kinds, inputs, by_name, primary, sorted(offsets), polarity(checked, safe_goal))


def _fact_constants(checked) -> dict:
    """(pred, position) -> constants in the heads of that predicate's rules (facts and others)."""
    out: dict = {}
    for rule in checked.rules:
        for i, a in enumerate(rule.head.args):
            if isinstance(a, Const):
                out.setdefault((rule.head.pred, i), set()).add(a.value)
    return out


def _thresholds(checked, by_name: dict) -> set:
    heads = _fact_constants(checked)
    offsets: set = set()
    for rule in checked.rules:
        source: dict = {}     # var name -> input name whose value binds it
        computed: set = set()  # vars bound by arithmetic or by a derived predicate's value
        for lit in rule.body:
            if isinstance(lit, Assign):
                computed.add(lit.var.name)
            elif isinstance(lit, Positive) and lit.atom.pred not in by_name and lit.atom.key in checked.derived:
                computed |= {a.name for a in lit.atom.args[1:] if isinstance(a, Var)}
        for lit in rule.body:
            if isinstance(lit, (Positive, Negative)):
                info = by_name.get(lit.atom.pred)
                if info is not None and info.type is not None and len(lit.atom.args) == 2:
                    a = lit.atom.args[1]
                    if isinstance(a, Var) and not a.anonymous:
                        source.setdefault(a.name, info.name)
                    elif isinstance(a, Const):
                        _add_constant(info, a.value)
        for lit in rule.body:
            if isinstance(lit, Compare):
                sides = (lit.left, lit.right)
                for this, other in (sides, sides[::-1]):
                    if isinstance(this, Var) and this.name in computed and isinstance(other, Const) \
                            and isinstance(other.value, int) and not isinstance(other.value, bool):
                        offsets.add(other.value)
                    if isinstance(this, Var) and this.name in source:
                        info = by_name[source[this.name]]
                        if isinstance(other, Const):
                            _add_constant(info, other.value)
                        elif isinstance(other, Var) and other.name in source and source[other.name] != info.name:
                            info.partners.add(source[other.name])
            elif isinstance(lit, (Positive, Negative)) and lit.atom.pred not in by_name:
                for i, a in enumerate(lit.atom.args):
                    if isinstance(a, Var) and a.name in source:
                        for value in heads.get((lit.atom.pred, i), ()):
                            _add_constant(by_name[source[a.name]], value)
    return offsets


def _safe_tests(checked, by_name: dict, reached: dict) -> None:
    """For rules reached with one sign from the safe goal: `X op c` on an input's value should be
    true (rule helps the goal) or false (rule hurts it)."""
    for key, signs in reached.items():
        if len(signs) != 1:
            continue
        want = next(iter(signs))
        for rule in checked.derived.get(key, []):
            source = {}
            for lit in rule.body:
                if isinstance(lit, Positive) and lit.atom.pred in by_name and len(lit.atom.args) == 2:
                    a = lit.atom.args[1]
                    if isinstance(a, Var) and not a.anonymous:
                        source.setdefault(a.name, lit.atom.pred)
            tests = [lit for lit in rule.body if isinstance(lit, Compare)]
            if len(tests) != 1:
                continue  # with several tests, which one to keep false is a choice; leave it random
            lit = tests[0]
            for this, other, op in ((lit.left, lit.right, lit.op), (lit.right, lit.left, _FLIP[lit.op])):
                if isinstance(this, Var) and this.name in source and isinstance(other, Const) \
                        and isinstance(other.value, (int, Fraction)) and not isinstance(other.value, bool):
                    by_name[source[this.name]].safe_tests.append((op, other.value, want))


_FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "=": "=", "!=": "!="}


def _holds(op, a, b) -> bool:
    return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b, "=": a == b, "!=": a != b}[op]


def _add_constant(info: InputInfo, value) -> None:
    if isinstance(value, bool):
        return
    if isinstance(value, (int, Fraction)):
        info.thresholds.add(value)
    elif isinstance(value, str):
        info.symbols.add(value)


# -- drawing values ----------------------------------------------------------------------------

def _places(value) -> int:
    """Decimal places of an exact threshold (0 for ints; 2 for 0.25)."""
    if isinstance(value, int):
        return 0
    den, places = Fraction(value).denominator, 0
    while den != 1 and places < 6:
        places += 1
        den = Fraction(Fraction(value) * 10 ** places).denominator
    return places


def _decimal_text(value: Fraction, places: int) -> str:
    if places == 0:
        return str(int(value))
    scaled = round(value * 10 ** places)
    sign = "-" if scaled < 0 else ""
    scaled = abs(scaled)
    return f"{sign}{scaled // 10 ** places}.{scaled % 10 ** places:0{places}d}"


def _near(rng: random.Random, thresholds, unit, low, high):
    if thresholds and rng.random() < 0.7:
        t = rng.choice(sorted(thresholds))
        return t + rng.choice((-unit, 0, unit))
    return rng.uniform(low, high) if isinstance(unit, float) else rng.randint(low, high)


class Generator:
    def __init__(self, checked, seed: int = 0):
        self.checked = checked
        self.vocab = vocabulary(checked)
        self.rng = random.Random(seed)
        self.count = 0
        self.careful = 0.0

    # values -----------------------------------------------------------------------------
    def value(self, info: InputInfo, case_kinds: dict, entities: dict):
        rng = self.rng
        t = info.type
        if t in ("number", "money", "time", "date"):
            v = self._raw(info)
            if info.safe_tests and rng.random() < self.careful:
                for _ in range(12):  # a careful case keeps to the safe side of every threshold it can
                    if all(_holds(op, v, c) == want for op, c, want in info.safe_tests):
                        break
                    v = self._raw(info)
            return self._format(info, _in_range(info, v))
        if t == "symbol":
            words = getattr(info.param, "words", None)
            syms = sorted(s for s in info.symbols if s.isascii() and s[:1].islower()
                          and s.replace("_", "a").isalnum() and s != "unknown" and (words is None or s in words))
            if syms and rng.random() < 0.85:
                return rng.choice(syms)
            # a word no rule tests: from the declared set when there is one
            return rng.choice(sorted(words - set(syms)) or sorted(words)) if words else \
                rng.choice(("other", "none", "misc_value"))
        if t == "string":
            strs = sorted(info.symbols)
            if strs and rng.random() < 0.8:
                return rng.choice(strs)
            return rng.choice(("free text", "ünïcödé — ✓", "x" * rng.randint(1, 40)))
        # an entity reference
        targets = [e for e, k in case_kinds.items() if k == t]
        if not targets or rng.random() < 0.1:
            eid = self.new_entity(t, case_kinds, entities)
            return eid
        return rng.choice(targets)

    def _raw(self, info: InputInfo):
        """An exact value of the input's type: near a threshold (70%) or at random."""
        rng = self.rng
        t = info.type
        if t == "number":
            nums = {x for x in info.thresholds if not isinstance(x, (Day, TimeOfDay))}
            places = max((_places(x) for x in nums), default=0)
            unit = Fraction(1, 10 ** places)
            top = max((abs(x) for x in nums), default=100)
            if nums and rng.random() < 0.7:
                return rng.choice(sorted(nums)) + rng.choice((-unit, 0, unit))
            return Fraction(rng.randint(0, int(2 * top * 10 ** places) + 1), 10 ** places)
        if t == "money":
            cents = [x for x in info.thresholds if isinstance(x, int)]
            return _near(rng, cents, 1, 0, 2 * max(cents, default=100_000) + 1)
        if t == "time":
            times = [x for x in info.thresholds if isinstance(x, TimeOfDay)]
            return TimeOfDay(_near(rng, times, 1, 0, 24 * 60 - 1) % (24 * 60))
        days = [x for x in info.thresholds if isinstance(x, Day)]
        low = datetime.date(1960, 1, 1).toordinal()
        high = datetime.date(2026, 12, 31).toordinal()
        return Day(_near(rng, days, 1, low, high))

    def _format(self, info: InputInfo, v):
        t = info.type
        if t == "number":
            nums = {x for x in info.thresholds if not isinstance(x, (Day, TimeOfDay))}
            return _yaml_number(Fraction(v), max((_places(x) for x in nums), default=0))
        if t == "money":
            return f"{v // 100}.{v % 100:02d}" if v >= 0 else f"-{(-v) // 100}.{(-v) % 100:02d}"
        if t == "time":
            return str(TimeOfDay(int(v)))
        return datetime.date.fromordinal(int(v))

    def new_entity(self, kind, case_kinds, entities) -> str:
        n = sum(1 for k in case_kinds.values() if k == kind) + 1
        eid = f"{kind}_{n}"
        while eid in case_kinds:
            n += 1
            eid = f"{kind}_{n}"
        case_kinds[eid] = kind
        entities[eid] = None  # filled later
        return eid

    # cases ------------------------------------------------------------------------------
    def case(self) -> dict:
        rng = self.rng
        vocab = self.vocab
        self.count += 1
        chapter = rng.choice(sorted(ch for ch in vocab.primary if ch))
        kinds = vocab.primary[chapter]
        unknown_rate = rng.choice((0.0, 0.02, 0.1, 0.25, 0.5))
        # how careful the people in the case were: a careful case has (almost) every boolean that
        # matters for the safe goal (lawful) at the value that helps it
        self.careful = rng.choice((0.0, 0.5, 0.9, 0.97, 1.0))
        case_kinds: dict = {}
        entities: dict = {}
        for i, kind in enumerate(kinds):
            count = rng.randint(1, 2) if i == 0 else rng.choice((0, 0, 1, 1, 2))
            for _ in range(count):
                self.new_entity(kind, case_kinds, entities)
        done: set = set()
        while True:
            pending = [e for e in case_kinds if e not in done]
            if not pending:
                break
            for eid in pending:
                done.add(eid)
                entities[eid] = self.attributes(eid, case_kinds[eid], unknown_rate, case_kinds, entities)
        ordered = {e: entities[e] for e in sorted(entities, key=lambda e: (kinds.index(case_kinds[e])
                                                                          if case_kinds[e] in kinds else 99, e))}
        return {"description": f"generated case {self.count} (ch. {chapter}, unknown rate {unknown_rate}, "
                               f"careful {self.careful})",
                "entities": ordered}

    def attributes(self, eid, kind, unknown_rate, case_kinds, entities) -> dict:
        rng = self.rng
        body: dict = {"type": kind}
        drawn: dict = {}
        for info in self.vocab.inputs[kind]:
            r = rng.random()
            if info.type is None:
                if r < unknown_rate:
                    if rng.random() < 0.05:
                        body[info.name] = "unknown"
                    continue
                safe = self.vocab.safe.get(info.name)
                if safe is not None and rng.random() < self.careful:
                    body[info.name] = safe
                else:
                    body[info.name] = rng.random() < 0.4
                continue
            if r < unknown_rate:
                if rng.random() < 0.05:
                    body[info.name] = "unknown"
                continue
            if info.type not in VALUED and getattr(info.param, "many", False) and rng.random() < 0.08:
                # several values for one attribute (e.g. two companions)
                body[info.name] = [self.value(info, case_kinds, entities) for _ in range(2)]
                continue
            body[info.name] = drawn[info.name] = self.value(info, case_kinds, entities)
        # inputs compared with each other: sometimes put them right next to each other
        for name, value in list(drawn.items()):
            info = self.vocab.by_name[name]
            for partner in sorted(info.partners):
                if partner in drawn and info.type == "number" and rng.random() < 0.5 \
                        and isinstance(value, int) and isinstance(drawn[partner], int):
                    delta = rng.choice((-1, 0, 1))
                    if self.vocab.offsets and rng.random() < 0.5:
                        delta = rng.choice(self.vocab.offsets) + rng.choice((-1, 0, 1))
                    other = self.vocab.by_name[partner]
                    body[partner] = drawn[partner] = int(_in_range(other, Fraction(value + delta * rng.choice((-1, 1)))))
        return _consistent(body, kind, getattr(self.checked.program, "implications", []), self.checked)


    def cases(self, n: int):
        for _ in range(n):
            yield self.case()


def _consistent(body: dict, kind: str, implications, checked) -> dict:
    """The entity's attributes made to keep the law's `@implies` (facts/constraints.py): where the
    first side of one is stated to hold, the second is stated to hold too, along every chain (a case
    that breaks one is refused as a whole, and a generated case is meant to be answered)."""
    def holds(lit):
        value = body.get(lit.pred)
        if value is None or value == "unknown" or isinstance(value, list):
            return None
        atom = value is True if lit.value is None else value == lit.value
        return atom != lit.negated
    for _ in range(len(implications) + 1):
        changed = False
        for imp in implications:
            decl = checked.program.preds.get(imp.first.key)
            if decl is None or decl.params[0].type != kind:
                continue
            if holds(imp.first) is True and holds(imp.then) is not True:   # stated the other way, or left out:
                # state it (a fact left out would be implied, and the chain may meet a stated one)
                if imp.then.value is None:
                    body[imp.then.pred] = not imp.then.negated
                elif not imp.then.negated:
                    body[imp.then.pred] = imp.then.value
                else:
                    body.pop(imp.then.pred, None)
                changed = True
        if not changed:
            break
    return body


def _in_range(info: InputInfo, v):
    """A drawn number or amount moved into the declared range (a case outside it is refused)."""
    p = info.param
    if p is None or getattr(p, "low", None) is None or info.type not in ("number", "money"):
        return v
    scale = 100 if info.type == "money" else 1
    low = p.low * scale
    high = None if p.high is None else p.high * scale
    if v < low:
        v = low + (low - v)       # reflect: keeps values near a threshold at 0 on its upper side
    if high is not None and v > high:
        v = high
    return v if info.type != "money" else int(v)


def _yaml_number(v: Fraction, places: int):
    if places == 0 or Fraction(v).denominator == 1:
        return int(v)
    return float(_decimal_text(v, places))  # YAML-dumped as e.g. 0.09 (read back exactly as text)


def generate(checked, seed: int, n: int) -> list:
    return list(Generator(checked, seed).cases(n))


def dump(case: dict) -> str:
    import yaml
    return yaml.safe_dump(case, sort_keys=False, allow_unicode=True)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--n", type=int, default=3)
    ap.add_argument("--out", type=Path, default=None, help="write case_<i>.yaml files here")
    args = ap.parse_args(argv)
    from reasoner.engine.rulebase import default_rulebase
    cases = generate(default_rulebase().checked, args.seed, args.n)
    for i, case in enumerate(cases):
        text = dump(case)
        if args.out:
            args.out.mkdir(parents=True, exist_ok=True)
            (args.out / f"case_{i:05d}.yaml").write_text(text, encoding="utf-8")
        else:
            print(f"--- # case {i}\n{text}")


if __name__ == "__main__":
    main()
