"""`crib plot [--out race.png] [--game N]`: the race of a game, or of every game of a match, as an image.

x counts the deals: deal n spans n - 1 to n, its number written in the middle (the scores
of a deal spread evenly across it, so the play and the show can be told apart; a deal still
being played spreads them over its first half, leaving room for those to come, and the next
deal is drawn, empty, when a game goes on after a crib: the lone peg of a game's first deal
is in its middle, not on the plot's right edge), y the score; the skunk and double-skunk
lines (or the lurch line) are drawn where the settings put them, and the winner's game hole
is marked. Players' colours are the board's own (its colour preferences, app.prefs, from
app.palette). Drawn with Pillow, without anti-aliasing, so each player's line is exactly
their colour.
"""

from __future__ import annotations

import argparse
import io

from PIL import Image, ImageDraw, ImageFont

from app.palette import CHOICES, DEFAULT_COLOURS
from app.prefs import restore_prefs
from host_shared import NOT_DONE
from host_shared.atomic_write import write_whole
from host_shared.errors import Failed
from host_shared.file_args import file_in_format
from host_shared.untrusted import at_least_one
from host_tools import log_replay
from host_tools.log_source import add_source_arguments, fetch_games, say_gone, say_skipped
from host_tools.log_words import counted
from shared.supply import USB_MA

PANEL = (900, 380)
MARGIN = (60, 40, 20, 40)  # left, top, right, bottom of a panel's plot area
BACKGROUND = (255, 255, 255)
INK = (40, 40, 40)
GRID = (225, 225, 225)
SKUNK_INK = (150, 150, 150)
LINE_WIDTH = 3
MODE = "RGB"  # the image's: the formats --out may name are those Pillow saves an image of this mode in
WELL_KNOWN = (".png", ".jpg", ".gif", ".webp", ".tiff", ".bmp", ".pdf")  # offered when --out names none of them


def side_colours(settings: dict[str, object]) -> list[tuple[int, int, int]]:
    """The colour of each side as the board chooses it from the ``colourN`` preferences in ``settings`` (an index
    into its palette): repaired as the board repairs saved preferences (``app.prefs.restore_prefs``: a bad one
    back to its default, P1 and P3 given one colour told apart), the rest of ``settings`` left out."""
    # (the supply bounds the current limit alone, which is not drawn)
    prefs, _repaired = restore_prefs(settings, USB_MA)
    return [CHOICES[prefs["colour%d" % side]] for side in range(len(DEFAULT_COLOURS))]


def race(game: log_replay.GameRecord) -> list[list[tuple[float, int]]]:
    """Per side, the points (x, score) of its line: x = deal number, a deal's k-th of n events at d - 1 + k/n, so
    that the score at a whole number is the score once that deal was over; the last deal of a game still being
    played, its crib not counted (``playing``), spreads them over its first half, leaving the rest for those to
    come: its k-th at d - 1 + k/2n, its last in the middle, under its number. A score runs flat until the event
    that pegs it, which is a step up (a 29 is no slope from the deal's start)."""
    per_deal: dict[int, list[log_replay.Step]] = {}
    for step in game.steps:
        per_deal.setdefault(step.deal, []).append(step)
    lines: list[list[tuple[float, int]]] = [[(0.0, 0)] for _ in range(game.settings.sides)]
    for deal, steps in sorted(per_deal.items()):
        span = 0.5 if deal == game.deals and playing(game) else 1.0
        for k, step in enumerate(steps, 1):
            x = deal - 1 + span * k / len(steps)
            for side, points in enumerate(step.points):
                if points:
                    line = lines[side]
                    line.append((x, line[-1][1]))
                    line.append((x, step.scores[side]))
    # The others' lines run on, flat, to where the game ended.
    end = lines[game.winner][-1][0] if game.winner is not None else float(drawn_deals(game))
    for side, line in enumerate(lines):
        if side != game.winner and line[-1][0] < end:
            line.append((end, line[-1][1]))
    return lines


def playing(game: log_replay.GameRecord) -> bool:
    """True if ``game``'s last deal is still being played (or was, when the game was abandoned): nobody won, and
    its crib was not counted."""
    return game.winner is None and not game.deal_over


def drawn_deals(game: log_replay.GameRecord) -> int:
    """The deals the x axis spans: the game's (at least one), and the next too when the game goes on once the crib
    of its last was counted (the deal to be played next, empty: the last score is not drawn on the plot's edge)."""
    return max(game.deals, 1) + (game.winner is None and game.deal_over and not game.abandoned)


def deal_ticks(deals: int) -> list[tuple[float, str]]:
    """The x axis's labels, (x, text): each deal's number, whole, in the middle of its span."""
    return [(deal - 0.5, str(deal)) for deal in range(1, deals + 1)]


def marked_lines(game: log_replay.GameRecord) -> list[tuple[int, str]]:
    """The horizontal lines to draw: (score, label) for the skunk rule in force (the board's: ``Settings.lines``)."""
    return [(hole, result) for result, hole in game.settings.lines]


def title(game: log_replay.GameRecord) -> str:
    """Panel title: the game number, the final scores and the outcome."""
    name = game.settings.side_name  # as the board names the sides (T1, T2 in a team game)
    scores = ", ".join("%s: %d" % (name(side), score) for side, score in enumerate(game.final))  # ("T1 20" read
    # as T120)
    if game.winner is not None:
        outcome = "%s wins" % name(game.winner)
        if game.result != "win":
            outcome += " with a %s (counts %d games)" % (game.result, game.worth)
    else:
        outcome = "abandoned" if game.abandoned else "in progress"
    match = "match %d, " % game.match if game.match > 1 else ""  # (a ["new_match"] event began another)
    return "%sgame %d: %s - %s" % (match, game.number, scores, outcome)


