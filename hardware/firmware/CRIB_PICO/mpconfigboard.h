// The cribbage board's MicroPython: a Raspberry Pi Pico (RP2040, 2 MB flash) with a ROMFS
// partition. The flash sizes (MICROPY_HW_ROMFS_BYTES, MICROPY_HW_FLASH_STORAGE_BYTES) are
// set in mpconfigboard.cmake, the one place they are written.
#define MICROPY_HW_BOARD_NAME                   "Raspberry Pi Pico (cribbage board, ROMFS)"
