"""A long match: the games before the previous one archived to files of their own (app.history), so
the saved game stays the size of two games, while the whole log is still read over the serial
line and a power cut at any step loses nothing."""

import json
import os
import sys

from app_driver import BACK_PRESS, Driver, is_hue, resave
from app_fuzz import whole_log
from fake_storage import temp_dir
from match_helpers import play_game

from app import history, palette
from app.store import Store
from cribbage.match import Match, RuleError
from cribbage_lab import deck
from portable import raises
from shared.holes import HOLES


class Played:
    """A board on which seeded games are played event by event, each event saved as the board saves
    it; ``log`` is every event applied, as the rules core took it (the reference)."""

    def __init__(self, seed=7, **settings):
        self.d = Driver()
        if settings:
            assert self.d.ask({"cmd": "settings", "set": settings})["ok"]
        self.rand = deck.Xorshift32(seed)
        self.log = []
        self.save = True

    def apply(self, event):
        board = self.d.board
        board.apply(event)
        self.log.append(event)
        if self.save:
            board.save()

    def games(self, n):
        """``n`` more games, each begun with a new game after the last."""
        for _ in range(n):
            match = self.d.board.match
            if match.phase == "over":
                self.apply(["new_game"])
            play_game(match, self.rand, self.apply)
        return self


def pages(d, first=0):
    """The log read over the serial line from ``first``, page by page: (events, page lengths)."""
    log, lengths = [], []
    while True:
        reply = d.ask({"cmd": "log", "from": first + len(log)})
        assert reply["ok"] and reply["total"] == d.board.match.events, reply
        if not reply["log"]:
            return log, lengths
        log += reply["log"]
        lengths.append(len(reply["log"]))


def long_match(kept, games=5):
    """A board that played ``games`` games, each archived once the next began, keeping the logs of ``kept``
    archives (100 on the board)."""
    p = Played()
    p.save = False
    for _ in range(games):
        p.games(1)
        p.apply(["new_game"])
        history.archive(p.d.board, kept)
        p.d.board.save()
    return p


def files(d):
    """The names of the archive's files (in the folder ``history`` of the board's storage), sorted."""
    try:
        return sorted(os.listdir(d.root + "/history"))
    except OSError:  # no archive yet
        return []


def named(starts):
    """The names of the files of the archives that begin at ``starts``, sorted."""
    return sorted("%d.a" % n for n in starts)


def game_starts(log):
    """Where each game after the first begins in ``log``: the index after its new game event."""
    return [i + 1 for i, event in enumerate(log) if event[0] == "new_game"]


def failing_saves(fail):
    """``Store.save`` made to raise ``fail(data)`` where that is an OSError (the flash refusing a
    write); undone by calling the function returned."""
    real = Store.save

    def save(store, data):
        error = fail(data)
        if error is not None:
            raise error
        return real(store, data)

    Store.save = save
    return lambda: setattr(Store, "save", real)


def test_a_long_match_keeps_two_games_in_its_save_and_its_whole_log_on_the_board():
    p = Played().games(6)
    d, match = p.d, p.d.board.match
    starts = game_starts(p.log)
    assert match.archived == starts[-2] and match.events == len(p.log)  # the previous game and this one kept
    assert match.log == p.log[match.archived:]
    assert d.board.history == [0] + starts[:-2]  # a file an archive: the first, then one a game
    assert files(d) == named(d.board.history)
    saved = Store(d.root).load()[0]
    assert saved["base"] == match.saved_base() and len(saved["codes"]) < 4 * (len(p.log) - match.archived)
    assert pages(d)[0] == p.log
    assert Match(match.settings, p.log).state() == match.state()


def test_a_page_of_the_log_ends_with_its_file_and_the_reader_goes_on_from_there():
    p = Played().games(4)
    d = p.d
    first = d.board.history[1] - 3  # three events before the second file
    log, lengths = pages(d, first)
    assert lengths[0] == 3 and log == p.log[first:]
    reply = d.ask({"cmd": "log", "from": first, "count": 2})
    assert reply["log"] == p.log[first:first + 2]


