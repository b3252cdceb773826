"""Photograph the browser client at its main moments, on a phone and on a laptop.

Starts ``tabletop serve`` on a free port with an empty database, plays one seat of a
seeded table per game (the others are heuristic bots) and saves the page whenever a
moment worth showing comes up: the lobby, a roll with dice kept, the Power card row
in the Buy phase, an Evolution to keep, UNO Power's towers and round summary, a Kung
Fu draw, each game's end, and a finished game's replay with a moment analysed. The
pictures go to ``docs/images/`` (docs/server.md shows them). Needs the ``dev`` extra
and Debian's Chromium::

    python docs/screenshots.py            # every game
    python docs/screenshots.py uno-power  # one game
    python docs/screenshots.py --lang de --out /tmp/shots  # the pages in German
"""

from __future__ import annotations

import argparse
import json
import random
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Page, sync_playwright
from websockets.sync.client import connect

IMAGES = Path(__file__).with_name("images")
LOCALES = {"en": "en-GB", "de": "de-DE", "it": "it-IT"}
"""The browser's language for each of Tabletop's: its Accept-Language chooses."""
CHROMIUM = "/usr/bin/chromium"
VIEWPORTS = {"phone": (390, 844), "laptop": (1366, 768)}
MAX_TABLES = 6
"""Tables played at most per game to meet all its moments."""

# Per game: seats after the photographer's, options, seed, and the moments to take:
# (file name, a test of the state message that says the moment has come).
Moment = tuple[str, Callable[[dict[str, Any]], bool]]


def decision(kind: str) -> Callable[[dict[str, Any]], bool]:
    return lambda m: bool(m["legal"]) and (m["view"].get("decision") or {}).get("kind") == kind


def buying(m: dict[str, Any]) -> bool:
    return decision("buy")(m) and any(a["move"] == "buy" for a in m["legal"])


def round_ended(m: dict[str, Any]) -> bool:
    return bool(m["table"]["waiting_for_ready"]) and m["result"] is None


def over(m: dict[str, Any]) -> bool:
    return m["result"] is not None


TABLES: dict[str, dict[str, Any]] = {
    "king-of-tokyo": {
        "bots": 4,
        "options": {"power_up": "on"},
        "seed": 11,
        "moments": [
            ("keep-evolution", decision("keep_evolution")),
            ("roll", decision("roll")),
            ("buy", buying),
            ("yield", decision("yield")),
            ("over", over),
        ],
    },
    "uno-power": {
        "bots": 3,
        "options": {"target_score": "150"},
        "seed": 4,
        "moments": [
            ("turn", decision("turn")),
            ("towers", decision("towers")),
            ("round-summary", round_ended),
            ("over", over),
        ],
    },
    "kung-fu": {
        "bots": 1,
        "options": {},
        "seed": 7,
        "moments": [
            ("attack", decision("attack")),
            ("draw", decision("draw")),
            ("parry", decision("parry")),
            ("over", over),
        ],
    },
}


@contextmanager
def server(folder: Path) -> Iterator[str]:
    """``tabletop serve`` on a free port; yields its address."""
    command = [
        sys.executable,
        "-c",
        "from tabletop.cli.main import app; app()",
        "serve",
        "--port",
        "0",
        "--database-url",
        f"sqlite:///{folder / 'tabletop.db'}",
        "--bot-pause",
        "0",
        "--bot-workers",
        "1",
        "--trusted-proxy",  # the ratings' players sign up from addresses of their own
        "127.0.0.1",
    ]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        match = re.search(r"open (http://\S+/) in your browser", process.stdout.readline())
        assert match, "the server did not start"
        yield match.group(1)
    finally:
        process.terminate()
        process.wait(timeout=20)


def press(control: Any, where: str) -> None:
    """A tap on the phone, a click on the laptop (a click would leave a hover there)."""
    if where == "phone":
        control.tap()
    else:
        control.click()


def shoot(pages: dict[str, Page], name: str, version: int, out: Path) -> None:
    for where, page in pages.items():
        page.wait_for_function(f"Number(document.body.dataset.version) >= {version}")
        # The board still, as a person looks at it: what moved (static/motion.js) at rest.
        page.wait_for_function(
            "!document.querySelector('.tt-delta')"
            " && !document.getAnimations().some((a) => a.playState === 'running')",
            timeout=5_000,
        )
        page.wait_for_timeout(250)  # let fonts and the last frame settle
        path = out / f"{name}-{where}.png"
        page.screenshot(path=str(path))
        print("saved", path)


