"""A counted show said the way players say it.

Order: the fifteens ("fifteen two, fifteen four"), then pairs ("a pair", "a pair royal",
"a double pair royal"), then runs, then the flush and his nobs, each with the running total.
A run with duplicates is said together with the pairs inside it ("a double run of three
is eight" = two runs of three and their pair; "a triple run", "a double double run").
A hand worth nothing is "nineteen", the cribbage joke: no hand can count 19.
``phrases`` is the one source of the words: ``say`` joins them into a sentence, and the board's
display shows them a phrase a line (``app.said``).

A card of the play (``say_play``) is said with the count it makes: "fifteen two",
"twenty-four for a run of three", "thirty for a pair royal", "thirty-one for two", "twelve",
and a go "one for the go" (at the end of the play "one for last").
"""

from micropython import const

_WORDS = const(("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
                "eighteen", "nineteen", "twenty"))
_MULTIPLE_RUN = const(("", "", "a double run of %s", "a triple run", "a double double run"))
_ALIKE = const(("", "", "a pair", "a pair royal", "a double pair royal"))
_AND = const("and ")


def words(n):
    """``n`` (0-39) in English words: ``twenty-nine``."""
    if n <= 20:
        return _WORDS[n]
    tens = "twenty" if n < 30 else "thirty"
    return tens if n % 10 == 0 else tens + "-" + _WORDS[n % 10]


def _items(count):
    """The count after the fifteens as (spoken label, points), in saying order."""
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
        first = not any(label == "a pair" for label, _ in items)
        label = _ALIKE[k] if k > 2 or first else "another pair"
        items.append((label, k * (k - 1)))
    if multiple == 1:
        items.append(("a run of " + words(len(count.runs[0])), len(count.runs[0])))
    elif multiple > 1:
        spoken = _MULTIPLE_RUN[multiple]
        if multiple == 2:
            spoken = spoken % words(len(count.runs[0]))
        items.append((spoken, count.run_points + pair_pts))
    if count.flush_points:
        items.append(("a flush", count.flush_points))
    if count.nobs_points:
        items.append(("his nobs", 1))
    return items


def phrases(count):
    """The count as spoken phrases, each ending on the running total: ``["fifteen two", "and a pair is four"]``."""
    if count.total == 0:
        return ["nineteen"]
    parts = []
    running = 0
    for _ in count.fifteens:
        running += 2
        parts.append("fifteen " + words(running))
    for spoken, pts in _items(count):
        running += pts
        parts.append((_AND if parts else "") + spoken + " is " + words(running))
    return parts


def say(count):
    """The whole count in one sentence, e.g. ``fifteen two, fifteen four, and a pair is six``."""
    return ", ".join(phrases(count))


def _play_item(reason, points, over):
    """One point of the play in words (not the count's own fifteen or thirty-one)."""
    if reason == "run":
        return "a run of " + words(points)
    if reason == "go":
        return "one for last" if over else "one for the go"
    return "a " + reason  # pair, pair royal, double pair royal: "for a pair royal", as for a pair or a run


def say_play(count, reasons, over=False):
    """A card laid or a go said as players say it: ``count`` the count the card made (None for a
    go), ``reasons`` what it pegs as ``cribbage.play.Play.reasons`` ((reason, points) pairs, a go
    point ``("go", 1)``), ``over`` True once the play has ended (the go point is for the last card)."""
    items = list(reasons)
    running = 0
    if count is None:
        said = "go"
    elif items and (items[0][0] == "fifteen" or items[0][0] == "thirty-one"):
        said = words(count) + (" two" if count == 15 else " for two")
        running = 2
        items.pop(0)
    elif items and items[0][0] != "go":
        reason, points = items.pop(0)
        said = words(count) + " for " + _play_item(reason, points, over)
        running = points
    else:
        said = words(count)
    for reason, points in items:
        item = _play_item(reason, points, over)
        if count is None:  # a go's point, said alone
            said = item
        elif not running:  # the first points of this card: no total to add them to
            said += " and " + item
        else:
            said += " and " + item + " is " + words(running + points)
        running += points
    return said
