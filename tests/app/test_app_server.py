"""examples/app_server.py over real HTTP: rooms and invites, random games, clocks, leaving,
ratings, tournaments, views; and every hostile request refused with its documented status and
code, the database unchanged (its dump compared before and after)."""

from __future__ import annotations

import json
import random
import re
import sqlite3
import time
import urllib.parse
import urllib.request
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import wordgames
from wordgames.ratings import Glicko2Rating, glicko2_update, pairwise_results

from .conftest import ROOT, Running, app_load, app_server


def room_of(server: Running, room: str, token: str | None = None) -> dict[str, Any]:
    return server.ok("GET", f"/rooms/{room}" + (f"?token={token}" if token else ""))  # type: ignore[no-any-return]


def wait_for(predicate: Any, seconds: float = 10.0) -> None:
    end = time.monotonic() + seconds
    while not predicate():
        if time.monotonic() > end:
            raise AssertionError("timed out waiting")
        time.sleep(0.05)


def test_a_room_through_its_invite_to_the_end_with_ratings(server: Running) -> None:
    ann, bob = server.player("ann"), server.player("bob")
    room = server.ok("POST", "/rooms", {"key": ann["key"], "game": "wocable", "seats": 2}, 201)
    assert room_of(server, room["room"], room["token"])["room"]["status"] == "open"
    seat = server.ok("POST", "/join", {"key": bob["key"], "invite": room["invite"]})
    assert seat["seat"] == 1
    tokens = [room["token"], seat["token"]]
    views = [room_of(server, room["room"], t) for t in tokens]
    spectator = room_of(server, room["room"])
    assert views[0]["room"]["status"] == "playing"
    # each seat sees its own rack only; the spectator sees none, and no invite
    racks = [v["view"]["rack"] for v in views]
    assert all(len(r) == 7 for r in racks)
    assert "rack" not in spectator["view"] or not spectator["view"]["rack"]
    assert "invite" not in spectator["room"]
    assert views[0]["legal_actions"]
    assert "legal_actions" not in views[1]
    assert "<svg" in views[0]["svg"]
    # a move, then the same request again: applied once
    move = {"token": tokens[0], "action": views[0]["legal_actions"][0], "ply": views[0]["ply"]}
    first = server.ok("POST", f"/rooms/{room['room']}/actions", move)
    again = server.ok("POST", f"/rooms/{room['room']}/actions", move)
    assert not first["repeat"]
    assert again["repeat"]
    assert again["ply"] == first["ply"] > move["ply"]
    # the history: each seat sees its own draws only, the spectator none; the move once
    mine = server.ok("GET", f"/rooms/{room['room']}/moves?token={tokens[0]}")["moves"]
    public = server.ok("GET", f"/rooms/{room['room']}/moves")["moves"]
    assert [m["ply"] for m in mine] == list(range(first["ply"]))
    assert [(m["seat"], m["action"]) for m in mine if m["seat"] is not None] == [
        (0, mine[move["ply"]]["action"])
    ]
    assert all(m["action"] == "draw *" for m in public if m["seat"] is None)
    dealt = mine[: move["ply"]]  # the deal: ann sees her own seven tiles, not bob's
    assert sum(m["action"] != "draw *" for m in dealt) == 7
    assert sum(m["action"] == "draw *" for m in dealt) == 7
    # bob leaves: ann wins, both are rated (Glicko-2 from 1500/350/0.06) and on the board
    server.ok("POST", f"/rooms/{room['room']}/leave", {"token": tokens[1]})
    final = room_of(server, room["room"], tokens[0])
    assert final["room"]["status"] == "over"
    assert final["room"]["outcome"]["winners"] == [0]
    expected = glicko2_update(
        [Glicko2Rating(), Glicko2Rating()],
        pairwise_results(wordgames.GameOutcome.from_dict(final["room"]["outcome"])),
    )
    board = server.ok("GET", "/leaderboard/wocable")["players"]
    assert [p["name"] for p in board] == ["ann", "bob"]
    for row, want in zip(board, expected, strict=True):
        assert row["rating"] == pytest.approx(want.rating)
        assert row["rd"] == pytest.approx(want.rd)
        assert row["games"] == 1
    assert server.ok("GET", f"/players/{ann['id']}")["ratings"][0]["game"] == "wocable"