def test_the_board_powered_on_again_has_the_same_match_and_log():
    p = Played().games(5)
    again = p.d.reboot()
    assert again.board.match.state() == p.d.board.match.state() and again.board.history == p.d.board.history
    assert pages(again)[0] == p.log and whole_log(again.board) == p.log
    p.d = again  # and play goes on there
    p.games(1)
    assert pages(again)[0] == p.log and files(again) == named(again.board.history)


def test_undo_goes_back_to_the_previous_games_start_and_says_so_there():
    p = Played().games(4)
    match = p.d.board.match
    reference = Match(match.settings, p.log)
    while match.can_undo:
        assert match.undo() == reference.undo() and match.state() == reference.state()
    assert match.events == game_starts(p.log)[-2]
    with raises(RuleError, "no undo before game 3: older games are archived"):
        match.undo()
    p.d.board.attempt(p.d.board.undo)
    assert "archived" in p.d.board.messages.refusal


def test_home_offers_no_undo_at_the_archived_games_boundary():
    # A play-test: back pressed there to the start of game 3, home still said "back=undo", which back refuses.
    p = Played().games(4)
    d = p.d
    d.press(BACK_PRESS)
    assert "back=undo" in d.display()
    while d.board.match.can_undo:
        d.press(BACK_PRESS)
    assert d.where() == "peg" and "back=undo" not in d.display() and "won 1-1" in d.display()


def test_a_save_that_cannot_write_the_archive_keeps_the_log_whole_and_archives_with_the_next():
    p = Played().games(2)
    d = p.d
    refused = []
    restore = failing_saves(lambda data: refused.append(data["from"]) or OSError(28, "no space") if "from" in data
                            else None)
    try:
        p.apply(["new_game"])  # the third game: its save would archive the first
    finally:
        restore()
    assert refused == [0] and d.board.match.archived == 0 and files(d) == []
    again = d.reboot()
    assert again.board.match.log == p.log and again.board.match.archived == 0
    again.board.save()  # the next save archives
    assert again.board.match.archived == game_starts(p.log)[-2] and pages(again)[0] == p.log


def test_a_power_cut_after_the_archive_is_written_loses_nothing():
    p = Played().games(2)
    d = p.d
    restore = failing_saves(lambda data: None if "from" in data else OSError(5, "power cut"))
    try:
        with raises(OSError):  # the archive's file written, then the power goes before the game's save
            p.apply(["new_game"])
    finally:
        restore()
    assert files(d) == ["0.a"]  # written, but no save names it
    p.log.pop()
    again = d.reboot()
    assert again.board.match.log == p.log and again.board.match.archived == 0 and again.board.history is None
    p.d = again
    p.games(2)  # the next archive writes its file again (a new match's first would remove it: below)
    assert pages(again)[0] == p.log and files(again) == named(again.board.history)


def test_the_logs_of_the_last_archives_are_kept_and_an_older_page_is_refused_with_why():
    p = Played()
    p.save = False
    board = p.d.board
    for n in range(1, 7):  # the third game's save archives the first; 4 kept: the sixth's lets one go
        p.games(1)
        p.apply(["new_game"])
        history.archive(board, 4)
        board.save()
        assert len(board.history or ()) == min(n - 1, 4), board.history
    left = set(files(p.d)) - set(named(board.history))  # the file the last archive let go of:
    assert len(left) == 1 and int(left.pop()[:-2]) < board.history[0]  # removed as the next archive begins
    oldest = board.history[0]
    reply = p.d.ask({"cmd": "log", "from": oldest - 1})
    assert not reply["ok"] and "keeps the log from event %d" % oldest in reply["error"], reply
    assert pages(p.d, oldest)[0] == p.log[oldest:]


