# Freezes the board's firmware into a MicroPython build for the Pico (rp2 port), so that
# its bytecode, names and constants stay in flash instead of the heap (loaded from .mpy
# files the code takes 70 KB of heap at power-on; see hardware/BUILD.md, section 4.1 and
# "Freezing the firmware"). Not copied to the board (crib deploy leaves it out). Build
# from the micropython repository:
#
#   make -C ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/this/firmware/manifest.py
#
# main.py is not frozen: it stays a file on the board's flash, so that deleting or
# replacing it (from safe mode) still stops or changes what runs at power-on.
# The functions are the build's manifest commands (docs: reference/manifest.rst).
include("$(PORT_DIR)/boards/manifest.py")  # noqa: F821  (the port's own frozen modules: asyncio, ...)
package("cribbage")  # noqa: F821
package("app")  # noqa: F821
package("hal")  # noqa: F821
