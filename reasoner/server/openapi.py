"""The OpenAPI 3 description of `reasoner serve`, served at /openapi.json: one entry per route and
method of the application (OPERATIONS, keyed as the route table in app.py writes its paths), put
together by `document` from the application's own routes, so that a route without an entry here is
an error when the application is made (and in tests/server/test_serve_openapi.py), not a hole in
the description. Plain data: no import of the web stack."""
from __future__ import annotations

import re
from types import MappingProxyType
from collections.abc import Mapping
from collections.abc import Iterable
from typing import Any

OPENAPI_VERSION = "3.0.3"


def _error(what: str) -> dict:
    return {"description": what, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}


def _page(what: str) -> dict:
    return {"description": what, "content": {"text/html": {"schema": {"type": "string"}}}}


def _plain(what: str) -> dict:
    return {"description": what, "content": {"text/plain": {"schema": {"type": "string"}}}}


# refusals every request may get before it reaches its page (app.Guard: the Host check, the body cap)
GUARDED = MappingProxyType({"421": _plain("the Host header is not the name the server is bound to (DNS rebinding)"),
           "413": _plain("the request body is over the case-file limit (2 MiB)")})
BUSY = MappingProxyType({"503": _plain("the server is answering as many questions as it answers at once; try again")})

QUERY = MappingProxyType({"name": "q", "in": "query", "required": False, "schema": {"type": "string", "default": "lawful"},
         "description": "a saved question's name (GET /api/queries) or an atom such as `violates(op1, S)`"})
READING_SCHEMA: Mapping = MappingProxyType({"type": "array", "items": {"type": "string"}})
READING_TEXT = ("a reading to answer under, `phrase.reading` as `reasoner readings` names it "
                "(repeat for several phrases); the default readings need no name")
READING = MappingProxyType({"name": "reading", "in": "query", "required": False, "style": "form", "explode": True,
           "schema": READING_SCHEMA, "description": READING_TEXT})
STRICT = MappingProxyType({"name": "strict", "in": "query", "required": False, "schema": {"type": "string", "enum": ["1", ""]},
          "description": "1: no presumptions (`--strict`)"})
NAME = MappingProxyType({"name": "name", "in": "path", "required": True, "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]+$"},
        "description": "a case of the served folder: its file name without .yaml"})


def _form(properties: dict[str, Any], required: Iterable[str] = ("csrf",)) -> dict[str, Any]:
    return {"required": True, "content": {"application/x-www-form-urlencoded": {"schema": {
        "type": "object", "properties": properties, "required": list(required)}}}}


