"""The server in each person's language: the language endpoints, the lobby's games,
the errors, and the websocket where each connection reads the log in its own.

The catalogs' translations are written by translators later; the tests that need
translated words install a tiny catalog of their own (``tiny_catalog``) or check the
mechanism against :func:`tabletop.i18n.render_event` itself.
"""

from __future__ import annotations

import importlib
import io
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.support import Translations
from fastapi.testclient import TestClient

import tabletop
from tabletop.core.options import OPTION_GROUP_TITLES, OPTION_GROUPS
from tabletop.i18n import (
    Reader,
    browser_catalog,
    data_texts,
    languages,
    reader,
    render_event,
    render_label,
)
from tabletop.server import reading as reading_module
from tabletop.server.app import GROUP_TITLES, games_catalogue
from tests.server.helpers import HUMAN, bot, error_of, is_state, new_table, receive_until

# The module, not the function of the same name that tabletop.i18n exports.
reader_module = importlib.import_module("tabletop.i18n.reader")

Messages = dict[str | tuple[str, str], str]
"""A tiny catalog: a message (or its context and message) and its translation."""


@pytest.fixture
def tiny_catalog(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str, Messages], None]]:
    """``tiny_catalog("de", {"send a 'hello' message first": "..."})``: the readers of
    that language translate those messages (and nothing else) until the test ends."""
    installed: dict[str, Translations] = {}
    real = reader_module.translations

    def fake(lang: str) -> Any:
        return installed[lang] if lang in installed else real(lang)

    def install(lang: str, messages: Messages) -> None:
        catalog = Catalog(locale=lang, domain="tabletop")
        for key, text in messages.items():
            context, message = key if isinstance(key, tuple) else (None, key)
            catalog.add(message, text, context=context)
        buffer = io.BytesIO()
        write_mo(buffer, catalog)
        buffer.seek(0)
        installed[lang] = Translations(buffer, domain="tabletop")
        reader.cache_clear()

    monkeypatch.setattr(reader_module, "translations", fake)
    reader.cache_clear()
    yield install
    reader.cache_clear()  # then monkeypatch puts the real catalogs back


# -- choosing the language -------------------------------------------------------------


@pytest.mark.parametrize(
    ("accept", "expected"),
    [
        (None, "en"),
        ("de", "de"),
        ("de-CH", "de"),
        ("it-IT,it;q=0.9,en;q=0.8", "it"),
        ("fr-FR, it;q=0.5, de;q=0.7", "de"),  # the better quality wins, not the order
        ("fr-FR, de;q=0.5, en;q=0.7", "en"),
        ("en-GB, de;q=0.9", "en"),
        ("de;q=0, it;q=0.1", "it"),  # q=0: not wanted at all
        ("fr, es, ja", "en"),
        ("*", "en"),
    ],
)
def test_the_language_follows_accept_language(
    client: TestClient, accept: str | None, expected: str
) -> None:
    headers = {} if accept is None else {"Accept-Language": accept}
    answer = client.get("/api/i18n", headers=headers)
    assert answer.status_code == 200
    assert answer.json()["lang"] == expected
    assert "accept-language" in answer.headers["vary"].lower()


def test_the_chosen_language_overrides_the_browser_and_the_switch_lists_them(
    client: TestClient,
) -> None:
    answer = client.get("/api/i18n?lang=it", headers={"Accept-Language": "de"}).json()
    assert answer["lang"] == "it"
    listed = answer["languages"]
    assert [entry["code"] for entry in listed] == list(languages())
    names = {entry["code"]: entry["name"] for entry in listed}
    assert names["en"] == "English" and names["de"] == "Deutsch" and names["it"] == "Italiano"
    # A language the server does not speak (or nothing) leaves the choice to the browser.
    for query in ("xx", "", "DE", "de-DE", "../de"):
        answer = client.get("/api/i18n", params={"lang": query}, headers={"Accept-Language": "de"})
        assert answer.json()["lang"] == "de", query


def test_hostile_accept_language_headers_are_read_safely(client: TestClient) -> None:
    for accept in (
        "x" * 7000,
        ",".join(["de;q=0.1"] * 2000)[:7000],
        ";;;,,,q=;q=abc,de;q=nan,;q=1e999999",
        "de;q=-1, it;q=2",
        "\u00e9\u00e8;q=0.5",
        "it;q=0.9" + " " * 6000 + ",de",
    ):
        answer = client.get("/api/i18n", headers={"Accept-Language": accept.encode("latin-1")})
        assert answer.status_code == 200, accept[:40]
        assert answer.json()["lang"] in languages()
        games = client.get("/api/games", headers={"Accept-Language": accept.encode("latin-1")})
        assert games.status_code == 200


