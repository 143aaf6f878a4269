"""Pieces of the random Datalog programs that the differential tests draw (test_bench_smoke,
test_exact_differential, test_recursion_differential): a negated literal over the predicates
drawn so far, and a rule head, each argument a bound variable of the right type or a constant."""
from hypothesis import strategies as st


def _argument(draw, t, sb, ib, things):
    """A bound variable of type t ("s" a thing, "i" a number), "_" or a constant."""
    pool = sb if t == "s" else ib
    r = draw(st.integers(0, 3))
    if pool and r < 2:
        return draw(st.sampled_from(pool))
    if r == 2:
        return "_"
    return draw(st.sampled_from(things)) if t == "s" else str(draw(st.integers(0, 5)))


def negated_literal(draw, sigs, sb, ib, things) -> str:
    """`not p(...)` for a predicate of `sigs` (name -> argument types)."""
    pred = draw(st.sampled_from(sorted(sigs)))
    args = [_argument(draw, t, sb, ib, things) for t in sigs[pred]]
    return f"not {pred}({', '.join(args)})" if args else f"not {pred}"


def head_atom(draw, name, head_sig, sb, ib, things) -> str:
    """The rule head: each argument a bound variable of its type, else a constant."""
    head = []
    for t in head_sig:
        pool = sb if t == "s" else ib
        head.append(draw(st.sampled_from(pool)) if pool else
                    (draw(st.sampled_from(things)) if t == "s" else str(draw(st.integers(0, 5)))))
    return f"{name}({', '.join(head)})" if head else name
