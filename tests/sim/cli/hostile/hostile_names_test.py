#!/usr/bin/env python3
"""Text from a scenario file is data in every output, never code.

Builds a firefight and a barrage scenario whose title and file name hold
    ` $( ) ; " ' , newline < > & EOD, an escape character and non-ASCII letters,
and whose every other name (sides, units, terrain, weapons, decoys, batteries, missions, Blinds,
registered points) holds all of them but . = ; , " ' (those split --set keys, so a name
holding one is refused at load; malformed_scenarios_test.cpp checks that),
produces every output kind of every command (--json, --csv, --plot png and svg, --report, show
--plot, replay --plot, sweep, tune, balance, sensitivity, compare, merge, the terminal), and checks that:
  - no command ran: a backtick or $( ) in a name would touch a marker file;
  - every CSV reads back rectangular with Python's csv module, and the names come back whole;
  - every JSON parses, every HTML page parses with no element made from a name (<b>), every SVG
    parses as XML, every PNG is a PNG;
  - the terminal gets no raw escape character or NUL from a name;
  - every command succeeds.
Usage: hostile_names_test.py VOLLEY_BINARY
"""
import csv
import html.parser
import io
import json
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree

VOLLEY = os.path.abspath(sys.argv[1])
MARKER = "pwned"
# Each variant is a name; together they hold every hostile character, and each holds a backtick
# and $( ) that would touch the marker. TOML escapes: \n, \u001b (ESC), \" and \\.
HOSTILE = [
    r"""Ünit `touch pwned` $(touch pwned); \"q\" 's', comma <b>bold</b> & amp; Ωμέγα""",
    r'line\nEOD\nset output \"pwned\" `touch pwned`',
    r'esc\u001b[31mred $(touch pwned) <script>x</script> ;',
    r'é,è,à \"\", ``touch pwned`` > < &lt;',
]
failures = []


def fail(message):
    failures.append(message)
    print("FAIL:", message)


def toml_str(variant, suffix):
    return '"' + HOSTILE[variant % len(HOSTILE)] + " " + suffix + '"'


def plain(variant, suffix):
    """The title as volley reads it (TOML unescaped)."""
    return json.loads(toml_str(variant, suffix))


UNADDRESSABLE = ".=;,\"'"  # sim/scenario/addressable_name.hpp


def plain_name(variant, suffix):
    """A name (a list entry's) as volley reads it: the hostile text without the characters a name may not hold."""
    return "".join(c for c in plain(variant, suffix) if c not in UNADDRESSABLE)


def toml_name(variant, suffix):
    return json.dumps(plain_name(variant, suffix), ensure_ascii=False)


SIDE_A, SIDE_B = 0, 1


def side_name(i):  # side names may hold no spaces or tabs, nor the characters a name may not
    return ["h`touch${IFS}pwned`$(touch${IFS}pwned)<b>&Ü", "g$(touch${IFS}pwned)`x`<i>&é"][i]


def side_toml(i):
    return json.dumps(side_name(i), ensure_ascii=False)


FIREFIGHT = f'''
kind = "firefight"
title = {toml_str(0, "firefight")}
turns = 2
sides = [{side_toml(0)}, {side_toml(1)}]
visibility = 30

[[ruleset.weapons]]
name = {toml_name(1, "rifle")}
range = 24.0
dice_per_figure = 1
bands = [6, 4, 4, 2]

[[terrain]]
name = {toml_name(2, "bush")}
area = [0.0, 30.0, 40.0, 36.0]
cover_class = 3

[[terrain]]
name = {toml_name(3, "kopje")}
area = [30.0, 0.0, 32.0, 2.0]
blocks_sight = true

[{side_toml(0)}]
native = true

[[{side_toml(0)}.units]]
name = {toml_name(0, "H1")}
figures = 10
weapon = {toml_name(1, "rifle")}
position = [20.0, 10.0]

[[{side_toml(0)}.units]]
name = {toml_name(3, "H2")}
figures = 6
weapon = {toml_name(1, "rifle")}
zone = [10.0, 8.0, 30.0, 12.0]

[[{side_toml(0)}.decoys]]
name = {toml_name(2, "blank")}
count = 1
zone = [2.0, 2.0, 10.0, 6.0]

[{side_toml(1)}]

[[{side_toml(1)}.units]]
name = {toml_name(1, "Z")}
figures = 12
weapon = {toml_name(1, "rifle")}
target_class = 1
position = [20.0, 28.0]
'''

