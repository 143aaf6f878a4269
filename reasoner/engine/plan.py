"""The plan of a rule body: one typed step per body literal, read by both set interpreters.

The compiler (engine/compile.py) turns a rule in one copy (certain "c" or possible "p") into a
`Plan`: a list of steps evaluated left to right over *bindings*, tuples of values whose slots are
the variable names in `Step.binds` (the case id, "\\0case", first where the rule is per case), and
a projection onto the head. The two interpreters, batch.py (bindings in lists, all cases at once)
and worlds.py (bindings in dicts binding -> mask of worlds), read the same steps; fixpoint.py
asks the compiler for a plan's semi-naive variants. Like Soufflé's RAM, a plan prints itself
(`print(plan)`), one line a step:

    plan for violation(O, "350.09(4)") (certain copy) -> violation/c
      1. scan operation/c                      -> (case#, O)
      2. semijoin at_night/c on 0,1 = case#,O  -> (case#, O)
      3. not lights_on/p on 0,1 = case#,O      -> (case#, O)
      head (case#, O, '350.09(4)')

The plan is data (like Soufflé's RAM): a step holds relation keys, positions, binding slots,
constants, the literal it was made from and flags, never a function. The compiler (engine/compile.py)
makes plans; each interpreter has one generator that turns a plan into its executable form once
(batch.py: `BatchProgram.executable`, worlds.py: `Worlds.executable`), kept by the object that owns it.
The fields say what a step reads and gives:

- key_pos / key_slots: the relation positions looked up (an index key) and the binding slots whose
  values they must equal; consts: (position, value) pairs a row must hold; checks: the tests that
  are not index keys, (row position, "eq" or "eq3", (source kind, source)) with the source a binding
  slot ("slot", i), an earlier row position ("row", j) or a constant ("const", v) (`eq3`: equal, or
  either side UNKNOWN, at the positions that may be unknown);
- keep_b / keep_r: the binding slots and row positions the next binding is made of;
- proj: the binding slots kept after a filter, or None when every slot is kept;
- get: the binding slots of a test's or an assignment's variables (`names`, sorted).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar, Optional, dataclass_transform

from ..core.deadline import too_many_rows

if TYPE_CHECKING:
    from ..core.errors import EvaluationError
    from ..language.ast import Rule


def _rel_text(rel: tuple) -> str:
    if rel[0] == DELTA:
        return "delta " + _rel_text(rel[1:])
    name = "cases" if rel[0] == CASES else rel[0]
    return f"{name}/{rel[1]}"


CASE = "case#"   # how a plan shows the case id (a name no rule variable can have)
KVAR = "\0case"          # the case id, a variable no rule can spell
CASES = "\0cases"        # per-case relation of case ids, for rules with no per-case literal
DELTA = "\0delta"        # a relation key's prefix: only the previous round's new rows (engine/fixpoint.py)


def _names(binds: Iterable[str]) -> str:
    return "(" + ", ".join(CASE if n == "\0case" else n for n in binds) + ")"


def _keys(step: Any) -> str:
    if not step.key_pos:
        return ""
    return (" on " + ",".join(map(str, step.key_pos)) + " = "
            + ",".join(CASE if step.binds_in[s] == "\0case" else step.binds_in[s] for s in step.key_slots))


def _consts(step: Any) -> str:
    return "".join(f" [{p}]={v!r}" for p, v in step.consts)


# The step and plan classes are made by _plan_class, not dataclasses: `dataclass(slots=True)`
# wrote and compiled each class's methods as source text, ~3 ms of every fresh `reasoner ask` for
# seven classes. The same shape: slots (no attribute added on the side), an __init__ taking the
# fields positionally or by keyword with the class's defaults, the same repr, and equality by
# identity (a plan is a dict key: batch.py `executable`), as with the dataclasses' eq=False.
@dataclass_transform(eq_default=False)
def _plan_class(cls: Any) -> Any:
    """Class decorator: the fields are the annotations of the class and its bases (bases first),
    but not the ClassVar ones; a field's default is the class attribute of its name. The class is
    made again with its own fields as slots (as dataclass(slots=True) does)."""
    own = [name for name, kind in cls.__dict__.get("__annotations__", {}).items()
           if not str(kind).startswith("ClassVar")]
    defaults: dict[str, Any] = {}
    for base in reversed(cls.__mro__[1:]):
        defaults.update(base.__dict__.get("__plan_defaults__", {}))
    defaults.update({n: cls.__dict__[n] for n in own if n in cls.__dict__})
    inherited: tuple[str, ...] = getattr(cls, "__plan_fields__", ())
    fields_ = inherited + tuple(n for n in own if n not in inherited)
    namespace = {k: v for k, v in cls.__dict__.items() if k not in own and k not in ("__dict__", "__weakref__")}
    namespace["__slots__"] = tuple(n for n in own if n not in inherited)
    count = len(fields_)
    post_init: Callable[[Any], None] | None = namespace.get("__post_init__")
    cls_name = cls.__name__

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        if len(args) > count:
            raise TypeError(f"{cls_name}() takes {count} arguments but {len(args)} were given")
        for name, value in zip(fields_, args):
            setattr(self, name, value)
        for name in fields_[len(args):]:
            if name in kwargs:
                setattr(self, name, kwargs.pop(name))
            elif name in defaults:
                setattr(self, name, defaults[name])
            else:
                raise TypeError(f"{cls_name}() missing argument: {name!r}")
        if kwargs:
            raise TypeError(f"{cls_name}() got unexpected or repeated arguments: {', '.join(kwargs)}")
        if post_init is not None:
            post_init(self)

    def __repr__(self: Any) -> str:
        return f"{self.__class__.__qualname__}({', '.join(f'{n}={getattr(self, n)!r}' for n in fields_)})"

    namespace.update(__init__=__init__, __repr__=__repr__, __plan_fields__=fields_, __plan_defaults__=defaults)
    return type(cls)(cls.__name__, cls.__bases__, namespace)


def fields(cls: type) -> tuple[str, ...]:
    """The field names of a step or plan class, in order (what dataclasses.fields named)."""
    names: tuple[str, ...] = getattr(cls, "__plan_fields__")
    return names


def replace(obj: Any, **changes: Any) -> Any:
    """A copy of a step or plan with some fields changed (a plan's `reads` made again from its steps)."""
    names = fields(type(obj))
    unknown = set(changes) - set(names)
    if unknown:
        raise TypeError(f"{type(obj).__name__} has no field {', '.join(sorted(unknown))}")
    return type(obj)(**{n: changes[n] if n in changes else getattr(obj, n) for n in names})



@_plan_class
class Step:
    """A compiled body literal. `kind` names the class for the interpreters' dispatch; `text` is the
    literal as written; binds_in / binds: the variable names of the binding before and after it."""
    kind: ClassVar[str] = "step"
    text: str
    binds_in: tuple
    binds: tuple

    def describe(self) -> str:
        return self.kind

    def __str__(self) -> str:
        return f"{self.describe():<40} -> {_names(self.binds)}"


@_plan_class
class Positive(Step):
    """A positive literal: a scan (first=True: nothing bound yet), a join on the bound positions,
    or a semi-join (semijoin: no new variable lives on and nothing to test: a membership test)."""
    kind: ClassVar[str] = "positive"
    rel: tuple = ()
    key_pos: tuple = ()
    key_slots: tuple = ()
    consts: tuple = ()
    checks: tuple = ()              # (row position, "eq"/"eq3", (source kind, source))
    first: bool = False
    keep_b: tuple = ()              # binding slots kept
    keep_r: tuple = ()              # row positions appended
    semijoin: bool = False
    identity: bool = False          # the binding passes unchanged (a filter)
    case_and_one: Optional[int] = None   # a scan keeping the case id and the value at this position
    whole_row: bool = False         # the binding is the whole relation row: a set membership test

    def describe(self) -> str:
        what = "scan" if self.first else "semijoin" if self.semijoin else "join"
        extra = " +test" if self.checks else ""
        return f"{what} {_rel_text(self.rel)}{_keys(self)}{_consts(self)}{extra}"


@_plan_class
class Exists(Positive):
    """A positive literal fused with the `=` / `!=` tests right after it whose new variables
    nothing else reads: true for a binding when one matching row passes the tests (stops there)."""
    kind: ClassVar[str] = "exists"
    tests: tuple = ()   # ((comparison literal, slots of its variables, sorted by name, in the widened binding))
    three: bool = False  # the possible copy: the tests are three-valued
    proj: tuple = ()     # the widened binding's slots kept

    def describe(self) -> str:
        return f"exists {_rel_text(self.rel)}{_keys(self)}{_consts(self)} with {len(self.tests)} test(s)"


@_plan_class
class Negative(Step):
    """`not q(..)`: certain copy, no possible row matches (fuzzy: `_eq3` at q's positions that may
    be unknown); possible copy, no certain row equals."""
    kind: ClassVar[str] = "negative"
    rel: tuple = ()
    key_pos: tuple = ()
    key_slots: tuple = ()
    consts: tuple = ()
    checks: tuple = ()
    fuzzy: bool = False
    proj: Optional[tuple] = None
    whole_row: bool = False

    def describe(self) -> str:
        return f"not {_rel_text(self.rel)}{_keys(self)}{_consts(self)}{' +eq3' if self.fuzzy else ''}"


@_plan_class
class Compare(Step):
    """A comparison `lit` of the values of `names` (read from the slots `get`): engine.arith's
    two-valued test, or three-valued (three: the possible copy); numeric: (slot, operator symbol,
    number) for a variable against a number, tested a column at a time; kslot: the case id's slot,
    for a per-case error."""
    kind: ClassVar[str] = "compare"
    lit: Any = None
    three: bool = False
    names: tuple = ()
    get: tuple = ()
    kslot: Optional[int] = None
    numeric: Optional[tuple] = None
    proj: Optional[tuple] = None

    def describe(self) -> str:
        return f"test {self.text}"


@_plan_class
class Assign(Step):
    """`Z = expr`: the value (arith.evaluate; assign3 in the possible copy: UNKNOWN in, UNKNOWN
    out), appended to the kept slots when Z lives on (add)."""
    kind: ClassVar[str] = "assign"
    lit: Any = None
    three: bool = False
    names: tuple = ()
    get: tuple = ()
    kslot: Optional[int] = None
    keep: tuple = ()
    add: bool = False

    def describe(self) -> str:
        return f"let {self.text}"


@_plan_class
class Plan:
    """A rule's body plan in one copy: steps, then the head row made of the final binding into the
    relation `target`: head, (("slot", i) or ("const", value)) for each of its positions (None: the
    binding is the head row). head_global: the head has no case id (facts in the rules only);
    exact_seed: variables a proof's seeded search looks up exactly (SetEngine.body_plan);
    head_binds: the variable names of the binding the head is projected from."""
    rule: Any
    copy: str
    target: tuple
    steps: list
    head: Optional[tuple]
    head_global: bool
    exact_seed: frozenset = frozenset()
    head_binds: tuple = ()
    reads: tuple = ()       # the relations the positive literals read (a body with one empty never holds)

    def __post_init__(self) -> None:
        self.reads = tuple(s.rel for s in self.steps if s.kind in ("positive", "exists"))

    def too_many(self, count: int, budget: int) -> EvaluationError:
        return rule_too_many(self.rule, self.copy, count, budget)

    def __str__(self) -> str:
        copy = "certain" if self.copy == "c" else "possible"
        lines = [f"plan for {self.rule.head} ({copy} copy) -> {_rel_text(self.target)}"]
        lines += [f"  {i}. {step}" for i, step in enumerate(self.steps, 1)]
        lines.append(f"  head {_names(self.head_binds)}")
        return "\n".join(lines)


def rule_too_many(rule: Rule, copy: str, count: int, budget: int) -> EvaluationError:
    """The row-budget error for the rows a rule concludes past `budget` (its body streams into its
    head, so what is stored is what counts), naming the rule and its file:line."""
    err = too_many_rows(f"the relation the rule for {rule.head} ({'certain' if copy == 'c' else 'possible'} "
                        "copy) fills", count, budget)
    loc = getattr(rule, "loc", None)
    if loc is not None:
        err.location = f"{loc.file}:{loc.line}"
    return err
