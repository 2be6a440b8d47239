"""Talking to the board (or the simulator) over its serial line: which port (``devices``), the protocol
(``link``), the board-facing commands' options (``link_options``), a command's conversation with the board
(``talk``), its refusals in crib's words (``crib_words``), its state as crib reads it (``state``) and its log
read page by page (``log_pages``)."""
