"""The boot guard counts real failures only: watchdog timeouts (each once) and exceptions out of
the app; power cuts count for nothing. Failures in a row -> safe mode, then the app again."""

import os

from fake_storage import temp_dir

from hal.boot_guard import BootGuard, watchdog_started, watchdog_stopped, watchdog_timed_out

REASON = 0x40058008  # RP2040 datasheet 4.7, WATCHDOG REASON: bit 0 TIMER, bit 1 FORCE
TIMER = 1
FORCE = 2


def remove(folder):
    for name in os.listdir(folder):
        os.remove(folder + "/" + name)
    os.rmdir(folder)


def with_guard(check):
    folder = temp_dir("boot-guard-")
    try:
        check(BootGuard(folder + "/boot_count"), folder)
    finally:
        remove(folder)


class Chip:
    """The watchdog's registers as ``machine.mem32`` shows them, through resets of each kind."""

    def __init__(self):
        self.words = {}
        self.power_on()

    def __getitem__(self, address):
        return self.words.get(address, 0)

    def __setitem__(self, address, value):
        if address == REASON:
            raise AssertionError("REASON is read-only")
        self.words[address] = value

    def power_on(self):  # a power cut, or the first power-on: every register back to 0
        self.words = {}

    def watchdog_reset(self, reason):  # the scratch registers live through it
        self.words[REASON] = reason

    def soft_reboot(self):  # Ctrl-D: MicroPython starts again, the chip is not reset
        pass


def test_power_cuts_at_any_moment_never_lead_to_safe_mode_and_write_nothing():
    def check(guard, folder):
        for _ in range(10):  # unplugged and plugged again, a loose cable: every few seconds
            assert guard.begin(False) is False
        assert guard.failed_boots() == 0 and os.listdir(folder) == []

    with_guard(check)


def test_three_failures_in_a_row_then_safe_mode_then_the_app_again():
    def check(guard, folder):
        assert guard.begin(True) is False  # a watchdog reset
        guard.failed()  # an exception out of the app (main.py resets the board after it)
        assert guard.begin(False) is False  # that reset is not counted again
        assert guard.begin(False) is False  # nor a power cut between failures
        assert guard.begin(True) is True  # the third failure: safe mode
        assert guard.failed_boots() == 0 and guard.begin(False) is False  # the app gets another try
        assert os.listdir(folder) == ["boot_count"]  # no temporary file left behind

    with_guard(check)


def test_exceptions_out_of_the_app_alone_lead_to_safe_mode():
    def check(guard, folder):
        for _ in range(3):
            assert guard.begin(False) is False
            guard.failed()
        assert guard.begin(False) is True

    with_guard(check)


def test_a_healthy_run_or_a_deliberate_stop_clears_the_count():
    def check(guard, folder):
        for end in (guard.healthy, guard.stopped):
            for _ in range(5):
                assert guard.begin(True) is False
                guard.failed()
                end()
            assert guard.failed_boots() == 0

    with_guard(check)


def test_missing_or_damaged_file_counts_as_no_failures():
    def check(guard, folder):
        assert guard.failed_boots() == 0
        with open(guard.path, "w") as f:
            f.write("garbage")
        assert guard.failed_boots() == 0
        assert guard.begin(True) is False
        assert guard.failed_boots() == 1

    with_guard(check)


def test_limit_is_configurable():
    def check(guard, folder):
        one = BootGuard(guard.path, limit=1)
        assert one.begin(True) is True
        assert one.begin(False) is False

    with_guard(check)


def test_a_watchdog_timeout_counts_once_and_a_forced_reset_or_a_stale_reason_never():
    chip = Chip()
    assert watchdog_timed_out(chip) is False  # power-on
    watchdog_started(chip)  # the app runs, starts the watchdog, hangs
    chip.watchdog_reset(TIMER)
    assert watchdog_timed_out(chip) is True
    chip.soft_reboot()  # Ctrl-D in the REPL of safe mode: REASON still says TIMER
    assert watchdog_timed_out(chip) is False
    watchdog_started(chip)  # the app again; it hangs again
    chip.watchdog_reset(TIMER)
    assert watchdog_timed_out(chip) is True
    watchdog_started(chip)
    chip.watchdog_reset(FORCE)  # machine.reset(): a deploy, or main.py after an exception
    assert watchdog_timed_out(chip) is False
    watchdog_started(chip)
    chip.watchdog_reset(TIMER)
    assert watchdog_timed_out(chip) is True
    watchdog_started(chip)  # the app runs again and starts the watchdog ...
    watchdog_stopped(chip)  # ... and is stopped with Ctrl-C (mpremote)
    chip.soft_reboot()  # Ctrl-D: REASON still says TIMER, from the reset before
    assert watchdog_timed_out(chip) is False
    chip.power_on()
    assert watchdog_timed_out(chip) is False
