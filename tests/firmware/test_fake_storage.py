"""The tests' storage (fake_storage): new folders, and the RAM flash chip with its power cuts. Tested
because the power-cut tests (the scripts of tests/on_micropython/*_power_cut.py, whose flash is a RamFlash)
trust it: a fake that cut the power in the wrong place, or lost no write, would let them pass for nothing."""

import os

from fake_storage import RamFlash, temp_dir


def test_temp_dir_is_new_and_writable():
    a, b = temp_dir(), temp_dir()
    assert a != b
    assert os.listdir(a) == []
    with open(a + "/f", "w") as f:
        f.write("x")
    assert os.listdir(a) == ["f"]
    os.remove(a + "/f")
    os.rmdir(a)
    os.rmdir(b)


def test_ram_flash_blocks_and_erase():
    flash = RamFlash(4, 16)
    assert flash.ioctl(4, 0) == 4 and flash.ioctl(5, 0) == 16
    assert flash.data == bytearray(b"\xff" * 64)
    flash.writeblocks(1, bytearray(b"abcd"), 2)
    buf = bytearray(6)
    flash.readblocks(1, buf, 1)
    assert buf == bytearray(b"\xffabcd\xff")
    assert flash.ioctl(6, 1) == 0
    flash.readblocks(1, buf, 1)
    assert buf == bytearray(b"\xff" * 6)
    flash.writeblocks(2, bytearray(b"z" * 32))  # no offset: whole blocks 2 and 3
    assert flash.data[32:] == bytearray(b"z" * 32)
    assert flash.writes == 3


def test_ram_flash_power_cut_tears_one_write_then_writes_nothing():
    flash = RamFlash(2, 16)
    flash.cut_after(1, torn=3)
    flash.writeblocks(0, bytearray(b"aaaa"), 0)
    assert not flash.off
    flash.writeblocks(0, bytearray(b"bbbbbb"), 4)  # the power goes during this one
    assert flash.off
    flash.writeblocks(1, bytearray(b"cccc"), 0)  # the power is off: no effect
    flash.ioctl(6, 0)
    assert bytes(flash.data[:12]) == b"aaaabbb\xff\xff\xff\xff\xff"
    assert bytes(flash.data[16:20]) == b"\xff\xff\xff\xff"
    assert flash.writes == 1
    buf = bytearray(4)
    flash.readblocks(0, buf)  # reading still works
    assert buf == bytearray(b"aaaa")
    rebooted = RamFlash(2, 16, data=flash.data)
    rebooted.writeblocks(1, bytearray(b"ok"), 0)  # no cut planned after a reboot
    assert bytes(flash.data[16:18]) == b"ok"


def test_ram_flash_cut_on_an_erase_leaves_the_block():
    flash = RamFlash(2, 16)
    flash.writeblocks(0, bytearray(b"x" * 16), 0)
    flash.cut_after(0, torn=8)
    assert flash.ioctl(6, 0) == 0
    assert flash.off
    assert bytes(flash.data[:16]) == b"x" * 16
