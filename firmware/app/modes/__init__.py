"""The ui modes of the board: each turns input events into game events and draws its overlay.

A mode object has ``handle(board, event)``, ``draw(board, canvas, now)``, ``lines(board)``
(text for an optional display), ``describe()`` (its part of the serial ``state`` reply) and
``name``; ``full_screen`` modes (card picker, menus)
replace the score display instead of drawing over it.
"""
