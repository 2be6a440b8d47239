"""Power-on with the glance: the score drawn from the glance saved with the game, then the log
replayed, which stays the truth (app.glance). Property tests over many matches:
tests/test_glance_properties.py."""

from app_driver import ENC, HOLD_ENC, HOLD_P1, HOLD_P2, P1, P2, Driver, at_pones_hand, claim, resave, turn
from match_helpers import play_games, seeded_match
from saved_games import slot_files

from app.board import DATA_VERSION, Board, glance
from app.store import Store
from cribbage.match import Match
from cribbage_lab import deck
from simulator.virtual_hardware import VirtualHardware


def saved_match(match, prefs=None):
    """A board's storage holding ``match`` (and ``prefs``), saved as the board saves: its Driver."""
    d = Driver()
    d.board.match = match
    if prefs is not None:
        d.board.change_settings(prefs)
    d.board.save()
    return d


def power_on(d):
    """The board built as ``app.run`` builds it on ``d``'s saved files: (the board, its hardware,
    the frame it showed while it was built (None if none))."""
    hw = VirtualHardware(d.root, display=True)
    board = Board(hw, glance_first=True)
    return board, hw, bytes(hw.frame) if hw.frames else None


def drawn(board):
    """The frame ``board`` draws now (as the shell's first frame after the replay)."""
    board.render()
    return bytes(board.hw.frame)


def test_the_first_frame_is_the_saved_score_and_the_replay_agrees():
    match = seeded_match(2, 7)
    d = saved_match(match)
    board, hw, first = power_on(d)
    assert hw.frames == 1 and first == drawn(board)  # the glance's frame is the replayed board's
    assert board.messages.notice is None and board.match.log == match.log and board.match.state() == match.state()
    assert board.match.can_undo and board.mode.name == "peg"
    assert hw.display.lines[1].startswith("P1 ")  # the display was drawn from the glance too


def test_the_first_frame_of_a_deal_whose_starter_was_skipped_is_home_as_after_the_replay():
    d = Driver()
    d.board.change_settings({"play": 1})
    d.press(P2, ENC)  # P2 deals, the starter's picker
    d.press(HOLD_ENC, HOLD_P1)  # skipped before the play, P1 pegs 2 in it: home
    board, hw, first = power_on(d)
    assert "starter skipped" in hw.display.lines  # the glance's text (not enc=starter, nor the play laid at 0)
    assert board.mode.name == "peg" and board.skipped == (1,) and first == drawn(board)


def test_the_first_frame_after_his_heels_a_house_rule_kept_off_the_board_says_so_as_after_the_replay():
    d = Driver()
    d.ask({"cmd": "settings", "set": {"peg_out_exactly": True}})
    d.press(P1)
    for points in (31, 31, 31, 27):  # the dealer at 120: the Jack's 2 are not pegged
        d.ask({"cmd": "event", "event": ["peg", 0, points]})
    d.press(ENC)
    d.pick("JH")
    board, hw, first = power_on(d)
    assert hw.display.lines[3:5] == ["P1: his heels", "not pegged"]  # the glance's text, not "2"
    assert board.messages.notice is None and first == drawn(board)
    assert hw.display.lines[3:5] == ["P1: his heels", "not pegged"]


def test_a_glance_that_disagrees_with_its_log_is_corrected_by_the_replay_and_said():
    d = saved_match(seeded_match(1, 3))
    other = Match()
    for event in (["dealer", 0], ["peg", 1, 30]):
        other.apply(event)
    resave(d, copies=2, glance=glance(other))  # a firmware's bug: a glance of another game
    board, hw, first = power_on(d)
    shows_other = Driver()
    shows_other.board.match = other
    shows_other.board.idle()
    assert first == drawn(shows_other.board) != drawn(board)  # the glance's score was shown first
    assert board.match.log == d.match.log and board.match.front == d.match.front  # then the replay's
    notice = board.messages.notice
    assert notice is not None and "score shown at power-on" in notice
    board.render()
    assert "SCORE CORRECTED" in hw.display.lines


def reordered(value):
    """``value`` as JSON, every object's keys in the reverse order (another board's dict may
    write them so: MicroPython's dicts keep no insertion order)."""
    if isinstance(value, dict):
        return {key: reordered(value[key]) for key in reversed(list(value))}
    if isinstance(value, (list, tuple)):
        return [reordered(item) for item in value]
    return value


