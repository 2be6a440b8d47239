# Runs at power-on. Safe mode (encoder switch or BOOTSEL held, or a crash loop) returns
# at once, leaving the REPL free for mpremote; otherwise the app runs on the real board.
from hal import rp2_board

board = rp2_board.load_board()
if not rp2_board.safe_mode(board):
    hw = rp2_board.build(board)
    del board
    from app.run import run

    try:
        run(hw)
    except KeyboardInterrupt:  # Ctrl-C (mpremote): keep the REPL, no watchdog reset 8 s later
        rp2_board.stop_watchdog()
        print("app stopped")