def photograph_game(browser: Any, url: str, game: str, lang: str, out: Path) -> None:
    """Play tables of ``game`` until every moment of it is photographed (a table deals
    differently each time, so a moment one game missed comes in the next)."""
    moments = list(TABLES[game]["moments"])
    for attempt in range(MAX_TABLES):
        moments = photograph_table(browser, url, game, lang, out, moments, attempt)
        if not moments:
            return
    for name, _ in moments:
        print(f"{game}: the moment {name!r} did not come up in {MAX_TABLES} games")


def photograph_table(
    browser: Any,
    url: str,
    game: str,
    lang: str,
    out: Path,
    moments: list[Moment],
    attempt: int,
) -> list[Moment]:
    """Play one table, photographing the ``moments`` that come up; returns the others."""
    spec = TABLES[game]
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "heuristic"}] * spec["bots"]
    body = {"game": game, "seats": seats, "claim": 0, "name": "Ann", "seed": spec["seed"] + attempt}
    body["options"] = spec["options"]
    response = httpx.post(f"{url}api/tables", json=body, timeout=30)
    assert response.status_code == 201, response.text
    table = response.json()
    pages: dict[str, Page] = {}
    for where, (width, height) in VIEWPORTS.items():
        touch = where == "phone"
        context = browser.new_context(  # Playwright's waits evaluate strings: bypass the CSP
            viewport={"width": width, "height": height},
            has_touch=touch,
            is_mobile=touch,
            bypass_csp=True,
            locale=LOCALES[lang],
        )
        seat = json.dumps({"seat": 0, "token": table["token"]})
        context.add_init_script(f"localStorage.setItem('tabletop.seat.{table['id']}', '{seat}')")
        page = context.new_page()
        page.goto(f"{url}table/{table['id']}")
        pages[where] = page
    rng = random.Random(spec["seed"] + attempt)
    ws_url = url.replace("http", "ws", 1) + f"ws/tables/{table['id']}"
    with connect(ws_url, open_timeout=30) as ws:
        ws.send(json.dumps({"type": "hello", "token": table["token"], "lang": lang}))
        version = -1
        while moments:
            msg = json.loads(ws.recv(timeout=60))
            if msg.get("type") != "state":
                continue
            name = next((n for n, test in moments if test(msg)), None)
            if name is not None:
                moments = [(n, t) for n, t in moments if n != name]
                if name == "roll":  # show dice kept, as a player would before rerolling
                    for where, page in pages.items():
                        page.wait_for_function(f"document.body.dataset.version == {msg['version']}")
                        for die in page.locator(".kot-die.selectable").all()[:2]:
                            press(die, where)
                shoot(pages, f"{game}-{name}", msg["version"], out)
            if msg["table"]["waiting_for_ready"]:
                ws.send(json.dumps({"type": "ready"}))
                for where, page in pages.items():
                    if page.locator("#break[open]").count():
                        press(page.locator("#next-round"), where)
            if msg["result"] is not None:
                break
            if msg["legal"] and msg["version"] != version:
                version = msg["version"]
                action = rng.choice(msg["legal"])
                ws.send(json.dumps({"type": "action", "action": action["id"], "version": version}))
    for page in pages.values():
        page.context.close()
    return moments


def finished_table(url: str, game: str, lang: str) -> str:
    """A bots-only table of ``game``, watched by a spectator until its game is over."""
    spec = TABLES[game]
    seats = [{"kind": "bot", "bot": "heuristic"}] * (spec["bots"] + 1)
    body = {"game": game, "seats": seats, "seed": spec["seed"], "options": spec["options"]}
    response = httpx.post(f"{url}api/tables", json=body, timeout=30)
    assert response.status_code == 201, response.text
    table_id: str = response.json()["id"]
    ws_url = url.replace("http", "ws", 1) + f"ws/tables/{table_id}"
    with connect(ws_url, open_timeout=30) as ws:  # a spectator, until the end
        ws.send(json.dumps({"type": "hello", "lang": lang}))
        while True:
            msg = json.loads(ws.recv(timeout=120))
            if msg.get("type") == "state" and msg["result"] is not None:
                return table_id


