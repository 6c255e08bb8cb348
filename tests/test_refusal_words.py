"""The server's refusals in the browser's languages (static/js/refusal.js): every
``refusal.<code>`` of the catalogs names a code the server really refuses with, every
catalog has the same ones, the codes people meet in the pages are all there, the English
entry is the server's own message where the server has only one for the code, and no
translation states a number the page cannot know (a wait comes as ``{count}`` minutes, from
the refusal's ``Retry-After``).
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from typing import Any

from test_catalogs import LANGUAGES

SERVER = Path(__file__).parents[1] / "src" / "twentyeight" / "server"
STATIC = SERVER / "static"

MET_IN_THE_PAGES = {
    # signing in and up
    "wrong_password", "name_taken", "bad_name", "bad_password", "weak_password", "too_many_signins",
    "too_many_signups", "too_many_wrong_passwords", "busy", "not_signed_in",
    # tables and seats: the lobby (make a table, quick play, sit) and the table page
    "seat_taken", "seat_claimed", "already_seated", "address_seated", "not_invited",
    "public_table", "sign_in_to_play_rated", "rated_needs_people", "too_many_rooms",
    "server_full", "started", "finished", "closed", "no_room", "no_seat", "not_host",
    "rate_limited", "hints_off", "external_bots_off", "bad_rules", "bad_bots", "too_large",
    "server_error", "bad_request", "too_slow",
    # the table's hint and review, and its socket's refusals that carry no engine reason
    "not_started", "not_your_turn", "hand_not_over", "not_your_hand", "no_hand", "not_now",
    "malformed", "unauthorised", "stale",
    # the replay page
    "bad_record", "bad_hand", "bad_seat",
}
"""The codes a page of the site shows the refusal of (place/, lobby, table/, replay/)."""


def load(lang: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((STATIC / "i18n" / f"{lang}.json").read_text("utf-8"))
    return data


def refusals(lang: str) -> dict[str, Any]:
    return {k.removeprefix("refusal."): v for k, v in load(lang).items()
            if k.startswith("refusal.")}


def _constants(tree: ast.Module) -> dict[str, str]:
    """A module's ``NAME = "text"`` assignments (the socket's error codes, protocol.py)."""
    return {t.id: node.value.value for node in tree.body if isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
            for t in node.targets if isinstance(t, ast.Name)}


def server_refusals() -> dict[str, list[str | None]]:
    """Every code the server refuses with, and its messages: the text of each, or None for
    one put together when refusing (an f-string, a variable).  Read from the source:
    ``RoomError(status, code, message)`` and its kin, ``refusal(status, code, message)``,
    ``ProtocolError(code, message)`` and the JSON bodies written by hand
    (``{"error": code, "message": …}``)."""
    trees = {path: ast.parse(path.read_text("utf-8")) for path in SERVER.glob("*.py")}
    names = _constants(trees[SERVER / "protocol.py"])
    found: dict[str, list[str | None]] = {}

    def text(node: ast.expr) -> str | None:
        return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) \
            else None

    for tree in trees.values():
        for node in ast.walk(tree):
            code = message = None
            if isinstance(node, ast.Call):
                func = node.func.id if isinstance(node.func, ast.Name) else \
                    node.func.attr if isinstance(node.func, ast.Attribute) else ""
                if func in ("RoomError", "BadRequest", "refusal") and len(node.args) >= 3:
                    code, message = text(node.args[1]), node.args[2]
                elif func == "ProtocolError" and len(node.args) >= 2:
                    first = node.args[0]
                    code = names.get(first.id) if isinstance(first, ast.Name) else text(first)
                    message = node.args[1]
            elif isinstance(node, ast.Dict):
                fields = {text(k): v for k, v in zip(node.keys, node.values, strict=True)
                          if k is not None}
                if "error" in fields and "message" in fields:
                    code, message = text(fields["error"]), fields["message"]
            if code is not None and message is not None:
                found.setdefault(code, []).append(text(message))
    return found


SERVER_REFUSALS = server_refusals()


def test_the_source_is_read() -> None:
    """The scan finds the refusals it should (else every test below passes for nothing)."""
    assert SERVER_REFUSALS["wrong_password"] == ["that name and password do not match"]
    assert {"stale", "not_now", "cross_site", "server_error", "busy"} <= set(SERVER_REFUSALS)


def test_every_refusal_key_is_a_code_of_the_server() -> None:
    unknown = sorted(set(refusals("en")) - set(SERVER_REFUSALS))
    assert not unknown, f"refusal.* keys that name no code the server uses: {unknown}"


def test_every_catalog_has_the_same_refusals() -> None:
    english = set(refusals("en"))
    for lang in LANGUAGES[1:]:
        assert set(refusals(lang)) == english, lang


def test_the_codes_the_pages_meet_are_translated() -> None:
    missing = sorted(MET_IN_THE_PAGES - set(refusals("en")))
    assert not missing, missing


def test_english_is_the_servers_message() -> None:
    """Where the server says a code with one message only, English is that message (the page
    shows the server's own words in English; the catalog's are its fallback)."""
    english = refusals("en")
    for code, messages in SERVER_REFUSALS.items():
        if code in english and len(set(messages)) == 1 and messages[0] is not None:
            assert english[code] == messages[0], code


def test_no_translation_states_a_number_it_cannot_know() -> None:
    """The limits (how many sign-ins, rooms, bytes) are the server's settings, which the page
    does not know: a translation says none of them.  A wait is ``{count}`` minutes, from the
    refusal's ``Retry-After`` (refusal.js fills nothing else), in plural forms.  A password's
    length is no setting but the code's (``accounts.MIN_PASSWORD``, ``MAX_PASSWORD``, which
    the sign-up form states too): its refusal says it (test_catalogs checks the numbers)."""
    for lang in LANGUAGES:
        for code, value in refusals(lang).items():
            forms = list(value.values()) if isinstance(value, dict) else [value]
            for form in forms:
                assert set(re.findall(r"\{(\w+)\}", form)) <= {"count"}, (lang, code)
                if lang != "en" and code != "bad_password":
                    assert not re.search(r"\d", re.sub(r"\{\w+\}", "", form)), (lang, code, form)
            assert ("{count}" in json.dumps(value)) == isinstance(value, dict), (lang, code)


def test_the_pages_show_refusals_through_refusal_js() -> None:
    """No page puts a refusal's English `message` in front of people by itself."""
    shown = re.compile(r"answer\.data\.message|data\.message \|\||why: data\.message")
    for path in (STATIC / "js").rglob("*.js"):
        if path.name != "refusal.js":
            assert not shown.search(path.read_text("utf-8")), path.name
