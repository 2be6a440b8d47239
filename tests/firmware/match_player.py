"""A seeded match played on a ``Board`` through its input events only, like players would.

Real deals (cribbage_lab.deck), pegging by button (1s and 2s), the starter and every show
counted by picking its cards in the card picker. Used by the memory test
(tests/on_micropython/app_memory.py) and benchmarks/bench_app.py; runs on both interpreters.
"""

from cribbage_lab import deck


class Player:
    """Plays on ``board`` (with its fake hardware ``hw``); ``after()`` is called after every input."""

    def __init__(self, board, hw, seed, after=None):
        self.board = board
        self.hw = hw
        self.rand = deck.Xorshift32(seed)
        self.after = after
        self.inputs = 0

    def press(self, kind, what):
        """One input event, then a frame, as the board's shell would."""
        self.board.handle((kind, what))
        self.hw.advance(40)
        self.board.render()
        self.inputs += 1
        if self.after is not None:
            self.after()

    def pick(self, card):
        """Pick ``card`` in the card picker: turn to its rank, step to its suit, press."""
        picker = self.board.mode.picker
        while picker.rank != card >> 2:
            self.press("turn", 1 if (card >> 2) > picker.rank else -1)
        while picker.card != card:
            self.press("press", "p2")
        self.press("press", "enc")

    def deal(self):
        """One deal: the starter, pegging by button, then each show counted from its cards."""
        board = self.board
        match = board.match
        rand = self.rand
        seats = match.settings.seats
        hands, crib, stock = deck.deal(deck.shuffle(deck.new_pack(), rand), seats, match.dealer)
        for hand in hands:
            crib = crib + hand[4:4 + (2 if seats == 2 else 1)]
        self.press("press", "enc")
        self.pick(deck.cut(stock, rand))
        if board.mode.name == "count":
            self.press("press", "back")  # counting goes on to the first show: leave it for the play
        for _ in range(4 + deck.randbelow(rand, 6)):
            if match.winner is not None:
                return
            button = "p1" if deck.randbelow(rand, 2) else "p2"
            if deck.randbelow(rand, 2):
                self.press("long", button)  # a 2
            else:
                self.press("press", button)  # a 1...
                self.press("press", "enc")  # ...pegged
        if match.winner is None:
            self.press("press", "enc")  # count: the first show's card picker
        while match.winner is None and board.mode.name == "count":
            mode = board.mode
            for card in (crib if mode.crib else hands[mode.seat])[:4]:
                self.pick(card)
            self.press("press", "enc")  # confirm: pegged, on to the next show

    def game(self):
        """A game to its end; if it begins with a cut, p1 is named dealer."""
        match = self.board.match
        if match.phase == "cut":
            self.press("press", "p1")
        while match.winner is None:
            self.deal()

    def match(self, games):
        """``games`` games (the next one started with the encoder after each)."""
        for n in range(games):
            if n:
                self.press("press", "enc")
            self.game()