def board_page(browser: Any, url: str, table_id: str, where: str, lang: str) -> Any:
    """The board of a finished table or a study, on a phone or a laptop of its own."""
    width, height = VIEWPORTS[where]
    touch = where == "phone"
    context = browser.new_context(
        viewport={"width": width, "height": height},
        has_touch=touch,
        is_mobile=touch,
        locale=LOCALES[lang],
    )
    page = context.new_page()
    page.goto(f"{url}table/{table_id}")
    page.wait_for_selector("#replay[data-step='0']", timeout=60_000)
    return page


def replay_page(browser: Any, url: str, table_id: str, where: str, lang: str) -> Any:
    page = board_page(browser, url, table_id, where, lang)
    for step in (1, 2, 3):
        press(page.locator("#replay-next"), where)
        page.wait_for_selector(f"#replay[data-step='{step}']")
    press(page.locator("#replay-analyse"), where)
    page.wait_for_selector("#replay-analysis li[data-action]", timeout=60_000)
    return page


def photograph_analysis(browser: Any, url: str, game: str, lang: str, out: Path) -> None:
    """A finished bots-only table of ``game`` in the replay, at its fourth step, with
    the moves of that moment ranked ("Analyse this moment")."""
    table_id = finished_table(url, game, lang)
    for where in VIEWPORTS:
        page = replay_page(browser, url, table_id, where, lang)
        page.locator("#replay").scroll_into_view_if_needed()
        page.wait_for_timeout(250)
        path = out / f"{game}-analysis-{where}.png"
        page.screenshot(path=str(path))
        print("saved", path)
        page.context.close()


def photograph_branch(browser: Any, url: str, game: str, lang: str, out: Path) -> None:
    """The analysis board of a finished table of ``game``: the whole game evaluated (the
    plot), a move not played tried at the fourth step, and the bots answering it."""
    table_id = finished_table(url, game, lang)
    for where in VIEWPORTS:
        page = replay_page(browser, url, table_id, where, lang)
        press(page.locator("#replay-analysis li[data-played=''] button.try").first, where)
        page.wait_for_selector("#replay[data-line]:not([data-line=''])")
        page.check("#replay-bots")
        moves = page.locator("#replay-lines button.move")
        for _ in range(12):  # the person plays their seat until the bots have answered
            if moves.count() >= 3:
                break
            press(page.locator("#replay-play"), where)
            page.wait_for_timeout(2500)
        moves.nth(2).wait_for(timeout=60_000)
        press(page.locator("#replay-evaluate"), where)  # last: it spends the hints
        page.wait_for_selector("#replay[data-evaluated]", timeout=600_000)
        page.wait_for_timeout(1500)  # the bots' answers shown
        page.locator("#replay-lines-box").scroll_into_view_if_needed()
        page.evaluate("window.scrollBy(0, -120)")
        page.wait_for_timeout(250)
        path = out / f"{game}-branch-{where}.png"
        page.screenshot(path=str(path))
        print("saved", path)
        page.context.close()


STUDY = """game = "uno-power"
options = { target_score = "single_round" }
hands = [["red 5", "red 7", "blue 2", "yellow 3"], ["blue 5", "blue 9", "red 1"]]
top = "red 3"
"""


STUDY_STEPS: list[tuple[int | str, int]] = [
    (0, 1), ("ArrowLeft", 0), (1, 1), ("ArrowLeft", 0), ("ArrowRight", 1), (0, 2),
    ("ArrowLeft", 1), (1, 2),
]  # fmt: skip
"""Two first moves, then two ways after the first: (move index or key, line length)."""
LINE_LENGTH = (
    "n => (document.querySelector('#replay').dataset.line || '').split('.')"
    ".filter(Boolean).length === n"
)


