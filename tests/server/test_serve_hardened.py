"""`reasoner serve` reads every number as the command line does (the one number reader: the form,
/api/ask and /api/whatif answer or refuse a number text exactly as `reasoner ask` does), refuses a
JSON body with a key twice, may not be framed by another site, and keeps answering other requests
while one long request is answered."""
import json
import re
import threading
import time
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

pytest.importorskip("starlette")
pytest.importorskip("httpx")

FACTS = Path(__file__).resolve().parents[2] / "facts"
NIGHT = "ch350_night_direction_unlawful"


def answer_of(page: str) -> str:
    return re.search(r'id="answer"><b>([^<]+)</b>', page).group(1)


WORDS = {"true": "yes", "false": "no", "undetermined": "undetermined", "not_applicable": "not applicable"}

# trail_distance_ft of the night ride: 40 ft or more makes it lawful
NUMBERS = ["30", "40", "39.99999999999999999999", "40.00000000000000000001", "83.500", "017", "\uff11\uff12",
           "1e400", "40.0", "1.000"]


def by_cli(tmp_path, text):
    src = (FACTS / f"{NIGHT}.yaml").read_text(encoding="utf-8")
    case = tmp_path / "cli.yaml"
    case.write_text(re.sub(r"trail_distance_ft: .*", f"trail_distance_ft: {text}", src), encoding="utf-8")
    from reasoner.cli import main
    result = CliRunner().invoke(main, ["ask", str(case), "lawful", "--format", "json"])
    if result.exit_code != 0:
        assert "Traceback" not in result.output
        return "refused"
    return WORDS[json.loads(result.output)["answer"]]


def by_form(client, token, text):
    page = client.post(f"/case/{NIGHT}", data={"f.op1.trail_distance_ft": text, "csrf": token,
                                               "q": "lawful", "action": "answer"})
    if page.status_code == 400:
        assert "trail_distance_ft" in page.text           # says which field
        return "refused"
    assert page.status_code == 200, page.text[:500]
    return answer_of(page.text)


def by_api(client, text, path="/api/ask"):
    case = yaml.safe_load((FACTS / f"{NIGHT}.yaml").read_text(encoding="utf-8"))
    case["entities"]["op1"]["trail_distance_ft"] = "@@N@@"
    # the number as a JSON number where JSON has one for it, else as a string
    literal = text if re.fullmatch(r"-?\d+(\.\d+)?([eE][-+]?\d+)?", text, re.ASCII) else json.dumps(text)
    body = json.dumps({"case": case, "query": "lawful"}).replace('"@@N@@"', literal)
    r = client.post(path, content=body.encode(), headers={"content-type": "application/json"})
    if r.status_code == 400:
        assert "error" in r.json()
        return "refused"
    assert r.status_code == 200, r.text[:500]
    return WORDS[r.json()["answer"]]


@pytest.mark.parametrize("text", NUMBERS)
def test_a_number_reads_the_same_in_the_form_the_api_and_the_command_line(client, token, tmp_path, text):
    cli = by_cli(tmp_path, text)
    assert by_form(client, token, text) == cli, text
    assert by_api(client, text) == cli, text
    if cli == "refused":
        assert by_api(client, text, "/api/whatif") == "refused"


def test_the_expected_readings_of_the_table():
    """The table's point: the exact reading (a 20-digit decimal is not rounded to 40) and refusals."""
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        assert by_cli(Path(tmp), "39.99999999999999999999") == "no"
        assert by_cli(Path(tmp), "40.00000000000000000001") == "yes"
        for text in ("83.500", "017", "\uff11\uff12", "1e400"):
            assert by_cli(Path(tmp), text) == "refused", text