def test_host_starts_early_and_a_leaver_does_not_end_a_three_player_game(server: Running) -> None:
    ann, bob, cy, dee = (server.player(n) for n in ("ann", "bob", "cy", "dee"))
    room = server.ok("POST", "/rooms", {"key": ann["key"], "game": "regenwormen", "seats": 4}, 201)
    rid = room["room"]
    bob_seat = server.ok("POST", "/join", {"key": bob["key"], "invite": room["invite"]})
    assert (
        server.call("POST", f"/rooms/{rid}/start", {"token": bob_seat["token"]})[1]["error"]
        == "not_host"
    )
    cy_seat = server.ok("POST", "/join", {"key": cy["key"], "invite": room["invite"]})
    server.ok("POST", f"/rooms/{rid}/start", {"token": room["token"]})
    status, refused = server.call("POST", "/join", {"key": dee["key"], "invite": room["invite"]})
    assert (status, refused["error"]) == (410, "invite_used")
    assert len(room_of(server, rid)["view"]["state"]["players"]) == 3
    server.ok("POST", f"/rooms/{rid}/leave", {"token": bob_seat["token"]})
    assert room_of(server, rid)["room"]["status"] == "playing"  # two players left: it goes on
    server.ok("POST", f"/rooms/{rid}/leave", {"token": cy_seat["token"]})
    over = room_of(server, rid)["room"]
    assert over["status"] == "over"
    assert over["outcome"]["ranking"] == [1, 3, 2]  # the later leaver above the earlier one
    names = {
        p["name"]: p["rating"] for p in server.ok("GET", "/leaderboard/regenwormen")["players"]
    }
    assert names["ann"] > names["cy"] > names["bob"]


def test_an_open_room_seat_can_be_given_back_and_the_host_closes_it(server: Running) -> None:
    ann, bob, cy = (server.player(n) for n in ("ann", "bob", "cy"))
    room = server.ok("POST", "/rooms", {"key": ann["key"], "game": "wordmeld", "seats": 4}, 201)
    bob_seat = server.ok("POST", "/join", {"key": bob["key"], "invite": room["invite"]})
    cy_seat = server.ok("POST", "/join", {"key": cy["key"], "invite": room["invite"]})
    server.ok("POST", f"/rooms/{room['room']}/leave", {"token": bob_seat["token"]})
    seats = room_of(server, room["room"])["room"]["seats"]
    assert [(s["seat"], s["name"]) for s in seats] == [(0, "ann"), (1, "cy")]
    assert room_of(server, room["room"], cy_seat["token"])["you"] == 1
    server.ok("POST", f"/rooms/{room['room']}/leave", {"token": room["token"]})
    assert room_of(server, room["room"])["room"]["status"] == "closed"


def test_random_games_pair_waiting_players_by_game_and_count(server: Running) -> None:
    players = [server.player(f"p{i}") for i in range(5)]
    tickets = [
        server.ok("POST", "/queue", {"key": p["key"], "game": "regenwormen", "players": 3})
        for p in players[:2]
    ]
    other = server.ok(
        "POST", "/queue", {"key": players[2]["key"], "game": "wordmeld", "players": 3}
    )
    assert [t["status"] for t in tickets] == ["waiting", "waiting"]
    status, dup = server.call(
        "POST", "/queue", {"key": players[0]["key"], "game": "regenwormen", "players": 3}
    )
    assert (status, dup["error"]) == (409, "already_queued")
    third = server.ok(
        "POST", "/queue", {"key": players[3]["key"], "game": "regenwormen", "players": 3}
    )
    assert third["status"] == "paired"
    polled = [
        server.ok("GET", f"/queue/{t['ticket']}?key={p['key']}")
        for t, p in zip(tickets, players, strict=False)
    ]
    assert {t["room"] for t in [*polled, third]} == {third["room"]}
    assert sorted(t["seat"] for t in [*polled, third]) == [0, 1, 2]
    assert room_of(server, third["room"], third["token"])["you"] == third["seat"]
    # a waiting ticket can be taken back; a paired one cannot
    left = server.ok("POST", f"/queue/{other['ticket']}/leave", {"key": players[2]["key"]})
    assert left["status"] == "left"
    status, refused = server.call(
        "POST", f"/queue/{third['ticket']}/leave", {"key": players[3]["key"]}
    )
    assert (status, refused["error"]) == (409, "already_paired")


