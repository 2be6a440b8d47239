"""A counted show said the way players say it, and as short lines for a small display.

Order: the fifteens ("fifteen two, fifteen four"), then pairs ("a pair", "pair royal",
"double pair royal"), then runs, then the flush and his nobs, each with the running total.
A run with duplicates is said together with the pairs inside it ("a double run of three
is eight" = two runs of three and their pair; "a triple run", "a double double run").
A hand worth nothing is "nineteen", the cribbage joke: no hand can count 19.
"""

_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
          "eighteen", "nineteen", "twenty")
_MULTIPLE_RUN = ("", "", "a double run of %s", "a triple run", "a double double run")
_MULTIPLE_RUN_SHORT = ("", "", "double run %d", "triple run", "double-double")
_ALIKE = ("", "", "a pair", "pair royal", "double pair royal")
_ALIKE_SHORT = ("", "", "pair", "pair royal", "4 of a kind")


def words(n):
    """``n`` (0-39) in English words: ``twenty-nine``."""
    if n <= 20:
        return _WORDS[n]
    tens = "twenty" if n < 30 else "thirty"
    return tens if n % 10 == 0 else tens + "-" + _WORDS[n % 10]


def _items(count):
    """The count as (spoken label, short label, points) after the fifteens, in saying order."""
    alike = []  # (rank, cards of that rank) for every rank that pairs, first seen first
    for pair in count.pairs:
        rank = pair[0] >> 2
        for group in alike:
            if group[0] == rank:
                break
        else:
            group = (rank, [])
            alike.append(group)
        for card in pair:
            if card not in group[1]:
                group[1].append(card)
    items = []
    run_ranks = ()
    multiple = len(count.runs)
    if multiple > 1:
        run_ranks = [c >> 2 for c in count.runs[0]]
    pair_pts = 0
    for rank, cards in alike:
        k = len(cards)
        if rank in run_ranks:
            pair_pts += k * (k - 1)
            continue
        first = not any(label == "a pair" for label, _, _ in items)
        label = _ALIKE[k] if k > 2 or first else "another pair"
        items.append((label, _ALIKE_SHORT[k], k * (k - 1)))
    if multiple == 1:
        n = len(count.runs[0])
        items.append(("a run of " + words(n), "run of %d" % n, n))
    elif multiple > 1:
        n = len(count.runs[0])
        spoken = _MULTIPLE_RUN[multiple]
        short = _MULTIPLE_RUN_SHORT[multiple]
        if multiple == 2:
            spoken = spoken % words(n)
            short = short % n
        items.append((spoken, short, count.run_points + pair_pts))
    if count.flush_points:
        items.append(("a flush", "flush %d" % count.flush_points, count.flush_points))
    if count.nobs_points:
        items.append(("nobs", "nobs", 1))
    return items


def say(count):
    """The whole count in one sentence, e.g. ``fifteen two, fifteen four, and a pair is six``."""
    if count.total == 0:
        return "nineteen"
    parts = []
    running = 0
    for _ in count.fifteens:
        running += 2
        parts.append("fifteen " + words(running))
    for spoken, _, pts in _items(count):
        running += pts
        parts.append(("and " if parts else "") + spoken + " is " + words(running))
    return ", ".join(parts)


def say_lines(count, width=16):
    """The count as short lines (label and running total, ``width`` characters at most), last ``total N``."""
    if count.total == 0:
        return ["nineteen", "total 0"]
    lines = []
    running = 0
    if count.fifteens:
        running = count.fifteen_points
        lines.append(_line("fifteen x%d" % len(count.fifteens), running, width))
    for _, short, pts in _items(count):
        running += pts
        lines.append(_line(short, running, width))
    lines.append(_line("total", count.total, width))
    return lines


def _line(label, n, width):
    number = str(n)
    return label[:width - len(number) - 1] + " " * max(1, width - len(label) - len(number)) + number
