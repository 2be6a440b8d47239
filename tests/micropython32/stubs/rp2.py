# Stand-in for the rp2 port's `rp2` module, for the 32-bit heap test (and tests/test_rp2_boot.py): the names
# hal/ uses, doing nothing (the PIO program is left unassembled; frames go nowhere).
class PIO:
    OUT_LOW = OUT_HIGH = SHIFT_LEFT = SHIFT_RIGHT = JOIN_RX = 0


class StateMachine:
    def __init__(self, *args, **kwargs):
        pass

    def active(self, *args):
        return 1

    def tx_fifo(self):
        return 0


class DMA:
    count = 0x3FFFFFFF  # nothing transferred

    def pack_ctrl(self, **kwargs):
        return 0

    def config(self, **kwargs):
        pass

    def active(self, *args):
        return 0

    def close(self):
        pass


def asm_pio(**settings):
    return lambda program: program


def bootsel_button():
    return 0
