"""The ui modes of the board: each turns input events into game events and draws its overlay.

Every mode has one shape: ``Board.open(ModeClass)`` makes it as ``ModeClass(board)`` (the
only way the board changes mode: ``Board.idle``, ``open_count`` and ``open_menu`` use it
too), and it has ``handle(board, event)``, ``draw(board, canvas, now)``, ``lines(board)``
(text for an optional display), ``describe()`` (its part of the serial ``state`` reply),
``name`` and ``full_screen``. A ``full_screen`` mode (card picker, menus) replaces the
score display; the others (``peg``, ``count``) draw over it and tell the renderer whose
show is counted, now or next, with ``counting_side(board)`` (its game hole breathes).
The parts modes are made of that are no modes live beside this package, in ``app``: the card
picker (``app.picker``), a show by ranks (``app.rank_show``), a count said (``app.said``), a blinking
cursor that starts lit where it lands (``app.cursor``).
"""