def test_a_glance_agrees_whatever_the_order_of_its_objects_keys():
    match = Match()
    for event in (["dealer", 0], ["peg", 1, 31], ["peg", 1, 31], ["peg", 1, 31], ["peg", 1, 28]):
        match.apply(event)
    saved = glance(match)
    assert saved[0][1] == "over"  # the game just won
    d = saved_match(match)
    resave(d, copies=2, glance=reordered(saved))
    board, _, first = power_on(d)
    assert first is not None and board.messages.notice is None  # no "SCORE CORRECTED"


def test_a_save_without_a_glance_still_restores_its_game():
    d = saved_match(seeded_match(1, 11))
    data = d.board.saved_data()
    data["version"] = 1  # as the firmware before the glance saved it
    del data["glance"]
    Store(d.root).save(data)
    board, hw, first = power_on(d)
    assert first is None and hw.frames == 0  # nothing to draw before the replay
    assert board.messages.notice is None and board.match.log == d.match.log
    assert board.saved_data()["version"] == DATA_VERSION and board.saved_data()["glance"] == glance(board.match)


def test_a_glance_that_cannot_be_drawn_leaves_the_replay_to_draw_first():
    d = saved_match(seeded_match(1, 5))
    for bad in ([1, 2], "x", [[0], [0, 0], 1, []]):
        resave(d, glance=bad)
        board, hw, first = power_on(d)
        assert first is None and board.match.log == d.match.log and board.messages.notice is None


def test_a_play_laid_card_by_card_is_drawn_from_the_glance_and_goes_on():
    d = Driver()
    for request in ('{"cmd": "settings", "set": {"play": 1}}', '{"cmd": "event", "event": ["dealer", 0]}',
                    '{"cmd": "event", "event": ["starter", 48]}', '{"cmd": "event", "event": ["lay", 1, 10]}',
                    '{"cmd": "event", "event": ["lay", 0, 5]}'):  # fifteen two for P1
        assert d.ask(request)["ok"]
    assert d.mode.name == "lay" and d.board.saved_data()["glance"][3] == [1, 15, d.match.game.laying.said]
    board, hw, first = power_on(d)
    lines = list(hw.display.lines)  # the glance's (nothing drawn since)
    assert first == drawn(board) and board.mode.name == "lay" and board.match.laid == d.match.laid == [[5], [10]]
    assert lines == hw.display.lines and "fifteen two" in " ".join(lines).lower()  # what the last card said


def test_a_game_won_by_his_heels_is_drawn_from_the_glance():
    # The glance's match holds no events: what won the game (his heels) is the replay's to say.
    d = Driver()
    d.press(P1)
    d.peg_in_steps(P2, 100)
    d.peg_in_steps(P1, 119)
    d.press(ENC)
    d.pick("JS")
    assert d.match.winner == 0
    board, hw, first = power_on(d)
    assert hw.display.lines[3:5] == ["P1 WINS", "next: P2 deals"]  # the glance's text (it raised: not drawn)
    assert first == drawn(board) and board.messages.notice is None and "P1: his heels 2" in hw.display.lines


def test_a_newest_copy_that_cannot_be_replayed_gives_way_to_the_older_after_its_glance():
    d = saved_match(seeded_match(1, 9))
    resave(d, codes=iter([4 | 2 << 6]))  # its glance is sound; its log is not
    board, hw, first = power_on(d)
    assert first is not None and board.match.log == d.match.log
    assert board.messages.notice_title == "OLDER SAVE USED"


def test_no_copy_that_can_be_replayed_starts_fresh_whatever_their_glances_drew():
    d = saved_match(seeded_match(1, 9), {"brightness": 90})
    for _ in range(2):  # both copies (a new iterator each)
        resave(d, codes=iter([4 | 2 << 6]))
    board, hw, first = power_on(d)
    assert first is not None and board.match.events == 0 and board.match.front == [0, 0]
    assert board.messages.notice_title == "SAVE UNPLAYABLE" and board.prefs["brightness"] == 90
    assert slot_files(d.root) == ["game.a.bad", "game.b.bad"]


def test_inputs_after_power_on_act_on_the_replayed_game():
    match = play_games(Match(), deck.Xorshift32(21), 1)
    match.apply(["new_game"])  # the loser deals the next game
    d = saved_match(match, {"brightness": 90})
    board, hw, first = power_on(d)
    assert first is not None and board.prefs["brightness"] == 90
    hw.push_many([P2, turn(1), ENC])  # player 2 pegs 2, once the board has started
    for event in hw.poll_events():
        board.handle(event)
    assert board.match.events == match.events + 1 and board.match.log[-1] == ["peg", 1, 2]


