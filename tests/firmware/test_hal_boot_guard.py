"""Crash-loop detection: three boots in a row that never became healthy -> safe mode."""

import os

from hal.boot_guard import BootGuard
from simulator.virtual_hardware import temp_dir


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


def test_three_failed_boots_then_safe_mode_then_normal_again():
    def check(guard, folder):
        assert [guard.begin() for _ in range(3)] == [False, False, False]
        assert guard.begin() is True  # the fourth boot follows three failures
        assert guard.begin() is False  # safe mode cleared the count: the app gets another try
        assert os.listdir(folder) == ["boot_count"]  # no temporary file left behind

    with_guard(check)


def test_healthy_boot_clears_the_count():
    def check(guard, folder):
        for _ in range(10):
            assert guard.begin() is False
            assert guard.begin() is False
            guard.healthy()
        assert guard.failed_boots() == 0

    with_guard(check)


def test_missing_or_damaged_file_counts_as_no_failures():
    def check(guard, folder):
        assert guard.failed_boots() == 0
        with open(guard.path, "w") as f:
            f.write("garbage")
        assert guard.failed_boots() == 0
        assert guard.begin() is False
        assert guard.failed_boots() == 1

    with_guard(check)


def test_limit_is_configurable():
    def check(guard, folder):
        one = BootGuard(guard.path, limit=1)
        assert one.begin() is False
        assert one.begin() is True

    with_guard(check)


def test_deliberate_stops_never_lead_to_safe_mode():
    def check(guard, folder):
        for _ in range(5):  # deploys in a row, each stopping the app (Ctrl-C) within its first seconds
            assert guard.begin() is False
            guard.stopped()
        assert guard.failed_boots() == 0
        assert [guard.begin() for _ in range(3)] == [False, False, False]  # real failures still count
        assert guard.begin() is True

    with_guard(check)