def photograph_study(browser: Any, url: str, lang: str, out: Path) -> None:
    """A position file studied on the board (the lobby's "Study a position file…"):
    two first moves tried, and two ways after one of them, nested as a tree."""
    response = httpx.post(f"{url}api/analyses", json={"position": STUDY}, timeout=30)
    assert response.status_code == 201, response.text
    table_id = response.json()["id"]
    for where in VIEWPORTS:
        page = board_page(browser, url, table_id, where, lang)
        for step, moves in STUDY_STEPS:
            if isinstance(step, int):  # a move chosen from the list and played
                page.select_option("#replay-moves", index=step)
                press(page.locator("#replay-play"), where)
            else:  # an arrow key
                page.keyboard.press(step)
            page.wait_for_function(LINE_LENGTH, arg=moves)
        page.wait_for_timeout(250)
        page.locator("#replay").scroll_into_view_if_needed()
        page.wait_for_timeout(250)
        path = out / f"study-{where}.png"
        page.screenshot(path=str(path))
        print("saved", path)
        page.context.close()


MY_TABLES = """async (game) => {
  const post = (path, body) => fetch(path, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  for (const [seats, claim] of [[["human", "bot"], 0], [["human", "human"], 1]]) {
    const table = await (await post("/api/tables", {
      game, claim, name: "Rosa",
      seats: seats.map((kind) => (kind === "bot" ? { kind, bot: "random" } : { kind })),
    })).json();
    const seat = { table: table.id, seat: claim, token: table.token };
    await post("/api/account/seats", { seats: [seat] });
  }
}"""
"""Two tables of the signed-in account: one against a bot, one waiting for a friend."""


def photograph_account(browser: Any, url: str, lang: str, out: Path) -> None:
    """The lobby of a signed-in person: the account's tables first, from any device."""
    for where, (width, height) in VIEWPORTS.items():
        page = browser.new_page(viewport={"width": width, "height": height}, locale=LOCALES[lang])
        page.goto(url)
        page.wait_for_selector("body[data-ready='1']")
        page.fill("#account-name", f"Rosa_{where}")
        page.fill("#account-password", "a long pass phrase")
        page.click("#sign-up")
        page.wait_for_selector("#signed-in-as")
        page.evaluate(MY_TABLES, "kung-fu")
        page.reload()
        page.wait_for_selector("#my-tables .table-row >> nth=1")
        page.wait_for_timeout(250)
        path = out / f"account-{where}.png"
        page.screenshot(path=str(path))
        print("saved", path)
        page.close()


RATED_PLAYERS = ("Rosa", "Kenji", "Amara", "Lukas")


def rated_game(url: str, people: list[httpx.Client], luck: random.Random) -> None:
    """A rated Kung Fu table between the signed-in ``people`` (two), played to its end
    through the websocket, each move a legal one drawn by ``luck``."""
    site = {"origin": url.rstrip("/")}
    body = {"game": "kung-fu", "seats": [{"kind": "human"}] * 2, "rated": True, "claim": 0}
    table = people[0].post("/api/tables", json=body, headers=site).json()
    other = people[1].post(f"/api/tables/{table['id']}/seats/1/claim", json={}, headers=site)
    tokens = [table["token"], other.json()["token"]]
    address = url.replace("http", "ws", 1) + f"ws/tables/{table['id']}"
    with connect(address) as one, connect(address) as two:
        sockets = [one, two]
        latest: list[dict[str, Any]] = []
        for ws, token in zip(sockets, tokens, strict=True):
            ws.send(json.dumps({"type": "hello", "token": token}))
            latest.append(next_state(ws, -1))
        while latest[0]["result"] is None:
            version = latest[0]["version"]
            movers = [seat for seat in (0, 1) if latest[seat]["legal"]]
            time.sleep(0.1)  # within the server's flood limit (10 messages a second)
            for seat in movers[:1]:
                move = luck.choice(latest[seat]["legal"])["id"]
                sockets[seat].send(
                    json.dumps({"type": "action", "action": move, "version": version})
                )
            for seat in latest[0]["table"]["waiting_for_ready"] if not movers else []:
                sockets[seat].send(json.dumps({"type": "ready"}))  # a break: read
            latest = [next_state(ws, version) for ws in sockets]


def next_state(ws: Any, after: int) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=30))
        if message["type"] == "state" and message["version"] > after:
            return message
        assert message["type"] != "error", message