# -- the catalogs and texts ---------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "de", "it"])
def test_a_language_s_catalog_is_its_browser_catalog(client: TestClient, lang: str) -> None:
    answer = client.get(f"/api/i18n/{lang}")
    assert answer.status_code == 200
    assert "max-age=" in answer.headers["cache-control"]
    data = answer.json()
    assert data == browser_catalog(lang)
    assert data["lang"] == lang
    assert isinstance(data["plural"], str) and "n" in data["plural"]
    assert isinstance(data["messages"], dict)
    for key, text in data["messages"].items():
        assert isinstance(key, str)
        assert isinstance(text, str) or (isinstance(text, list) and all(text))
    if lang == "en":
        assert data["messages"] == {}  # the ids are the English


HOSTILE_LANGS = ["xx", "fr", "EN", "de-DE", "..", "x" * 3000, "%00", "de%2F..%2F.."]


@pytest.mark.parametrize("lang", HOSTILE_LANGS)
def test_an_unknown_language_is_a_404_that_says_which_there_are(
    client: TestClient, lang: str
) -> None:
    for path in (f"/api/i18n/{lang}", f"/api/i18n/{lang}/texts/uno-power"):
        answer = client.get(path)
        assert answer.status_code == 404, path[:60]
        detail = answer.json()["detail"]
        assert detail.startswith("unknown language") or detail == "Not Found"
        if detail != "Not Found":  # a path the router does not match at all
            assert "en, de, it" in detail and len(detail) < 200


def test_a_game_s_texts_come_in_each_language(client: TestClient) -> None:
    for game, package in (("uno-power", "uno_power"), ("kung-fu", "kung_fu")):
        for lang in ("de", "it"):
            answer = client.get(f"/api/i18n/{lang}/texts/{game}")
            assert answer.status_code == 200
            assert "max-age=" in answer.headers["cache-control"]
            assert answer.json() == data_texts(package, lang)
        assert client.get(f"/api/i18n/en/texts/{game}").json() == {}  # the card data's own
    assert "colours" in client.get("/api/i18n/de/texts/uno-power").json()
    assert "cards" in client.get("/api/i18n/it/texts/kung-fu").json()
    answer = client.get("/api/i18n/de/texts/chess")
    assert answer.status_code == 404
    assert "unknown game 'chess'" in answer.json()["detail"]
    assert client.get("/api/i18n/de/texts/" + "x" * 2000).status_code == 404


# -- the lobby's games --------------------------------------------------------------------


def test_the_games_in_english_are_as_they_were(client: TestClient) -> None:
    english = client.get("/api/games").json()
    assert english == client.get("/api/games?lang=en", headers={"Accept-Language": "de"}).json()
    assert english == games_catalogue(english[0]["max_bot_think_s"], None, english[0]["bot_pause"])
    uno = next(g for g in english if g["id"] == "uno-power")
    titles = [g["title"] for g in uno["option_groups"]]
    assert titles == [OPTION_GROUP_TITLES[group] for group in OPTION_GROUPS]
    option = next(o for o in uno["options"] if o["name"] == "scoring")
    assert option["title"] == "Scoring"


def test_the_option_group_headings_are_marked_for_the_catalogs() -> None:
    assert set(GROUP_TITLES) == set(OPTION_GROUP_TITLES.values())


