"""The remembered replies (app.store.Kept, app.request_ids) leave the heap once saved: the saved copy holds
them, byte for byte as saving their strings writes, and they are read back from there.

Runs on both interpreters in a fresh directory (the power cuts: tests/on_micropython/board_power_cut.py).
"""

from fake_storage import listing, read, temp_dir, write
from saved_games import game, streamed

from app.request_ids import find_saved
from app.store import Kept, Store

REPLIES = ('{"ok": true, "said": "h\u00e9llo \\"you\\"", "id": 7}', "second")  # escapes, a character beyond ASCII


def with_replies(data, replies):
    """``data`` (streamed) with ``ids`` holding ``replies``: plain strings or ``Kept`` ones."""
    out = streamed(data)
    out["ids"] = [["a", replies[0]], [7, replies[1]], "x"]
    return out


def test_a_reply_is_saved_as_its_string_and_then_read_from_the_flash():
    plain, kept = temp_dir(), temp_dir()
    replies = [Kept(text) for text in REPLIES]
    for k in range(3):  # the first save writes the strings; the next ones copy them from the copy before
        Store(plain).save(with_replies(game(k + 3, k), REPLIES))
        Store(kept).save(with_replies(game(k + 3, k), replies))
        assert listing(kept) == listing(plain)
        for name in listing(plain):  # byte for byte what saving the strings writes
            assert read(kept + "/" + name) == read(plain + "/" + name), (k, name)
        assert [reply.text() for reply in replies] == list(REPLIES)
        data, message = Store(kept).load(stream="log")
        assert message is None and data["ids"] == [["a", REPLIES[0]], [7, REPLIES[1]], "x"]
        data = None
    newest = kept + "/game.a"  # the third save: the strings lie only there now
    write(newest, read(newest).replace(b"second", b"sacond"))
    assert replies[1].text() == "sacond" and replies[0].text() == REPLIES[0]


def test_the_replies_of_a_copy_just_loaded_are_found_on_the_flash():
    root = temp_dir()
    Store(root).save(with_replies(game(4, 1), REPLIES))
    store = Store(root)
    data, _ = store.load(stream="log")
    replies = [Kept(text) for text in REPLIES] + [Kept("not saved")]
    find_saved(store, [[k, reply] for k, reply in enumerate(replies)])
    newest = root + "/game.a"
    write(newest, read(newest).replace(b"second", b"sacond"))
    assert [reply.text() for reply in replies] == [REPLIES[0], "sacond", "not saved"]  # the last still in RAM
    write(newest, read(newest).replace(b"sacond", b"second"))
    store.save({"ids": [[1, replies[0]], [2, replies[1]], [3, replies[2]]]})
    assert Store(root).load() == ({"ids": [[1, REPLIES[0]], [2, REPLIES[1]], [3, "not saved"]]}, None)
