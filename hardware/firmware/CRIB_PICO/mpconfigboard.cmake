# The cribbage board's MicroPython: a Raspberry Pi Pico (RP2040, 2 MB flash) built with a
# ROMFS partition, so that the firmware's bytecode runs in place from flash instead of being
# loaded into the heap. Needs MicroPython 1.25 or later. From the micropython repository
# (hardware/BUILD.md):
#   make -C ports/rp2 BOARD_DIR=/path/to/this/repository/hardware/firmware/CRIB_PICO
set(PICO_BOARD "pico")
set(PICO_PLATFORM "rp2040")

# Flash layout: firmware 640 KB (the stock RPI_PICO build's space) | ROMFS 256 KB | littlefs
# 1152 KB. The port keeps the littlefs at the end of flash and puts the ROMFS just below it
# (rp2_flash.c), so taking the ROMFS out of the littlefs leaves the firmware its usual room.
# The image `crib deploy` writes is about 60 KB: 256 KB leaves it room to grow fourfold,
# and the littlefs keeps far more than main.py, board.json and the saved games need.
# Both sizes are multiples of the 4 KB flash sector, as rp2_flash.c asserts.
math(EXPR MICROPY_HW_ROMFS_BYTES "256 * 1024")
math(EXPR MICROPY_HW_FLASH_STORAGE_BYTES "1152 * 1024")

# CMake variables, handed to C here: mpconfigport.h only defaults what is not defined, and
# enables the ROMFS (MICROPY_VFS_ROM, vfs.rom_ioctl, the mount at /rom) when its size is
# above 0. Newer ports also pass MICROPY_HW_FLASH_STORAGE_BYTES to the linker themselves
# (to check the firmware stays below the littlefs); the same value twice is no conflict.
list(APPEND MICROPY_DEF_BOARD
    MICROPY_HW_ROMFS_BYTES=${MICROPY_HW_ROMFS_BYTES}
    MICROPY_HW_FLASH_STORAGE_BYTES=${MICROPY_HW_FLASH_STORAGE_BYTES}
)

# No frozen manifest of our own: the port's default one (asyncio and friends). Freezing the
# firmware's packages as well would put them before the ROMFS (".frozen" comes first on
# sys.path) and defeat `crib deploy`'s updates of the image.