@pytest.mark.parametrize(
    ("game", "seats", "reason"), [("wocable", 2, "timeout"), ("regenwormen", 3, None)]
)
def test_the_server_clock_times_out_a_player_who_does_not_move(
    server: Running, game: str, seats: int, reason: str | None
) -> None:
    players = [server.player(f"t{i}") for i in range(seats)]
    rid, _tokens = app_load.open_room(server.client, game, players, move_time=0.5)
    start = room_of(server, rid)
    on_turn = start["to_act"][0]
    wait_for(
        lambda: (
            on_turn not in room_of(server, rid)["to_act"]
            or room_of(server, rid)["room"]["status"] == "over"
        )
    )
    after = room_of(server, rid)
    if reason is not None:  # two players: the one who did not move has left, the other wins
        assert after["room"]["status"] == "over"
        assert after["room"]["outcome"]["reason"] == reason
        assert on_turn not in after["room"]["outcome"]["winners"]
    else:  # three players: the game goes on without them, with a new deadline
        assert after["room"]["status"] == "playing"
        assert after["room"]["deadline"] > start["room"]["deadline"]
        assert (
            on_turn
            in json.loads(
                sqlite3.connect(server.db)
                .execute("SELECT state FROM rooms WHERE id = ?", (rid,))
                .fetchone()[0]
            )["departed"]
        )


@pytest.mark.parametrize("game", sorted(wordgames.GAMES))
def test_every_game_has_a_timeout_action_the_state_accepts(game: str) -> None:
    rng = random.Random(3)
    state = wordgames.GAMES[game].new_game(3)
    for _ in range(40):
        while state.is_chance_node:
            state = state.apply(wordgames.sample_chance(state, rng))
        if state.is_terminal:
            break
        actions = app_server.timeout_actions(state)
        assert actions
        for action in actions:
            assert state.actor(action) in (None, *state.players_to_act)
            state.check(action)
        legal = state.legal_actions()
        state = state.apply(rng.choice(legal))


def test_an_arena_tournament_pairs_again_when_a_game_ends(server: Running) -> None:
    ann, bob, cy = (server.player(n) for n in ("ann", "bob", "cy"))
    t = server.ok(
        "POST",
        "/tournaments",
        {
            "key": ann["key"],
            "name": "Night arena",
            "game": "regenwormen",
            "minutes": 30,
            "move_time": 60,
        },
        201,
    )
    tid = t["id"]
    assert t["status"] == "running"
    for p in (ann, bob):
        server.ok("POST", f"/tournaments/{tid}/join", {"key": p["key"]})
    you = server.ok("GET", f"/tournaments/{tid}?key={ann['key']}")["you"]
    assert you["room"] is not None
    server.ok("POST", f"/tournaments/{tid}/join", {"key": cy["key"]})  # waits for a game to end
    assert server.ok("GET", f"/tournaments/{tid}?key={cy['key']}")["you"]["room"] is None
    # ann leaves her game: bob wins 2 points, then bob or ann is paired with cy at once
    server.ok("POST", f"/rooms/{you['room']}/leave", {"token": you["token"]})
    info = server.ok("GET", f"/tournaments/{tid}")
    points = {s["name"]: s["points"] for s in info["standings"]}
    assert points == {"bob": 2.0, "ann": 0.0, "cy": 0.0}
    assert info["standings"][0]["name"] == "bob"
    assert server.ok("GET", f"/tournaments/{tid}?key={cy['key']}")["you"]["room"] is not None
    # leaving the tournament: not paired again
    server.ok("POST", f"/tournaments/{tid}/leave", {"key": ann["key"]})
    status, refused = server.call("POST", f"/tournaments/{tid}/leave", {"key": ann["key"]})
    assert (status, refused["error"]) == (409, "not_entered")
    assert [x["id"] for x in server.ok("GET", "/tournaments")["tournaments"]] == [tid]


SQL = "x'); DROP TABLE players; --"
SQL_Q = urllib.parse.quote(SQL)  # the same in a query string