def test_the_log_read_from_where_the_board_keeps_it_replays_to_the_match_as_it_is():
    p = long_match(kept=2)
    board = p.d.board
    kept = board.history[0]
    first = p.d.ask({"cmd": "log"})  # no "from": where the board's log starts
    assert first["from"] == kept > 0 and first["base"][0] == kept, first
    log = pages(p.d, kept)[0]
    assert log == p.log[kept:]
    replayed = Match(board.match.settings, log, base=first["base"])
    assert replayed.state() == board.match.state() and replayed.games_won == board.match.games_won
    assert "base" not in p.d.ask({"cmd": "log", "from": kept + 1})  # only where the log kept starts
    whole = Played().games(2)
    assert whole.d.ask({"cmd": "log"})["from"] == 0 and "base" not in whole.d.ask({"cmd": "log"})


def test_a_lost_file_of_the_log_is_said_and_costs_the_game_nothing():
    p = Played().games(5)
    d = p.d
    lost = d.board.history[1]
    os.remove("%s/history/%d.a" % (d.root, lost))
    reply = d.ask({"cmd": "log", "from": lost})
    assert not reply["ok"] and "lost" in reply["error"], reply
    assert pages(d, d.board.history[2])[0] == p.log[d.board.history[2]:]
    again = d.reboot()
    assert again.board.messages.notice is None and again.board.match.state() == d.board.match.state()


def test_a_new_match_archives_afresh_and_the_last_matchs_files_go():
    p = Played().games(4)
    d = p.d
    old = files(d)
    d.board.new_match()
    d.board.save()
    assert d.reboot().board.history is None and files(d) == old  # kept until the new match archives
    p.log = []
    p.games(3)
    assert d.board.history == [0] + game_starts(p.log)[:-2]
    assert files(d) == named(d.board.history) and pages(d)[0] == p.log


def test_a_saved_base_that_is_not_one_is_refused_whole():
    settings = Played().d.board.match.settings
    for base in ([5, 0, [0, 0], [], 1], [0, 0, [0, 0], [], 1, 0], [5, 2, [0, 0], [], 1, 0], [5, 0, [0], [], 1, 0],
                 [5, 0, [0, -1], [], 1, 0], [5, 0, [0, 0], [{"winner": 0}], 1, 0], [5, 0, [0, 0], [], 0, 0],
                 [5, 0, [0, 0], [], 1, 6], "base"):
        with raises(ValueError, "saved base"):
            Match(settings, base=json.loads(json.dumps(base)))


def test_a_saved_list_of_files_that_is_not_one_is_dropped_and_the_game_kept():
    p = Played().games(4)
    d = p.d
    archived = d.board.match.archived
    for bad in ("x", [0, "1"], list(reversed(d.board.history)), [0, archived]):
        resave(d, history=bad)
        again = d.reboot()
        assert again.board.history is None and again.board.match.state() == d.board.match.state(), bad
        reply = again.ask({"cmd": "log", "from": 0})
        assert not reply["ok"] and "keeps the log from event %d" % archived in reply["error"], reply
        assert pages(again, archived)[0] == p.log[archived:]
        base = again.ask({"cmd": "log"})["base"]  # the log kept in the save: the state where it starts
        assert Match(d.board.match.settings, p.log[archived:], base=base).state() == d.board.match.state()


def test_a_save_the_flash_refuses_is_said_until_one_goes_through_and_reading_the_state_still_answers():
    d = Driver()
    restore = failing_saves(lambda data: OSError(28, "no space"))
    try:
        with raises(OSError):
            d.board.apply(["dealer", 0])
            d.board.save()
        assert d.board.messages.unsaved is not None and "NOT SAVED" in d.display()
        reply = d.ask({"cmd": "state"})  # a request that reads: answered, the save left to the shell
        unsaved = reply["state"]["unsaved"]
        assert reply["ok"] and unsaved == d.board.messages.unsaved and "28" in unsaved
        hole = d.frame_phase(1000, 100)
        assert is_hue(hole.pixel(0, HOLES), palette.VERMILLION)  # the game holes flash, as for a notice
    finally:
        restore()
    d.board.save()  # the flash takes it again
    assert d.board.messages.unsaved is None and d.ask({"cmd": "state"})["state"]["unsaved"] is None
    assert "NOT SAVED" not in d.display() and d.reboot().board.match.log == [["dealer", 0]]


