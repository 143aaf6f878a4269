"""YAML reading with line numbers, no aliases, no duplicate keys, size limits."""
from __future__ import annotations

import re
from types import MappingProxyType
from typing import IO, TYPE_CHECKING, Any, cast

import yaml

from ..core.deadline import check as check_deadline
from ..core.errors import CaseError, InputLimitError
from ..core.fileinput import CONTROL_HINT, control_character

MAX_BYTES = 2 * 1024 * 1024
# libyaml's loader when PyYAML was built with it (same events, nodes and marks; ~5x faster)
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
MAX_DEPTH = 20
if TYPE_CHECKING:   # the C classes have the same interfaces
    _LoaderBase = yaml.SafeLoader
    DumperBase = yaml.SafeDumper
else:
    _LoaderBase = LOADER
    # libyaml's emitter when PyYAML has it (the same text, ~3.5x faster)
    DumperBase = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def _event_at(filename: str, event: yaml.Event) -> str:
    """file:line:column of a parser event (the parser marks every event it makes)."""
    m = event.start_mark
    return f"{filename}:{m.line + 1}:{m.column + 1}" if m is not None else str(filename)


class _Loader(_LoaderBase):
    """The safe loader, with each scalar's implicit tag resolved once per distinct text (a case
    with 10,000 entities repeats the same keys and words ~100,000 times) and no path resolvers
    (none are registered, so walking them per node is pure cost)."""

    def __init__(self, stream: str | bytes | IO[str] | IO[bytes]) -> None:
        super().__init__(stream)
        self._resolved: dict[tuple[Any, str, Any], str] = {}

    def resolve(self, kind: Any, value: str, implicit: Any) -> str:
        key = (kind, value, implicit)
        tag: str | None = self._resolved.get(key)
        if tag is None:
            tag = self._resolved[key] = super().resolve(kind, value, implicit)
        return tag

    def descend_resolver(self, current_node: Any, current_index: Any) -> None:
        pass

    def ascend_resolver(self) -> None:
        pass


class Located:
    """A parsed YAML value with its file:line."""
    __slots__ = ("value", "line", "col", "raw", "tag")

    def __init__(self, value: Any, line: int, col: int, raw: str | None = None, tag: str | None = None) -> None:
        self.value, self.line, self.col, self.raw, self.tag = value, line, col, raw, tag


def read_yaml(text: str, filename: str) -> Located:
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise InputLimitError(f"case file is larger than {MAX_BYTES // (1024 * 1024)} MB", location=filename,
                              hint="split the cases into several files")
    try:
        depth = 0
        # The event pass finds aliases where they are written and stops deep nesting early (the
        # pure-Python parser is quadratic in the depth). libyaml limits nesting itself, and with
        # no `&` in the text there is no anchor, so no alias can compose, and with no `!` no tag:
        # the pass is skipped.
        events = (yaml.parse(text, Loader=LOADER) if (LOADER is yaml.SafeLoader or "&" in text or "!" in text)
                  else ())
        for n, event in enumerate(events):
            if not n & 4095:
                check_deadline()   # reading the case is inside the command's time limit
            # depth is checked while streaming: PyYAML's parser is quadratic in the nesting depth,
            # so `[[[[...` 2 MB deep would otherwise take hours before _convert could refuse it
            if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                depth += 1
                if depth > MAX_DEPTH + 1:
                    raise CaseError(f"nesting deeper than {MAX_DEPTH} levels", location=_event_at(filename, event))
            elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                depth -= 1
            tag = getattr(event, "tag", None)
            if tag is not None:
                # a tag is never read: `!!str 40` would be the text 40, `!!python/name:...` a name
                # the safe loader cannot make, `!mytag 40` a value of no known kind
                shown = tag_as_written(tag)
                raise CaseError(f"a YAML tag ({shown}) is not allowed",
                                location=_event_at(filename, event),
                                hint=f"remove {shown}: a value is read as its attribute's type (quote it to keep it as text)")
            if isinstance(event, yaml.AliasEvent):
                raise CaseError("YAML aliases (*name) are not allowed in case files",
                                location=_event_at(filename, event),
                                hint="write the value out in full")
        check_deadline()
        node = yaml.compose(text, Loader=_Loader)   # one call (libyaml): ~0.2 s for 1,000 entities
        check_deadline()
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{filename}:{mark.line + 1}:{mark.column + 1}" if mark else filename
        if isinstance(exc, yaml.reader.ReaderError) and isinstance(exc.character, int):
            # the reader's error has no mark, only the character's offset: locate it, and say it in
            # the words of the control-character error of the values (a raw ESC in a key came here)
            # (libyaml counts the offset in UTF-8 bytes, PyYAML's reader in characters)
            before = (text.encode("utf-8", "surrogatepass")[:exc.position].decode("utf-8", "replace")
                      if LOADER is not yaml.SafeLoader else text[:exc.position])
            where = f"{filename}:{before.count(chr(10)) + 1}:{len(before) - before.rfind(chr(10))}"
            raise CaseError(f"a control character (U+{exc.character:04X})", location=where,
                            hint=CONTROL_HINT) from None
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise CaseError(f"not valid YAML: {problem}", location=where,
                        hint="check indentation, colons and quotes near this line") from None
    except RecursionError:
        raise CaseError("YAML nesting is too deep", location=filename) from None
    if node is None:
        raise CaseError("the case file is empty", location=filename,
                        hint="give at least `entities:` or `facts:`")
    return _convert(node, filename, 0)