def hostile_cases(server: Running) -> list[tuple[str, str, Any, int, str]]:
    """(method, path, body, status, code) of every hostile request, on a fixed setup."""
    ann, bob, cy, dee = (server.player(n) for n in ("ann", "bob", "cy", "dee"))
    room = server.ok("POST", "/rooms", {"key": ann["key"], "game": "wocable"}, 201)
    rid = room["room"]
    joined = server.ok("POST", "/join", {"key": bob["key"], "invite": room["invite"]})
    view = room_of(server, rid, room["token"])
    t0, t1, ply = room["token"], joined["token"], view["ply"]
    move = view["legal_actions"][0]
    early = server.ok("POST", "/rooms", {"key": cy["key"], "game": "regenwormen", "seats": 3}, 201)
    server.ok("POST", "/join", {"key": ann["key"], "invite": early["invite"]})
    server.ok("POST", f"/rooms/{early['room']}/start", {"token": early["token"]})
    open_room = server.ok("POST", "/rooms", {"key": dee["key"], "game": "wordmeld"}, 201)
    over = server.ok("POST", "/rooms", {"key": cy["key"], "game": "wordmeld"}, 201)
    over_seat = server.ok("POST", "/join", {"key": dee["key"], "invite": over["invite"]})
    server.ok("POST", f"/rooms/{over['room']}/leave", {"token": over_seat["token"]})
    over_ply = room_of(server, over["room"])["ply"]
    tid = server.ok(
        "POST", "/tournaments", {"key": ann["key"], "name": "arena", "game": "wordmeld"}, 201
    )["id"]
    act = f"/rooms/{rid}/actions"
    k = ann["key"]
    return [
        ("POST", act, {"action": move, "ply": ply}, 401, "missing_token"),
        ("POST", act, {"token": "nope", "action": move, "ply": ply}, 403, "bad_token"),
        ("POST", act, {"token": early["token"], "action": move, "ply": ply}, 403, "bad_token"),
        ("POST", act, {"token": t1, "action": move, "ply": ply}, 400, "not_your_turn"),
        ("POST", act, {"token": t0, "action": "resign 1", "ply": ply}, 400, "not_your_turn"),
        ("POST", act, {"token": t0, "action": move, "ply": ply - 1}, 409, "stale_state"),
        ("POST", act, {"token": t0, "action": move, "ply": ply + 1}, 409, "stale_state"),
        ("POST", act, {"token": t0, "action": move}, 400, "bad_request"),
        (
            "POST",
            act,
            {"token": t0, "action": "draw Z", "ply": ply},
            400,
            "chance_outcome_from_player",
        ),
        (
            "POST",
            act,
            {"token": t0, "action": "timeout 0", "ply": ply},
            400,
            "server_event_from_player",
        ),
        ("POST", act, b"x" * (app_server.MAX_BODY + 1), 413, "too_large"),
        ("POST", act, b"{not json", 400, "bad_json"),
        ("POST", act, b"[1, 2]", 400, "bad_json"),
        ("POST", act, b"\xff\xfe", 400, "bad_json"),
        # SQL-looking text in every field
        ("POST", "/players", {"name": SQL}, 400, "bad_name"),
        ("POST", "/players", {"name": "ann"}, 409, "name_taken"),
        ("POST", "/rooms", {"key": SQL, "game": "wocable"}, 403, "bad_key"),
        ("POST", "/rooms", {"key": k, "game": SQL}, 400, "bad_game"),
        ("POST", "/rooms", {"key": k, "game": "wocable", "seats": SQL}, 400, "bad_request"),
        ("POST", "/rooms", {"key": k, "game": "wocable", "seats": 5}, 400, "bad_request"),
        ("POST", "/rooms", {"key": k, "game": "wocable", "move_time": SQL}, 400, "bad_request"),
        ("POST", "/rooms", {"key": k, "game": "wocable", "rated": SQL}, 400, "bad_request"),
        ("POST", "/join", {"key": k, "invite": SQL}, 404, "no_such_invite"),
        ("POST", "/join", {"key": SQL, "invite": room["invite"]}, 403, "bad_key"),
        ("POST", act, {"token": SQL, "action": move, "ply": ply}, 403, "bad_token"),
        ("POST", act, {"token": t0, "action": SQL, "ply": ply}, 400, "parse_error"),
        ("POST", act, {"token": t0, "action": move, "ply": SQL}, 400, "bad_request"),
        (
            "POST",
            "/rooms/x'%20OR%20'1'='1/actions",
            {"token": t0, "action": move, "ply": ply},
            404,
            "not_found",
        ),
        ("GET", "/rooms/nosuchroom", None, 404, "no_such_room"),
        ("GET", f"/rooms/{rid}?token={SQL_Q}", None, 403, "bad_token"),
        ("GET", f"/tournaments/{tid}?key={SQL_Q}", None, 403, "bad_key"),
        ("GET", f"/queue/{rid}?key={SQL_Q}", None, 403, "bad_key"),
        ("GET", f"/queue/{rid}?key={k}", None, 404, "no_such_ticket"),
        ("GET", f"/leaderboard/{rid}", None, 404, "bad_game"),
        ("GET", f"/players/{rid}", None, 404, "no_such_player"),
        ("POST", "/queue", {"key": k, "game": SQL}, 400, "bad_game"),
        ("POST", "/queue", {"key": k, "game": "wocable", "players": SQL}, 400, "bad_request"),
        ("POST", "/tournaments", {"key": k, "name": SQL, "game": "wocable"}, 400, "bad_name"),
        (
            "POST",
            "/tournaments",
            {"key": k, "name": "ok", "game": "wocable", "minutes": SQL},
            400,
            "bad_request",
        ),
        ("POST", f"/tournaments/{rid}/join", {"key": k}, 404, "no_such_tournament"),
        ("POST", f"/tournaments/{tid}/join", {"key": SQL}, 403, "bad_key"),
        ("POST", f"/tournaments/{tid}/leave", {"key": k}, 409, "not_entered"),
        # rooms and invites
        ("POST", "/join", {"key": cy["key"], "invite": room["invite"]}, 409, "room_full"),
        ("POST", "/join", {"key": dee["key"], "invite": early["invite"]}, 410, "invite_used"),
        (
            "POST",
            "/join",
            {"key": dee["key"], "invite": open_room["invite"]},
            409,
            "already_seated",
        ),
        ("POST", f"/rooms/{rid}/start", {"token": t1}, 403, "not_host"),
        ("POST", f"/rooms/{rid}/start", {"token": t0}, 409, "already_started"),
        (
            "POST",
            f"/rooms/{open_room['room']}/start",
            {"token": open_room["token"]},
            409,
            "too_few_players",
        ),
        (
            "POST",
            f"/rooms/{open_room['room']}/actions",
            {"token": open_room["token"], "action": "pass", "ply": 0},
            409,
            "not_started",
        ),
        (
            "POST",
            f"/rooms/{over['room']}/actions",
            {"token": over["token"], "action": "pass", "ply": over_ply},
            409,
            "game_over",
        ),
        ("POST", f"/rooms/{over['room']}/leave", {"token": over["token"]}, 409, "game_over"),
        ("GET", "/nothing/here", None, 404, "not_found"),
        ("POST", "/games", {}, 405, "bad_method"),
        ("DELETE", f"/rooms/{rid}", None, 405, "bad_method"),
        ("PUT", act, {"token": t0, "action": move, "ply": ply}, 405, "bad_method"),
    ]