def test_a_new_match_after_a_long_one_is_logged_from_its_first_event():
    p = long_match(kept=2)
    board = p.d.board
    assert board.history[0] > 0
    board.new_match()
    board.apply(["dealer", 1])
    reply = p.d.ask({"cmd": "log"})
    assert reply["ok"] and reply["from"] == 0 and reply["log"] == [["dealer", 1]], reply


def test_a_save_that_changed_nothing_but_failed_is_tried_again_until_it_goes_through():
    d = Driver()
    restore = failing_saves(lambda data: OSError(5, "EIO"))
    try:
        with raises(OSError):  # (app.run answers that the board failed)
            d.ask({"cmd": "test_leds", "id": "a"})  # a change of no game data, with an id: saved at once
        assert d.board.messages.unsaved is not None
    finally:
        restore()
    d.board.save_if_changed()  # what the shell does each frame: the flash takes it now
    assert d.board.messages.unsaved is None and "NOT SAVED" not in d.display()


def test_with_skip_a_lost_or_unreadable_file_is_a_page_saying_where_the_log_goes_on_with_its_state_there():
    p = long_match(kept=4, games=6)
    d, board = p.d, p.d.board
    starts, archived = board.history, board.match.archived
    os.remove("%s/history/%d.a" % (d.root, starts[1]))  # lost from the flash
    with open("%s/history/%d.a" % (d.root, starts[2]), "w") as f:  # sound on the flash, events it cannot read
        f.write("")
    Store(d.root + "/history", str(starts[2])).save({"from": starts[2], "to": starts[3], "base": None,
                                                     "codes": [15, 15]})
    reply = d.ask({"cmd": "log", "from": starts[1]})  # a reader from before skip: refused, as it was
    assert not reply["ok"] and "are lost from the board's flash" in reply["error"], reply
    reply = d.ask({"cmd": "log", "from": starts[1], "skip": True})
    assert reply["ok"] and reply["log"] == [] and reply["lost"] == starts[2] and "lost" in reply["why"], reply
    assert "base" not in reply
    reply = d.ask({"cmd": "log", "from": starts[2], "skip": True})
    assert reply["lost"] == starts[3] and "cannot be read" in reply["why"], reply
    for start in (starts[3], archived):  # where a file or the save's log starts: the state there, to replay from
        reply = d.ask({"cmd": "log", "from": start, "skip": True})
        assert reply["base"][0] == start and reply["log"] == p.log[start:start + len(reply["log"])], reply
        assert Match(board.match.settings, p.log[start:], base=reply["base"]).state() == board.match.state()
    assert "base" not in d.ask({"cmd": "log", "from": starts[3]})  # without skip: only where the log kept starts
    assert "base" not in d.ask({"cmd": "log", "from": starts[3] + 1, "skip": True})
    reply = d.ask({"cmd": "log", "from": starts[0] - 1, "skip": True})  # older than the oldest kept: still refused
    assert not reply["ok"] and "keeps the log from event %d" % starts[0] in reply["error"], reply
    reply = d.ask({"cmd": "log", "skip": 1})
    assert not reply["ok"] and "skip must be true or false" in reply["error"], reply
    assert pages(d, starts[3])[0] == p.log[starts[3]:]  # what is on the flash is as it was
    kept = set(files(d))  # nothing removed or set aside by the reads
    assert set(named(starts[:1] + starts[2:])) <= kept and "%d.a" % starts[1] not in kept and not [
        name for name in kept if "bad" in name]


