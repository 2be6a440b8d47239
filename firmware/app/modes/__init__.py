"""The ui modes of the board: each turns input events into game events and draws its overlay.

Every mode has one shape: ``Board.open(ModeClass)`` makes it as ``ModeClass(board)`` (the only
way the board changes mode: ``Board.idle``, ``open_count`` and ``open_menu`` use it too), and it
has ``handle(board, event)``, ``draw(board, canvas, now)``, ``lines(board)`` (text for an
optional display), ``describe()`` (its part of the serial ``state`` reply), ``name`` and
``full_screen``, may have ``kept(board)``: what it opens on again once the menu (or the LED test)
opened over it is left with nothing done (``Board.open_menu`` keeps it as ``Board.undone``), and may set
``as_pressed``: True, a button held there is its press; False,
every held button is taken as held (``Board.handle``; without it, back held is back pressed when
there is no player 3). A ``full_screen`` mode (card picker, menus) replaces the score display;
the others (``peg``, ``lay``, ``muggins``, and ``count`` but at its cards and ranks) draw over it
and tell the renderer whose show is counted, now or next, with ``counting_side(board)`` (its game
hole breathes).
A mode that picks what an event holds opens on the event the last undo took back, if it is one of
its own (``Board.undone``): a pick taken back is made again with a turn or two, not from the start
(the starter's card, a show's cards or ranks with its count, claim or total, the cut for deal's
ranks, the rank of a card laid).
The parts modes are made of that are no modes live beside this package, in ``app``: the card
picker (``app.picker``), a show by ranks (``app.rank_show``), a count said (``app.said``), a blinking
cursor that starts lit where it lands (``app.cursor``). What the modes share of the home's (the score
lines, each side's button, a muggins call's callers, a show kept to open on) stays in ``app.modes.peg``,
which every board has loaded.
"""