def test_the_games_are_described_in_the_reader_s_language(
    client: TestClient, tiny_catalog: Callable[[str, Messages], None]
) -> None:
    tiny_catalog(
        "de",
        {
            ("uno-power:option", "Scoring"): "Wertung",
            ("uno-power:option", "one round only"): "nur eine Runde",
            ("uno-power:option", "on"): "an",
            ("uno-power:bot", "Random"): "Zufall",
            ("kung-fu:notice", tabletop.make("kung-fu").notice or ""): "Vorläufiges Deck.",
            "Rule variants": "Regelvarianten",
        },
    )
    for request in (
        {"url": "/api/games", "headers": {"Accept-Language": "de-DE,de;q=0.9"}},
        {"url": "/api/games?lang=de", "headers": {"Accept-Language": "it"}},
    ):
        answer = client.get(request["url"], headers=request["headers"])
        assert answer.headers["content-language"] == "de"
        games = {g["id"]: g for g in answer.json()}
        uno = games["uno-power"]
        options = {o["name"]: o for o in uno["options"]}
        assert options["scoring"]["title"] == "Wertung"
        assert options["target_score"]["values"] == [["single_round", "nur eine Runde"]]
        assert ["True", "an"] in [[str(v), label] for v, label in options["partners"]["values"]]
        assert options["hand_size"]["title"] == "Hand size"  # not in the catalog: English
        assert uno["bot_levels"][0]["title"] == "Zufall"
        assert [g["title"] for g in uno["option_groups"]][2] == "Regelvarianten"
        assert games["kung-fu"]["notice"] == "Vorläufiges Deck."
        assert games["king-of-tokyo"]["notice"] is None
        # "Scoring" of another game is another message: not translated by this one.
        assert games["king-of-tokyo"]["bot_levels"][0]["title"] == "Random"


# -- errors in the reader's language ------------------------------------------------------


def test_http_errors_are_said_in_the_request_s_language(
    client: TestClient, tiny_catalog: Callable[[str, Messages], None]
) -> None:
    body = {"game": "kung-fu", "seats": [HUMAN, bot("nobody")]}
    english = client.post("/api/tables", json=body)
    assert english.status_code == 422
    assert english.json()["detail"].startswith("unknown bot 'nobody'; available: easy, ")
    tiny_catalog("it", {"unknown bot {bot}; available: {bots}": "bot sconosciuto {bot} ({bots})"})
    italian = client.post("/api/tables", json=body, headers={"Accept-Language": "it"})
    assert italian.status_code == 422
    assert italian.json()["detail"].startswith("bot sconosciuto 'nobody' (easy, ")
    tiny_catalog("de", {"no table {table}": "kein Tisch {table}"})
    assert client.get("/api/tables/nope?lang=de").json() == {"detail": "kein Tisch 'nope'"}
    assert client.get("/api/tables/nope").json() == {"detail": "no table 'nope'"}
    # A translation that names a field the sentence does not have falls back to English.
    tiny_catalog("de", {"no table {table}": "kein Tisch {tisch}"})
    assert client.get("/api/tables/nope?lang=de").json() == {"detail": "no table 'nope'"}


def test_the_request_limit_is_said_in_the_request_s_language(
    make_client: Callable[..., Any], tiny_catalog: Callable[[str, Messages], None]
) -> None:
    tiny_catalog(
        "de",
        {
            "too many requests: at most {burst} at once and {rate} a second from one address": (
                "zu viele Anfragen: höchstens {burst} auf einmal und {rate} pro Sekunde"
            )
        },
    )
    with make_client(http_rate_burst=1, http_rate_per_s=0.5) as limited:
        assert limited.get("/api/health").status_code == 200
        refused = limited.get("/api/health", headers={"Accept-Language": "de"})
        assert refused.status_code == 429
        assert refused.json()["detail"] == (
            "zu viele Anfragen: höchstens 1 auf einmal und 0,5 pro Sekunde"
        )
        english = limited.get("/api/health")
        assert english.json()["detail"] == (
            "too many requests: at most 1 at once and 0.5 a second from one address"
        )


# -- the websocket ------------------------------------------------------------------------


def test_a_connection_reads_errors_in_its_language(
    client: TestClient, tiny_catalog: Callable[[str, Messages], None]
) -> None:
    tiny_catalog("de", {"send a 'hello' message first": "sag zuerst 'hello'"})
    tiny_catalog(
        "it",
        {"spectators cannot play: take a seat first": "chi guarda non gioca: prendi un posto"},
    )
    table = new_table(client, "kung-fu", [HUMAN, bot("random")], claim=0)
    url = f"/ws/tables/{table['id']}"
    with client.websocket_connect(url, headers={"Accept-Language": "de-AT, it;q=0.5"}) as ws:
        ws.send_json({"type": "action", "action": 0, "version": 0})
        assert error_of(ws)["message"] == "sag zuerst 'hello'"  # the browser's language
        ws.send_json({"type": "hello", "lang": "it"})  # a spectator who reads Italian
        welcome = receive_until(ws, lambda m: m["type"] == "welcome")
        assert welcome["lang"] == "it"
        receive_until(ws, is_state)
        ws.send_json({"type": "action", "action": 0, "version": 0})
        assert error_of(ws)["message"] == "chi guarda non gioca: prendi un posto"
    with client.websocket_connect(url) as ws:  # no header, no lang: English
        ws.send_json({"type": "action", "action": 0, "version": 0})
        assert error_of(ws)["message"] == "send a 'hello' message first"
        ws.send_json({"type": "hello"})
        assert receive_until(ws, lambda m: m["type"] == "welcome")["lang"] == "en"


