"""The benchmarked evaluation paths; each returns its seconds, its verdicts and a breakdown.

Verdicts are per case: {goal name: (frozenset certain rows, frozenset possible rows)}, or
("error", exception name). Proof verdicts are {goal: (answer, bindings)} as answer_case gives them.
"""
from __future__ import annotations

import time

from bench.common import session_verdict


def path_pydatalog(compiled, cases, goal_atoms):
    t0 = time.perf_counter()
    verdicts = [session_verdict(compiled, c.rows, goal_atoms) for c in cases]
    return {"seconds": time.perf_counter() - t0, "verdicts": verdicts}


def path_batch(checked, cases, goal_atoms, rb=None):
    """Batch verdicts as `reasoner batch --verdicts-only` gives them (reasoner/batch.py run_verdicts):
    the three-valued pass over all cases at once on the batch engine, then the exact answer
    (engine/exact.py, split of unknown inputs) of each case and goal the pass leaves open, with the
    same function run_verdicts calls. `verdicts` are the three-valued rows (checked against the
    reference engine), `exact` the answers and bindings after the split (checked against the
    reference's exact answers). Without `rb`, or with exact answers off, the split is skipped."""
    from reasoner.core.settings import current
    from reasoner.answer.answering import verdict
    from reasoner.engine.batch import BatchProgram
    from reasoner.law.queries import pattern
    t0 = time.perf_counter()
    program = BatchProgram(checked, goals=[(a.pred, len(a.args)) for _, a in goal_atoms])
    t1 = time.perf_counter()
    timing = {}
    patterns = [(a.pred, pattern(a)) for _, a in goal_atoms]
    answers = program.verdicts([c.rows for c in cases], patterns, timing)
    t2 = time.perf_counter()
    verdicts = []
    for v in answers:
        if isinstance(v, Exception):
            verdicts.append(("error", type(v).__name__))
            continue
        verdicts.append({name: v[key] for (name, _), key in zip(goal_atoms, patterns)})
    t3 = time.perf_counter()
    exact, split, inexact = [], 0, 0
    if rb is not None and current().exact:
        from reasoner.core.gcpause import paused
        with paused():   # as run_verdicts answers each chunk
            exact, split, inexact = _exact_part(rb, cases, verdicts, goal_atoms)
    t4 = time.perf_counter()
    return {"seconds": t4 - t0, "three_valued": t3 - t0, "compile": t1 - t0, "load": timing["load"],
            "evaluate": timing["evaluate"], "read": (t2 - t1) - timing["load"] - timing["evaluate"] + (t3 - t2),
            "split": t4 - t3, "split_goals": split, "inexact": inexact, "verdicts": verdicts, "exact": exact}


def _exact_part(rb, cases, verdicts, goal_atoms):
    """The exact answers of the goals the three-valued pass leaves open, as run_verdicts gives them:
    (per case {goal: (answer, bindings)}, goals split, goals left inexact)."""
    from reasoner.answer.answering import verdict
    from reasoner.apps.batch import EXACT_CHUNK, _exact_verdict
    from reasoner.engine.exact.split import split_many
    from reasoner.engine.exact.probe import probe_many
    from reasoner.core.settings import exact_budget as budget
    from reasoner.law.queries import pattern
    exact, split, inexact = [], 0, 0
    # like run_verdicts: the open goals' completions, EXACT_CHUNK cases at a time, then each open goal
    probes = {}
    for start in range(0, len(cases), EXACT_CHUNK):
        for name, atom in goal_atoms:
            jobs = [(i, cases[i], verdicts[i][name]) for i in range(start, min(start + EXACT_CHUNK, len(cases)))
                    if not isinstance(verdicts[i], tuple)
                    and any(b["answer"] != "true" for b in verdict(atom, *verdicts[i][name])[1])]
            found = (probe_many(rb, atom, pattern(atom), [(c, root) for _, c, root in jobs], budget=budget())
                     if jobs else [])
            rest = [((i, _c), p) for (i, _c, _), p in zip(jobs, found) if not p.open and p.settled is None]
            if rest:
                for ((i, _c), p), ex in zip(rest, split_many(rb, atom, pattern(atom), [c for (_, c), _ in rest],
                                                            budget=budget())):
                    p.split = ex
            probes.update({(i, name): p for (i, _, _), p in zip(jobs, found)})
    for ci, (case, v) in enumerate(zip(cases, verdicts)):
        if isinstance(v, tuple):
            exact.append(v)
            continue
        e = {}
        for name, atom in goal_atoms:
            answer, bindings = verdict(atom, *v[name])
            if any(b["answer"] != "true" for b in bindings):
                split += 1
                answer, bindings, extra = _exact_verdict(rb, case, atom, answer, bindings,
                                                         probes.get((ci, name)))
                inexact += not extra["exact"]
            e[name] = (answer, binding_set(bindings))
        exact.append(e)
    return exact, split, inexact


def binding_set(bindings):
    return frozenset((tuple(sorted((k, _key(x)) for k, x in b.items() if k != "answer")), b["answer"])
                     for b in bindings)


