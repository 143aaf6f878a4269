"""The Starlette application of `reasoner serve` (docs/SERVE.md): the law, the cases of FOLDER, a
case's form, answer, argument, readings and what-if, the interview, and a JSON API beside them."""
from __future__ import annotations

import json
import os
import re
import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast

from ..core.settings import Settings
from . import adapter
from ..core.visible import visible
from .safety import MAX_BODY, Refused, allowed_hosts, case_path, check_csrf, check_host, check_length

if TYPE_CHECKING:
    from jinja2 import Environment
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import Response
    from starlette.routing import Route
    from starlette.types import ASGIApp, Message, Receive, Scope, Send
    from ..answer.whatif import WhatIf
    from ..core.errors import ReasonerError
    from types import SimpleNamespace
    from ..law.index import Provision

T = TypeVar("T")


class Params(Protocol):
    """What a page reads its parameters from: the query string, the form, or a JSON body (_Params).
    The form's values are texts (files are refused: max_files=0)."""

    def get(self, key: str, default: Any = None) -> Any: ...

    def getlist(self, key: str) -> list[Any]: ...

    def keys(self) -> Iterable[Any]: ...


class Form(Params, Protocol):
    def items(self) -> Iterable[tuple[str, Any]]: ...


# a form's field as the case page shows it (Pages._fields): the vocabulary's attribute entry, its value and more
Field = dict[str, Any]
# (entity, kind, name, fields) of each entity on the case page
Fields = list[tuple[str, str, str, list[Field]]]
EXPORTS = MappingProxyType({"text": ("text/plain; charset=utf-8", "txt"), "json": ("application/json", "json"),
           "graphml": ("application/xml", "graphml"), "dot": ("text/vnd.graphviz", "dot"),
           "svg": ("image/svg+xml", "svg"), "png": ("image/png", "png"),
           "md": ("text/markdown; charset=utf-8", "md"), "html": ("text/html; charset=utf-8", "html")})
MAX_ANSWERING = 4        # questions answered at once (each in a worker thread); more: 503
WHATIF_KEPT = 32         # what-if results the server keeps (the app's own cache, newest used last)
ANSWER_WORDS = MappingProxyType({"true": "yes", "false": "no", "undetermined": "undetermined", "not_applicable": "not applicable"})


@dataclass(frozen=True)
class Config:
    folder: Path
    host: str
    settings: Settings
    token: str


# every response: no other site may show a page of the server in a frame (clickjacking a Save)
FRAME_HEADERS = ((b"content-security-policy", b"frame-ancestors 'none'"), (b"x-frame-options", b"DENY"))


