"""The device application: the board itself (``board``), its ui modes (``app.modes``) and the parts they are
made of (``picker``, ``rank_show``, ``said``, ``cursor``), rendering, persistence, the serial protocol, the
main loop.

``VERSION`` is the firmware's version: the ``state`` reply carries it and the board prints
it at power-on. ``pyproject.toml`` reads it from here; ``firmware/manifest.py`` and ``package.json``
say the same (tests/test_host_package.py checks).
"""

VERSION = "0.1.0"