def reference_exact(rb, cases, ref, goal_atoms):
    """The reference's exact answers: the reference engine's three-valued answer where it decides,
    else engine/exact.py with every leaf of the split evaluated again on pyDatalog
    (`--engine pydatalog`)."""
    from reasoner.engine.exact.split import exact_answer
    from reasoner.core.settings import exact_budget as budget
    from reasoner.law.queries import pattern
    rb.compiled
    t0 = time.perf_counter()
    out = expected_proof_answers(ref, goal_atoms)
    split = 0
    for case, e in zip(cases, out):
        if isinstance(e, tuple):
            continue
        for name, atom in goal_atoms:
            answer, rows = e[name]
            if any(a != "true" for _, a in rows):
                split += 1
                ex = exact_answer(rb, case, atom, pattern(atom), "pydatalog", budget=budget())
                if ex.exact:
                    e[name] = (ex.answer, binding_set(ex.bindings))
    return {"seconds": time.perf_counter() - t0, "split_goals": split, "verdicts": out}


def path_clingo(checked, cases, goal_atoms):
    from reasoner.engine.clingo_export import AspProgram
    from reasoner.law.queries import pattern
    rows = [c.rows for c in cases]
    t0 = time.perf_counter()
    program = AspProgram.for_cases(checked, rows)
    t1 = time.perf_counter()
    text = "\n".join(program.facts(i, r) for i, r in enumerate(rows))
    t2 = time.perf_counter()
    shown = sorted({(a.pred, len(a.args)) for _, a in goal_atoms})
    timing = {}
    results = program.solve(rows, shown, facts_text=text, timing=timing)
    t3 = time.perf_counter()
    verdicts = []
    for res in results:
        v = {}
        for name, a in goal_atoms:
            pat = pattern(a)
            v[name] = tuple(frozenset(r for r in res[(a.pred, copy)]
                                      if all(p is None or p == x for p, x in zip(pat, r))) for copy in ("c", "p"))
        verdicts.append(v)
    t4 = time.perf_counter()
    return {"seconds": t4 - t0, "translate": t1 - t0, "facts": t2 - t1, "parse": timing.get("parse"),
            "ground": timing.get("ground"),
            "solve": timing.get("solve"), "read": timing.get("read", 0) + (t4 - t3),
            "rules": len(program.rules), "verdicts": verdicts}


def path_proofs(rb, cases, goal_atoms, engine="sets"):
    """Per case and goal, on one engine: the verdict alone (open a session, read the goal's
    certain and possible rows, and split the open ones as batch verdicts do), then answer_case (the verdict plus its full proof graph), then
    the proof as a networkx.DiGraph (Answer.graph). Each timed on its own."""
    from reasoner.core.settings import current
    from reasoner.answer.answering import answer_case, open_session, verdict
    from reasoner.apps.batch import _exact_verdict
    from reasoner.law.queries import pattern
    import networkx  # noqa: F401 - imported before timing, as the engines' plans are compiled
    if engine == "sets":
        for _, atom in goal_atoms:
            rb.set_engine([atom.key])
    else:
        rb.compiled
    verdict_s = proof_s = nx_s = 0.0
    out = []
    nodes = 0
    for case in cases:
        v = {}
        for name, atom in goal_atoms:
            try:
                t0 = time.perf_counter()
                with open_session(rb, case.rows, atom.key, engine) as session:
                    rows = session.status(atom.pred, pattern(atom))
                three = verdict(atom, *rows)
                if current().exact:   # the exact verdict, as `reasoner batch --verdicts-only` gives it
                    answer, bindings = three
                    if any(b["answer"] != "true" for b in bindings):
                        _exact_verdict(rb, case, atom, answer, bindings)
                t1 = time.perf_counter()
                ans = answer_case(rb, case, atom, engine=engine)
                t2 = time.perf_counter()
                graph = ans.graph
                t3 = time.perf_counter()
            except Exception as exc:  # noqa: BLE001 - compared with the reference
                v = ("error", type(exc).__name__)
                break
            verdict_s += t1 - t0
            proof_s += t2 - t1
            nx_s += t3 - t2
            nodes += graph.number_of_nodes()
            # "not applicable" (the case has no entity of the goal's subject kind) is the engines'
            # FALSE with no rows, said in words; the reference has no such word, so it is compared
            # as that FALSE, and only ever given with no bindings
            answer = ans.answer
            if answer == "not_applicable":
                assert not ans.bindings, ans.bindings
                answer = "false"
            if ans.exact or answer not in ("true", "undetermined"):
                v[name] = (answer, binding_set(ans.bindings))
            else:
                # an inexact answer is compared as the reference gives one: its three-valued rows (the
                # reference keeps those when its split does not finish). ask itself lists only the values
                # a completion verifies (answer/exactanswer.py verify_values), a subset checked by the
                # law tests (forfeiture ranges reachable), not here
                v[name] = (three[0], binding_set(three[1]))
        out.append(v)
    return {"seconds": proof_s, "verdict": verdict_s, "networkx": nx_s, "engine": engine, "verdicts": out,
            "nodes": nodes}


def _key(x):
    return x if isinstance(x, (int, str)) else repr(x)


def expected_proof_answers(ref, goal_atoms):
    """What answer_case must say, derived from the reference verdicts (as api.answer_case does)."""
    from reasoner.law.queries import variables
    from reasoner.core.values import UNKNOWN
    out = []
    for v in ref:
        if isinstance(v, tuple):
            out.append(v)
            continue
        e = {}
        for name, atom in goal_atoms:
            certain, possible = v[name]
            names = variables(atom)
            rows = set()
            for row in certain:
                status = "undetermined" if any(x is UNKNOWN for x in row) else "true"
                rows.add((tuple(sorted((n, _key(row[i])) for i, n in names)), status))
            for row in possible - certain:
                rows.add((tuple(sorted((n, _key(row[i])) for i, n in names)), "undetermined"))
            answer = "true" if certain else "undetermined" if possible else "false"
            e[name] = (answer, frozenset(rows))
        out.append(e)
    return out
