# Runs at power-on: one dark frame first (every build), then safe mode (a control held or pressed
# at power-on, or failures in a row: the board lit, the LED test a press away, Ctrl-C for the REPL)
# or the app; a USB build's LED supply comes on only after the dark frame and the safe-mode window.
from hal import rp2_hw

why = "starting"  # an error before the app's turn (the safe-mode check) is no failure of the app


def boot():
    """The dark frame, the safe-mode check (``why``), then the ``hw``. board.json's dict (~20 KB
    of heap) lives in this call only: handled at the top level, a slot of this module's value
    stack would keep it as long as the app runs (measured on the chip). So does the boot's
    module, which ``build`` forgets."""
    global why
    from hal import rp2_board

    board = rp2_board.load_board()
    leds = rp2_board.dark_leds(board)
    why = rp2_board.safe_mode(board, "app.start")  # the app's modules imported while it watches
    return rp2_board.build(board, leds)


hw = None
try:
    hw = boot()
    rp2_hw.supply_on(hw)  # only now: a Ctrl-C from here on finds the switch to turn off
    if why is None:
        from app.run import run

        run(hw)
    else:
        from app.safe import run_safe

        run_safe(hw, why)
except KeyboardInterrupt:  # Ctrl-C (mpremote, crib deploy): keep the REPL; not a failed boot
    rp2_hw.stopped_on_purpose(hw)
    print("app stopped")
except Exception as e:  # out of the app: counted, and the board starts again; safe mode: the REPL
    if why is None:
        rp2_hw.app_failed(e)
    rp2_hw.to_repl(hw)  # (safe mode failed: the REPL)
    raise
