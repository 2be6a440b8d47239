"""Talking to the board (or the simulator) over its serial line: which port (``devices``), the protocol
(``link``), what the board-facing commands share (``talk``) and its log read page by page (``log_pages``)."""