def draw_game(draw: ImageDraw.ImageDraw, top: int, game: log_replay.GameRecord,
              colours: list[tuple[int, int, int]]) -> None:
    """Draw one game's panel with its top edge at ``top``, each side's line in ``colours[side]``."""
    font = ImageFont.load_default()
    left, right = MARGIN[0], PANEL[0] - MARGIN[2]
    y0, y1 = top + MARGIN[1], top + PANEL[1] - MARGIN[3]
    deals = drawn_deals(game)
    target = game.settings.target

    def at(x: float, score: int) -> tuple[int, int]:
        return (round(left + (right - left) * x / deals), round(y1 - (y1 - y0) * score / target))

    draw.text((left, top + 12), title(game), fill=INK, font=font)
    for score in range(0, target + 1, 10 if target <= 61 else 20):
        draw.line([at(0, score), at(deals, score)], fill=GRID)
        draw.text((left - 30, at(0, score)[1] - 5), str(score), fill=INK, font=font)
    for deal in range(deals + 1):
        draw.line([at(deal, 0), at(deal, target)], fill=GRID)
    for x, label in deal_ticks(deals):
        draw.text((at(x, 0)[0], y1 + 6), label, fill=INK, font=font, anchor="mt")
    draw.text(((left + right) // 2 - 12, y1 + 20), "deal", fill=INK, font=font)
    for score, label in marked_lines(game):
        _dashed(draw, at(0, score), at(deals, score), SKUNK_INK)
        draw.text((right - 90, at(0, score)[1] - 12), "%s %d" % (label, score), fill=SKUNK_INK, font=font)
    draw.line([at(0, target), at(deals, target)], fill=INK)
    lines = race(game)
    for side, line in enumerate(lines):
        draw.line([at(x, y) for x, y in line], fill=colours[side], width=LINE_WIDTH)
    if game.winner is not None:
        x, y = at(*lines[game.winner][-1])
        draw.ellipse([x - 7, y - 7, x + 7, y + 7], outline=INK, fill=colours[game.winner], width=2)
        draw.text((x - 60, y + 10), "%s wins" % game.settings.side_name(game.winner), fill=INK, font=font)
    for side in range(game.settings.sides):
        lx = left + 10 + 70 * side
        draw.line([(lx, y0 + 8), (lx + 20, y0 + 8)], fill=colours[side], width=LINE_WIDTH)
        draw.text((lx + 25, y0 + 3), game.settings.side_name(side), fill=INK, font=font)


def _dashed(draw: ImageDraw.ImageDraw, start: tuple[int, int], end: tuple[int, int],
            colour: tuple[int, int, int], dash: int = 8) -> None:
    """A horizontal dashed line (the skunk lines)."""
    (x0, y), (x1, _) = start, end
    for x in range(x0, x1, 2 * dash):
        draw.line([(x, y), (min(x + dash, x1), y)], fill=colour, width=2)


def render(games: list[log_replay.GameRecord], colours: list[tuple[int, int, int]]) -> Image.Image:
    """One image: a panel per game, top to bottom."""
    image = Image.new(MODE, (PANEL[0], PANEL[1] * max(len(games), 1)), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for i, game in enumerate(games):
        draw_game(draw, i * PANEL[1], game, colours)
    return image


def run(args: argparse.Namespace) -> int:
    """Plot the race."""
    settings, games, skipped, first = fetch_games(args)
    say_gone(args, first)
    say_skipped(args, skipped)  # the games around them are drawn; the status says it was not all
    games = [g for g in games if g.steps]
    if args.game is not None:
        games = [g for g in games if g.number == args.game][-1:]
    if not games:
        raise Failed("nothing to plot: no game%s in the log" % ("" if args.game is None else " %d" % args.game))
    # the file written is named as --out ends, so Pillow picks the same format; ValueError: it cannot write the
    # image in that format
    write_whole(args.out, lambda temp: render(games, side_colours(settings)).save(temp), (OSError, ValueError))
    print("wrote %s (%s)" % (args.out, counted(len(games), "game")))
    return NOT_DONE if skipped else 0


def saves_as(suffix: str) -> bool:
    """True if Pillow saves an image of ``MODE`` in the format the file extension ``suffix`` names (.png, .JPG):
    some it knows it saves in other modes alone (.xbm, .msp, .palm, .blp) or not at all without a plugin
    (.bufr, .grib, .h5, .wmf)."""
    Image.init()
    name = Image.registered_extensions().get(suffix.lower())
    if name not in Image.SAVE:
        return False
    try:
        Image.new(MODE, (8, 8)).save(io.BytesIO(), format=name)
    except Exception:  # (each format's writer fails in its own way: OSError, ValueError, KeyError...)
        return False
    return True


image_file = file_in_format("match.png", saves_as,
                            lambda: ", ".join(suffix for suffix in WELL_KNOWN if saves_as(suffix)) + "...",
                            "image format crib plot writes")
"""``--out``'s FILE (argparse's type): a file to write whose extension names a format Pillow saves the image in
(``saves_as``)."""


def define(parser: argparse.ArgumentParser, name: str) -> None:
    """Add the arguments of `crib plot` (``name``) to its ``parser``."""
    parser.add_argument("--out", default="race.png", type=image_file, metavar="FILE",
                        help="the image to write, in the format its extension names: .png, .jpg, .gif, .webp... "
                        "(default %(default)s); the file is replaced only once the whole image is written")
    parser.add_argument("--game", type=at_least_one, metavar="N",
                        help="only this game number, from 1 (default: every game of the match); the last so "
                        "numbered: a game abandoned for a new one, or of a match before a new match in the same "
                        "log, shows with every game")
    add_source_arguments(parser)
    parser.set_defaults(func=run)
