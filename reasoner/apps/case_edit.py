"""Edit a case file's YAML text for a few (entity, attribute) values, keeping everything else.

`interview --save` writes the answers into the case's own text: a `key: unknown` (or `~`, or empty)
value is replaced where it stands, a new key is a `key: value` line under the entity's mapping with
the indentation of its keys (`, key: value` inside a flow mapping `{...}`). Comments, blank lines,
quoting and the order of keys are kept byte for byte; only the answered values change. The edited
text is read back and must give exactly the data the answers made, or EditError (the caller then
says so) -- an entity reached through an alias (`op2: *op1`), for one, cannot be edited alone.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import yaml

from ..core.errors import ReasonerError


class EditError(ReasonerError):
    """The case text cannot be edited in place for these answers."""


def scalar_text(value: object, dumper: type[yaml.SafeDumper]) -> str:
    """The YAML text of one scalar value, safe in block and flow context alike."""
    text = yaml.dump([value], Dumper=dumper, default_flow_style=True, allow_unicode=True, width=4096)
    text = text.strip()
    if not (text.startswith("[") and text.endswith("]")) or "\n" in text:
        raise EditError(f"cannot write the value {value!r} on one line")
    return text[1:-1]


def _mapping_value(node: yaml.MappingNode, key: str) -> tuple[yaml.Node, yaml.Node] | tuple[None, None]:
    for k, v in node.value:
        if isinstance(k, yaml.ScalarNode) and k.value == key:
            return k, v
    return None, None


def edit_case_text(text: str, changes: Iterable[tuple[str, str, object]], dumper: type[yaml.SafeDumper]) -> str:
    """text with each (entity, attribute, value) of changes written in (later ones win)."""
    edits: dict[tuple[str, str], object] = {}
    for entity, attribute, value in changes:
        edits[(entity, attribute)] = value
    newline = "\r\n" if "\r\n" in text else "\n"
    for (entity, attribute), value in edits.items():
        text = _edit_one(text, entity, attribute, scalar_text(value, dumper), newline)
    return text


def _edit_one(text: str, entity: str, attribute: str, shown: str, newline: str) -> str:
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as exc:
        raise EditError(f"the case text cannot be read back: {exc}") from None
    if not isinstance(root, yaml.MappingNode):
        raise EditError("the case is not a mapping")
    _, entities = _mapping_value(root, "entities")
    if not isinstance(entities, yaml.MappingNode):
        raise EditError("the case has no entities mapping")
    _, node = _mapping_value(entities, entity)
    if not isinstance(node, yaml.MappingNode) or not node.value:
        raise EditError(f"entity {entity} is not a mapping with keys in the case text")
    key, old = _mapping_value(node, attribute)
    if old is not None:
        if not isinstance(old, yaml.ScalarNode):
            raise EditError(f"{entity}.{attribute} is not a single value in the case text")
        start, end = old.start_mark.index, old.end_mark.index
        if start == end:      # `key:` with nothing after it
            return text[:start] + " " + shown + text[end:]
        return text[:start] + shown + text[end:]
    last = node.value[-1][1]
    pos: int = last.end_mark.index
    if node.flow_style:
        return text[:pos] + f", {attribute}: {shown}" + text[pos:]
    first_key = node.value[0][0]
    column: int = first_key.start_mark.column
    line = " " * column + f"{attribute}: {shown}"
    if pos > 0 and text[pos - 1] == "\n":      # a nested block ends at the start of the next line
        return text[:pos] + line + newline + text[pos:]
    eol = text.find("\n", pos)
    if eol < 0:
        return text + newline + line + newline
    return text[:eol + 1] + line + newline + text[eol + 1:]


def _entities_node(text: str) -> yaml.MappingNode:
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as exc:
        raise EditError(f"the case text cannot be read back: {exc}") from None
    if not isinstance(root, yaml.MappingNode):
        raise EditError("the case is not a mapping")
    _, entities = _mapping_value(root, "entities")
    if not isinstance(entities, yaml.MappingNode) or entities.flow_style or not entities.value:
        raise EditError("the case has no block mapping of entities to add to")
    return entities


def _entities_of(text: str) -> dict[str, Any]:
    data = yaml.safe_load(text)
    return dict(data.get("entities") or {}) if isinstance(data, dict) else {}


def add_entity_text(text: str, entity: str, kind: str, dumper: type[yaml.SafeDumper]) -> str:

    """text with a new entity `entity: {type: kind}` after the last one, indented as the others
    (its attributes are then written in by edit_case_text); read back, or EditError."""
    entities = _entities_node(text)
    newline = "\r\n" if "\r\n" in text else "\n"
    indent: int = entities.value[0][0].start_mark.column
    first = entities.value[0][1]
    inner: int = (first.value[0][0].start_mark.column if isinstance(first, yaml.MappingNode) and first.value
             and not first.flow_style else indent + 2)
    block = (" " * indent + f"{scalar_text(entity, dumper)}:" + newline
             + " " * inner + f"type: {scalar_text(kind, dumper)}" + newline)
    pos: int = entities.value[-1][1].end_mark.index
    line_start = text.rfind("\n", 0, pos) + 1
    if pos > line_start and not text[line_start:pos].strip():
        pos = line_start
    if not (pos > 0 and text[pos - 1] == "\n"):
        eol = text.find("\n", pos)
        pos = len(text) if eol < 0 else eol + 1
        if eol < 0:
            block = newline + block
    new = text[:pos] + block + text[pos:]
    before, after = _entities_of(text), _entities_of(new)
    if after != {**before, entity: {"type": kind}}:
        raise EditError(f"cannot add {entity} to the case text in place")
    return new


def remove_entity_text(text: str, entity: str) -> str:
    """text without the entity `entity` (its key, its attributes and the comments among them); read
    back, or EditError."""
    entities = _entities_node(text)
    key, node = _mapping_value(entities, entity)
    if key is None or node is None:   # (both or neither)
        raise EditError(f"no entity {entity} in the case text")
    start = text.rfind("\n", 0, key.start_mark.index) + 1
    end = node.end_mark.index
    line_start = text.rfind("\n", 0, end) + 1
    if not text[line_start:end].strip():   # a block ends at the indentation of the next key
        end = line_start
    if not (end > 0 and text[end - 1] == "\n"):
        eol = text.find("\n", end)
        end = len(text) if eol < 0 else eol + 1
    new = text[:start] + text[end:]
    before = _entities_of(text)
    before.pop(entity, None)
    if not before or _entities_of(new) != before:
        raise EditError(f"cannot remove {entity} from the case text in place")
    return new