def test_a_match_of_hundreds_of_games_keeps_its_save_and_its_archives_bounded():
    # a match without a length, never restarted (a family's board over a year): its save and each archive
    # hold the results of the last 100 to 163 games, not of every game ever played
    d = Driver()
    board = d.board
    board.apply(["dealer", 1])
    largest = {}  # games played -> the largest file on the flash then
    for played in range(1, 231):
        for points in (31, 31, 31, 28):  # P1 wins by pegs alone
            board.apply(["peg", 0, points])
        board.apply(["new_game"])
        history.archive(board, 2)
        board.save()
        if played % 10 == 0:
            paths = list(board.store._slots) + ["%s/history/%s" % (d.root, name) for name in files(d)]
            largest[played] = max(os.stat(path)[6] for path in paths)
    assert max(largest.values()) < 3000 and largest[230] <= largest[170] + 100, largest
    again = d.reboot()
    assert again.match.state() == board.match.state() and again.match.state()["games_played"] == 230
    assert again.match.games[-1]["number"] == 230 and len(again.match.games) >= 100


def test_a_saved_game_lost_beside_the_logs_of_its_games_is_said_at_power_on():
    d = Played().games(4).d
    # the flash as it would be with both copies of the game lost: the archive's files alone (copied to
    # a new root: the WebAssembly port still finds a file that was renamed over once it is removed)
    root = temp_dir()
    os.mkdir(root + "/history")
    for name in files(d):
        with open("%s/history/%s" % (d.root, name), "rb") as f, open("%s/history/%s" % (root, name), "wb") as g:
            g.write(f.read())
    board = Driver(root).board
    assert board.match.events == 0 and board.messages.notice_title == "SAVED GAME LOST", board.messages.notice
    assert "history/" in board.messages.notice and board.messages.check_pegs
    assert sorted(os.listdir(root + "/history")) == named(d.board.history)  # kept until the new match archives
    assert "app.history" not in sys.modules  # (loaded to look, forgotten with the restore)
    assert Driver(temp_dir()).board.messages.notice is None  # a new board: a quiet fresh start


def about_to_archive():
    """Two games played and saved, the third begun unsaved: its save would archive the first. The
    ``Played``, its driver, board and match."""
    p = Played().games(2)
    p.save = False
    p.apply(["new_game"])
    return p, p.d, p.d.board, p.d.board.match


def test_an_archive_that_fails_midway_leaves_the_board_unsound_and_its_save_as_it_was():
    # A review of the day's changes: a MemoryError in the match's archive, its log half copied into new
    # arrays, was saved with the next frame: half the log lost, unsaid.
    p, d, board, match = about_to_archive()
    archive = match.archive

    def half_done(cut):
        archive(cut)  # (done here: what the board sees is the failure, wherever in it that came)
        raise MemoryError("memory allocation failed")

    match.archive = half_done
    with raises(MemoryError):
        board.save()
    assert board.unsound
    with raises(RuntimeError):
        board.save()  # nothing of the unsound game is ever written
    again = d.reboot()  # the app started again: the game as saved before the new game
    assert again.board.match.log == p.log[:-1] and not again.board.unsound


def test_an_archive_whose_file_cannot_be_made_for_want_of_heap_is_tried_again_with_the_next_save():
    # (a review of the last fixes: a MemoryError before the log was cut restarted the app for nothing)
    p, d, board, match = about_to_archive()
    saved_base = match.saved_base

    def no_room():
        raise MemoryError("memory allocation failed")

    match.saved_base = no_room  # the archive's file is made before the log is cut
    with raises(MemoryError):
        board.save()
    assert not board.unsound and match.archived == 0 and match.log == p.log
    match.saved_base = saved_base
    board.save()  # the next frame's save: archived and saved
    assert match.archived == game_starts(p.log)[-2] and d.reboot().board.match.log == p.log[match.archived:]