BARRAGE = f'''
kind = "barrage"
title = {toml_str(1, "barrage")}
turns = 4
sides = [{side_toml(0)}, {side_toml(1)}]
attacker = {side_toml(0)}

[table]
width = 72
depth = 48

[{side_toml(0)}]
nation = "commonwealth"
home_edge = "south"

[[{side_toml(0)}.batteries]]
name = {toml_name(0, "A")}
fire_dice = 4

[[{side_toml(0)}.missions]]
name = {toml_name(2, "RB1")}
battery = {toml_name(0, "A")}
type = "rolling"
start_turn = 1
start = [30, 12]
direction = [0, 1]
speed = 6

[[{side_toml(0)}.units]]
name = {toml_name(3, "Inf1")}
position = [30, 4]
velocity = [0, 6]

[{side_toml(1)}]
nation = "germany"
home_edge = "north"

[[{side_toml(1)}.batteries]]
name = {toml_name(1, "sFH")}
fire_dice = 4

[[{side_toml(1)}.missions]]
name = {toml_name(3, "DF1")}
battery = {toml_name(1, "sFH")}
type = "pre-registered"
mode = "continuous"
points = [{{ name = {toml_name(0, "crossroads")}, at = [30, 24] }}]

[[{side_toml(1)}.units]]
name = {toml_name(0, "HQ")}
position = [36, 40]

[[{side_toml(1)}.units]]
name = {toml_name(2, "Gren1")}

[[{side_toml(1)}.blinds]]
name = {toml_name(1, "B1")}
position = [33, 27]
units = [{{ name = {toml_name(2, "Gren1")}, offset = [0, 0] }}]
'''


def volley(args, expect=0):
    """Runs volley with an argument list: no shell anywhere."""
    r = subprocess.run([VOLLEY] + args, capture_output=True, timeout=600)
    label = " ".join(a.replace("\n", "\\n") for a in args[:3])
    if r.returncode != expect:
        fail(f"{label}: exit {r.returncode}, expected {expect}\n{r.stderr.decode(errors='replace')[-2000:]}")
    for stream, data in (("stdout", r.stdout), ("stderr", r.stderr)):
        if b"\x1b" in data or b"\x00" in data:
            fail(f"{label}: a raw escape character or NUL reached the terminal ({stream})")
    return r


class TagRecorder(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)

    def handle_data(self, data):
        # A name's "<script>x</script>" made into an element would hold exactly "x".
        if self.tags and self.tags[-1] == "script" and data.strip() == "x":
            self.tags.append("script-from-a-name")


def check_outputs(paths, names):
    for path in paths:
        if not os.path.exists(path):
            fail(f"{path}: not written")
            continue
        data = open(path, "rb").read()
        if path.endswith(".csv"):
            rows = list(csv.reader(io.StringIO(data.decode("utf-8"), newline="")))
            widths = {len(row) for row in rows}
            if len(widths) != 1:
                fail(f"{path}: rows of {sorted(widths)} fields, not rectangular")
        elif path.endswith(".json"):
            try:
                json.loads(data.decode("utf-8"))
            except ValueError as e:
                fail(f"{path}: not JSON: {e}")
        elif path.endswith(".html"):
            recorder = TagRecorder()
            recorder.feed(data.decode("utf-8"))
            recorder.close()
            # Tags a name would make if pasted in: <b>, <i>, a second <script>.
            if "b" in recorder.tags or "i" in recorder.tags:
                fail(f"{path}: a name became an HTML element")
            if "script-from-a-name" in recorder.tags:
                fail(f"{path}: a name became a <script>")
        elif path.endswith(".svg"):
            try:
                ElementTree.fromstring(data)
            except ElementTree.ParseError as e:
                fail(f"{path}: not XML: {e}")
        elif path.endswith(".png"):
            if not data.startswith(b"\x89PNG\r\n\x1a\n") or len(data) < 1000:
                fail(f"{path}: not a PNG")
    # The names come back whole: a run's JSON holds the title as written.
    def strings(value):
        if isinstance(value, str):
            yield value
        elif isinstance(value, dict):
            for v in value.values():
                yield from strings(v)
        elif isinstance(value, list):
            for v in value:
                yield from strings(v)

    for path in paths:
        if path.endswith(".json") and os.path.exists(path) and names:
            text = json.load(open(path, encoding="utf-8"))
            if text.get("format") == "volley-result" and names[0] not in strings(text):
                fail(f"{path}: the scenario's title is not in the JSON as written")