CSRF = MappingProxyType({"type": "string", "description": "the server's token, from any of its forms (random per start)"})
FORM_SETTINGS = MappingProxyType({
    "q": {"type": "string", "default": "lawful", "description": QUERY["description"]},
    "reading": {**READING_SCHEMA, "description": f"{READING_TEXT} (an empty value: the default)"},
    "strict": {"type": "string", "enum": ["1", "on", "true", ""]},
})
JSON_BODY = MappingProxyType({"required": True, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Question"}}}})

OPERATIONS: Mapping = MappingProxyType({
    ("/", "get"): {"summary": "The home page", "responses": {"200": _page("the home page")}},
    ("/law", "get"): {
        "summary": "The statutes of the excerpt, by chapter and section",
        "parameters": [{"name": "q", "in": "query", "required": False, "schema": {"type": "string"},
                        "description": "a word or citation to look for"}],
        "responses": {"200": _page("the provisions (those holding q, when given)")}},
    ("/law/{citation}", "get"): {
        "summary": "One provision: its text, rules, readings, presumptions and saved questions",
        "parameters": [{"name": "citation", "in": "path", "required": True, "schema": {"type": "string"},
                        "description": "a citation such as 350.02(2)(b)4"}],
        "responses": {"200": _page("the provision"), "404": _page("no provision of that citation")}},
    ("/cases", "get"): {"summary": "The cases of the served folder",
                        "responses": {"200": _page("the cases, and the files whose names are not case names")}},
    ("/new", "get"): {"summary": "The form for a new case", "responses": {"200": _page("the form")}},
    ("/new", "post"): {
        "summary": "Write a new case file into the folder (checked first as `reasoner check` does): the YAML "
                   "given, or (action=start) a case of one entity of a type",
        "requestBody": _form({"csrf": CSRF, "name": {"type": "string", "description": "the new case's name"},
                              "text": {"type": "string", "description": "the case file's YAML"},
                              "action": {"type": "string", "enum": ["start"], "description": "start from a type, "
                                         "not from text"},
                              "type": {"type": "string", "description": "action=start: the first entity's kind"},
                              "entity_name": {"type": "string", "description": "action=start: its name"},
                              "id": {"type": "string", "description": "action=start: its id (empty: made up)"},
                              "description": {"type": "string", "description": "action=start: the case's line"}},
                             ("csrf", "name")),
        "responses": {"303": {"description": "written; Location: the case's page"},
                      "400": _page("the name or the case is refused: the form again, with the message and "
                                   "the text as typed; nothing written"),
                      "403": _page("no valid CSRF token")}},
    ("/case/{name}", "get"): {
        "summary": "A case: its form, answer, argument, figure, readings and nearest changes",
        "parameters": [NAME, QUERY, READING, STRICT],
        "responses": {"200": _page("the case's page"), "400": _page("the case or the question is refused"),
                      "404": _page("no such case")} | BUSY},
    ("/case/{name}", "post"): {
        "summary": "Answer the case with the form's changes (action=answer), save them (action=save), add a "
                   "party (action=add) or remove one (remove=ID)",
        "parameters": [NAME],
        "requestBody": _form({"csrf": CSRF, "version": {"type": "string", "description": "the hash of the file "
                                                        "the form was filled in from"},
                              "action": {"type": "string", "enum": ["answer", "save", "add"]},
                              "add_type": {"type": "string", "description": "action=add: the new entity's kind"},
                              "add_name": {"type": "string", "description": "action=add: its name"},
                              "add_id": {"type": "string", "description": "action=add: its id (empty: made up)"},
                              "remove": {"type": "string", "description": "an entity to remove (refused while "
                                         "another entity names it)"},
                              "new.ID": {"type": "string", "description": "a party added and not saved yet: its "
                                         "kind"},
                              "gone": {"type": "array", "items": {"type": "string"},
                                       "description": "the parties removed and not saved yet"},
                              "apply": {"type": "string", "description": "a what-if change as JSON: "
                                        "[{entity, attribute, to}]"}} | FORM_SETTINGS
                             | {"f.ENTITY.ATTRIBUTE": {"type": "string", "description": "a fact's value (one field "
                                                       "per entity and attribute); empty or `unknown`: unknown"}}),
        "responses": {"200": _page("answered (and saved, with action=save)"),
                      "400": _page("a value, an Add or a Remove is refused: the form again with every value as "
                                   "typed and the message beside its field or button; nothing saved"),
                      "403": _page("no valid CSRF token"), "404": _page("no such case"),
                      "409": _page("the file changed since the page was loaded; nothing saved")} | BUSY},
    ("/case/{name}/export/{fmt}", "get"): {
        "summary": "The saved case's answer as a file (as `reasoner export`)",
        "parameters": [NAME, {"name": "fmt", "in": "path", "required": True, "schema": {
            "type": "string", "enum": ["text", "json", "graphml", "dot", "svg", "png", "md", "html"]}},
                       QUERY, READING, STRICT],
        "responses": {"200": {"description": "the file, as an attachment", "content": {
            m: {"schema": {"type": "string"} if m != "image/png" else {"type": "string", "format": "binary"}}
            for m in ("text/plain", "application/json", "application/xml", "text/vnd.graphviz", "image/svg+xml",
                      "image/png", "text/markdown", "text/html")}},
                      "400": _page("the case or the question is refused"),
                      "404": _page("no such case or format")} | BUSY},
    ("/interview/{name}", "get"): {
        "summary": "Start an interview about the case: the next deciding question",
        "parameters": [NAME, QUERY, READING, STRICT],
        "responses": {"200": _page("the first question"), "404": _page("no such case")} | BUSY},
    ("/interview/{name}", "post"): {
        "summary": "The interview's next step (next, back, review or save)",
        "parameters": [NAME],
        "requestBody": _form({"csrf": CSRF, "replies": {"type": "string", "description": "the answers so far, "
                                                        "a JSON list of texts"},
                              "reply": {"type": "string"},
                              "action": {"type": "string", "enum": ["next", "back", "review", "save"]},
                              "save_as": {"type": "string", "description": "the case name to save as"}}
                             | FORM_SETTINGS),
        "responses": {"200": _page("the next question, or the review"),
                      "400": _page("the answers so far are not a list of texts, or a name is refused"),
                      "403": _page("no valid CSRF token"), "404": _page("no such case")} | BUSY},
    ("/api/ask", "post"): {
        "summary": "Answer a question about a case sent as JSON (as `reasoner ask --format json`)",
        "requestBody": JSON_BODY,
        "responses": {"200": {"description": "the answer", "content": {"application/json": {
            "schema": {"$ref": "#/components/schemas/Answer"}}}},
                      "400": _error("the body, the case, a reading or the question is refused (the message of "
                                    "the command line)"),
                      "415": _error("the body is not application/json")} | BUSY},
    ("/api/whatif", "post"): {
        "summary": "The nearest changes of the facts that change the answer (as `reasoner whatif --format json`)",
        "requestBody": JSON_BODY,
        "responses": {"200": {"description": "the answer and the changes", "content": {"application/json": {
            "schema": {"$ref": "#/components/schemas/WhatIf"}}}},
                      "400": _error("the body, the case, a reading or the question is refused"),
                      "415": _error("the body is not application/json")} | BUSY},
    ("/api/vocab", "get"): {
        "summary": "The vocabulary of the cases: kinds, attributes, types, units (as `reasoner vocab --format json`)",
        "parameters": [{"name": "kind", "in": "query", "required": False, "schema": {"type": "string"},
                        "description": "one kind only, such as operation"}],
        "responses": {"200": {"description": "the vocabulary", "content": {"application/json": {
            "schema": {"type": "object", "properties": {"kinds": {"type": "array", "items": {"type": "object"}}}}}}},
                      "400": _error("no such kind")}},
    ("/api/queries", "get"): {
        "summary": "The saved questions",
        "responses": {"200": {"description": "the saved questions", "content": {"application/json": {"schema": {
            "type": "object", "required": ["schema", "queries"],
            "properties": {"schema": {"type": "integer"}, "queries": {"type": "array", "items": {
                "type": "object", "properties": {"name": {"type": "string"}, "question": {"type": "string"},
                                                 "provisions": {"type": "array", "items": {"type": "string"}}}}}}}}}}}},
    ("/openapi.json", "get"): {
        "summary": "This description",
        "responses": {"200": {"description": "the OpenAPI 3 description of the server",
                              "content": {"application/json": {"schema": {"type": "object"}}}}}},
    ("/favicon.svg", "get"): {
        "summary": "The icon of the pages",
        "responses": {"200": {"description": "an SVG icon", "content": {"image/svg+xml": {"schema": {
            "type": "string"}}}}}},
})

COMPONENTS = MappingProxyType({"schemas": {
    "Error": {"type": "object", "required": ["error"],
              "properties": {"error": {"type": "string", "description": "one sentence: what is refused and why"}}},
    "Question": {"type": "object", "required": ["case"], "properties": {
        "case": {"type": "object", "description": "the case-file structure (description, entities, ...)",
                 "properties": {"description": {"type": "string"},
                                "entities": {"type": "object", "additionalProperties": {"type": "object"}}}},
        "query": {"type": "string", "default": "lawful", "description": QUERY["description"]},
        "readings": {"type": "array", "items": {"type": "string"}, "description": READING["description"]},
        "strict": {"type": "boolean", "default": False, "description": "no presumptions"}}},
    "Answer": {"type": "object", "required": ["schema", "query", "answer"], "properties": {
        "schema": {"type": "integer"}, "query": {"type": "string"},
        "answer": {"type": "string", "enum": ["true", "false", "undetermined", "not_applicable"]},
        "sentence": {"type": "string"}, "argument": {"type": "string"},
        "readings": {"type": "array", "items": {"type": "string"}},
        "proof": {"type": "object", "nullable": True}}},
    "WhatIf": {"type": "object", "required": ["schema", "command", "answer", "summary"], "properties": {
        "schema": {"type": "integer"}, "command": {"type": "string", "enum": ["whatif"]},
        "query": {"type": "string"}, "answer": {"type": "string"}, "summary": {"type": "string"},
        "outcomes": {"type": "array", "items": {"type": "object"}}}},
}})


def spec_path(route_path: str) -> str:
    """A Starlette route's path as OpenAPI writes it: `{citation:path}` -> `{citation}`."""
    return re.sub(r"\{(\w+):\w+\}", r"{\1}", route_path)


def document(routes: Iterable[tuple[str, Iterable[str]]], version: str = "") -> dict[str, Any]:
    """The OpenAPI document of routes [(path, methods)]; a ValueError naming each route and method
    without an entry in OPERATIONS."""
    paths: dict = {}
    missing = []
    for route_path, methods in routes:
        path = spec_path(route_path)
        for method in sorted(m.lower() for m in methods if m != "HEAD"):
            operation = OPERATIONS.get((path, method))
            if operation is None:
                missing.append(f"{method.upper()} {path}")
                continue
            operation = {**operation, "operationId": _operation_id(method, path)}
            operation["responses"] = {**operation["responses"], **GUARDED}
            paths.setdefault(path, {})[method] = operation
    if missing:
        raise ValueError("routes without an entry in reasoner/server/openapi.py OPERATIONS: " + ", ".join(missing))
    return {"openapi": OPENAPI_VERSION,
            "info": {"title": "reasoner serve", "version": version or "0",
                     "description": "The law, the cases of a folder and a JSON API answering questions about "
                                    "cases under the Wisconsin statutes of the excerpt (docs/SERVE.md)."},
            "paths": _plain_json(paths), "components": _plain_json(COMPONENTS)}


def _plain_json(value: Any) -> Any:
    """A fresh copy with plain dicts and lists for the constant tables' read-only mappings and tuples
    (json writes neither a MappingProxyType nor keeps a caller from changing the constants)."""
    if isinstance(value, Mapping):
        return {k: _plain_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain_json(v) for v in value]
    return value


def _operation_id(method: str, path: str) -> str:
    words = re.sub(r"[^A-Za-z0-9]+", "_", path).strip("_") or "home"
    return f"{method}_{words}"