def test_hostile_requests_are_refused_and_change_nothing(server: Running) -> None:
    cases = hostile_cases(server)
    documented = (ROOT / "docs" / "app-server.md").read_text(encoding="utf-8")
    for method, path, body, status, code in cases:
        before = server.dump()
        raw = body if isinstance(body, bytes) else None
        got, answer = server.call(method, path, None if raw is not None else body, raw)
        assert (got, answer.get("error")) == (status, code), (method, path, body, answer)
        assert isinstance(answer.get("message"), str)
        assert f"| {status} | " in documented
        assert f"`{code}`" in documented, code
        assert server.dump() == before, (method, path, body)
    # the server still works on the same connection after all that
    assert server.ok("GET", "/games")["games"]


def test_an_in_memory_database_only_when_asked() -> None:
    with pytest.raises(ValueError, match="memory"):
        app_server.App(":memory:")
    app = app_server.App(":memory:", memory=True)  # this test says so
    assert app.conn.execute("SELECT count(*) FROM rooms").fetchone()[0] == 0


def test_the_lobby_page_is_served(server: Running) -> None:
    with urllib.request.urlopen(server.base + "/", timeout=10) as resp:
        page = resp.read().decode()
        assert resp.headers["Content-Type"].startswith("text/html")
    for element in ('id="create"', 'id="invite-link"', 'id="leaderboard"', 'id="board"'):
        assert element in page


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory) -> Any:
    running = Running(tmp_path_factory.mktemp("fuzz") / "app.sqlite3", seed=3)
    ann, bob = running.player("ann"), running.player("bob")
    room = running.ok("POST", "/rooms", {"key": ann["key"], "game": "regenwormen"}, 201)
    joined = running.ok("POST", "/join", {"key": bob["key"], "invite": room["invite"]})
    try:
        yield running, room["room"], [room["token"], joined["token"]]
    finally:
        running.close()


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)


