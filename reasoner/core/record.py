"""Record classes: the part of `dataclasses` the syntax tree uses, without generating code.

`dataclasses.dataclass` writes each class's __init__, __eq__, __hash__, __repr__ and, when frozen,
__setattr__/__delattr__ as source text and compiles it: about 1 ms a frozen class. The rule
language's syntax tree has 18 classes, all imported by every command, so a fresh `reasoner ask`
spent ~17 ms making them. `record` builds the same methods from closures over the field names:
the same constructor (positional or keyword arguments, defaults, default factories), equality and
hash over the compared fields (a frozen record is hashable, a mutable one is not), the same repr,
and frozen records refuse assignment. Instances keep their fields in `__dict__`, so they pickle
(the law cache, core/cache.py) and copy as before.
"""
from __future__ import annotations

from operator import attrgetter
from typing import Any, Callable, NoReturn, TypeVar, cast, dataclass_transform, overload

_T = TypeVar("_T")

_MISSING = object()


class Field:
    __slots__ = ("default", "factory", "compare", "repr")

    def __init__(self, default: Any, factory: Any, compare: bool, repr: bool) -> None:
        self.default, self.factory, self.compare, self.repr = default, factory, compare, repr


def field(*, default: Any = _MISSING, default_factory: Any = _MISSING, compare: bool = True,
          repr: bool = True) -> Any:
    """A field's default (a value or a factory), whether equality and hash look at it, and whether
    the repr shows it."""
    return Field(default, default_factory, compare, repr)


class FrozenRecordError(AttributeError):
    pass


@overload
def record(cls: type[_T], *, frozen: bool = False) -> type[_T]: ...
@overload
def record(cls: None = None, *, frozen: bool = False) -> Callable[[type[_T]], type[_T]]: ...


@dataclass_transform(field_specifiers=(field,))
def record(cls: Any = None, *, frozen: bool = False) -> Any:
    """Class decorator: the fields are the class's annotations, in order (see the module doc)."""
    if cls is None:
        return lambda c: _make(c, frozen)
    return _make(cls, frozen)


def _make(cls: Any, frozen: bool) -> Any:
    names = tuple(cls.__dict__.get("__annotations__", {}))
    defaults: dict[str, Any] = {}
    factories: dict[str, Callable[[], Any]] = {}
    compared: list[str] = []
    shown: list[str] = []
    for name in names:
        value = cls.__dict__.get(name, _MISSING)
        compare = show = True
        if isinstance(value, Field):
            compare, show = value.compare, value.repr
            if value.factory is not _MISSING:
                factories[name] = value.factory
                delattr(cls, name)
                value = _MISSING
            else:
                value = value.default
                if value is _MISSING:
                    delattr(cls, name)
                else:
                    setattr(cls, name, value)
        if value is not _MISSING:
            defaults[name] = value
        elif name not in factories and (defaults or factories):
            raise TypeError(f"{cls.__name__}: field {name} without a default follows one with a default")
        if compare:
            compared.append(name)
        if show:
            shown.append(name)
    cls.__record_fields__ = names
    cls.__init__ = _init(cls.__name__, names, defaults, factories, getattr(cls, "__post_init__", None))
    key = attrgetter(*compared) if len(compared) > 1 else \
        (lambda o, n=compared[0]: getattr(o, n)) if compared else (lambda o: ())

    def __eq__(self: Any, other: object) -> bool:
        if other.__class__ is self.__class__:
            return key(self) == key(other)
        return NotImplemented

    def __repr__(self: Any) -> str:
        return f"{self.__class__.__qualname__}({', '.join(f'{n}={getattr(self, n)!r}' for n in shown)})"

    cls.__eq__ = __eq__
    if "__repr__" not in cls.__dict__:   # a class's own repr is kept (a short one: answer/answering.py)
        cls.__repr__ = __repr__
    if frozen:
        cls.__hash__ = lambda self: hash(key(self))
        cls.__setattr__ = _refuse
        cls.__delattr__ = _refuse
    else:
        cls.__hash__ = None   # mutable and compared by value: unhashable, as a dataclass
    return cls


def _refuse(self: Any, name: str, *value: Any) -> NoReturn:
    raise FrozenRecordError(f"cannot assign to field {name!r} of a frozen {self.__class__.__name__}")


def _init(cls_name: str, names: tuple[str, ...], defaults: dict[str, Any], factories: dict[str, Callable[[], Any]],
          post_init: Callable[[Any], None] | None) -> Callable[..., None]:
    count = len(names)

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        if len(args) > count:
            raise TypeError(f"{cls_name}() takes {count} arguments but {len(args)} were given")
        d = self.__dict__
        for name, value in zip(names, args):
            d[name] = value
        for name in names[len(args):]:
            if name in kwargs:
                d[name] = kwargs.pop(name)
            elif name in defaults:
                d[name] = defaults[name]
            elif name in factories:
                d[name] = factories[name]()
            else:
                raise TypeError(f"{cls_name}() missing argument: {name!r}")
        if kwargs:
            raise TypeError(f"{cls_name}() got unexpected or repeated arguments: {', '.join(kwargs)}")
        if post_init is not None:
            post_init(self)

    return __init__


def replace(obj: _T, **changes: Any) -> _T:
    """A copy of a record (or a dataclass instance) with some fields changed."""
    names = getattr(obj.__class__, "__record_fields__", None)
    if names is None:
        import dataclasses
        return cast(_T, dataclasses.replace(cast(Any, obj), **changes))   # a dataclass instance
    unknown = set(changes) - set(names)
    if unknown:
        raise TypeError(f"{obj.__class__.__name__} has no field {', '.join(sorted(unknown))}")
    return obj.__class__(**{n: changes[n] if n in changes else getattr(obj, n) for n in names})
