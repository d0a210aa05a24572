"""The class vote's join link as a QR code: an SVG that a phone's camera reads off a projector,
drawn here without a network (segno), black on white whatever the page's colours."""

from __future__ import annotations

import segno

QUIET_MODULES = 2  # the white border, in modules: phones read a code on a white page with 2


def join_qr(link: str, pixels: int) -> str:
    """``link`` as an ``<svg>`` of ``pixels`` x ``pixels``; error correction M (15 % of the code
    may be lost to a projector's glare and still read)."""
    code = segno.make(link, error="m", micro=False)
    svg = code.svg_inline(
        scale=1,
        border=QUIET_MODULES,
        dark="#000",
        light="#fff",
        omitsize=True,
        svgclass="join-qr",
        lineclass=None,
    )
    return svg.replace("<svg ", f'<svg width="{pixels}" height="{pixels}" ', 1)
