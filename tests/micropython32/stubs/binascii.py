# Stand-in for `binascii`, for the 32-bit heap scenario: the WebAssembly port's is micropython-lib's Python
# module over the C one, which at import builds base64 tables with chr() (45 names interned, among them every
# character from \x01 to ";", and its tables in the heap), where the rp2 port's is the C module alone. The app
# uses crc32 only: the C function itself (`ubinascii`: the built-in module under its other name).
from ubinascii import crc32  # noqa: F401
