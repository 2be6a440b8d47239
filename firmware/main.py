# Runs at power-on. Safe mode (the encoder switch held at power-on, it or BOOTSEL pressed in
# the first half second after, or a crash loop) returns at once, leaving the REPL free for
# mpremote; otherwise the app runs on the real board.
from hal import rp2_board

board = rp2_board.load_board()
try:
    if not rp2_board.safe_mode(board):
        hw = rp2_board.build(board)
        del board
        from app.run import run

        run(hw)
except KeyboardInterrupt:  # Ctrl-C (mpremote, crib deploy): keep the REPL; not a failed boot
    rp2_board.stopped_on_purpose()
    print("app stopped")