def photograph_ratings(browser: Any, url: str, lang: str, out: Path) -> None:
    """The lobby's leaderboard and a player's page, after rated games between four
    accounts (each at least 5, so that all are on the board)."""
    site = {"origin": url.rstrip("/")}
    people = []
    for number, name in enumerate(RATED_PLAYERS):
        person = httpx.Client(base_url=url, timeout=30)
        answer = person.post(
            "/api/account/signup",
            json={"name": name, "password": "a long pass phrase"},
            headers={**site, "x-forwarded-for": f"192.0.2.{number + 1}"},  # people of their own
        )
        assert answer.status_code == 201, answer.text
        people.append(person)
    luck = random.Random(7)
    for _ in range(2):
        for a in range(len(people)):
            for b in range(a + 1, len(people)):
                rated_game(url, [people[a], people[b]], luck)
    for where, (width, height) in VIEWPORTS.items():
        page = browser.new_page(viewport={"width": width, "height": height}, locale=LOCALES[lang])
        page.goto(url)
        page.wait_for_selector("body[data-ready='1']")
        page.select_option("#leaderboard-game", "kung-fu")
        page.wait_for_selector("#leaderboard-box[data-game='kung-fu'] tr[data-player]")
        page.locator("#leaderboard-box").scroll_into_view_if_needed()
        page.wait_for_timeout(250)
        page.screenshot(path=str(out / f"leaderboard-{where}.png"))
        page.goto(f"{url}player/{RATED_PLAYERS[0]}")
        page.wait_for_selector("body[data-ready='1'] .rating-card svg")
        page.screenshot(path=str(out / f"player-{where}.png"))
        print("saved", out / f"leaderboard-{where}.png", out / f"player-{where}.png")
        page.close()
    for person in people:
        person.close()


def photograph_lobby(browser: Any, url: str, lang: str, out: Path) -> None:
    for where, (width, height) in VIEWPORTS.items():
        page = browser.new_page(viewport={"width": width, "height": height}, locale=LOCALES[lang])
        page.goto(url)
        page.wait_for_selector("body[data-ready='1']")
        page.screenshot(path=str(out / f"lobby-{where}.png"))
        page.close()


def photograph_turn_based(browser: Any, url: str, lang: str, out: Path) -> None:
    """The lobby's form with a time per move chosen, and the turn-based table it makes,
    its clock under the prompt."""
    for where, (width, height) in VIEWPORTS.items():
        page = browser.new_page(viewport={"width": width, "height": height}, locale=LOCALES[lang])
        page.goto(url)
        page.wait_for_selector("body[data-ready='1']")
        page.click(".game-choice:has(input[value='kung-fu'])")
        page.select_option("#move-time", "86400")
        page.locator("#rated").scroll_into_view_if_needed()
        page.locator("#seats").scroll_into_view_if_needed()
        page.screenshot(path=str(out / f"turn-based-form-{where}.png"))
        page.click("#create")
        page.wait_for_url("**/table/**")
        page.wait_for_selector("body[data-mine='1']")
        page.wait_for_selector("#turn-clock:not([hidden])")
        page.wait_for_timeout(250)
        page.screenshot(path=str(out / f"turn-based-table-{where}.png"))
        print("saved", out / f"turn-based-table-{where}.png")
        page.close()


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description="Photograph the browser client.")
    parser.add_argument("games", nargs="*", help="games to play (default: every game)")
    parser.add_argument("--lang", choices=sorted(LOCALES), default="en")
    parser.add_argument("--out", type=Path, default=IMAGES, help="folder of the pictures")
    parser.add_argument(
        "--board-only", action="store_true", help="only the finished games' analysis board"
    )
    args = parser.parse_args(argv)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    with (
        tempfile.TemporaryDirectory() as folder,
        server(Path(folder)) as url,
        sync_playwright() as pw,
    ):
        browser = pw.chromium.launch(executable_path=CHROMIUM)
        for game in args.games or list(TABLES):
            if not args.board_only:
                photograph_game(browser, url, game, args.lang, out)
            photograph_analysis(browser, url, game, args.lang, out)
        if "kung-fu" in (args.games or TABLES):
            photograph_branch(browser, url, "kung-fu", args.lang, out)
        photograph_study(browser, url, args.lang, out)
        photograph_account(browser, url, args.lang, out)
        photograph_ratings(browser, url, args.lang, out)
        if not args.board_only:
            photograph_lobby(browser, url, args.lang, out)  # with the tables just played
        photograph_turn_based(browser, url, args.lang, out)
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1:])