@given(
    path=st.sampled_from(
        [
            "/rooms/{r}/actions",
            "/rooms/{r}/leave",
            "/rooms/{r}/start",
            "/join",
            "/queue",
            "/rooms",
            "/tournaments",
        ]
    ),
    body=st.dictionaries(
        st.sampled_from(
            ["token", "key", "action", "ply", "game", "invite", "seats", "name", "players"]
        ),
        json_values,
        max_size=5,
    ),
)
def test_any_junk_body_is_refused_with_a_documented_code_and_changes_nothing(
    fuzzed: Any, path: str, body: dict[str, Any]
) -> None:
    running, rid, _ = fuzzed
    documented = (ROOT / "docs" / "app-server.md").read_text(encoding="utf-8")
    before = running.dump()
    status, answer = running.call("POST", path.format(r=rid), body)
    # no valid key or token is in the junk, so nothing can be accepted
    assert 400 <= status < 500, answer
    assert f"`{answer['error']}`" in documented
    assert running.dump() == before


def test_a_tournament_pairs_when_it_starts_and_refuses_entrants_after_its_end(
    server: Running,
) -> None:
    ann, bob, cy = (server.player(n) for n in ("ann", "bob", "cy"))
    body = {"key": ann["key"], "name": "later", "game": "wordmeld", "starts_in": 1, "minutes": 1}
    t = server.ok("POST", "/tournaments", body, 201)
    assert t["status"] == "upcoming"
    for p in (ann, bob):
        server.ok("POST", f"/tournaments/{t['id']}/join", {"key": p["key"]})
    mine = f"/tournaments/{t['id']}?key={ann['key']}"
    assert server.ok("GET", mine)["you"]["room"] is None
    wait_for(lambda: server.ok("GET", mine)["you"]["room"] is not None)  # the timer paired them
    assert server.ok("GET", f"/tournaments/{t['id']}")["status"] == "running"
    real = server.app.clock
    server.app.clock = lambda: real() + 120  # past the end
    try:
        status, refused = server.call("POST", f"/tournaments/{t['id']}/join", {"key": cy["key"]})
        assert (status, refused["error"]) == (410, "tournament_over")
        assert server.ok("GET", f"/tournaments/{t['id']}")["status"] == "over"
        # a game still running at the end counts when it finishes; nobody is paired again
        you = server.ok("GET", mine)["you"]
        server.ok("POST", f"/rooms/{you['room']}/leave", {"token": you["token"]})
        info = server.ok("GET", f"/tournaments/{t['id']}?key={ann['key']}")
        assert {s["name"]: s["points"] for s in info["standings"]} == {"bob": 2.0, "ann": 0.0}
        assert info["you"]["room"] is None
        assert server.ok("GET", "/tournaments")["tournaments"] == []
    finally:
        server.app.clock = real


def test_elo_ratings_when_the_server_is_told(tmp_path: Any) -> None:
    running = Running(tmp_path / "elo.sqlite3", rating="elo")
    try:
        players = [running.player(n) for n in ("ann", "bob", "cy")]
        rid, tokens = app_load.open_room(running.client, "regenwormen", players)
        running.ok("POST", f"/rooms/{rid}/leave", {"token": tokens[2]})
        running.ok("POST", f"/rooms/{rid}/leave", {"token": tokens[0]})
        board = running.ok("GET", "/leaderboard/regenwormen")
        assert board["method"] == "elo"
        # bob beat both, ann (the later leaver) beat cy: K = 32 split over 2 opponents
        ratings = {p["name"]: p["rating"] for p in board["players"]}
        assert ratings == {"bob": 1516.0, "ann": 1500.0, "cy": 1484.0}
    finally:
        running.close()


def test_every_documented_endpoint_is_a_route_and_every_route_is_documented() -> None:
    documented = re.findall(
        r"^\| `(GET|POST) (/[^`]*)` \|",
        (ROOT / "docs" / "app-server.md").read_text(encoding="utf-8"),
        re.MULTILINE,
    )
    paths = {(m, re.sub(r"<\w+>", "abc", p)) for m, p in documented if p != "/"}
    routes = {(m, p.pattern) for m, p, _ in app_server.ROUTES}
    for method, path in paths:
        assert any(m == method and re.match(p, path) for m, p in routes), (method, path)
    for method, pattern in routes:
        assert any(m == method and re.match(pattern, p) for m, p in paths), pattern
