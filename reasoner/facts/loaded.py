"""A case as the law reads it, once loaded (facts/case.py reads it; facts/presume.py fills its
presumptions): its own module, below both, so neither imports the other for it."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.record import field, record, replace
from .rows import FactRow

if TYPE_CHECKING:
    from ..language.ast import Presumption


@record
class Case:
    name: str
    path: str
    description: str = ""
    description_loc: str = ""   # "file:line" of `description:` (a fact its words state: prose/stated.py)
    # `title:` the handout's title where the case gives one (else the question with its parties)
    title: str = ""
    rows: list[FactRow] = field(default_factory=list)
    entities: dict[str, str] = field(default_factory=dict)     # id -> kind
    # id -> {attr: display value (a list of them for a list)}
    attributes: dict[str, dict[str, str | list[str]]] = field(default_factory=dict)
    raw: dict[str, Any] = field(default_factory=dict)          # plain data, for saving/what-if
    attr_locs: dict[tuple[str, str], str] = field(default_factory=dict)    # (entity, attribute) -> file:line
    # (pred, args) -> Presumption (facts/presume.py)
    presumed: dict[tuple[str, tuple[object, ...]], Presumption] = field(default_factory=dict)
    # id -> the name a person reads (`name:`), for named entities
    names: dict[str, str] = field(default_factory=dict)
    # id -> the role words of an entity the case gives no `name:` (role_names)
    roles: dict[str, str] = field(default_factory=dict)
    # (pred, entity) -> what a stated fact implies: {value, loc, reason, because, ...} (facts/constraints.py)
    implied: dict[tuple[str, str], dict[str, Any]] = field(default_factory=dict)

    def fact_preds(self) -> set[tuple[str, int]]:
        return {(r.pred, len(r.args)) for r in self.rows}

    def with_roles(self) -> "Case":
        """The case as a handout reads it: each entity without a `name:` labelled by its role
        ('the vehicle', 'the first carrier') in every sentence made from it. The ask, explain,
        what-if and JSON outputs read the case itself, where such an entity reads as its id."""
        if not self.roles:
            return self
        return replace(self, names={**self.roles, **self.names})