@pytest.mark.parametrize(
    "lang", [5, True, ["de"], {"code": "de"}, 1.5, "", "xx", "de-DE", "x" * 3000]
)
def test_a_bad_lang_in_hello_is_refused_and_the_connection_goes_on(
    client: TestClient, lang: Any
) -> None:
    table = new_table(client, "kung-fu", [HUMAN, bot("random")], claim=0)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": table["token"], "lang": lang})
        error = error_of(ws)
        assert error["code"] == "bad_language"
        assert "lang" in error["message"] and len(error["message"]) < 200
        if isinstance(lang, str):
            assert "choose one of en, de, it" in error["message"]
        # Nothing changed: the same connection says hello properly and takes its seat.
        ws.send_json({"type": "hello", "token": table["token"], "lang": "de"})
        welcome = receive_until(ws, lambda m: m["type"] == "welcome")
        assert welcome["seat"] == 0 and welcome["lang"] == "de"
        assert receive_until(ws, is_state)["seat"] == 0


def _spy(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[str]]:
    """Makes the server's log and labels show which reader rendered them: each text
    is :func:`render_event`'s (or :func:`render_label`'s) own, then `` [lang]``."""
    seen: dict[str, list[str]] = {"events": [], "labels": []}

    def event(state: Any, e: Any, who: Reader) -> str:
        seen["events"].append(who.lang)
        return f"{render_event(state, e, who)} [{who.lang}]"

    def label(state: Any, action: int, who: Reader) -> str:
        seen["labels"].append(who.lang)
        return f"{render_label(state, action, who)} [{who.lang}]"

    monkeypatch.setattr(reading_module, "render_event", event)
    monkeypatch.setattr(reading_module, "render_label", label)
    return seen


