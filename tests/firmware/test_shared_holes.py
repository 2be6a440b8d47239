"""The board's holes: the logical index of a hole and back, for every hole of the board."""

from portable import raises
from shared.holes import HOLES, LEDS, TRACKS, index, place


def test_the_index_is_track_times_121_plus_hole():
    assert index(0, 1) == 0
    assert index(0, 121) == 120
    assert index(1, 1) == 121
    assert index(1, 121) == 241
    for bad in ((0, 0), (0, 122), (2, 1), (-1, 5)):
        with raises(ValueError):
            index(bad[0], bad[1])


def test_place_is_the_inverse_of_index_on_every_hole():
    seen = [place(i) for i in range(LEDS)]
    assert seen == [(t, h) for t in range(TRACKS) for h in range(1, HOLES + 1)]
    assert [index(t, h) for t, h in seen] == list(range(LEDS))
    for bad in (-1, LEDS):
        with raises(ValueError):
            place(bad)