def tag_as_written(tag: str) -> str:
    """A YAML tag as a person writes it: tag:yaml.org,2002:str is !!str, a local !mytag stays."""
    if tag.startswith("tag:yaml.org,2002:"):
        return "!!" + tag[len("tag:yaml.org,2002:"):]
    return tag if tag.startswith("!") else f"!<{tag}>"


def _convert(node: yaml.Node, filename: str, depth: int) -> Located:
    line, col = node.start_mark.line + 1, node.start_mark.column + 1
    if depth > MAX_DEPTH:
        raise CaseError(f"nesting deeper than {MAX_DEPTH} levels", location=f"{filename}:{line}:{col}")
    if isinstance(node, yaml.MappingNode):
        if depth == 2:
            check_deadline()   # once an entity
        out: dict = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise CaseError("mapping keys must be plain names",
                                location=f"{filename}:{key_node.start_mark.line + 1}:{key_node.start_mark.column + 1}")
            key = key_node.value
            if key in out:
                raise CaseError(f"duplicate key {key!r}",
                                location=f"{filename}:{key_node.start_mark.line + 1}:{key_node.start_mark.column + 1}",
                                hint=f"{key!r} is already given at line {out[key][0].line}")
            mark = key_node.start_mark
            if value_node.__class__ is yaml.ScalarNode and depth < MAX_DEPTH:
                value = _scalar(value_node, filename)      # the common case, without a call per value
            else:
                value = _convert(value_node, filename, depth + 1)
            out[key] = (Located(key, mark.line + 1, mark.column + 1), value)
        return Located(out, line, col, tag="map")
    if isinstance(node, yaml.SequenceNode):
        return Located([_convert(v, filename, depth + 1) for v in node.value], line, col, tag="seq")
    return _scalar(cast(yaml.ScalarNode, node), filename)   # the third kind of node


# YAML's own tags, shortened for messages and Located.tag (a file's custom tags are shortened each time)
_SHORT_TAGS = MappingProxyType({f"tag:yaml.org,2002:{t}": t for t in (
    "str", "int", "float", "bool", "null", "map", "seq", "timestamp", "binary", "merge", "omap", "pairs",
    "set", "value", "yaml")})


def _scalar(node: yaml.ScalarNode, filename: str) -> Located:
    mark = node.start_mark
    bad = control_character(node.value)
    if bad:
        raise CaseError(f"{bad} in a value", location=f"{filename}:{mark.line + 1}:{mark.column + 1}",
                        hint=CONTROL_HINT)
    tag = node.tag
    short = _SHORT_TAGS.get(tag)
    if short is None:
        short = tag.rsplit(":", 1)[-1]
    if not node.style and short == "str" and _NUMBERLIKE.fullmatch(node.value):
        # 83,500 or 4E1 unquoted: a number, read by the one number reader (docs/NUMBERS.md)
        short = "int" if _WHOLE.fullmatch(node.value) else "float"
    return Located(node.value, mark.line + 1, mark.column + 1, raw=node.value,
                   tag="str" if node.style in ("'", '"') else short)


# an unquoted scalar YAML 1.1 reads as text that is written as a number (83,500 with thousands
# separators, 4E1 with an exponent but no point): tagged a number, so that values.read_number
# reads it or says what is wrong with it (40,5) -- never "remove the quotes" for a value unquoted
_NUMBERLIKE = re.compile(r"[-+]?(?:\d[\d,_]*(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?", re.ASCII)
_WHOLE = re.compile(r"[-+]?\d[\d,_]*", re.ASCII)