def test_the_form_saves_a_number_as_the_command_line_reads_it(client, folder, token):
    url = f"/case/{NIGHT}"

    def version():
        return re.search(r'name="version" value="([^"]+)"', client.get(url).text).group(1)
    r = client.post(url, data={"f.op1.trail_distance_ft": "83.500", "csrf": token, "action": "save",
                               "version": version()})
    assert r.status_code == 400
    assert "trail_distance_ft: 30" in (folder / f"{NIGHT}.yaml").read_text()      # nothing written
    r = client.post(url, data={"f.op1.trail_distance_ft": "12.3450", "csrf": token, "action": "save",
                               "version": version()})
    assert r.status_code == 200 and "Saved 1 change(s)" in r.text
    saved = (folder / f"{NIGHT}.yaml").read_text()
    assert "trail_distance_ft: 12.3450" in saved                         # not 12.345, which reads two ways
    assert by_cli_file(folder / f"{NIGHT}.yaml") != "refused"


def by_cli_file(path):
    from reasoner.cli import main
    result = CliRunner().invoke(main, ["ask", str(path), "lawful", "--format", "json"])
    return "refused" if result.exit_code else WORDS[json.loads(result.output)["answer"]]


def test_a_json_body_with_a_key_twice_is_refused(client):
    case = yaml.safe_load((FACTS / f"{NIGHT}.yaml").read_text(encoding="utf-8"))
    body = json.dumps({"case": case, "query": "lawful"})
    twice = body.replace('"trail_distance_ft": 30', '"trail_distance_ft": 30, "trail_distance_ft": 45')
    assert twice != body
    for path in ("/api/ask", "/api/whatif"):
        r = client.post(path, content=twice.encode(), headers={"content-type": "application/json"})
        assert r.status_code == 400
        assert "trail_distance_ft" in r.json()["error"] and "twice" in r.json()["error"]
    top = '{"query": "lawful", "query": "other", ' + body[1:]
    r = client.post("/api/ask", content=top.encode(), headers={"content-type": "application/json"})
    assert r.status_code == 400 and "twice" in r.json()["error"]


def test_a_deeply_nested_json_body_is_a_400(client):
    body = '{"case": ' + "[" * 100000 + "]" * 100000 + "}"
    r = client.post("/api/ask", content=body.encode(), headers={"content-type": "application/json"})
    assert r.status_code == 400
    assert "error" in r.json()


# -- framing -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("path", ["/", "/cases", f"/case/{NIGHT}", "/no-such-page", "/api/vocab"])
def test_no_page_may_be_framed_by_another_site(client, path):
    r = client.get(path)
    assert "frame-ancestors 'none'" in r.headers.get("content-security-policy", "")
    assert r.headers.get("x-frame-options") == "DENY"


def test_a_refused_request_may_not_be_framed_either(client):
    r = client.get("/", headers={"host": "evil.example"})
    assert r.status_code == 421
    assert r.headers.get("x-frame-options") == "DENY"


# -- one request does not stop the others ----------------------------------------------------------
def test_the_home_page_answers_while_a_large_case_is_answered(folder):
    import httpx
    import uvicorn
    from reasoner.server.app import create_app
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(folder, host="127.0.0.1"), host="127.0.0.1", port=port,
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            if server.started:
                break
            time.sleep(0.05)
        assert server.started
        case = yaml.safe_load((FACTS / f"{NIGHT}.yaml").read_text(encoding="utf-8"))
        op = case["entities"]["op1"]
        for n in range(2, 400):       # many operations: an answer that takes seconds
            case["entities"][f"op{n}"] = {**op, "trail_distance_ft": 30 + n % 20}
        body = json.dumps({"case": case, "query": "lawful"})
        took = {}

        def large():
            start = time.monotonic()
            httpx.post(f"{base}/api/ask", content=body, headers={"content-type": "application/json"},
                       timeout=300)
            took["large"] = time.monotonic() - start
        worker = threading.Thread(target=large)
        worker.start()
        time.sleep(0.5)                 # the large request is being answered
        start = time.monotonic()
        home = httpx.get(f"{base}/", timeout=60)
        took["home"] = time.monotonic() - start
        still = worker.is_alive()
        worker.join(300)
        assert home.status_code == 200
        assert still, f"the large request took only {took.get('large')} s: not large enough to show anything"
        assert took["home"] < 2.0, took
    finally:
        server.should_exit = True
        thread.join(10)
