"""What an undo took back, as a line of the display ("UNDO: P2's go", "UNDO: P1 laid 4"): back is
both undo and, held, player 3's go, and an undo may change nothing else the display shows. Loaded as
the display's text is made after an undo, apart from the frame, and forgotten then (``app.messages``)."""

from cribbage.cards import JACK, rank_name


def said(match, event):
    """The display's line for ``event`` (as the log holds it) taken back by an undo, said as ``match`` (as the undo
    left it) names the players (the host's words for every event, longer: ``host_tools.log_words.describe``)."""
    settings = match.settings
    kind = event[0]
    if kind == "lay":  # the card laid, "P1 laid 4" ("P1's 4" read as 4 points); a team seat's 10 named by its team,
        what = rank_name(event[2] - 1)  # "T1 laid 10" ("UNDO: T1b laid 10" is 17 characters: it lost its 0)
        name = settings.seat_name(event[1])
        if len(name) + len(what) > 4:
            name = settings.side_name(settings.side_of(event[1]))
        what = "%s laid %s" % (name, what)
    elif kind == "go" or kind == "hand":
        what = "%s's %s" % (settings.seat_name(event[1]), kind)
    elif kind == "peg":
        what = "%s +%d" % (settings.side_name(event[1]), event[2])
    elif kind == "muggins":  # who called it: with three players either other side may have
        what = settings.side_name(event[1]) + " muggins"
    elif kind == "show_ranks":
        what = "the crib" if event[1] is None else settings.seat_name(event[1]) + "'s hand"
    elif kind == "crib":
        what = "the crib"
    elif kind == "cut" or kind == "cut_ranks":
        what = "the cut"
    elif kind == "starter_rank" or kind == "starter":
        game = match.game  # a Jack turned in the play pegged his heels (no event of their own): they went with it
        jack = (event[1] if kind == "starter_rank" else event[1] >> 2) == JACK
        what = "Jack+heels" if jack and not game.heels and game.phase == "play" else "starter"
    elif kind == "heels":
        what = "his heels"
    elif kind == "new_game" and match.winner is not None:  # the game before was won: the encoder's next game, as
        what = "next game"  # its key said it ("new game" is the menu's, which abandons a game)
    else:  # dealer, new_game
        what = kind.replace("_", " ")
    return "UNDO: " + what
