# The board's firmware as a MicroPython manifest, like a micropython-lib package's: its
# metadata, then its packages. Used to freeze the firmware into a MicroPython build for the
# Pico (rp2 port), so that its bytecode, names and constants stay in flash instead of the
# heap (see hardware/BUILD.md, "Freezing the firmware"). Not copied to the board (crib
# deploy leaves it out). Build from the micropython repository:
#
#   make -C ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/this/firmware/manifest.py
#
# main.py is not frozen: it stays a file on the board's flash, so that deleting or
# replacing it (from safe mode) still stops or changes what runs at power-on.
# The functions are the build's manifest commands (docs: reference/manifest.rst).
metadata(
    description="Electronic cribbage board: the rules core, the app and the RP2040 hardware layer",
    version="0.1.0",  # app.VERSION says the same, as package.json does (pyproject.toml reads app.VERSION)
    license="MIT",
)
include("$(PORT_DIR)/boards/manifest.py")  # the port's own frozen modules: asyncio, ...
package("cribbage")
package("app")
package("hal")
package("shared")
# The native twins (viper) join their packages, compiled for the port's architecture;
# they live in firmware_native/ because mpy-cross compiles native code only for one.
package("app", files=["power_viper.py"], base_path="../firmware_native")
package("hal", files=["viper.py"], base_path="../firmware_native")
