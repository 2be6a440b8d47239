"""The firmware as `crib deploy` sends it: the board's files (``firmware_tree``), compiled by
mpy-cross (``mpy``) or as a ROMFS image (``romfs_image``), made ready to send (``build``), the board's look
(``board_probe``) and the plan of what to send (``plan``)."""


class DeployError(Exception):
    """A deploy step failed; the message says which and why."""
