"""The server's OpenAPI 3 description (/openapi.json): a valid document, with every route and
method of the application, and what the API answers matches what it says."""
import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

BOUND = "http://127.0.0.1:8000"


@pytest.fixture
def client(tmp_path):
    from starlette.testclient import TestClient
    from reasoner.server.app import create_app
    return TestClient(create_app(tmp_path, host="127.0.0.1"), base_url=BOUND)


def _routes(app):
    from reasoner.server.openapi import spec_path
    return {(spec_path(r.path), m.lower()) for r in app.routes for m in (r.methods or {"GET"}) if m != "HEAD"}


def test_the_description_is_served_and_is_valid_openapi_3(client):
    response = client.get("/openapi.json")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("application/json")
    spec = response.json()
    assert spec["openapi"].startswith("3.")
    validator = pytest.importorskip("openapi_spec_validator")
    validator.validate(spec)


def test_every_route_of_the_application_is_described_with_its_responses(client):
    spec = client.get("/openapi.json").json()
    described = {(path, method) for path, ops in spec["paths"].items() for method in ops}
    assert _routes(client.app) == described
    for path, ops in spec["paths"].items():
        for method, op in ops.items():
            assert op["responses"], f"{method} {path}"
            assert any(code.startswith("2") or code.startswith("3") for code in op["responses"]), f"{method} {path}"
            for name in (p["name"] for p in op.get("parameters", []) if p["in"] == "path"):
                assert "{" + name + "}" in path
    assert "application/json" in spec["paths"]["/api/ask"]["post"]["requestBody"]["content"]
    assert {"400", "415", "421", "413"} <= set(spec["paths"]["/api/whatif"]["post"]["responses"])


def test_a_route_added_without_its_description_is_refused():
    from reasoner.server.openapi import document
    with pytest.raises(ValueError, match="GET /api/new_thing"):
        document([("/api/ask", {"POST"}), ("/api/new_thing", {"GET", "HEAD"})])
    assert set(document([("/law/{citation:path}", {"GET", "HEAD"})])["paths"]) == {"/law/{citation}"}


def test_an_api_error_is_the_described_error_object(client):
    spec = client.get("/openapi.json").json()
    error = spec["components"]["schemas"]["Error"]
    response = client.post("/api/ask", json={"case": {"entities": {}}, "readings": ["no_such.phrase"]})
    assert response.status_code == 400
    assert set(response.json()) == set(error["required"]) == {"error"}
    answer = client.post("/api/ask", json={"case": {"entities": {"op1": {"type": "operation"}}}}).json()
    assert set(spec["components"]["schemas"]["Answer"]["required"]) <= set(answer)


def test_the_pages_have_an_icon(client):
    response = client.get("/favicon.svg")
    assert response.status_code == 200 and response.headers["content-type"].startswith("image/svg+xml")
    assert response.text.startswith("<svg")
