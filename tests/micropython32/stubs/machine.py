# Stand-in for the rp2 port's `machine` module, for the 32-bit heap test (and tests/test_rp2_boot.py): the
# names hal/ uses, doing nothing, so hal.rp2_board builds the real board's hardware objects (and their buffers).
class Pin:
    IN = OUT = PULL_UP = IRQ_FALLING = IRQ_RISING = 0

    def __init__(self, *args, **kwargs):
        pass

    def value(self, *args):
        return 1  # every contact pulls up: nothing pressed

    def irq(self, *args, **kwargs):
        pass

    def on(self):
        pass

    def off(self):
        pass


class Timer:
    ONE_SHOT = 0

    def __init__(self, *args, **kwargs):
        pass

    def init(self, *args, **kwargs):
        pass


class I2C:
    def __init__(self, *args, **kwargs):
        pass

    def scan(self):
        return [0x3C]  # the display answers

    def writeto(self, address, data, stop=True):
        return 1

    def writevto(self, address, buffers, stop=True):
        return 1


class WDT:
    def __init__(self, *args, **kwargs):
        pass

    def feed(self):
        pass


mem32 = {}