def test_two_people_at_one_table_read_the_log_in_their_own_languages(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = _spy(monkeypatch)
    table = new_table(
        client, "kung-fu", [HUMAN, HUMAN], options={"first_player": "0"}, seed=3, claim=0
    )
    other = client.post(f"/api/tables/{table['id']}/seats/1/claim", json={"name": "Bo"}).json()
    url = f"/ws/tables/{table['id']}"
    frames: dict[int, list[dict[str, Any]]] = {0: [], 1: []}
    with client.websocket_connect(url) as de, client.websocket_connect(url) as it:
        sockets = {0: de, 1: it}
        de.send_json({"type": "hello", "token": table["token"], "lang": "de"})
        it.send_json({"type": "hello", "token": other["token"], "lang": "it"})
        last = {s: receive_until(ws, is_state, frames[s]) for s, ws in sockets.items()}
        for _ in range(12):  # the one whose decision it is plays its first choice
            seat = next(s for s, m in last.items() if m["legal"])
            msg = last[seat]
            sockets[seat].send_json(
                {"type": "action", "action": msg["legal"][0]["id"], "version": msg["version"]}
            )
            for s, ws in sockets.items():
                last[s] = receive_until(
                    ws, lambda m, v=msg["version"]: is_state(m) and m["version"] > v, frames[s]
                )
            if last[0]["result"] is not None:
                break
        # Read while the two are connected: a table nobody follows may be let go.
        live = client.app.state.manager.tables[table["id"]]  # type: ignore[attr-defined]
    events = {e.seq: e for e in live.state.log}
    by_seat = {
        s: {e["seq"]: e for m in frames[s] if is_state(m) for e in m["log"]} for s in sockets
    }
    shared = sorted(set(by_seat[0]) & set(by_seat[1]))
    assert len(shared) > 5
    for seq in shared:
        german, italian = by_seat[0][seq], by_seat[1][seq]
        english = events[seq]
        # The same event: its kind, data and number; its text in each reader's language.
        for key in ("seq", "kind", "data"):
            assert german.get(key) == italian.get(key) == english.to_dict().get(key)
        assert german["text"] == f"{render_event(live.state, english, reader('de'))} [de]"
        assert italian["text"] == f"{render_event(live.state, english, reader('it'))} [it]"
        assert german["text"] != italian["text"]
    assert {"de", "it"} <= set(seen["events"])
    # The legal actions' labels are each reader's too.
    labels = {
        s: [a["label"] for m in frames[s] if is_state(m) for a in m["legal"]] for s in sockets
    }
    assert labels[0] and all(label.endswith(" [de]") for label in labels[0])
    assert labels[1] and all(label.endswith(" [it]") for label in labels[1])


def test_an_english_reader_gets_the_events_as_they_are(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = _spy(monkeypatch)
    table = new_table(client, "kung-fu", [HUMAN, bot("random")], seed=3, claim=0)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": table["token"], "lang": "en"})
        msg = receive_until(ws, lambda m: is_state(m) and bool(m["log"]))
        mine = msg if msg["legal"] else receive_until(ws, lambda m: is_state(m) and m["legal"])
    live = client.app.state.manager.tables[table["id"]]  # type: ignore[attr-defined]
    events = {e.seq: e for e in live.state.log}
    assert msg["log"] and all(e == events[e["seq"]].to_dict() for e in msg["log"])
    assert seen["events"] == []  # English is the events' own text
    # Labels are read in the state they are chosen in, English too (a Kung Fu draw
    # says how many cards of each colour): each rendered for this English reader.
    assert set(seen["labels"]) == {"en"}
    assert all(move["label"].endswith(" [en]") for move in mine["legal"])


def test_a_replay_is_english_unless_a_language_is_asked_for(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = new_table(
        client,
        "uno-power",
        [bot("heuristic"), bot("heuristic")],
        seed=5,
        known_deal=True,  # a round of a known length (a table's own deal may run long)
        options={"target_score": "single_round"},
    )
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello"})
        receive_until(ws, lambda m: is_state(m) and m["result"] is not None)
    record = client.get(f"/api/tables/{table['id']}/record").json()
    step = 4
    english = client.get(f"/api/tables/{table['id']}/replay/{step}").json()
    assert english == client.get(f"/api/tables/{table['id']}/replay/{step}?lang=xx").json()
    seen = _spy(monkeypatch)
    german = client.get(f"/api/tables/{table['id']}/replay/{step}?lang=de").json()
    # The same steps rendered here, for the German reader.
    game = tabletop.make(record["game"], **record["options"])
    state = game.new_state(record["num_players"], seed=record["seed"], log=True)
    for action in record["actions"][: step - 1]:
        state.apply(action)
    last = render_label(state, record["actions"][step - 1], reader("de"))
    before = state.log[-1].seq + 1 if state.log else 0
    state.apply(record["actions"][step - 1])
    events = state.log_for(None, before)  # a step's answer holds that step's events
    assert events
    assert [e["seq"] for e in german["log"]] == [e["seq"] for e in english["log"]]
    assert [e["text"] for e in english["log"]] == [e.text for e in events]
    assert [e["text"] for e in german["log"]] == [
        f"{render_event(state, e, reader('de'))} [de]" for e in events
    ]
    assert german["last"]["label"] == f"{last} [de]"
    assert set(seen["events"]) == {"de"}
    # The record holds no words: the same in every language.
    assert record == client.get(f"/api/tables/{table['id']}/record?lang=de").json()


def test_names_the_server_made_are_marked_for_each_reader_s_words(client: TestClient) -> None:
    """A bot or open seat named by the server is marked, so that each browser says it
    in its own language; a name a person typed is not."""
    seats = [
        {"kind": "human"},
        {"kind": "bot", "bot": "heuristic"},
        {"kind": "bot", "bot": "heuristic", "name": "Bot 3 (heuristic)!"},
        {"kind": "human"},
    ]
    table = new_table(client, "uno-power", seats, claim=0, name="Ann")
    summary = client.get(f"/api/tables/{table['id']}").json()
    names = [(s["name"], s["default_name"]) for s in summary["seats"]]
    assert names == [
        ("Ann", False),
        ("Bot 2 (heuristic)", True),
        ("Bot 3 (heuristic)!", False),
        ("Seat 4", True),
    ]
