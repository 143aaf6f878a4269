#!/usr/bin/env python3
"""Random completions of generated cases against the batch split's exact forfeiture answers (a
check, not a proof: tests/engine/splitgrid.py enumerates a grid where a case is small enough).

    python bench/exact_sample_check.py N CASE,CASE,... K

N: the generated cases (bench/gen.py, seed 1) the case numbers index; K: completions a case. Each
candidate input (engine/exact/unknowns.py) takes one of its choices (an interval's first or second
value), a follower one of its cuts at its leader's choice; only the completions the engine decides
are read. Reported: a row a completion has that the answer does not list (or an open row does not
cover), a row listed true that a completion lacks, an answer no completion agrees with."""
import json, random, sys
sys.path.insert(0, '.')
from fractions import Fraction
from bench.fastload import load_all
from bench.gen import generate
from reasoner.engine.rulebase import default_rulebase
from reasoner.law.queries import check_atom, resolve, variables
from reasoner.apps.batch import pattern
from reasoner.engine.exact import split
from reasoner.engine.exact.unknowns import unknowns
from reasoner.core.values import UNKNOWN
rb = default_rulebase()
n = int(sys.argv[1]); ids = [int(x) for x in sys.argv[2].split(",")]; K = int(sys.argv[3])
cases = load_all(rb.checked, generate(rb.checked, 1, n))
atom, saved = resolve("forfeiture"); atom = check_atom(atom, rb.checked)
args = pattern(atom)
names = dict(variables(atom))
rng = random.Random(7)   # the same completions each run
bad = 0
for i in ids:
    c = cases[i]
    ex = split.split_many(rb, atom, args, [c])[0]
    if not ex.exact:
        print(i, "not exact"); continue
    cands = unknowns(rb, c, atom, (), {})
    if any(not u.choices and u.leader is None and u.why for u in cands):
        # an input refused for a rule outside the goal: the split's second try traces the inputs
        # through the goal's own rules (engine/exact/split.py, _cone_helps), and so do these completions
        cands = unknowns(rb, c, atom, (), {}, cone=True)
    by = {u.index: u for u in cands}
    variants = []
    for _ in range(K):
        rows = list(c.rows); chosen = {}
        for u in cands:
            if u.leader is not None: continue
            if not u.choices: break
            ch = rng.choice(u.choices)
            chosen[u.index] = ch
            v = ch.value if (ch.point or ch.alt is None or rng.random() < .5) else ch.alt
            rows = split.assign(rows, u, split.Choice(v, "", True, None) if v is not None else ch, False) if v is not None else split.assign(rows, u, ch)
        for u in cands:
            if u.leader is None: continue
            cs = split.follower_choices(u, by[u.leader], chosen[u.leader]) if u.leader in chosen else None
            if not cs: continue
            ch = rng.choice(cs)
            rows = split.assign(rows, u, ch)
        variants.append([r for r in rows if r is not None and r.known] + [r for r in rows if r is not None and not r.known])
    ev = split.Evaluator(rb, atom, args, "sets")
    worlds = ev.many(variants)
    # only worlds with every candidate stated are decided: skip the rest
    dec = [ce for ce, po in worlds if ce == po]
    listed = {}
    for b in ex.bindings:
        row = tuple(b.get(names.get(k)) if k in names else a.value for k, a in enumerate(atom.args))
        listed[row] = b["answer"]
    produced = set().union(*dec) if dec else set()
    every = set.intersection(*(set(w) for w in dec)) if dec else set()
    probs = []
    for row in produced:
        if row not in listed and not any(UNKNOWN in k and all(y is UNKNOWN or x == y for x, y in zip(row, k)) for k in listed):
            probs.append(("produced, not listed", row))
    for row, said in listed.items():
        if said == "true" and row not in every: probs.append(("listed true, missing in a world", row))
    if ex.answer == "true" and not all(dec): probs.append(("answer true but a world has no row",))
    if ex.answer == "false" and produced: probs.append(("answer false but rows",))
    print(i, ex.answer, "decided worlds", len(dec), "of", K, "listed", len(listed), "produced", len(produced), probs[:3])
    bad += bool(probs)
print("cases with problems:", bad)
