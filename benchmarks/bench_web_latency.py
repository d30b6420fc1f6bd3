"""How long does a player wait between their click and their next "your move"? This plays whole
games as a page would (a websocket client answering every "your move" with its first legal
move) against a server in this process, every other seat an AI with a fixed iteration budget,
and prints the median and spread of that wait: the AI's search plus everything the server adds
(views, drawings, log, thinking updates, websocket traffic).

    python benchmarks/bench_web_latency.py [--game connect_four] [--ai mcts:iterations=200] [--moves 60]

Compare the figures of two versions of the server on the same machine, run one after the other.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
import urllib.request

from websockets.sync.client import connect

import tablesearch as ts
from tablesearch.web.background import BackgroundServer


def new_game(server: BackgroundServer, game: str, ai: str, seed: int) -> str:
    players = ts.load_game(game).num_players()
    body = dict(game=game, seats=["human"] + [ai] * (players - 1), seed=seed, delay=0)
    request = urllib.request.Request(
        server.url + "/api/sessions",
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json", **server.headers},
    )
    with urllib.request.urlopen(request) as response:
        sid: str = json.loads(response.read())["id"]
    return sid


def waits_in_one_game(server: BackgroundServer, sid: str) -> list[float]:
    """Seconds from each move sent to the next view that asks for a move (or ends the game)."""
    waits = []
    address = server.url.replace("http", "ws") + f"/ws/{sid}?seat=0"
    with connect(address, additional_headers=server.headers, max_size=None) as ws:
        # Forced moves are answered like the others, by this client (a server without the
        # option answers with an error message, which is skipped like every non-view message).
        ws.send(json.dumps(dict(type="autoplay", on=False)))
        sent = None
        while True:
            message = json.loads(ws.recv())
            if message.get("type") != "view":
                continue
            if message["your_turn"] or message["finished"]:
                if sent is not None:
                    waits.append(time.perf_counter() - sent)
                    sent = None
                if message["finished"]:
                    return waits
                ws.send(json.dumps(dict(type="move", action=message["legal"][0]["action"])))
                sent = time.perf_counter()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="connect_four")
    parser.add_argument("--ai", default="mcts:iterations=200")
    parser.add_argument("--moves", type=int, default=60, help="human moves to time (whole games)")
    args = parser.parse_args()
    waits: list[float] = []
    with BackgroundServer() as server:
        seed = 0
        while len(waits) < args.moves:
            waits += waits_in_one_game(server, new_game(server, args.game, args.ai, seed))
            seed += 1
    ms = sorted(1000 * w for w in waits)
    quartiles = statistics.quantiles(ms, n=4)
    print(f"{args.game} against {args.ai}: {len(ms)} moves in {seed} games")
    print(
        f"click to next 'your move': median {statistics.median(ms):.1f} ms, "
        f"quartiles {quartiles[0]:.1f}-{quartiles[2]:.1f} ms, max {ms[-1]:.1f} ms"
    )


if __name__ == "__main__":
    main()