def main():
    work = tempfile.mkdtemp(prefix="volley-hostile-")
    os.chdir(work)
    file_stem = "f`touch pwned`$(touch pwned);'\",<b>&Ü\nx"
    scenarios = {"firefight": FIREFIGHT, "barrage": BARRAGE}
    for kind, text in scenarios.items():
        path = os.path.join(work, f"{file_stem}-{kind}.toml")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        title = plain(0 if kind == "firefight" else 1, kind)
        win = f"{side_name(0)}.win" if kind == "firefight" else f"{side_name(1)}.dispersed"
        o = lambda name: os.path.join(work, f"{kind}-{name}")
        volley(["validate", path])
        run = [o("run.json"), o("run.csv"), o("run.png"), o("run.html"), o("run.svg")]
        volley(["run", path, "--trials", "3000", "--quiet", "--json", run[0], "--csv", run[1], "--plot", run[2], "--report", run[3]])
        volley(["run", path, "--trials", "3000", "--quiet", "--all", "--plot", run[4]])
        show = [o("show.png"), o("show.svg")]
        for p in show:
            volley(["show", path, "--plot", p])
        replay = [o("replay.png"), o("replay.svg")]
        for p in replay:
            volley(["replay", path, "--trial", "2", "--trace", "--plot", p])
        # A key with the hostile names in it: a unit's figures (firefight) or a battery's fire dice.
        if kind == "firefight":
            key = f"{side_name(0)}.units.{plain_name(0, 'H1')}.figures"
            lo, hi, vs = "6", "12", "visibility=20"
        else:
            key = f"{side_name(0)}.batteries.{plain_name(0, 'A')}.fire_dice"
            lo, hi, vs = "2", "6", "ruleset.maintain_cost=2"
        sweep = [o("sweep.json"), o("sweep.csv"), o("sweep.svg"), o("sweep.html")]
        volley(["sweep", path, "--param", f"{key}={lo}:{hi}:2", "--trials", "500", "--quiet",
                "--json", sweep[0], "--csv", sweep[1], "--plot", sweep[2], "--report", sweep[3]])
        words = [o("words.csv"), o("words.png")]
        volley(["sweep", path, "--param", f"{key}={lo},{hi}", "--trials", "500", "--quiet", "--csv", words[0], "--plot", words[1]])
        tune = [o("tune.json"), o("tune.csv"), o("tune.png"), o("tune.html")]
        goal = "0.5" if kind == "firefight" else "0.3"
        r = subprocess.run([VOLLEY, "tune", path, "--param", f"{key}={lo}:{hi}", "--target", f"{win}={goal}", "--trials", "500",
                            "--quiet", "--json", tune[0], "--csv", tune[1], "--plot", tune[2], "--report", tune[3]], capture_output=True)
        if r.returncode not in (0, 1):  # 1: the goal is not bracketed, which this test does not care about
            fail(f"tune: exit {r.returncode}\n{r.stderr.decode(errors='replace')}")
        if r.returncode == 1:
            tune = []
        bal = [o("balance.json"), o("balance.csv"), o("balance.svg"), o("balance.png"), o("balance.html")]
        volley(["balance", path, "--free", f"{key}={lo}:{hi}", "--goal", f"{win}={goal}", "--trials", "2048",
                "--json", bal[0], "--csv", bal[1], "--plot", bal[2], "--report", bal[4]])
        volley(["balance", path, "--free", f"{key}={lo}:{hi}", "--goal", f"{win}={goal}", "--trials", "2048", "--quiet", "--plot", bal[3]])
        sens = [o("sens.json"), o("sens.csv"), o("sens.svg"), o("sens.html")]
        volley(["sensitivity", path, "--target", win, "--trials", "300", "--limit", "40", "--quiet",
                "--json", sens[0], "--csv", sens[1], "--plot", sens[2], "--report", sens[3]])
        comp = [o("compare.json"), o("compare.csv"), o("compare.png"), o("compare.html")]
        # The base's --set names the hostile key.
        volley(["compare", path, "--set", f"{key}={hi}", "--vs", vs, "--trials", "2000", "--quiet",
                "--json", comp[0], "--csv", comp[1], "--plot", comp[2], "--report", comp[3]])
        shards = [o("shard1.json"), o("shard2.json")]
        for k, p in enumerate(shards):
            volley(["run", path, "--trials", "9000", "--shard", f"{k + 1}/2", "--quiet", "--json", p])
        merged = [o("merged.json"), o("merged.csv")]
        volley(["merge"] + shards + ["--json", merged[0], "--csv", merged[1]])
        check_outputs(run + show + replay + sweep + words + tune + bal + sens + comp + shards + merged, [title])
    if os.path.exists(os.path.join(work, MARKER)) or os.path.exists(os.path.expanduser("~/" + MARKER)):
        fail("a command ran: the marker file exists")
    if failures:
        print(f"{len(failures)} failures; files in {work}")
        return 1
    print("hostile names: every output is data, no command ran")
    return 0


if __name__ == "__main__":
    sys.exit(main())