def test_a_glance_that_cannot_be_drawn_for_any_reason_gives_way_to_the_replay():
    # A sound file whose glance holds 1e999 as its game number: "G%d" raised OverflowError out of the
    # power-on (on the board, three failed starts: safe mode); whatever a glance raises, the replay follows.
    match = seeded_match(1, 3)
    d = saved_match(match)
    spoiled = glance(match)
    spoiled[2] = "1e999x"  # written as a string, then made the number (JSON has no infinity)
    resave(d, copies=2, glance=spoiled)
    store = Store(d.root)
    for path in slot_files(d.root):
        path = d.root + "/" + path
        with open(path, "rb") as f:
            data = f.read()
        data = data.replace(b'"1e999x"', b"1e999   ")  # as long: the trailer's length holds
        seq, length, crc = _trailer(data)
        data = data.replace(b'%08x"]]' % crc, b'%08x"]]' % _crc_of(store, path, data, seq, length))
        with open(path, "wb") as f:
            f.write(data)
    board, hw, first = power_on(d)
    assert board.match.log == match.log and board.match.state() == match.state()  # the replay, as ever
    assert board.messages.notice is None  # the file was sound: only its glance could not be drawn


def _trailer(data):
    """(seq, length, crc) of a slot file's bytes ``data`` (its last line: app.store)."""
    fields = data[data.rindex(b"[", 0, len(data) - 3):].split(b", ")
    return int(fields[2]), int(fields[3]), int(fields[4][1:9], 16)


def _crc_of(store, path, data, seq, length):
    """The CRC ``data``, written at ``path``, must hold (the store's own sum of the file)."""
    with open(path, "wb") as f:
        f.write(data)
    return store._crc(path, seq, length)


def test_the_first_frame_of_a_deal_laid_card_by_card_after_one_skipped_or_pegged_by_hand_is_the_laying():
    # The mark of the deal before (its starter skipped, its play pegged by hand) was saved with the next deal's
    # game: the glance, drawn before the log says which deal it is of, drew that deal pegged by points.
    for skip in (True, False):
        d = Driver()
        d.board.change_settings({"play": 1})
        d.press(P1)
        if skip:
            d.press(ENC, HOLD_ENC, HOLD_P2)  # the starter skipped, the play pegged by points
        else:
            d.press(HOLD_P2, ENC)  # the play pegged by hand before the starter, which is picked then
            d.pick("KH")
        assert d.where() == "peg"
        for event in (["hand", 1, None, 4], ["hand", 0, None, 6], ["crib", None, 2]):
            d.board.apply(event)
        d.press(ENC)
        d.pick("5C")  # the next deal's starter: its play laid card by card
        assert d.where() == "lay"
        board, hw, first = power_on(d)
        assert board.mode.name == "lay" and first == drawn(board)


def test_the_first_frame_of_a_play_pegged_by_hand_before_its_starter_is_home_as_after_the_replay():
    d = Driver()
    d.board.change_settings({"play": 1})
    d.press(P1, HOLD_P2, ENC)  # P2 pegs 2 by hand before the starter, which is picked then
    d.pick("KH")
    board, hw, first = power_on(d)
    assert board.mode.name == "peg" and board.pegged == (2,) and first == drawn(board)


def test_saved_marks_that_do_not_fit_the_log_are_dropped_and_the_rest_kept():
    d = Driver()
    d.board.change_settings({"play": 1})
    d.press(P1, HOLD_P2, ENC)
    d.pick("KH")
    # past the log's end (a log cut short keeps those before it), not rising, one place (as an older copy's
    # "skipped"), not places
    for skipped, pegged, kept in (([], [2, 99], (2,)), ([1, 1], [2], (2,)), (None, 2, (2,)), (["1"], [0.5], ())):
        resave(d, skipped=skipped, pegged=pegged)
        board = power_on(d)[0]
        assert board.skipped == () and board.pegged == kept, (skipped, pegged)
        assert board.mode.name == ("peg" if kept else "lay")


def test_a_claim_s_call_open_in_a_glance_of_the_firmware_before_held_agrees():
    # a claim kept off the track is marked "held" in the open call (cribbage.game): every other call is the pair
    # it was, so a glance saved at a call by the firmware before powers on without a notice
    d = at_pones_hand()
    claim(d, "5H 5D JC 10C", 12)
    saved = d.board.saved_data()["glance"]
    assert saved[0][-1] == (1, 8)  # (the snapshot's last item: the call)
    board, hw, first = power_on(d)
    assert board.messages.notice is None and board.match.muggins == 1