class Guard:
    """ASGI middleware: the Host check and the body cap (Content-Length, and counted as it streams),
    and FRAME_HEADERS on every response, a refusal too."""

    def __init__(self, app: ASGIApp, allowed: Any) -> None:
        self.app, self.allowed = app, allowed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        plain_send = send

        async def framed(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {k.lower() for k, _ in message.get("headers", [])}
                extra = [h for h in FRAME_HEADERS if h[0] not in names]
                message = {**message, "headers": list(message.get("headers", [])) + extra}
            await plain_send(message)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        try:
            check_host(headers.get("host"), self.allowed)
            check_length(headers.get("content-length"))
        except Refused as exc:
            return await _plain(exc.status, exc.message)(scope, receive, framed)
        seen = 0

        async def capped() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > MAX_BODY:
                raise Refused(413, f"the request body is over {MAX_BODY} bytes; a case is at most that")
            return message
        try:
            await self.app(scope, capped, framed)
        except Refused as exc:
            await _plain(exc.status, exc.message)(scope, receive, framed)


def _plain(status: int, message: str) -> Response:
    from starlette.responses import PlainTextResponse
    return PlainTextResponse(message + "\n", status_code=status)


def create_app(folder: str | os.PathLike[str], host: str = "127.0.0.1",
               settings: Settings | None = None) -> Starlette:
    """The application serving the cases of folder; host: the name it is bound to (the Host check)."""
    from jinja2 import Environment, FileSystemLoader, select_autoescape
    from starlette.applications import Starlette
    from starlette.middleware import Middleware
    from starlette.routing import Route
    from ..core.errors import ReasonerError
    from ..core.settings import current
    cfg = Config(Path(folder), host, settings or current(), secrets.token_urlsafe(32))
    env = Environment(loader=FileSystemLoader(str(Path(__file__).parent / "templates")),
                      autoescape=select_autoescape(default=True, default_for_string=True))
    env.globals.update(token=cfg.token, words=ANSWER_WORDS, exports=list(EXPORTS))
    env.filters["visible"] = visible   # input text: control and bidi characters shown as escapes
    pages = Pages(cfg, env)
    routes = [
        Route("/", pages.home), Route("/law", pages.law), Route("/law/{citation:path}", pages.provision),
        Route("/cases", pages.cases), Route("/new", pages.new, methods=["GET", "POST"]),
        Route("/case/{name}", pages.case, methods=["GET", "POST"]),
        Route("/case/{name}/export/{fmt}", pages.export),
        Route("/interview/{name}", pages.interview, methods=["GET", "POST"]),
        Route("/api/ask", pages.api_ask, methods=["POST"]), Route("/api/whatif", pages.api_whatif, methods=["POST"]),
        Route("/api/vocab", pages.api_vocab), Route("/api/queries", pages.api_queries),
        Route("/openapi.json", pages.openapi), Route("/favicon.svg", pages.favicon),
    ]
    # the description of every route (openapi.py): a route without its entry there is refused here
    pages.spec = openapi_document(routes)
    app = Starlette(routes=routes, middleware=[Middleware(Guard, allowed=allowed_hosts(host))],
                    exception_handlers={Refused: pages.refused, ReasonerError: pages.crashed})
    app.state.config = cfg
    return app


def openapi_document(routes: list[Route]) -> dict[str, Any]:
    """The OpenAPI 3 description of the application's routes (openapi.py)."""
    from importlib.metadata import PackageNotFoundError, version
    from .openapi import document
    try:
        release = version("reasoner")
    except PackageNotFoundError:
        release = ""
    return document([(r.path, r.methods or {"GET"}) for r in routes], release)


def missing_web_stack() -> list[str]:
    """The packages of the web extra that cannot be imported (python-multipart reads the forms)."""
    import importlib
    missing: list[str] = []
    for names in (("starlette",), ("uvicorn",), ("python_multipart", "multipart")):
        for name in names:
            try:
                importlib.import_module(name)
                break
            except ImportError:
                continue
        else:
            missing.append(names[0].replace("_", "-"))
    return missing


def run(app: ASGIApp, host: str, port: int) -> None:
    """Serve app with uvicorn until Ctrl-C."""
    import uvicorn
    uvicorn.run(app, host=host, port=port, log_level="warning")


def _settings(cfg: Config, params: Params) -> Settings:
    """The server's settings with the request's readings and strict. A reading is named as
    `reasoner ask --reading` names it, `phrase.reading` (`reasoner readings` lists them), given as
    `reading=NAME` (a link, the API's "readings") or by the case form's choice for one phrase,
    `reading:PHRASE=NAME`, empty for the default. Any other name (`phrase.default` too, unless a
    reading is called so) is refused as the command line refuses it, 400."""
    names = list(params.getlist("reading"))
    for key in sorted({k for k in params.keys() if isinstance(k, str) and k.startswith("reading:")}):
        names += params.getlist(key)
    readings = tuple(dict.fromkeys(r.strip() for r in names if r.strip()))
    return cfg.settings.replace(readings=readings, strict=params.get("strict") in ("1", "on", "true"))


def _shown(value: object) -> str:
    if value is None:
        return "unknown"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _typed(text: str, kind: str, where: str = "the field") -> object:
    """A form field's text as the case value: unknown, a boolean, an exact number (int or Fraction,
    read by the one number reader as a case file's number is: 83.500, 017 and other digits are
    refused, Refused 400 naming the field), or text (the case reader reads it by its type)."""
    text = text.strip()
    if text in ("", "unknown"):
        return "unknown"
    if kind == "boolean":
        return text == "true"
    if kind == "number":
        from fractions import Fraction
        from ..core.values import read_quantity
        try:
            number = read_quantity(text)
        except (ValueError, ArithmeticError) as exc:
            hint = getattr(exc, "hint", "")
            raise Refused(400, f"{where}: {getattr(exc, 'message', None) or exc}" + (f"; {hint}" if hint else "")
                          ) from None
        return number if isinstance(number, int) else Fraction(number)
    return text


class Pages:
    def __init__(self, cfg: Config, env: Environment) -> None:
        self.cfg, self.env = cfg, env
        self.saved_queries = tuple(adapter.queries(cfg.settings))   # the bundled queries: read once
        # answers run in worker threads, at most `slots` at once (pyDatalog's engine is one per
        # process: one at a time); the count is kept on the event loop's thread only
        self.slots = 1 if cfg.settings.engine == "pydatalog" else MAX_ANSWERING
        self.busy = 0
        self.spec: dict[str, Any] = {}   # the OpenAPI description (create_app sets it)
        self.whatifs = WhatIfCache(WHATIF_KEPT)

    async def answering(self, fn: Callable[..., T], *args: Any) -> T:
        """fn(*args) in a worker thread, so that the event loop goes on serving other requests while
        a question is answered (the time limit is cooperative, core/deadline.py: it holds in a
        thread). A full server refuses with 503. A client that goes away does not free the slot
        before its answer is done."""
        import anyio
        from functools import partial
        if self.busy >= self.slots:
            raise Refused(503, f"the server is answering {self.busy} other question(s), as many as it answers "
                               "at once; try again in a moment")
        self.busy += 1
        try:
            return await anyio.to_thread.run_sync(partial(fn, *args))
        finally:
            self.busy -= 1

    def html(self, template: str, status: int = 200, **values: Any) -> Response:
        from starlette.responses import HTMLResponse
        return HTMLResponse(self.env.get_template(template).render(**values), status_code=status)

    def error(self, request: Request, status: int, message: str) -> Response:
        """One sentence: an error page, or {"error": ...} under /api/."""
        if request.url.path.startswith("/api/"):
            from starlette.responses import JSONResponse
            return JSONResponse({"error": message}, status_code=status)
        return self.html("error.j2", status=status, message=message)

    async def refused(self, request: Request, exc: Exception) -> Response:
        refusal = cast(Refused, exc)   # the handler of Refused only (create_app)
        return self.error(request, refusal.status, refusal.message)

    async def crashed(self, request: Request, exc: Exception) -> Response:
        exc = cast("ReasonerError", exc)   # the handler of ReasonerError only (create_app)
        where = f"{exc.location}: " if exc.location else ""
        hint = f" (hint: {exc.hint})" if exc.hint else ""
        return self.error(request, 400, f"{where}{exc.message}{hint}")

    async def form(self, request: Request, writes: bool = True) -> Form:
        from starlette.requests import ClientDisconnect
        try:
            # no files (max_files=0): each value of the form is a text
            form = cast("Form", await request.form(max_files=0, max_fields=5000, max_part_size=MAX_BODY))
        except ClientDisconnect:
            raise Refused(400, "the request ended before its body did (the client went away)") from None
        if writes:
            check_csrf(form.get("csrf"), self.cfg.token)
        return form

    # -- pages ---------------------------------------------------------------------------------------------
    async def home(self, request: Request) -> Response:
        return self.html("home.j2", folder=str(self.cfg.folder))

    async def law(self, request: Request) -> Response:
        index = adapter.statute_index()
        word = request.query_params.get("q", "").strip()
        rows = []
        for p in index:
            if word and word.lower() not in f"{p.citation} {p.title or ''} {p.text}".lower() \
                    and word.replace(" ", "") not in p.citation:
                continue
            rows.append(p)
        chapters: dict[str, dict[str, list[Provision]]] = {}
        for p in rows:
            chapters.setdefault(p.chapter, {}).setdefault(p.section, []).append(p)
        return self.html("law.j2", chapters=chapters, q=word, count=len(rows))

    async def provision(self, request: Request) -> Response:
        from ..core.errors import ReasonerError
        index = adapter.statute_index()
        citation = request.path_params["citation"]
        p: Provision | SimpleNamespace | None
        try:
            p = index.get(citation)
        except ReasonerError as exc:
            # a level whose own text the excerpt lacks (s. 350.02, 350.02(2), 348.21(3)(b)): its
            # subdivisions, as `reasoner cite` shows them
            p = adapter.provision_level(index, citation)
            if p is None:
                raise Refused(404, exc.message + (f" (hint: {exc.hint})" if exc.hint else "")) from None
        prog = adapter.program(self.cfg.settings)
        rules = [str(r) for r in prog.rules if r.provision == p.citation]
        presumed = [pr for pr in prog.presumptions if pr.citation == p.citation]
        readings = [r for r in adapter.readings(self.cfg.settings) if r["citation"] == p.citation]
        questions = [q for q in self.saved_queries if p.citation in q["provisions"]]
        holes = [h for h in getattr(index, "_holes", {}).values() if h.citation.startswith(p.citation)]
        children = getattr(p, "children", None) or [c for c in index if c.parent == p.citation]
        return self.html("provision.j2", p=p, rules=rules, presumed=presumed, readings=readings,
                         questions=questions, holes=holes, children=children)

    def _case_names(self) -> list[str]:
        root = self.cfg.folder.resolve()
        return sorted(p.stem for p in self.cfg.folder.glob("*.yaml")
                      if p.is_file() and (p.resolve().parent == root))

    async def cases(self, request: Request) -> Response:
        """The cases of the folder; a file whose name is not a case name (`my case.yaml`,
        `café.yaml`, `_draft.yaml`) is listed apart, with what to do, not opened."""
        import yaml
        rows, unnamed = [], []
        for name in self._case_names():
            try:
                path = case_path(self.cfg.folder, name)
            except Refused:
                unnamed.append(visible(f"{name}.yaml", field=True))
                continue
            try:
                data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
                desc = str(data.get("description", "")) if isinstance(data, dict) else ""
            except (OSError, yaml.YAMLError, UnicodeDecodeError):
                desc = "(cannot be read)"
            except RecursionError:
                desc = "(nested too deep to read)"
            rows.append((name, visible(desc)))
        return self.html("cases.j2", rows=rows, unnamed=unnamed, folder=str(self.cfg.folder))

    def _new_page(self, status: int = 200, **values: Any) -> Response:
        kinds = _kinds_by_chapter(adapter.vocabulary(self.cfg.settings))
        shown = {"text": BLANK, "name": "", "message": None, "start": {}, "start_error": None} | values
        return self.html("new.j2", status=status, kinds=kinds, **shown)

    async def new(self, request: Request) -> Response:
        if request.method == "GET":
            return self._new_page()
        form = await self.form(request)
        if form.get("action") == "start":
            return self._start(form)
        name = form.get("name", "").strip()
        text = form.get("text", "").replace("\r\n", "\n")   # a textarea sends CRLF line ends
        import yaml
        from ..core.errors import ReasonerError
        try:
            path = case_path(self.cfg.folder, name)
            if path.exists():
                raise Refused(409, f"a case {name!r} exists already; give another name")
            from ..facts.case import parse_case
            parse_case(text, f"{name}.yaml", adapter.rulebase(self.cfg.settings).checked, name,
                       strict=self.cfg.settings.strict)
        except (Refused, ReasonerError, yaml.YAMLError) as exc:
            message = getattr(exc, "message", None) or str(exc)
            return self._new_page(status=400, text=text, name=name, message=message)
        adapter.write(path, text, self.cfg.settings)
        from starlette.responses import RedirectResponse
        return RedirectResponse(f"/case/{path.stem}", status_code=303)

    def _start(self, form: Form) -> Response:
        """A new case of one entity of the chosen type (and its name), written and its form opened."""
        from ..core.errors import ReasonerError
        from ..facts.case import parse_case
        start = {k: str(form.get(k, "")) for k in ("name", "type", "id", "entity_name", "description")}
        rb = adapter.rulebase(self.cfg.settings)
        try:
            path = case_path(self.cfg.folder, start["name"].strip())
            if path.exists():
                raise Refused(409, f"a case {start['name'].strip()!r} exists already; give another name")
            kinds = {k["kind"] for k in adapter.vocabulary(self.cfg.settings)["kinds"]}
            entity, kind, ename = _new_entity({"type": start["type"], "id": start["id"], "name": start["entity_name"]},
                                              {"entities": {}}, (), kinds)
            text = adapter.case_text(" ".join(start["description"].split()) or f"A case about {ename or entity}.",
                                     entity, kind, ename)
            parse_case(text, path.name, rb.checked, path.stem, strict=self.cfg.settings.strict)
        except (Refused, ReasonerError) as exc:
            return self._new_page(status=400, start=start, start_error=getattr(exc, "message", None) or str(exc))
        adapter.write(path, text, self.cfg.settings)
        from starlette.responses import RedirectResponse
        return RedirectResponse(f"/case/{path.stem}", status_code=303)

    def _load(self, name: str) -> tuple[Path, str, dict[str, Any]]:
        import yaml
        path = case_path(self.cfg.folder, name)
        if not path.is_file():
            raise Refused(404, f"no case {name!r} in the folder")
        data = path.read_bytes()
        if len(data) > MAX_BODY:
            raise Refused(413, f"{path.name}: the case file is over the case-file limit ({MAX_BODY} bytes); "
                               "split it into several cases")
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            from ..core.fileinput import not_utf8_bytes
            message, location = not_utf8_bytes(data, path.name, "the case file")
            raise Refused(400, f"{location}: {message}; save the file as UTF-8 in an editor") from None
        try:
            read = yaml.safe_load(text) or {}
        except yaml.YAMLError as exc:
            raise Refused(400, f"{path.name}: not a case file ({' '.join(str(exc).split())}); fix it in an editor") from None
        if not isinstance(read, dict):
            raise Refused(400, f"{path.name}: not a case file (a case is a mapping with entities:)")
        return path, text, read

    @staticmethod
    def _fields(data: dict[str, Any], vocab: dict[str, Any]) -> Fields:
        """[(entity, kind, [field])] the form shows, from the vocabulary of each entity's kind."""
        kinds = {k["kind"]: k for k in vocab["kinds"]}
        out: Fields = []
        stated = data.get("entities")
        entities: dict[str, Any] = stated if isinstance(stated, dict) else {}
        for entity, attrs in entities.items():
            if not isinstance(entity, str) or not isinstance(attrs, dict):
                continue   # not a case the reader takes: the answer below says where and why
            kind = str(attrs.get("type", ""))
            declared = kinds.get(kind, {"attributes": []})["attributes"]
            fields: list[Field] = []
            names = set()
            for a in declared:
                names.add(a["attribute"])
                fields.append({**a, "value": _shown(attrs.get(a["attribute"])),
                               "stated": a["attribute"] in attrs, "choices": _of_kind(entities, a)})
            for key, value in attrs.items():
                if isinstance(key, str) and key not in names and key not in ("type", "name"):
                    fields.append({"attribute": key, "type": "text", "unit": None, "words": None, "range": None,
                                   "sentence": "(not in the vocabulary of this kind)", "value": _shown(value),
                                   "stated": True, "choices": None})
            out.append((str(entity), kind, str(attrs.get("name", "")), fields))
        return out

    async def case(self, request: Request) -> Response:
        form = await self.form(request) if request.method == "POST" else None
        return await self.answering(self._case, request.path_params["name"], form, request.query_params)

    def _case(self, name: str, form: Form | None, query_params: Params) -> Response:
        import copy
        from ..core.errors import ReasonerError
        path, text, data = self._load(name)
        params = query_params
        changes: list[tuple[str, str, object]] = []
        saved_message: str | None = None
        edited: str | None = None
        status = 200
        typed: dict[str, str] = {}    # "entity.attribute" -> the text as typed, shown again when a value is refused
        errors: dict[str, str] = {}   # "entity.attribute" (or "add", or an entity id) -> the message shown beside it
        added: dict[str, str] = {}    # entity id -> kind: added on the form, not saved yet (hidden fields carry them)
        gone: list[str] = []     # the entities removed on the form, not saved yet
        adding: dict[str, str] = {}   # the Add fields as typed, shown again when the Add is refused
        notice: str | None = None       # what an Add or a Remove did
        shape = data        # the case the form shows: the file with the entities added and removed
        if form is not None and form.get("action") == "save" and not _same_version(form.get("version"), text):
            # the form was filled in from the file as it was when the page loaded: saving it over a
            # file changed since would undo those changes
            params, status = form, 409
            saved_message = (f"{path.name} changed since this page was loaded: nothing was saved. The form now "
                             "shows the file as it is; make your changes again and save.")
        elif form is not None:
            params = form
            vocab = adapter.vocabulary(self.cfg.settings)
            kinds = {k["kind"] for k in vocab["kinds"]}
            values = {k: str(v) for k, v in form.items()}
            values.update(_applied(form.get("apply")))    # a what-if change, applied by its button
            added, gone = _pending(form, data, kinds)
            if _action(form) == "add":
                adding = {k: str(form.get(f"add_{k}", "")) for k in ("type", "id", "name")}
                try:
                    entity, kind, ename = _new_entity(adding, _shaped(data, added, gone), gone, kinds)
                    added[entity] = kind
                    if ename:
                        values[f"f.{entity}.name"] = ename
                    notice = (f"Added {entity} ({kind}) to the form: fill in its facts below, then answer or "
                              f"save; nothing is saved until you press Save.")
                    adding = {}
                except Refused as exc:
                    errors["add"] = exc.message
            shape = _shaped(data, added, gone)
            data = copy.deepcopy(shape)
            for entity, kind, ename, fields in self._fields(data, vocab):
                key = f"f.{entity}.name"
                if key in values:
                    typed[key[2:]] = values[key]
                    if values[key].strip() and values[key].strip() != ename:
                        changes.append((entity, "name", values[key].strip()))
                for f in fields:
                    key = f"f.{entity}.{f['attribute']}"
                    if key not in values:
                        continue
                    typed[key[2:]] = values[key]
                    if values[key].strip() != f["value"]:
                        if values[key].strip() in ("", "unknown") and not f["stated"]:
                            continue
                        try:
                            changes.append((entity, f["attribute"],
                                            _typed(values[key], f["type"], f"{entity}.{f['attribute']}")))
                        except Refused as exc:
                            errors[key[2:]] = exc.message
            if form.get("remove") and not errors:
                entity = str(form.get("remove"))
                try:
                    notice = _removal(entity, data, changes, vocab)
                except Refused as exc:
                    errors[entity] = exc.message
                else:
                    if entity in added:
                        del added[entity]
                    else:
                        gone.append(entity)
                    changes = [c for c in changes if c[0] != entity]
                    shape = _shaped(shape, {}, [entity])
                    data = copy.deepcopy(shape)
            if not errors and (changes or added or gone):
                try:
                    path, text, data, edited, saved_message = self._changed(
                        name, path, text, data, changes, form, added, gone)
                    if saved_message:
                        changes, added, gone = [], {}, []
                        shape = data
                except ReasonerError as exc:
                    errors[_field_of(exc, changes) or ""] = _sentence(exc)
            elif form.get("action") == "save" and not errors:
                saved_message = "Nothing changed; nothing was saved."
            if errors:
                path, text, data = self._load(name)   # answered as saved, the form as typed
                changes, edited, status = [], None, 400
                saved_message = _REFUSED_MESSAGE.format(len(errors))
        settings = _settings(self.cfg, params)
        query = (params.get("q") or "lawful").strip()
        unsaved = bool(changes or added or gone) and not errors
        try:
            asked = adapter.ask(data if unsaved and edited is None else str(path), query, settings, name=name,
                                text=edited if unsaved else None)
        except ReasonerError as exc:
            if not unsaved:
                raise
            # a value the number reader takes but the case reader refuses (a range, a word of a
            # closed set): beside its field when the message names it, else above the form
            errors[_field_of(exc, changes) or ""] = _sentence(exc)
            path, text, data = self._load(name)
            changes, edited, status, saved_message = [], None, 400, _REFUSED_MESSAGE.format(len(errors))
            unsaved = False
            asked = adapter.ask(str(path), query, settings, name=name)
        # what-if only when asked for (the checkbox, its button, `?whatif=1`): it is most of a page's
        # time (a sparse report: seconds), and kept per case text, question and readings
        wanted = _wants_whatif(params)
        result: WhatIf | None = None
        if wanted:
            case_version = _version(edited if unsaved and edited is not None else
                                    json.dumps(data, sort_keys=True, default=str) if unsaved else text)
            kept = (case_version, query, settings.readings, settings.strict, settings.engine)
            result = self.whatifs.get(kept, lambda: adapter.whatif(asked, settings, limit=6))
        vocab = adapter.vocabulary(settings)
        readings = adapter.readings(self.cfg.settings)
        chosen = set(settings.readings)
        a = asked.answer
        used = {u["phrase"]: u for u in (a.interpretation or {}).get("used", [])}
        relevant = {f"{e}.{att}" for e, att in _relevant(asked)}
        shown = shape if errors else data   # refused: the form's entities, the values as typed
        return self.html(
            "case.j2", name=name, data=data, fields=_ordered(self._fields(shown, vocab), relevant), query=query, a=a,
            sentence=adapter.sentence(a), argument=adapter.argument_text(a), figure=adapter.figure_svg(a), no_figure=adapter.NO_FIGURE,
            outcomes=[{**o.as_dict(None), "apply": json.dumps([{k: c[k] for k in ("entity", "attribute", "to")}
                                                                for c in o.as_dict(None)["changes"]])}
                      for o in (result.outcomes if result else ())], summary=result.summary() if result else None,
            whatif=wanted,
            readings=readings, chosen=chosen, used=used, strict=settings.strict, changes=changes,
            saved_message=saved_message, relevant=relevant, queries=self.saved_queries,
            params=_query_string(query, settings), version=_version(text), status=status,
            typed=typed if errors else {}, errors=errors, added=added, gone=gone, adding=adding, notice=notice,
            kinds=_kinds_by_chapter(vocab))

    def _changed(self, name: str, path: Path, text: str, data: dict[str, Any],
                 changes: list[tuple[str, str, object]], form: Form, added: dict[str, str] | None = None,
                 gone: Iterable[str] = ()) -> tuple[Path, str, dict[str, Any], str | None, str | None]:
        """The case with the form's changes, its added and its removed entities: (path, text, data,
        edited text or None, saved message or None). Checked by the case reader before anything is
        written (a ReasonerError when it refuses a value); saved with action=save."""
        for entity, attribute, value in changes:
            data["entities"][entity][attribute] = value
        # the case file's text with the changes written in, answered as the file would be (every
        # other number as written, not as a binary float)
        new_text, kept = adapter.edit_text(text, changes, data, added, gone)
        edited = new_text if kept else None
        if form.get("action") != "save":
            return path, text, data, edited, None   # answered (and so read) by the page
        # valid first: the case reader reads every value before the file is written
        adapter.ask(str(path) if kept else data, form.get("q") or "lawful", _settings(self.cfg, form),
                    name=name, text=edited)
        adapter.write(path, new_text, self.cfg.settings)
        done = [f"{len(changes)} change(s)"] + [f"added {e}" for e in added or {}] + [f"removed {e}" for e in gone]
        message = f"Saved {', '.join(done)} to {path.name}." + (
            "" if kept else " The file could not be edited in place: it is written in full, "
                            "without its comments and layout.")
        path, text, data = self._load(name)
        return path, text, data, None, message

    async def export(self, request: Request) -> Response:
        from starlette.responses import Response
        name, fmt = request.path_params["name"], request.path_params["fmt"]
        if fmt not in EXPORTS:
            raise Refused(404, f"no export format {fmt!r} (one of: {', '.join(EXPORTS)})")
        path, content = await self.answering(self._export, name, fmt, request.query_params)
        media, suffix = EXPORTS[fmt]
        return Response(content, media_type=media,
                        headers={"Content-Disposition": f'attachment; filename="{path.stem}.{suffix}"'})

    def _export(self, name: str, fmt: str, params: Params) -> tuple[Path, str | bytes]:
        path, _, _ = self._load(name)
        settings = _settings(self.cfg, params)
        asked = adapter.ask(str(path), params.get("q") or "lawful", settings, name=name)
        return path, adapter.export(asked, fmt, settings)

    async def interview(self, request: Request) -> Response:
        form = await self.form(request) if request.method == "POST" else None
        return await self.answering(self._interview, request.path_params["name"], form, request.query_params)

    def _interview(self, name: str, form: Form | None, query_params: Params) -> Response:
        from ..core.errors import CaseError
        from ..prose.questions import checklist_words
        path, _, _ = self._load(name)
        params = query_params
        replies: list[str] = []
        ahead: list[str] = []     # the answers Back took back, latest first: offered again as the defaults
        message: str | None = None
        action = "start"
        if form is not None:
            params = form
            replies, ahead = _texts(form.get("replies")), _texts(form.get("ahead"))
            action = form.get("action", "next")
            if action == "back" and replies:
                ahead = [replies[-1]] + ahead
                replies = replies[:-1]
            elif action == "next":
                if form.get("step") == "presumed":   # the checklist: the numbers of the boxes ticked
                    reply = ",".join(v for v in form.getlist("raised") if v.isdigit()) or "n"
                else:
                    reply = form.get("reply", "")
                replies = replies + [reply]
                # the same answer again keeps the ones after it; another answer may change what follows
                ahead = ahead[1:] if ahead and ahead[0] == reply else []
        settings = _settings(self.cfg, params)
        query = (params.get("q") or "lawful").strip()
        try:
            it, q = adapter.interview(path, query, settings, replies)
        except CaseError as exc:
            ahead = [replies[-1]] + ahead if replies else ahead
            replies = replies[:-1]
            message = exc.message + (f" ({exc.hint})" if exc.hint else "") + "; try again"
            it, q = adapter.interview(path, query, settings, replies)
        if action == "save":
            target = case_path(self.cfg.folder, (params.get("save_as") or "").strip())
            if not it.answered:
                message = "No question got a usable answer: nothing was saved."
            elif target.exists() and target.resolve() != path.resolve():
                message = f"A case {target.stem!r} exists already: nothing was saved; give another name."
            else:
                adapter.write(target, it.yaml_text(), self.cfg.settings)
                message = f"Saved the completed case to {target.name}."
        log = [{"question": question, "answer": answer} for question, answer in it.review()]
        again = ahead[0] if ahead and q is not None else ""
        raised = {int(n) for n in again.replace(",", " ").split() if n.isdigit()}
        return self.html("interview.j2", name=name, query=query, q=q, log=log, replies=json.dumps(replies),
                         ahead=json.dumps(ahead), again=again, raised=raised, checklist=checklist_words(),
                         a=it.answer, sentence=adapter.sentence(it.answer), answered=it.answered,
                         message=message, review=(q is None or action == "review"),
                         params=_query_string(query, settings), strict=settings.strict,
                         readings=list(settings.readings))

    # -- API -----------------------------------------------------------------------------------------------
    async def _json(self, request: Request) -> tuple[dict[str, Any], str, Settings]:
        if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
            # a cross-site page cannot send application/json without the browser asking first (CORS)
            raise Refused(415, "send the request as application/json")
        from ..core.fileinput import DuplicateKey, json_depth, loads_exact
        from ..facts.yamlsafe import MAX_DEPTH
        from starlette.requests import ClientDisconnect
        try:
            raw = await request.body()
        except ClientDisconnect:
            raise Refused(400, "the request ended before its body did (the client went away)") from None
        try:
            body = loads_exact(raw)
            too_deep = json_depth(body, MAX_DEPTH) > MAX_DEPTH
        except DuplicateKey as exc:   # json.loads would keep the last value silently
            raise Refused(400, f"the body is not usable JSON: {exc}; give each key once") from None
        except RecursionError:
            too_deep = True
        except ValueError as exc:
            where = f" ({exc.msg}, line {exc.lineno} column {exc.colno})" if isinstance(exc, json.JSONDecodeError) else ""
            raise Refused(400, f"the body is not JSON{where}") from None
        if too_deep:
            raise Refused(400, f"the body is nested deeper than {MAX_DEPTH} levels; a case is entities with "
                               "attributes: a few levels")
        if not isinstance(body, dict) or not isinstance(body.get("case"), dict):
            raise Refused(400, 'give {"case": {...the case-file structure...}, "query": "lawful"}')
        params = _Params(body)
        return body["case"], str(body.get("query") or "lawful"), _settings(self.cfg, params)

    async def api_ask(self, request: Request) -> Response:
        from starlette.responses import JSONResponse
        case, query, settings = await self._json(request)

        def answered() -> dict[str, Any]:
            return adapter.answer_json(adapter.ask(case, query, settings, name="case").answer)
        return JSONResponse(await self.answering(answered))

    async def api_whatif(self, request: Request) -> Response:
        from starlette.responses import JSONResponse
        case, query, settings = await self._json(request)

        def answered() -> dict[str, Any]:
            asked = adapter.ask(case, query, settings, name="case")
            return adapter.whatif_dict(asked, adapter.whatif(asked, settings))
        return JSONResponse(await self.answering(answered))

    async def api_vocab(self, request: Request) -> Response:
        from starlette.responses import JSONResponse
        return JSONResponse(adapter.vocabulary(self.cfg.settings, request.query_params.get("kind") or None))

    async def api_queries(self, request: Request) -> Response:
        from starlette.responses import JSONResponse
        return JSONResponse({"schema": 1, "queries": list(self.saved_queries)})

    async def openapi(self, request: Request) -> Response:
        from starlette.responses import JSONResponse
        return JSONResponse(self.spec)

    async def favicon(self, request: Request) -> Response:
        from starlette.responses import Response
        return Response(FAVICON, media_type="image/svg+xml", headers={"Cache-Control": "max-age=86400"})


class _Params:
    """A JSON body read as the pages' parameters (readings: a list; strict: a boolean)."""

    def __init__(self, body: dict[str, Any]) -> None:
        self.body = body

    def getlist(self, key: str) -> list[Any]:
        value = self.body.get("readings", []) if key == "reading" else []
        return [str(v) for v in (value if isinstance(value, list) else [value])]

    def keys(self) -> Iterable[Any]:
        return ()

    def get(self, key: str, default: Any = None) -> Any:
        if key == "strict":
            return "1" if self.body.get("strict") is True else ""
        return self.body.get(key, default)


def _action(form: Params) -> str | None:
    """The button a case form was sent with. Enter in a text field presses the form's first button,
    an unseen one sending `enter` (no JavaScript says which field had the key): it adds a party when
    an Add field is filled in (the name typed in "Add a party" and Enter), else it answers."""
    action = form.get("action")
    if action == "enter":
        return "add" if any(str(form.get(f"add_{k}", "")).strip() for k in ("type", "name", "id")) else "answer"
    return str(action) if action is not None else None


def _version(text: str) -> str:
    """The version of a case file's text the form was filled in from (a hidden field): its hash."""
    import hashlib
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _same_version(given: object, text: str) -> bool:
    import hmac
    return isinstance(given, str) and hmac.compare_digest(given.encode("ascii", "replace"),
                                                          _version(text).encode("ascii"))


def _applied(text: str | None) -> dict[str, str]:
    """The form values a what-if button sets: {"f.ENTITY.ATTRIBUTE": value}."""
    if not text:
        return {}
    try:
        changes = json.loads(text)
        return {f"f.{c['entity']}.{c['attribute']}": str(c["to"]) for c in changes}
    except (ValueError, TypeError, KeyError):
        raise Refused(400, "the what-if change is not a list of {entity, attribute, to}") from None


def _sentence(exc: ReasonerError) -> str:
    where = f"{exc.location}: " if exc.location else ""
    return f"{where}{exc.message}" + (f" (hint: {exc.hint})" if exc.hint else "")


_REFUSED_MESSAGE = ("{} value(s) refused, each said beside its field: nothing was saved, and the answer is of the "
                    "file as saved. Every value you typed is kept in the form; correct the marked one and answer "
                    "or save again.")


def _field_of(exc: ReasonerError, changes: list[tuple[str, str, object]]) -> str | None:
    """The form field ("entity.attribute") a case reader's refusal is about, when its message or
    location names one of the changed fields."""
    said = f"{exc.location or ''} {exc.message}"
    changed = sorted({(e, a) for e, a, _ in changes})
    for entity, attribute in changed:
        if f"{entity}.{attribute}" in said or (re.search(rf"\b{re.escape(entity)}\b", said)
                                               and re.search(rf"\b{re.escape(attribute)}\b", said)):
            return f"{entity}.{attribute}"
    # the case reader says `FILE:LINE: attribute: ...`: the one changed field of that attribute
    named = [(e, a) for e, a in changed if re.search(rf"\b{re.escape(a)}\b", said)]
    return f"{named[0][0]}.{named[0][1]}" if len(named) == 1 else None



def _of_kind(entities: dict[str, Any], attribute: dict[str, Any]) -> list[str] | None:
    """The ids of the case's entities an entity-id attribute may name (its kind's), or None for an
    attribute of another type or a list of ids (typed as text)."""
    if not attribute["type"].endswith("(an entity id)") or attribute.get("list"):
        return None
    kind = attribute["type"].split(" ")[0]
    return sorted(str(e) for e, body in entities.items() if isinstance(body, dict) and body.get("type") == kind)


def _pending(form: Params, data: dict[str, Any], kinds: set[str]) -> tuple[dict[str, str], list[str]]:
    """({id: kind} added, [id] removed): the entities added and removed on the form and not saved
    yet, as its hidden fields `new.ID=KIND` and `gone=ID` carry them; a forged one is a 400."""
    from ..facts.case import ENTITY_ID, VALUE_WORDS
    stated = data.get("entities")
    entities: dict[str, Any] = stated if isinstance(stated, dict) else {}
    added: dict[str, str] = {}
    for key in form.keys():
        if isinstance(key, str) and key.startswith("new."):
            entity, kind = key[4:], str(form.get(key))
            if not ENTITY_ID.match(entity) or entity in VALUE_WORDS or entity in entities or kind not in kinds:
                raise Refused(400, f"the form adds an entity {entity!r} of type {kind!r} that it could not have "
                                   "added; reload the page and add it again")
            added[entity] = kind
    gone = list(dict.fromkeys(str(g) for g in form.getlist("gone")))
    for entity in gone:
        if entity not in entities:
            raise Refused(400, f"the form removes an entity {entity!r} the case does not have; reload the page")
    return added, gone


def _shaped(data: dict[str, Any], added: dict[str, str], gone: Iterable[str]) -> dict[str, Any]:
    """data with the entities of added ({id: kind}, each with its type only) and without those of gone."""
    stated = data.get("entities")
    entities: dict[str, Any] = stated if isinstance(stated, dict) else {}
    shaped = {e: body for e, body in entities.items() if e not in gone}
    shaped.update({e: {"type": kind} for e, kind in added.items() if e not in shaped})
    return {**data, "entities": shaped}


def _new_entity(adding: dict[str, str], data: dict[str, Any], gone: Iterable[str],
                kinds: set[str]) -> tuple[str, str, str]:
    """(id, kind, name) of the entity the Add fields ask for: the id as typed, checked by the case
    reader's rules for an id, or made up (the prefix of the kind's other ids, or the kind, and the
    next number); Refused 400 saying what to change."""
    from ..facts.case import ENTITY_ID, MAX_NAME, NAME_TEXT, VALUE_WORDS
    kind, entity, name = adding["type"].strip(), adding["id"].strip(), " ".join(adding["name"].split())
    if kind not in kinds:
        raise Refused(400, "choose the type of the entity to add")
    taken = set(data["entities"]) | set(gone)
    if not entity:
        prefixes = [m.group(1) for e, body in data["entities"].items()
                    if isinstance(body, dict) and body.get("type") == kind
                    and (m := re.fullmatch(r"([a-z][a-z_]*?)_?\d+", str(e)))]
        prefix = prefixes[0] if prefixes else kind
        entity = next(f"{prefix}{n}" for n in range(1, len(taken) + 2) if f"{prefix}{n}" not in taken)
    elif not ENTITY_ID.match(entity):
        raise Refused(400, f"entity id {entity!r} must be a lowercase name (letters, digits, _) starting with a "
                           "letter, e.g. op2; or leave it empty and one is made up")
    elif entity in VALUE_WORDS:
        raise Refused(400, f"entity id {entity!r} is a word values are read as; give another, e.g. {entity}_1")
    elif entity in taken:
        raise Refused(400, f"the case has an entity {entity} already; give another id, or leave it empty and one "
                           "is made up")
    if name and (len(name) > MAX_NAME or not NAME_TEXT.match(name)):
        raise Refused(400, f"a name is words (letters, digits, spaces and . , ' & ( ) / -), at most {MAX_NAME} "
                           "characters, e.g. the second ride")
    return entity, kind, name


def _removal(entity: str, data: dict[str, Any], changes: list[tuple[str, str, object]],
             vocab: dict[str, Any]) -> str:
    """What removing entity takes with it (its own stated facts), as a sentence; Refused 400 naming
    the facts of other entities that refer to it (they would name an entity the case lacks)."""
    entities = data["entities"]
    if entity not in entities:
        raise Refused(400, f"the case has no entity {entity!r} to remove; reload the page")
    refs = {k["kind"]: {a["attribute"] for a in k["attributes"] if a["type"].endswith("(an entity id)")}
            for k in vocab["kinds"]}
    now = {(e, att): v for e, att, v in changes}
    naming = []
    for other, body in entities.items():
        if other == entity or not isinstance(body, dict):
            continue
        for attribute in sorted(refs.get(str(body.get("type")), ())):
            value = now.get((other, attribute), body.get(attribute))
            if value == entity or (isinstance(value, list) and entity in value):
                naming.append(f"{other}.{attribute}")
    if _mentions(data.get("facts"), entity):
        naming.append("the facts: section")
    if naming:
        raise Refused(400, f"{entity} cannot be removed: {', '.join(naming)} name{'s' if len(naming) == 1 else ''} "
                           f"it. Set {'that' if len(naming) == 1 else 'those'} to another entity or unknown first, "
                           "then remove it")
    body = entities[entity] if isinstance(entities[entity], dict) else {}
    stated = [str(k) for k in body if k not in ("type", "name")]
    facts = f", and with it its {len(stated)} stated fact(s): {', '.join(stated)}" if stated else ""
    return (f"Removed {entity} ({body.get('type', 'entity')}) from the form{facts}. Nothing is saved until you "
            "press Save.")


def _mentions(value: object, entity: str) -> bool:
    if isinstance(value, dict):
        return any(_mentions(k, entity) or _mentions(v, entity) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return any(_mentions(v, entity) for v in value)
    return isinstance(value, str) and value.strip() == entity


def _kinds_by_chapter(vocab: dict[str, Any]) -> list[tuple[str, list[tuple[str, str]]]]:
    """[(chapter words, [(kind, description)])]: each entity kind under the chapter whose provisions
    read its attributes (a kind no provision reads, under "Other")."""
    words = {"350": "ch. 350, snowmobiles", "348": "ch. 348, vehicle weight"}
    groups: dict[str, list[tuple[str, str]]] = {}
    for k in vocab["kinds"]:
        chapters = sorted({c.split(".")[0] for a in k["attributes"] for c in a["read_by"]})
        label = " and ".join(words.get(c, f"ch. {c}") for c in chapters) or "Other"
        groups.setdefault(label, []).append((k["kind"], k["description"]))
    return sorted(groups.items(), key=lambda g: (g[0] == "Other", g[0]))


def _ordered(fields: Fields, relevant: set[str]) -> Fields:
    """Each entity's fields: the facts the answer rests on first, then the stated ones, then the rest
    (the template folds those the case does not state)."""
    return [(entity, kind, name, sorted(fs, key=lambda f: (f"{entity}.{f['attribute']}" not in relevant,
                                                            not f["stated"])))
            for entity, kind, name, fs in fields]


def _relevant(asked: adapter.Asked) -> set[tuple[str | None, str]] | list[tuple[str, str]]:
    """(entity, attribute) of the inputs the deciding provisions read (what-if's own choice); all the
    proof's inputs when no provision decides."""
    from ..answer.whatif import deciding_inputs, relevant_inputs
    return deciding_inputs(asked.answer, asked.question.law) or relevant_inputs(asked.answer, asked.question.law)


def _texts(raw: str | None) -> list[str]:
    """The interview's answers carried in a hidden field (a JSON list of texts), or Refused."""
    try:
        texts = json.loads(raw or "[]")
    except (ValueError, RecursionError):
        texts = None
    if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
        raise Refused(400, "the interview's answers are not a list of texts; start the interview again")
    return texts


def _query_string(query: str, settings: Settings, whatif: bool = False) -> str:
    from urllib.parse import urlencode
    pairs = [("q", query)] + [("reading", r) for r in settings.readings]
    if settings.strict:
        pairs.append(("strict", "1"))
    if whatif:
        pairs.append(("whatif", "1"))
    return urlencode(pairs)


def _wants_whatif(params: Params) -> bool:
    """Whether the page finds what would change the answer: the form's checkbox or the section's
    button (either sends whatif=1), or `?whatif=1` in a link."""
    return "1" in params.getlist("whatif")


class WhatIfCache:
    """What-if results the application keeps, at most `size`, the least recently used dropped first:
    keyed by the case's text (the file's or the form's), the question and the settings, so that a
    page shown again (a reload, a value refused, a reading switched back) does not search again.
    Pages answer in worker threads: one lock around the dictionary (the search itself runs outside
    it; two requests for the same key at once may both search, and keep the same result)."""

    def __init__(self, size: int):
        import threading
        from collections import OrderedDict
        self.size, self.lock = size, threading.Lock()
        self.kept: OrderedDict[object, object] = OrderedDict()   # key -> the what-if found

    def get(self, key: object, find: Callable[[], T]) -> T:
        with self.lock:
            if key in self.kept:
                self.kept.move_to_end(key)
                return cast(T, self.kept[key])

        value = find()
        with self.lock:
            self.kept[key] = value
            self.kept.move_to_end(key)
            while len(self.kept) > self.size:
                self.kept.popitem(last=False)
        return value


# the pages' icon (a section sign), so that a browser's request for one is answered
FAVICON = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" '
           'fill="#234"/><text x="16" y="24" font-size="22" text-anchor="middle" fill="#fff" '
           'font-family="serif">&#167;</text></svg>')

BLANK = """description: A new case.
entities:
  op1:
    type: operation
    name: the ride
    operator: p1
  p1:
    type: person
    name: the operator
"""
