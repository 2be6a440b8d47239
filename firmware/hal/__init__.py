"""The thin hardware layer of the board, and the contract every hardware layer meets.

Only ``rp2_*`` import ``machine`` and ``rp2`` (the PIO programs are ``*_pio``); the others take what those
give them, and the input logic above the pins (``debounce``, ``quadrature``, ``acceleration``, ``samples``,
``line_reader``) is plain Python, which the simulator runs too.

The hw contract: what the app asks of a hardware layer
------------------------------------------------------
``app.run.run(hw)`` (and ``app.board.Board(hw)``) take one object, ``hw``, and use only:

``hw.led_count``
    LEDs in a frame: ``shared.holes.LEDS`` (242) on the board.
``hw.supply_ma``
    The most current (mA) the build's supply gives: board.json ``supply`` -> ``supply_ma``
    (``shared.supply``). The app's current setting never goes above it.
``hw.wire_order``
    The LEDs in the order the data line reaches them: ``hw.wire_order[k]`` is the logical
    index (``shared.holes``) of the k-th LED on the wire (board.json ``leds`` -> ``chain``).
    The LED test walks along it.
``hw.storage_root``
    The folder the game is saved in (``"/"`` on the board: its littlefs).
``hw.show(frame)``
    Light the LEDs: ``frame`` is a bytearray of 3 bytes (R, G, B) an LED in logical order
    (``shared.holes``), brightness, gamma and the current cap already applied. It may
    return before the LEDs have it, but the app draws the next frame into the same buffer.
``hw.poll_events()``
    The input events (``shared.events``) since the last call, oldest first, as a sequence.
    Called every 4 ms (while ``hw.idle`` lets the app sleep, when it wakes): when nothing
    happened it returns the empty tuple ``()``, which allocates nothing, so a quiet loop turn
    leaves the heap alone.
``hw.keep_up()``
    Called between the steps of a save (``app.store``), each of which may hold the CPU for a
    flash erase (45 ms, up to 400, interrupts off): it reads the controls now and keeps their
    events for the next ``poll_events``, so a save longer than the controls can keep unread (the
    board's rings, read safely: 480 ms of button samples, 224 encoder changes) loses nothing. A layer whose
    inputs wait in a queue anyway (the simulator's) does nothing.
``hw.idle``
    None (the app polls every 4 ms), or an object with ``wait(ms)``, an awaitable that ends
    after ``ms``, or as soon as a control moves (or the hardware's fault signal changes) or
    ``set()`` is called, and ``set()`` (the app calls it when it has answered a serial line);
    while a control is in use it ends after the 4 ms poll. The app awaits it when no frame is
    due and nothing came, so a board left alone sleeps (``app.run``).
``hw.ticks_ms()``
    Milliseconds, wrapping as MicroPython's ``time.ticks_ms``: the app compares them only
    with ``shared.ticks.ticks_diff``.
``hw.fault()``
    None, or the short name (at most 10 characters) of a part the hardware reports failing
    now, like ``"LED supply"`` (a USB build's LED supply switch limiting the current or too
    hot). Called at every poll: it allocates nothing.
``hw.feed_watchdog()``
    Called about once a second while the app is healthy (``app.run.Shell.healthy``); the
    first call may start the watchdog.
``hw.display``
    None, or an object with ``show_lines(lines)`` (what to show: at most 8 lines of 16
    characters; it sends nothing) and ``send_next()`` (sends the next piece, a line or a part
    of one, of those lines that the display does not show yet, True if it sent one: the app
    sends them a piece at a time, the controls polled between two; False once the display
    shows them all).
``hw.serial``
    None, or an object with ``read_line()`` (a complete line without its end, or None;
    it never blocks), ``wait()`` (an awaitable that ends when a byte may have come: the
    app's serial task waits on it) and ``write(text)`` (a piece of a line: the app writes a
    reply in pieces, then ``"\n"``).

Layers that meet it: ``hal.rp2_hw.Hardware`` (the real board, built by
``hal.rp2_board.build``) and ``simulator.virtual_hardware.VirtualHardware`` (the tests'
fake, and the desktop simulator's base).

What lives here
---------------
Pure logic (chain mapping, quadrature decoding, debouncing, reading the buttons' sample ring,
acceleration, the boot guard and boot window, the LED supply switch given its pins, the PIO
programs' text: WS2812, encoder, buttons) runs on both interpreters and is tested everywhere;
the SSD1306 driver needs only ``framebuf`` (the unix port has it); only the ``rp2_*`` modules
touch ``machine`` and ``rp2`` and run on the chip alone. Nothing here imports ``app``: what
both need (event names, the build's supply, ``ticks_diff``, the holes) is in ``shared``.
"""
