"""The matches the chip figures play on CPython's app first: the flash files a match leaves (laid on the
chip's flash), and the input events players make going on from one (made on the chip's controls), with
the match they leave."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import timing  # noqa: F401  (imported first: it puts tests/chip/ and tests/firmware/ on the path)

# isort: split
from cpython_board import CPythonBoard

from host_tools.card_text import parse_hand

if TYPE_CHECKING:  # for annotations only
    from chip_session import Event
    from match_player import Player

    from cribbage.match import Match


def match_files(games: int | None = None) -> dict[str, bytes]:
    """The flash files of the board after the memory scenario's seeded 5-game match (CPython), or
    after that seed's player's first ``games`` games alone."""
    import memory_scenario
    from match_player import Player

    from app.board import Board
    from simulator.virtual_hardware import VirtualHardware

    with tempfile.TemporaryDirectory() as tmp:
        hw = VirtualHardware(tmp, display=True)
        if games is None:
            memory_scenario.play(Board(hw), hw)
        else:
            Player(Board(hw), hw, memory_scenario.SEED).match(games)
        return {p.relative_to(tmp).as_posix(): p.read_bytes() for p in Path(tmp).rglob("*") if p.is_file()}


@contextmanager
def players_on(files: dict[str, bytes]) -> Iterator[tuple[Player, list[Event]]]:
    """A player (tests/firmware/match_player.py, seeded as the memory scenario's next) on CPython's app
    of the board whose flash holds ``files`` (a match just won), and the list of the input events it
    makes, while the block runs."""
    import memory_scenario
    from match_player import Player

    with tempfile.TemporaryDirectory(prefix="crib-oracle-") as root:
        for name, data in files.items():
            path = Path(root) / name
            path.parent.mkdir(exist_ok=True)  # (history/: the archived games' logs)
            path.write_bytes(data)
        oracle = CPythonBoard(root)
        if oracle.board.match.winner is None:
            raise RuntimeError("the memory scenario's match no longer ends with a game won")
        inputs: list[Event] = []
        handle = oracle.board.handle

        def recorded(event: Event, save: bool = True) -> None:
            inputs.append(event)
            handle(event, save)

        oracle.board.handle = recorded
        yield Player(oracle.board, oracle.hw, memory_scenario.SEED + 1), inputs


def played_on(files: dict[str, bytes]) -> tuple[list[Event], Match]:
    """What players do next on the board whose flash holds ``files`` (a match just won): the next
    game started, its first deal played and every show counted by picking its cards (as the memory
    scenario plays), then the discard advice asked for 6 cards and left, and the last event undone
    with the back button. Played on CPython: the input events, and the match as they leave it."""
    import memory_scenario

    with players_on(files) as (player, inputs):
        player.press("press", "enc")  # the next game
        if player.board.match.phase == "cut":
            player.press("press", "p1")
        player.deal()
        memory_scenario.open_item(player, memory_scenario.MENU_ADVICE)
        for card in (4, 9, 19, 22, 40, 51):  # 2C 3D 5S 6H JC KS
            player.pick(card)
        player.press("press", "enc")  # "I deal": the keeps are ranked
        memory_scenario.leave(player)
        player.press("press", "back")  # undo
        return inputs, player.board.match


# The heap figure's second way on: the play laid card by card (a preference, set over USB as a host sets
# it), its ranks as the lay tests' (tests/firmware/test_app_lay_cards.py: P2 lays 5 K 4 5, P1 T 6 3 K, with the
# starter KH), then every show counted: the hands by the ranks laid, the crib by picking its cards.
LAID_RANKS = (5, 10, 13, 6, 4, 3, 5, 13)
LAID_STARTER = "KH"
LAID_CRIB = "AD 2C 7S 9H"
PLAY_BY_CARDS = {"cmd": "settings", "set": {"play": 1}}


def laid_on(files: dict[str, bytes]) -> tuple[list[Event], Match]:
    """What players do next on the board whose flash holds ``files`` (a match just won), the play laid
    card by card (``PLAY_BY_CARDS``, asked first): the next game started, its dealer cut for, the
    starter picked, the play laid (``LAID_RANKS``) and every show counted, the questions of a hand by
    its ranks answered no. Played on CPython: the input events, and the match as they leave it."""
    with players_on(files) as (player, inputs):
        board = player.board
        if not json.loads(board.handle_command(json.dumps(PLAY_BY_CARDS)))["ok"]:
            raise RuntimeError("the board refused to lay the play card by card")
        player.press("press", "enc")  # the next game
        if board.match.phase == "cut":
            player.press("press", "p1")
        player.press("press", "enc")  # the starter's picker
        player.pick(parse_hand(LAID_STARTER)[0])
        for rank in LAID_RANKS:
            if board.mode.name != "lay":
                raise RuntimeError("the play is not laid card by card: %r" % board.mode.describe())
            for _ in range(abs(rank - board.mode.rank)):
                player.press("turn", 1 if rank > board.mode.rank else -1)
            player.press("press", "enc")
        player.press("press", "enc")  # the play over: the count
        crib = list(parse_hand(LAID_CRIB))
        while board.mode.name == "count":
            if board.mode.describe()["step"] == "cards":
                player.pick(crib.pop(0))
            else:  # "confirm" pegs the points; "ranks" answers its question no
                player.press("press", "enc")
        if crib or board.match.log[-1][0] != "crib":
            raise RuntimeError("the deal laid card by card was not counted to its crib")
        return inputs, board.match
