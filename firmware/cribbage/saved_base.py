"""A match put back in a saved base: its first games archived (``Match.archive``), the log kept
from the start of a later game (``Match.saved_base`` gives the base). Apart from ``cribbage.match``
because only the power-on of a long match needs it: on a stock board every function of a module
that stays loaded holds its code in the heap.
"""

from cribbage.cards import is_int, json_text
from cribbage.game import Game
from cribbage.match import Chunked


def take_base(match, base):
    """Put ``match`` (new, of no events) in the state of ``base`` (``Match.saved_base``); ValueError if
    it is not one (nothing guessed at)."""
    settings = match.settings
    try:
        index, dealer, won, games, number, match_start = base
        if not (is_int(index) and is_int(number) and is_int(match_start) and 0 <= match_start <= index
                and 0 < index and 0 < number and len(won) == settings.sides and all(is_int(n) and n >= 0 for n in won)
                and (dealer is None or is_int(dealer) and 0 <= dealer < settings.seats)):
            raise ValueError
        kept = Chunked("I")
        for code in games:
            if not is_int(code) or not 0 <= code < 1 << 28:
                raise ValueError
            kept.append(code)
        if len(kept) >= number:  # (the games before those kept, if any, are counted by the game number)
            raise ValueError
    except (ValueError, TypeError):
        raise ValueError("saved base %s is not a match's start of a game" % json_text(base)) from None
    match.archived = match.game_start = index
    match.match_start = match_start
    match.game = Game(settings, dealer)
    match.games_won = list(won)
    match._games = kept
    match.game_number = number
