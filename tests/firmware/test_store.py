"""Saving the game (app.store): round trips, and every kind of damage falls back and says so.

Runs on both interpreters in a fresh directory. The power-cut test on a real littlefs is
in store_power_cut.py (MicroPython only, run by tests/test_store_power_cut.py).
"""

import io
import os
from binascii import crc32

from fake_storage import listing, read, temp_dir, write
from saved_games import game, is_game, listed, streamed

from app.store import FORMAT, Store
from portable import raises


def save_game(store, n_events, tag):
    """Save game(n_events, tag); in a frame of its own so the data is garbage once it returns."""
    store.save(game(n_events, tag))


def seq_of(path):
    """The save number in a slot file's trailer line (format as documented in app.store)."""
    return int(read(path).rstrip(b"\n").split(b"\n")[-1].split(b", ")[2])


def slot_file(body, fmt, seq):
    """A slot file around ``body`` (the JSON of [data, ...) built from the documented format."""
    head = b'["crib-save", %d, %d, %d, "' % (fmt, seq, len(body))
    return body + head + b'%08x"]]\n' % crc32(head, crc32(body))


def two_saves(stream=False):
    """A store with two saves: returns (root, store, older data, newer data, path of the newer).

    ``stream``: the log is saved streamed (one event per line), as the board saves it.
    """
    root = temp_dir()
    store = Store(root)
    older, newer = game(5, 1), game(6, 2)  # small: every byte of the newer gets damaged in turn
    store.save(streamed(older) if stream else older)
    store.save(streamed(newer) if stream else newer)
    slots = [root + "/game.a", root + "/game.b"]
    newest = max(slots, key=seq_of)
    return root, store, older, newer, newest


def test_nothing_saved_is_a_quiet_fresh_start():
    root = temp_dir()
    assert Store(root).load() == (None, None)
    write(root + "/game.tmp", b"an unfinished save")  # a save cut before its rename
    assert Store(root).load() == (None, None)


def test_round_trip_and_newest_wins():
    root = temp_dir()
    store = Store(root)
    for n in (1, 2, 200, 1000):
        save_game(store, n, n)
        data, message = Store(root).load()
        assert message is None and is_game(data, n, n)
        data = None
    assert listing(root) == ["game.a", "game.b"]


def test_root_with_trailing_slash_and_other_names():
    root = temp_dir()
    Store(root + "/", name="prefs").save({"brightness": 80})
    assert listing(root) == ["prefs.a"]
    assert Store(root, name="prefs").load() == ({"brightness": 80}, None)
    assert Store(root).load() == (None, None)


def test_save_without_load_continues_the_sequence():
    root, _, older, newer, newest = two_saves()
    third = game(40, 3)
    Store(root).save(third)  # a new Store (after a reboot) that did not load first
    assert Store(root).load() == (third, None)
    # the newest copy before it was kept, not overwritten
    other = root + "/game.a" if newest.endswith(".b") else root + "/game.b"
    assert other != newest and seq_of(newest) == 2 and seq_of(other) == 3


def test_only_dicts_are_saved():
    store = Store(temp_dir())
    for bad in ([1, 2], "x", None):
        with raises(TypeError):
            store.save(bad)


def test_a_streamed_list_is_saved_one_element_per_line_and_read_back_either_way():
    for n in (0, 1, 2, 300):
        root = temp_dir()
        store = Store(root)
        store.save(streamed(game(n, n)))
        lines = read(root + "/game.a").split(b"\n")
        assert len(lines) == n + 4  # head, n events, the closing line, the trailer, ""
        assert lines[n + 1] == b"]},"
        data, message = Store(root).load(stream="log")
        assert message is None and not isinstance(data["log"], list)  # read as it is iterated
        assert is_game(listed(data), n, n)
        data, message = Store(root).load()  # any JSON reader sees the same data
        assert message is None and is_game(data, n, n)
        data = None


def test_a_streamed_list_reads_back_wherever_its_lines_and_its_end_fall_on_the_chunks_it_is_read_in():
    root = temp_dir()
    # the loader reads 256 bytes at a time from the list's first line: the first element's line
    # (q + 4 bytes) puts the end of the list (and of each line after it) at every place around a
    # chunk's end; and an element longer than two chunks
    for first in ["x" * q for q in range(236, 262)] + ["y" * 700]:
        Store(root).save({"tag": first[:3], "log": iter([first, 12, [3, "z"], 4])})
        data, message = Store(root).load(stream="log")
        assert message is None and listed(data) == {"tag": first[:3], "log": [first, 12, [3, "z"], 4]}


def test_a_list_saved_whole_loads_when_asked_for_streamed():
    root = temp_dir()
    Store(root).save(game(7, 1))
    assert Store(root).load(stream="log") == (game(7, 1), None)
    Store(root).save({"log": [1, 2]})  # empty head: "log" the only key
    assert Store(root).load(stream="other") == ({"log": [1, 2]}, None)


def test_what_cannot_be_streamed_is_refused():
    store = Store(temp_dir())
    with raises(TypeError):
        store.save({"log": iter([1]), "games": iter([2])})  # one streamed value at most
    with raises(TypeError):
        store.save({1: "x"})
    with raises(TypeError):
        store.save({"log": object()})  # not JSON, not iterable


