"""The thin hardware layer of the board.

Pure logic (chain mapping, quadrature decoding, debouncing, acceleration, the boot guard and
boot window, the WS2812 PIO program text) runs on both interpreters and is tested everywhere;
the SSD1306 driver needs only ``framebuf`` (the unix port has it); only the ``rp2_*`` modules
touch ``machine`` and ``rp2`` and run on the chip alone.
"""