def test_every_truncation_falls_back_to_the_previous_copy():
    for stream in (False, True):
        root, _, older, newer, newest = two_saves(stream)
        good = read(newest)
        for size in range(len(good)):
            write(newest, good[:size])
            data, message = Store(root).load(stream="log" if stream else None)
            assert (listed(data) if stream else data) == older, size
            assert "damaged" in message and "kept as" in message, message
            assert read(newest + ".bad") == good[:size]
            assert not _exists(newest)
            os.remove(newest + ".bad")  # the next damaged copy is kept under the same name


def test_copies_set_aside_are_never_written_over():
    root, _, older, newer, newest = two_saves()
    kept = []
    for k in range(9):
        damage = b"damaged copy %d" % k
        write(newest, damage)
        data, message = Store(root).load()
        keep = newest + (".bad" if k == 0 else ".bad%d" % (k + 1))
        assert data == older, k
        assert ("kept as %s;" % keep) in message, message
        kept.append((keep, damage))
    write(newest, b"the tenth damaged copy")
    data, message = Store(root).load()
    assert data == older
    assert "not kept: 9 copies kept already;" in message, message
    assert read(newest) == b"the tenth damaged copy"  # left for the next save to write over
    store = Store(root)
    store.load()
    store.save(game(3))
    assert Store(root).load() == (game(3), None)
    for keep, damage in kept:
        assert read(keep) == damage


def test_every_flipped_bit_falls_back_to_the_previous_copy():
    for stream in (False, True):
        root, _, older, newer, newest = two_saves(stream)
        good = read(newest)
        for i in range(len(good)):
            for bit in range(8):
                damaged = bytearray(good)
                damaged[i] ^= 1 << bit
                write(newest, damaged)
                data, message = Store(root).load(stream="log" if stream else None)
                assert (listed(data) if stream else data) == older, (i, bit)
                assert "damaged" in message


def test_every_byte_inserted_falls_back_to_the_previous_copy():
    # JSON's whitespace, so the copy still reads as JSON: a line break just before the trailer's
    # line is past the bytes the checksum covers and leaves the trailer whole; only the length
    # the trailer holds shows it
    for stream in (False, True):
        root, _, older, newer, newest = two_saves(stream)
        good = read(newest)
        for at in range(len(good) + 1):
            for byte in (b" ", b"\n"):
                damaged = good[:at] + byte + good[at:]
                write(newest, damaged)
                data, message = Store(root).load(stream="log" if stream else None)
                assert (listed(data) if stream else data) == older, (at, byte)
                assert "damaged" in message and "kept as" in message, message
                assert read(newest + ".bad") == damaged
                os.remove(newest + ".bad")  # the next damaged copy is kept under the same name


def test_a_newer_format_is_not_read_as_this_one():
    root, _, older, newer, newest = two_saves()
    body = read(newest).split(b"\n")[0] + b"\n"
    write(newest, slot_file(body, FORMAT + 1, 9))
    data, message = Store(root).load()
    assert data == older
    assert "format %d" % (FORMAT + 1) in message


def test_after_a_fallback_the_good_copy_is_kept():
    root, _, older, newer, newest = two_saves()
    write(newest, b"garbage")
    store = Store(root)
    assert store.load()[0] == older
    later = game(50, 4)
    store.save(later)  # goes where the damaged copy was, not over the good one
    assert Store(root).load() == (later, None)
    damaged_again = max([root + "/game.a", root + "/game.b"], key=seq_of)
    write(damaged_again, b"")
    assert Store(root).load()[0] == older


def test_a_single_first_save_is_no_damage():
    root = temp_dir()
    Store(root).save(game(3))
    assert Store(root).load() == (game(3), None)


def test_a_missing_copy_is_said_as_a_damaged_one_is():
    root, store, older, newer, newest = two_saves()
    third = game(7, 3)
    store.save(third)  # save 3: the first slot again
    for kept, gone, data in (("game.b", "game.a", newer), ("game.a", "game.b", third)):
        alone = temp_dir()  # the other copy gone (copied, not removed: a port's file system may keep a renamed file)
        write(alone + "/" + kept, read(root + "/" + kept))
        loaded, message = Store(alone).load()
        assert loaded == data, kept
        assert "%s/%s is missing" % (alone, gone) in message, message
        assert "loaded save %d from %s/%s" % (seq_of(root + "/" + kept), alone, kept) in message, message


def test_a_copy_the_caller_cannot_use_gives_way_to_the_older_one():
    for stream in (False, True):
        root, _, older, newer, newest = two_saves(stream)
        tried = []
        use = tag_checker(stream, tried)
        result, message = Store(root).load(stream="log" if stream else None, use=use)
        assert result == ("used", older) and tried == [2, 1]
        assert "%s cannot be used (tag 2 is no use), kept as %s.bad" % (newest, newest) in message
        assert "loaded older save 1" in message  # a later save's copy went: this one is the older
        other = "game.a" if newest.endswith("b") else "game.b"
        assert listing(root) == sorted([newest[len(root) + 1:] + ".bad", other])
        store = Store(root)
        store.load(use=use)
        store.save(game(9, 3))  # where the unusable copy was: the one used is kept
        assert Store(root).load(use=use) == (("used", game(9, 3)), None)


def tag_checker(stream, tried):
    """A ``use`` for Store.load that refuses data tagged 2 (and notes the tags it sees in ``tried``)."""
    def use(data):
        data = listed(data) if stream else data
        tried.append(data["tag"])
        if data["tag"] == 2:
            raise ValueError("tag 2 is no use")
        return "used", data
    return use


def refuse_all(data):
    """A ``use`` for Store.load that refuses every copy, after reading part of a streamed log
    (the store closes the file before renaming it)."""
    log = data["log"]
    if not isinstance(log, list):
        next(log)
    raise ValueError("no use")


def test_no_copy_the_caller_can_use_starts_fresh_and_keeps_both_aside():
    for stream in (False, True):
        root = two_saves(stream)[0]
        data, message = Store(root).load(stream="log" if stream else None, use=refuse_all)
        assert data is None and "starting fresh" in message and message.count("cannot be used (no use)") == 2
        assert listing(root) == ["game.a.bad", "game.b.bad"]
        assert Store(root).load() == (None, None)  # said once; the next power-on has nothing to say


def test_a_damaged_older_copy_is_reported_but_the_newest_loads():
    root, _, older, newer, newest = two_saves()
    other = root + "/game.a" if newest.endswith(".b") else root + "/game.b"
    write(other, b"\x00" * 100)
    data, message = Store(root).load()
    assert data == newer
    assert "damaged" in message and other in message


def test_both_copies_bad_starts_fresh_and_says_so():
    cases = (
        (b"", b""),
        (b"\xff" * 4096, b"\x00" * 10),
        (b'[{"log": []},\n["crib-save", 1, 1, 14, "00000000"]]\n', b'["crib-save", 1, 1, 0, "00000000"]]\n'),
        (b"\n" * 80, b'["crib-save", 1, 5, 999999999, "ffffffff"]]\n'),
        (slot_file(b"not json at all\n", FORMAT, 3), b"[1, 2]"),
        (slot_file(b'[{"a": 1}, 5, 6,\n', FORMAT, 3), slot_file(b"[{},\n", FORMAT - 1, 4)),
    )
    for a, b in cases:
        root = temp_dir()
        write(root + "/game.a", a)
        write(root + "/game.b", b)
        data, message = Store(root).load()
        assert data is None
        assert "starting fresh" in message and "game.a" in message and "game.b" in message
        # kept aside for a look, not deleted
        assert listing(root) == ["game.a.bad", "game.b.bad"]
        assert read(root + "/game.a.bad") == a and read(root + "/game.b.bad") == b
        store = Store(root)
        store.load()
        store.save(game(3))
        assert Store(root).load() == (game(3), None)


def test_a_valid_copy_of_something_that_is_not_a_dict_is_refused():
    root, _, older, newer, newest = two_saves()
    write(newest, slot_file(b"[[1, 2, 3],\n", FORMAT, seq_of(newest)))
    data, message = Store(root).load()
    assert data == older and "not a saved game" in message


def _exists(path):
    try:
        os.stat(path)
    except OSError:
        return False
    return True


def test_a_slot_that_cannot_be_read_is_damage_not_absence():
    root, _, older, newer, newest = two_saves()
    os.remove(newest)
    os.mkdir(newest)  # present, but opening it fails
    data, message = Store(root).load()
    assert data == older and "damaged" in message


def test_a_save_the_flash_does_not_keep_fails_and_changes_no_copy():
    import app.store as store_module

    root, store, _, newer, _ = two_saves()
    copies = {name: read(root + "/" + name) for name in listing(root)}
    for spot in (10, -20):  # a byte of the data read back otherwise, then one of the trailer

        def decayed(path, mode="r", spot=spot):
            """``open``, the new copy (game.tmp) read back with a bit of it flipped."""
            if not (path.endswith(".tmp") and mode == "rb"):
                return open(path, mode)
            data = bytearray(read(path))
            data[spot] ^= 4
            return io.BytesIO(data)

        store_module.open = decayed
        try:
            with raises(OSError, match="does not hold what was written"):
                store.save(game(7, 3))
        finally:
            del store_module.open
        assert {name: read(root + "/" + name) for name in listing(root) if name != "game.tmp"} == copies
        assert Store(root).load() == (newer, None)
    store.save(game(7, 3))  # the flash sound again
    assert Store(root).load() == (game(7, 3), None)


def test_a_save_reads_the_controls_between_its_steps_and_every_so_many_streamed_elements():
    root = temp_dir()
    calls = []
    store = Store(root, keep_up=lambda: calls.append(1))
    store.save(streamed(game(1000, 1)))
    # the file made, the 4 plain values, the log every 128 elements (7) and at its end, the trailer written,
    # the close, the rename
    assert len(calls) == 1 + 4 + 7 + 1 + 3
    data, message = store.load()
    assert message is None and is_game(data, 1000, 1)
