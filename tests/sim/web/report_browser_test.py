#!/usr/bin/python3
"""The report page in a real browser.

Headless Chromium (Debian `chromium`, `chromium-driver`, `python3-selenium`) opens the report of a
run, a compare, a sweep, a tune, a sensitivity, a best-play search and a balance, and of a barrage run, and checks for each:
  - no console errors;
  - the page ends with the command line of its --json (command_line); run again (in the same folder,
    with --json), that command gives the same result bit for bit (every field but the time taken,
    the threads and the build);
  - every chart rendered: each canvas has a size and painted pixels, and the map's SVG has marks;
  - the headline sentence's numbers are those of the same command's --json;
  - the map holds one labelled mark per unit and decoy of the scenario (a Blind for the units it hides);
  - hovering a bar shows its value and interval; a legend entry hides and shows a variant;
  - survivors per unit: a bar per unit of the scenario and per variant, each --json's estimate and interval;
  - at 390 px wide (a phone) nothing overflows the viewport on the right: the page does not scroll
    sideways and every chart's canvas ends inside the window (a wide table scrolls in its section);
    at 1280 px every table fits its section (headers and intervals wrap);
  - colours: each variant one colour of its own on every chart; a run's sides the sides' colours; a
    heat map's scale none of those, drawn as a legend, and its table in the same colours;
  - a best-play search: a chart per race, every candidate its --json interval, the eliminated greyed
    and named with the round they left (in the charts and the tables); best responses (a cycle and an
    equilibrium) and the value of a rule: the answer's figures, every step's races, the cycle's matrix
    and its paired differences as --json has them;
  - a two-key sweep is a heat map whose axes name the values (named values included), every cell the
    --json estimate, with the 50% contour drawn where the target crosses it over two numeric keys
    and none across named values;
  - names holding bidirectional format characters (U+202E, ...) cannot reorder what follows them: a
    text holding one as it is stands in an isolate (a <bdi>, an element with dir="auto"); every other
    text shows it as \u202E, and so does the map.
Screenshots of every page, at 1280 px and at 390 px (NAME-390.png), are written to the folder given as
the second argument, for a person to look at; report.png, the top of the compare report, is the README's docs/report.png.

Usage: report_browser_test.py VOLLEY_BINARY SCREENSHOT_DIR
Exit 77 (ctest: skipped) when Chromium, its driver or Selenium is missing.
"""
import json
import math
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import tomllib

SKIP = 77


def skip(why):
    print("SKIPPED: " + why)
    sys.exit(SKIP)


try:
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
except ImportError:
    skip("python3-selenium is not installed (scripts/install-deps --ci)")

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver") or ("/usr/bin/chromedriver" if os.path.exists("/usr/bin/chromedriver") else None)
if not CHROMIUM or not DRIVER:
    skip("chromium or chromium-driver is not installed (scripts/install-deps --ci)")

volley, shots = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
source = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))  # the repository
os.makedirs(shots, exist_ok=True)
work = tempfile.mkdtemp(prefix="volley-browser-")
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAILED: " + what)
    return condition


results = {}  # each page's --json, by page name


def volley_run(name, arguments):
    """Runs volley with --json NAME.json --report NAME.html; returns the parsed JSON."""
    command = [volley] + arguments + ["--quiet", "--json", name + ".json", "--report", name + ".html"]
    done = subprocess.run(command, cwd=work, capture_output=True, text=True)
    if done.returncode != 0:
        print(done.stdout, done.stderr)
        raise SystemExit("volley failed: " + " ".join(command))
    with open(os.path.join(work, name + ".json")) as f:
        results[name] = json.load(f)
        return results[name]


# Fields that say how a result was computed, not what it is.
HOW = {"seconds", "figure_of_merit", "threads", "volley_build", "run_id"}


def what(result):
    if isinstance(result, dict):
        return {k: what(v) for k, v in result.items() if k not in HOW}
    if isinstance(result, list):
        return [what(v) for v in result]
    return result


def check_command_line(name):
    """The page ends with its --json's command line; that command, run again, gives the same result."""
    result = results.get(name)
    shown = driver.execute_script("const c = document.querySelector('#command-line code'); return c ? c.textContent : null")
    if not check(result is not None and shown == result.get("command_line"), f"{name}: the page ends with its command line: {shown!r}"):
        return
    words = shlex.split(shown)
    if not check(words[0] == "volley", f"{name}: the command line is a volley command: {shown}"):
        return
    again = name + "-again.json"
    done = subprocess.run([volley] + words[1:] + ["--quiet", "--json", again], cwd=work, capture_output=True, text=True)
    # An interrupted result (--stop-after-blocks) is interrupted again at the same block.
    if not check(done.returncode == (130 if result.get("partial") else 0), f"{name}: its command line runs: {shown}: {done.stderr}"):
        return
    with open(os.path.join(work, again)) as f:
        repeated = json.load(f)
    same = what(repeated) == what(result)
    if not same:
        differ = sorted(k for k in set(result) | set(repeated) if what(result.get(k)) != what(repeated.get(k)))
        print(f"{name}: fields that differ: {differ}")
    check(same, f"{name}: its command line gives the same result bit for bit: {shown}")


def percent(p):
    return f"{100 * p:.1f}%".replace("-", "\u2212")


def fixed(x, digits):
    return f"{x:.{digits}f}".replace("-", "\u2212")


def signed(x, digits):
    return ("+" if x > 0 else "") + fixed(x, digits)


def grouped(n):
    return f"{round(n):,}"


options = Options()
options.binary_location = CHROMIUM
for flag in ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", "--window-size=1280,2000", "--user-data-dir=" + os.path.join(work, "profile")]:
    options.add_argument(flag)
options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
driver = webdriver.Chrome(service=Service(DRIVER), options=options)

# The painted pixels of a canvas: how many are not fully transparent (Chart.js draws on a clear canvas).
PAINTED = """
const c = arguments[0], g = c.getContext('2d'), d = g.getImageData(0, 0, c.width, c.height).data;
let n = 0; for (let i = 3; i < d.length; i += 4) if (d[i] > 0) ++n; return [c.width, c.height, n];"""


# What sticks out of the viewport on the right: the page's scroll width, and every canvas (chart)
# whose right edge passes the window's inner width.
OVERFLOW = """
const w = window.innerWidth, out = [];
if (document.scrollingElement.scrollWidth > w) out.push('the page scrolls sideways: ' + document.scrollingElement.scrollWidth + ' > ' + w);
document.querySelectorAll('canvas').forEach((c, i) => {
  const r = c.getBoundingClientRect();
  if (r.right > w + 0.5) out.push('chart ' + i + ' (' + (c.closest('.chart')?.querySelector('h3')?.textContent || '?') + ') ends at ' + r.right);
});
return [w, out];"""


def check_phone_width(name):
    """At 390 px (a phone held upright) nothing overflows the viewport on the right; a screenshot of
    the page at that width is kept (NAME-390.png) beside the 1280 px one."""
    driver.set_window_size(390, 844)
    # Chart.js redraws on a resize observer's callback: let it run before measuring.
    driver.execute_script("return new Promise(r => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(r)), 300))")
    width, overflow = driver.execute_script(OVERFLOW)
    check(width <= 390 and not overflow, f"{name}: at {width} px wide nothing overflows the viewport: {overflow}")
    height = driver.execute_script("return Math.ceil(document.documentElement.scrollHeight)")
    driver.set_window_size(390, min(max(height + 40, 844), 16000))
    driver.save_screenshot(os.path.join(shots, name + "-390.png"))


# Tables wider than their section at the desktop width (a column hidden behind a scroll inside the card).
WIDE_TABLES = """
return Array.from(document.querySelectorAll('#volley-report table')).filter(t => t.scrollWidth > t.parentElement.clientWidth + 1)
  .map(t => (t.caption ? t.caption.textContent : t.querySelector('th').textContent) + ': ' + t.scrollWidth + ' > ' + t.parentElement.clientWidth);"""

# Each chart's datasets (not the interval helpers) as [label, colour without its alpha].
COLOURS = """
const rgb = c => { if (Array.isArray(c)) c = c[0]; if (typeof c !== 'string') return null;
  if (c[0] === '#') { const n = parseInt(c.slice(1), 16); return [(n >> 16) & 255, (n >> 8) & 255, n & 255].join(','); }
  const m = /rgba?\\(([^)]*)\\)/.exec(c); return m ? m[1].split(',').slice(0, 3).map(x => Number(x)).join(',') : null; };
return volley.charts().map(c => c.data.datasets.filter(d => !d.helper && !d.contour).map(d => [d.label, rgb(d.type === 'line' || c.config.type === 'line' && d.type !== 'bar' ? d.borderColor : d.backgroundColor), !!d.heat]));"""
PALETTE = {"0,114,178", "213,94,0", "230,159,0", "86,180,233", "0,0,0", "153,153,153"}
SIDES = {"0,158,115", "204,121,167"}


def check_colours(name, labels):
    """One colour per variant on every chart of the page, a different one for each variant."""
    seen = {}
    for chart in driver.execute_script(COLOURS):
        for label, rgb, _ in chart:
            if label in labels:
                seen.setdefault(label, set()).add(rgb)
    check(all(len(c) == 1 for c in seen.values()) and len({next(iter(c)) for c in seen.values()}) == len(seen),
          f"{name}: each variant has one colour of its own on every chart: {seen}")


def open_page(name):
    driver.get("file://" + os.path.join(work, name + ".html"))
    rendered = driver.execute_script("const m = document.getElementById('volley-report'); return m && m.dataset.rendered;")
    check(rendered == "true", f"{name}: the page rendered (volley.render ran)")
    logs = driver.get_log("browser")
    for entry in logs:
        check(entry["level"] not in ("SEVERE", "ERROR"), f"{name}: console error: {entry['message']}")
    charts = int(driver.execute_script("return document.getElementById('volley-report').dataset.charts") or 0)
    canvases = driver.find_elements("css selector", "canvas")
    check(charts >= 1 and len(canvases) == charts, f"{name}: {charts} charts, {len(canvases)} canvases")
    for i, canvas in enumerate(canvases):
        w, h, painted = driver.execute_script(PAINTED, canvas)
        check(w > 0 and h > 0 and painted > 500, f"{name}: chart {i} is drawn ({w}x{h}, {painted} painted pixels)")
    check(not re.search(r'(src|href)="(https?:)?//', driver.page_source), f"{name}: nothing is fetched from a network")
    check_command_line(name)
    height = driver.execute_script("return Math.ceil(document.documentElement.scrollHeight)")
    driver.set_window_size(1280, min(max(height + 40, 800), 16000))
    driver.save_screenshot(os.path.join(shots, name + ".png"))
    wide = driver.execute_script(WIDE_TABLES)
    check(not wide, f"{name}: at 1280 px every table fits its section: {wide}")
    check_phone_width(name)
    driver.set_window_size(1280, 2000)
    return driver.find_element("id", "answer")


def figures(answer):
    """The numbers of the answer sentence: (text as shown, exact value)."""
    return [(s.text, float(s.get_attribute("data-value"))) for s in answer.find_elements("css selector", ".figure")]


def check_figures(name, answer, expected):
    """expected: (text, value) pairs that must be among the sentence's figures, in order."""
    got = figures(answer)
    print(f"{name}: {answer.text}")
    for text, value in expected:
        check(any(t == text and math.isclose(v, value, rel_tol=0, abs_tol=1e-12) for t, v in got),
              f"{name}: the answer shows {text} ({value}) from --json; it has {got}")


def expected_marks(result):
    """One mark per unit and decoy of the scenario (a Blind stands for the units it holds)."""
    scenario = tomllib.loads(result["scenario"]["text"])
    names = []
    for side, table in scenario.items():
        if not isinstance(table, dict) or "units" not in table:
            continue
        in_blinds = {u["name"] for b in table.get("blinds", []) for u in b.get("units", [])}
        names += [u["name"] for u in table["units"] if u["name"] not in in_blinds]
        names += [b["name"] for b in table.get("blinds", [])]
        for d in table.get("decoys", []):
            count = d.get("count", 1)
            names += [d.get("name", "decoy")] * count
    return names


def check_map(name, result):
    marks = driver.find_elements("css selector", "#map g.mark")
    labelled = [m for m in marks if m.find_elements("css selector", "text.label") and
                m.find_element("css selector", "text.label").get_attribute("textContent").strip()]
    expected = expected_marks(result)
    check(len(marks) == len(expected) and len(labelled) == len(marks),
          f"{name}: the map has {len(marks)} marks ({len(labelled)} labelled); the scenario has {len(expected)} units and decoys")
    kinds = {m.get_attribute("data-kind") for m in marks}
    legend = driver.find_element("css selector", "#map g.legend").get_attribute("textContent")
    for kind, words in (("hidden", "hidden unit"), ("decoy", "decoy"), ("blind", "Blind"), ("dummy", "dummy Blind")):
        check((kind in kinds) == (words in legend), f"{name}: the legend names '{words}' exactly when the map draws it")


# What each chart holds, by its title (without the invisible isolates around its names): the category labels and the shown (non-helper) datasets.
CHARTS = """
return volley.charts().map(c => ({
  title: c.canvas.closest('.chart').querySelector('h3').textContent.replace(/[\u2068\u2069]/g, ''), type: c.config.type, labels: c.data.labels || [],
  datasets: c.data.datasets.filter(d => !d.helper).map(d => ({label: d.label, heat: !!d.heat, contour: !!d.contour,
    estimates: d.estimates || null, lows: d.lows || null, highs: d.highs || null,
    points: d.contour ? d.data.filter(p => p.y !== null).length : 0})),
  yTicks: c.scales.y ? c.scales.y.ticks.map(t => String(t.label)) : []
}));"""


# The report's texts holding a bidirectional or invisible format character that no isolate holds
# (see the docstring), and how many the page shows escaped.
UNISOLATED = r"""
const format = /[\u061C\u202A-\u202E\u2066-\u2069\u200B-\u200F]/, loose = [];
const walker = document.createTreeWalker(document.getElementById('volley-report'), NodeFilter.SHOW_TEXT);
for (let node; (node = walker.nextNode());) {
  const text = node.nodeValue, at = node.parentElement;
  if (!format.test(text) || at.closest('bdi, [dir=auto], script, style')) continue;
  loose.push(at.tagName + ': ' + JSON.stringify(text));
}
return loose;"""


def chart_titled(name, title):
    charts = [c for c in driver.execute_script(CHARTS) if c["title"] == title]
    check(len(charts) == 1, f"{name}: one chart titled '{title}', got {[c['title'] for c in driver.execute_script(CHARTS)]}")
    return charts[0] if charts else None


# The middle of the first bar of the first chart (win, draw and loss), from the canvas's centre.
FIRST_BAR = """
const c = volley.charts()[0], bar = c.getDatasetMeta(0).data[0], r = c.canvas.getBoundingClientRect();
return [bar.x - r.width / 2, (bar.y + bar.base) / 2 - r.height / 2];"""


def check_interaction(name, result):
    """Hovering a bar shows its value and interval; a legend entry hides and shows its variant's datasets."""
    from selenium.webdriver.common.action_chains import ActionChains
    driver.execute_script("volley.charts()[0].canvas.scrollIntoView({block: 'center'})")
    dx, dy = driver.execute_script(FIRST_BAR)
    canvas = driver.find_elements("css selector", "canvas")[0]
    ActionChains(driver).move_to_element_with_offset(canvas, int(dx), int(dy)).pause(0.3).perform()
    lines = driver.execute_script("const t = volley.charts()[0].tooltip; return t && t.body ? t.body.flatMap(b => b.lines) : []")
    first = result["variants"][0] if result.get("variants") else "run"
    e = next(x for x in result["estimates"] if x["name"].split("/")[-1] == result["headline"].split("/")[-1] and
             (not result.get("variants") or x["name"].startswith("v0/")))
    shown = f"{first}: {percent(e['estimate'])} [{percent(e['low'])}, {percent(e['high'])}]"
    check(shown in lines, f"{name}: hovering the first bar shows '{shown}', got {lines}")
    # A click on the first legend entry hides that variant's bars and whiskers; a second shows them again.
    legend_click = """
const c = volley.charts()[0], item = c.legend.legendItems[0];
c.options.plugins.legend.onClick(null, item, c.legend);
return c.data.datasets.map((d, i) => [d.group, c.isDatasetVisible(i)]);"""
    hidden = driver.execute_script(legend_click)
    check(all(visible == (group != 0) for group, visible in hidden), f"{name}: the legend hides the first variant's datasets only: {hidden}")
    shown_again = driver.execute_script(legend_click)
    check(all(visible for _, visible in shown_again), f"{name}: a second click shows them again: {shown_again}")


def check_survivors(name, result, variants):
    """Survivors per unit: one bar per unit of the scenario and per variant, each the --json estimate with its interval."""
    c = chart_titled(name, "Survivors per unit")
    if not c:
        return
    prefixes = [f"v{v}/" for v in range(variants)] if variants > 1 else [""]
    units = [m["name"] for m in result["metrics"] if re.fullmatch(r"[^./]+\.units\..+\.figures_left", m["name"][len(prefixes[0]):] if m["name"].startswith(prefixes[0]) else "")]
    units = [u[len(prefixes[0]):] for u in units]
    scenario = tomllib.loads(result["scenario"]["text"])
    in_file = [f"{side}.units.{u['name']}.figures_left" for side, t in scenario.items() if isinstance(t, dict) for u in t.get("units", [])]
    check(sorted(units) == sorted(in_file), f"{name}: a survivors metric per unit of the scenario ({len(units)} metrics, {len(in_file)} units)")
    labels = [f"{u.split('.units.')[1][:-len('.figures_left')]} ({u.split('.units.')[0]})" for u in units]
    check(c["labels"] == labels, f"{name}: survivors labelled by unit and side: {c['labels']}")
    check(len(c["datasets"]) == variants, f"{name}: survivors drawn for {len(c['datasets'])} of {variants} variants")
    estimates = {e["name"]: e for e in result["estimates"]}
    for v, d in enumerate(c["datasets"]):
        for i, u in enumerate(units):
            e = estimates[prefixes[v] + u]
            check(d["estimates"][i] == e["estimate"] and d["lows"][i] == e["low"] and d["highs"][i] == e["high"],
                  f"{name}: survivors of {u}, variant {v}: the chart's {d['estimates'][i]} [{d['lows'][i]}, {d['highs'][i]}] is --json's")


# Each race chart whose title matches `pattern` (its numbers: the search, then the race, or the race
# alone), with its candidates' intervals, colours and ticks.
RACES = """return volley.charts().map(c => { const d = c.data.datasets[0]; return { title: c.canvas.closest('.chart').querySelector('h3').textContent,
  candidates: d.candidates, lows: d.lows, highs: d.highs, colours: d.backgroundColor, ticks: c.scales.y.ticks.map(t => t.label) }; });"""


def check_races(name, pattern, searches):
    """Every race of every search drawn once: each candidate its --json interval, greyed exactly when
    eliminated and named with the round it left. Returns how many were eliminated."""
    charts = [c for c in driver.execute_script(RACES) if re.fullmatch(pattern, c["title"])]
    played = [(i, r) for i, search in enumerate(searches) for r in search["races"] if r["rounds"] > 0]
    check(len(charts) == len(played), f"{name}: a chart per race ({len(charts)} charts, {len(played)} races)")
    eliminated = 0
    for chart in charts:
        numbers = [int(n) for n in re.findall(r"\d+", chart["title"])]
        search = searches[numbers[0] - 1] if len(numbers) == 2 else searches[0]
        cs = search["races"][numbers[-1] - 1]["candidates"]
        check(sorted(chart["candidates"]) == list(range(len(cs))), f"{name}: {chart['title']} draws every candidate")
        for k, i in enumerate(chart["candidates"]):
            c, grey = cs[i], chart["colours"][k].startswith("rgba(184,184,184,")
            check(chart["lows"][k] == c["target"]["low"] and chart["highs"][k] == c["target"]["high"],
                  f"{name}: {chart['title']}, candidate {i}: the interval drawn is --json's")
            check(grey == (c["eliminated_round"] > 0), f"{name}: {chart['title']}, candidate {i}: greyed exactly when eliminated ({chart['colours'][k]})")
            if c["eliminated_round"] > 0:
                eliminated += 1
                check(re.search(r"\(out (in round |r)" + str(c["eliminated_round"]) + r"\)$", chart["ticks"][k]) is not None,
                      f"{name}: the eliminated are named with their round: {chart['ticks'][k]}")
    return eliminated


def table_captioned(caption):
    """The body cells of the table whose caption starts with `caption`, row by row."""
    return driver.execute_script("""const t = Array.from(document.querySelectorAll('#volley-report table')).find(t => t.caption && t.caption.textContent.startsWith(arguments[0]));
return t ? Array.from(t.tBodies[0].rows).map(r => Array.from(r.cells).map(c => c.textContent)) : null;""", caption)


def interval_text(e, f):
    return f"{f(e['estimate'])} [{f(e['low'])}, {f(e['high'])}]"


def search_results(name, searches):
    """Each search's line on a page of several: its best's target and the policy it had, as --json has them."""
    lines = driver.find_elements("css selector", "#volley-report section.search p.search-result")
    check(len(lines) == len(searches), f"{name}: a result line per search ({len(lines)} for {len(searches)})")
    for line, search in zip(lines, searches):
        b, h = search["best"].get("target"), search["file"].get("target")
        if b:
            check_figures(name, line, [(percent(b["estimate"]), b["estimate"]), (percent(b["low"]), b["low"]), (percent(b["high"]), b["high"])] +
                          ([(percent(h["estimate"]), h["estimate"])] if search["best"]["assignments"] != search["file"]["assignments"] else []))


try:
    # run: the headline with its interval and the trial count.
    run = volley_run("run", ["run", "herero-ambush", "--trials", "20000"])
    answer = open_page("run")
    e = next(x for x in run["estimates"] if x["name"] == run["headline"])
    check_figures("run", answer, [(percent(e["estimate"]), e["estimate"]), (percent(e["low"]), e["low"]), (percent(e["high"]), e["high"]),
                                  (grouped(run["tally"]["trials"]), run["tally"]["trials"])])
    check_map("run", run)
    check_survivors("run", run, 1)
    header = driver.execute_script("return Array.from(document.querySelectorAll('.setting')).map(p => p.textContent).join('\\n')")
    check("plays herero: schnellfeuer always; charge orders act in the reload turn (SF-E)" in header, f"run: the header says the policy played: {header}")
    steps = driver.execute_script("return volley.charts().filter(c => /P\\(\u2265 k\\)/.test(c.canvas.closest('.chart').querySelector('h3').textContent))"
                                  ".map(c => c.data.datasets.every(d => d.stepped === 'before'))")
    check(steps and all(steps), f"run: every P(>= k) of a count is drawn as steps: {steps}")
    # A value never observed says so: SF-I's consecutive declarations are 0 in every trial (a count).
    cells = driver.execute_script("return Object.fromEntries(Array.from(document.querySelectorAll('#volley-report table tr'))"
                                  ".filter(r => r.cells.length > 2).map(r => [r.cells[0].textContent, r.cells[2].textContent]))")
    never = next(e for e in run["estimates"] if e["name"] == "herero.consecutive_declarations")
    shown = f"never observed (at most {never['high']:.3f})" if never["high"] > 0 else f"never observed in {grouped(run['tally']['trials'])} trials"
    check(cells.get("herero.consecutive_declarations") == shown, f"run: a count never observed says so: {cells.get('herero.consecutive_declarations')}")
    # A probability never observed (0 of n) gives its exact one-sided bound, 1 - (1 - level)^(1/n), the
    # rule of three generalised, not the wider Wilson upper limit the JSON keeps.
    kinds = {m["name"]: m["kind"] for m in run["metrics"]}
    zeros = [e for e in run["estimates"] if e["estimate"] == 0 and kinds.get(e["name"]) == "probability" and "/" not in e["name"]]
    check(zeros, "run: the run has a probability never observed (the test needs one)")
    for zero in zeros:
        bound = 1 - (1 - run["level"]) ** (1 / run["tally"]["trials"])
        check(cells.get(zero["name"]) == f"never observed (at most {bound:.4f})" and zero["high"] > bound,
              f"run: {zero['name']} never observed, at most {bound:.4f} (Wilson {zero['high']:.4f}): {cells.get(zero['name'])}")
    # A run's sides take the sides' colours, never the run's own (a variant's) colour.
    turns = next((c for c in driver.execute_script(COLOURS) if any(l.endswith(".hits") for l, _, _ in c)), [])
    check(len(turns) == 2 and {rgb for _, rgb, _ in turns} == SIDES, f"run: hits per turn in the two sides' colours: {turns}")

    # compare: which variant wins more, by how much, the paired interval, the trials.
    compare = volley_run("compare", ["compare", "herero-ambush", "--set", "herero.policy=always", "--set", "herero.charge_after=true",
                                     "--vs", "herero.policy=never;herero.charge_after=false", "--trials", "20000"])
    answer = open_page("compare")
    m = next(x for x in compare["comparison"][0]["metrics"] if x["name"] == compare["headline"])
    d, ahead = m["difference"], m["difference"]["estimate"] >= 0
    lo, hi = (d["low"], d["high"]) if ahead else (-d["high"], -d["low"])
    winner, loser = (m["variant"], m["base"]) if ahead else (m["base"], m["variant"])
    check_figures("compare", answer, [(percent(winner["estimate"]), winner["estimate"]), (percent(loser["estimate"]), loser["estimate"]),
                                      (fixed(100 * abs(d["estimate"]), 1), abs(d["estimate"])), (fixed(100 * lo, 1), lo), (fixed(100 * hi, 1), hi),
                                      (grouped(compare["tally"]["trials"]), compare["tally"]["trials"])])
    # The variants are named in the designer's words, the winner first: "herero wins x points more often
    # with normal fire (never, charging when in reach) than with schnellfeuer (always, charging in the reload turn)".
    tactics = compare.get("variant_tactics", [])
    check(tactics == ["schnellfeuer (always, charging in the reload turn)", "normal fire (never, charging when in reach)"],
          f"compare: each variant's tactic in words: {tactics}")
    if len(tactics) == 2:
        won, lost = (tactics[1], tactics[0]) if ahead else (tactics[0], tactics[1])
        said = f"herero wins {fixed(100 * abs(d['estimate']), 1)} points more often with {won} than with {lost}: "
        check(answer.text.startswith(said), f"compare: the headline in the designer's words, the winner first: {answer.text!r}, not {said!r}")
    # Under the answer, what it cost: the trials +-0.01 needs (paired) and the figure of merit, luck-adjusted.
    t = compare["time_to_answer"]
    cost = driver.find_element("id", "time-to-answer").text
    for words in (f"\u00b10.01 on herero.win difference needs about {grouped(t['trials_needed'])} paired trials",
                  f"Figure of merit 1/(R\u00b2T): {grouped(t['figure_of_merit'])} per second", "Luck-adjusted: the controls made the variance"):
        check(words in cost, f"compare: the time to answer says {words!r}: {cost!r}")
    check_map("compare", compare)
    check_survivors("compare", compare, 2)
    check_colours("compare", compare["variants"])
    # The README's picture (docs/report.png): the top of the compare report, as a reader first sees it.
    driver.set_window_size(1280, 1700)
    driver.execute_script("window.scrollTo(0, 0)")
    driver.save_screenshot(os.path.join(shots, "report.png"))
    driver.set_window_size(1280, 2000)
    check_interaction("compare", compare)  # after the picture: the mouse leaves a tooltip open

    # compare of three variants: ranked by the headline's paired difference to the base, highest first,
    # each with its interval to the top and whether it is distinguishable from it.
    ranked = volley_run("compare-ranked", ["compare", "herero-ambush", "--set", "herero.policy=always", "--vs", "herero.policy=never",
                                           "--vs", "german.units.Z1.figures=2", "--trials", "2000"])
    open_page("compare-ranked")
    rows = driver.execute_script("const t = Array.from(document.querySelectorAll('#volley-report table')).find(t => t.caption && "
                                 "t.caption.textContent.startsWith('Variants ranked')); return t ? Array.from(t.tBodies[0].rows)"
                                 ".map(r => Array.from(r.cells).map(c => c.textContent)) : []")
    def to_base(v):
        if v == 0:
            return 0.0
        c = next(c for c in ranked["comparison"] if c["variant"] == v)
        return next(m for m in c["metrics"] if m["name"] == ranked["headline"])["difference"]["estimate"]
    order = sorted(range(len(ranked["variants"])), key=lambda v: -to_base(v))
    shown = [int(r[1].split(":")[0].split()[-1]) if r[1].startswith("variant") else 0 for r in rows]
    check(len(rows) == 3 and shown == order, f"compare-ranked: a row per variant, highest difference to the base first: {shown} for {order}")
    check(all(r[4] in ("below the top", "not distinguishable from the top") for r in rows[1:]), f"compare-ranked: each says where it stands: {rows}")
    driver.save_screenshot(os.path.join(shots, "compare-ranked.png"))

    # sweep: the range of the target over the grid.
    sweep = volley_run("sweep", ["sweep", "herero-ambush", "--param", "german.units.Z1.figures=6:14:4", "--trials", "4096"])
    answer = open_page("sweep")
    low = min(sweep["points"], key=lambda p: p["target"]["estimate"])["target"]["estimate"]
    high = max(sweep["points"], key=lambda p: p["target"]["estimate"])["target"]["estimate"]
    check_figures("sweep", answer, [(percent(low), low), (percent(high), high)])

    # A sweep over named values: categories drawn as bars, no interpolated line.
    # Named values on the first axis are paired on every line: the answer is each line's paired
    # difference, drawn around zero, as --json has it.
    policy = volley_run("sweep-policy", ["sweep", "herero-ambush", "--param", "herero.policy=never,always", "--param",
                                         "ruleset.name=tsatf20,tsatf-d10", "--trials", "4096"])
    answer = open_page("sweep-policy")
    types = driver.execute_script("return volley.charts().map(c => c.config.type)")
    check(types == ["bar"] * 3, f"sweep-policy: the heat map, the named values as bars and the paired differences as bars, got {types}")
    differences = [line["differences"][0]["estimate"] for line in policy["paired"]["lines"]]
    check_figures("sweep-policy", answer, [(f"{100 * d:+.1f} points".replace("-", "\u2212"), d) for d in differences])
    paired = chart_titled("sweep-policy", "herero.win: each herero.policy against never, paired")
    if paired:
        drawn = [d for d in paired["datasets"] if not d.get("helper")]
        check(drawn and drawn[0]["estimates"] == differences, f"sweep-policy: the paired chart's bars are --json's differences {differences}")

    # Two keys, one of them named values: a heat map with both axes named by their values, every cell
    # the --json estimate, its colour scale drawn under it and the grid's table in the same colours;
    # no 50% contour between named values (never and always have nothing between them).
    two = volley_run("sweep-two", ["sweep", "herero-ambush", "--param", "german.units.Z1.figures=4:20:4", "--param", "herero.policy=never,always",
                                   "--trials", "2048"])
    open_page("sweep-two")
    heat = chart_titled("sweep-two", "herero.win over german.units.Z1.figures and herero.policy")
    if heat:
        xs, ys = two["axes"][0]["values"], two["axes"][1]["values"]
        check(heat["labels"] == xs, f"sweep-two: the x axis names the values {xs}, got {heat['labels']}")
        check(heat["yTicks"] == ys, f"sweep-two: the y axis names the values {ys}, got {heat['yTicks']}")
        cells = [d for d in heat["datasets"] if d["heat"]]
        check(len(cells) == len(ys) and all(len(d["estimates"]) == len(xs) for d in cells), "sweep-two: a cell per grid point")
        for p in two["points"]:
            x, y = (a.split("=", 1)[1] for a in p["assignments"])
            got = cells[ys.index(y)]["estimates"][xs.index(x)]
            check(got == p["target"]["estimate"], f"sweep-two: cell {x}, {y} shows {got}, --json has {p['target']['estimate']}")
        check(not [d for d in heat["datasets"] if d["contour"]], "sweep-two: no 50% contour across the named values of herero.policy")
    legend = driver.execute_script("return Array.from(document.querySelectorAll('.heat-legend .heat-ticks span')).map(s => s.textContent)")
    check(legend == ["0.0%", "50%", "100.0%"], f"sweep-two: the heat map's colour scale is drawn with its ends and 50%: {legend}")
    # The table's cells in the heat map's colours: the same cell, the same colour.
    same = driver.execute_script("""
const ch = volley.charts().find(c => c.data.datasets.some(d => d.heat)), heat = ch.data.datasets.filter(d => d.heat);
const t = Array.from(document.querySelectorAll('table')).find(t => t.querySelector('td.heat'));
const norm = c => { const e = document.createElement('i'); e.style.color = c; document.body.appendChild(e); const v = getComputedStyle(e).color; e.remove(); return v; };
return Array.from(t.tBodies[0].rows).flatMap((r, j) => Array.from(r.cells).slice(1).map((td, i) => norm(heat[j].backgroundColor[i]) === getComputedStyle(td).backgroundColor));""")
    check(same and all(same), f"sweep-two: every cell of the grid's table has its heat-map cell's colour: {same}")
    colours = [rgb for chart in driver.execute_script(COLOURS) for _, rgb, is_heat in chart if is_heat]
    check(colours and not (set(colours) & (PALETTE | SIDES)), "sweep-two: the heat map's colours are none of the variants' or sides'")

    # Two numeric keys: the 50% contour where herero.win crosses it.
    nums = volley_run("sweep-numbers", ["sweep", "herero-ambush", "--param", "german.units.Z1.figures=4:20:8", "--param", "german.units.Z2.figures=4:20:8",
                                        "--trials", "1024"])
    open_page("sweep-numbers")
    heat = chart_titled("sweep-numbers", "herero.win over german.units.Z1.figures and german.units.Z2.figures")
    if heat:
        crosses = min(p["target"]["estimate"] for p in nums["points"]) < 0.5 < max(p["target"]["estimate"] for p in nums["points"])
        contour = [d for d in heat["datasets"] if d["contour"]]
        check(crosses, "sweep-numbers: the grid crosses 50% (else this test shows no contour)")
        check(len(contour) == 1 and contour[0]["points"] >= 2, f"sweep-numbers: the 50% contour is drawn ({contour})")

    # tune: an integer parameter's whole numbers, each with its estimate.
    tune = volley_run("tune", ["tune", "herero-ambush", "--param", "german.units.Z1.figures=4:20", "--target", "herero.win=0.5", "--trials", "4096"])
    answer = open_page("tune")
    if check(tune.get("answer"), "tune: an integer parameter has whole-number answers"):
        ends = [p for p in tune["points"] if p["x"] in tune["bracket"]]
        check_figures("tune", answer, [(str(round(p["x"])), p["x"]) for p in ends] + [(fixed(p["estimate"], 4), p["estimate"]) for p in ends])

    # sensitivity: the levers that move the target most.
    sens = volley_run("sensitivity", ["sensitivity", "herero-ambush", "--target", "herero.win", "--trials", "2048", "--limit", "6"])
    answer = open_page("sensitivity")
    def biggest(p):
        sides = [s for s in (p.get("down"), p.get("up")) if s]
        return max(sides, key=lambda s: abs(s["change"]))
    top = sorted(sens["parameters"], key=lambda p: -abs(biggest(p)["change"]))[0]
    check(top["parameter"] in answer.text, f"sensitivity: the strongest lever {top['parameter']} is named")
    check_figures("sensitivity", answer, [(signed(biggest(top)["change"], 3), biggest(top)["change"])])

    # best: the answer (best policy, its target, the file's, the paired difference) as --json has it, a
    # chart per race with every candidate's interval, the eliminated greyed and named with their round.
    best = volley_run("best", ["best", "herero-ambush", "--side", "herero", "--trials", "2000"])
    answer = open_page("best")
    b, f, d = best["best"]["target"], best["file"]["target"], best["difference"]
    check_figures("best", answer, [(percent(b["estimate"]), b["estimate"]), (percent(b["low"]), b["low"]), (percent(b["high"]), b["high"]),
                                   (percent(f["estimate"]), f["estimate"]), (percent(f["low"]), f["low"]), (percent(f["high"]), f["high"]),
                                   (fixed(100 * d["estimate"], 1), d["estimate"]), (fixed(100 * d["low"], 1), d["low"]),
                                   (fixed(100 * d["high"], 1), d["high"]), (grouped(best["confirm_trials"]), best["confirm_trials"])])
    sets = " ".join("--set " + a for a in best["best"]["assignments"])
    check(sets in answer.text, f"best: the answer gives the best policy as --set assignments ({sets})")
    eliminated = check_races("best", r"Race \d+", [best])
    greyed_rows = driver.execute_script("return document.querySelectorAll('#volley-report tr td.name.out').length")
    check(greyed_rows == eliminated, f"best: the tables grey the {eliminated} eliminated candidates ({greyed_rows} rows)")

    # An interrupted search: its page says PARTIAL, gives the best so far without figures, and draws
    # only the races that played a round.
    done = subprocess.run([volley, "best", "herero-ambush", "--side", "herero", "--trials", "2000", "--stop-after-blocks", "6", "--quiet",
                           "--json", "best-partial.json", "--report", "best-partial.html"], cwd=work, capture_output=True, text=True)
    check(done.returncode == 130, f"best-partial: an interrupted search exits 130 ({done.returncode}): {done.stderr}")
    with open(os.path.join(work, "best-partial.json")) as f:
        partial = results["best-partial"] = json.load(f)
    answer = open_page("best-partial")
    check(partial["partial"] and answer.text.startswith("PARTIAL"), f"best-partial: the answer says PARTIAL: {answer.text}")
    check(not figures(answer), "best-partial: no figure is given for a search that did not end")
    drawn = int(driver.execute_script("return document.getElementById('volley-report').dataset.charts"))
    check(drawn == len([r for r in partial["races"] if r["rounds"] > 0]), f"best-partial: a chart per race that played a round ({drawn})")

    # best --respond ending in a cycle: the Hereros free to hold or charge with N1, N2 and S1 (the rest
    # charging), the Germans their whole space. The answer gives the cycle's lowest and highest cell as
    # --json has them; the matrix is drawn and tabled, every two cells of a row or a column paired.
    units = "herero.units"
    herero_space = ["--set", "herero.charge_after=false"] + [a for u in ("N3", "N4", "M1", "M2", "S2") for a in ("--set", f"{units}.{u}.orders=charge")]
    herero_fixed = ["herero.keep_hidden", "herero.reconceal", "herero.charge_after", "herero.hidden_fire"] + \
                   [f"{units}.{u}.orders" for u in ("N3", "N4", "M1", "M2", "S2")]
    cyc = volley_run("best-respond", ["best", "herero-ambush", "--side", "herero"] + herero_space +
                     [a for u in ("N1", "N2", "S1") for a in ("--space", f"{units}.{u}.orders=hold,charge")] +
                     [a for k in herero_fixed + ["herero.policy"] for a in ("--fix", k)] + ["--respond", "--trials", "4096"])
    answer = open_page("best-respond")
    if check(cyc["ending"] == "cycle" and "cycle" in cyc, f"best-respond: the responses cycle (else this test shows no matrix): {cyc['ending']}"):
        cycle = cyc["cycle"]
        cells = [c for row in cycle["matrix"] for c in row]
        lo, hi = min(cells, key=lambda c: c["estimate"]), max(cells, key=lambda c: c["estimate"])
        check_figures("best-respond", answer, [(percent(lo[k]), lo[k]) for k in ("estimate", "low", "high")] +
                      [(percent(hi[k]), hi[k]) for k in ("estimate", "low", "high")] + [(grouped(cycle["trials"]), cycle["trials"])])
        shown = table_captioned("The matrix")
        check(shown == [[f"herero {i + 1}"] + [interval_text(c, percent) for c in row] for i, row in enumerate(cycle["matrix"])],
              f"best-respond: the matrix's table is --json's: {shown}")
        drawn = chart_titled("best-respond", "herero.win in each game of the cycle")
        if drawn:
            check([(d["estimates"], d["lows"], d["highs"]) for d in drawn["datasets"]] ==
                  [([c["estimate"] for c in row], [c["low"] for c in row], [c["high"] for c in row]) for row in cycle["matrix"]],
                  "best-respond: the cycle's chart draws every cell with its --json interval")
        pairs = table_captioned("Paired differences")
        columns = len(cycle["columns"])
        check(len(cycle["differences"]) == columns * len(cycle["rows"]) * (len(cycle["rows"]) - 1) // 2 + len(cycle["rows"]) * columns * (columns - 1) // 2,
              f"best-respond: every two cells of a row or a column are paired ({len(cycle['differences'])})")
        expected = []
        for d in cycle["differences"]:
            e = d["difference"]
            pair_name = (f"against german {d['column'] + 1}: herero {d['row'] + 1} \u2212 herero {d['other_row'] + 1}" if d["column"] == d["other_column"] else
                    f"herero {d['row'] + 1}: against german {d['column'] + 1} \u2212 against german {d['other_column'] + 1}")
            expected.append([pair_name, f"{signed(100 * e['estimate'], 1)} [{signed(100 * e['low'], 1)}, {signed(100 * e['high'], 1)}] points"])
            first, second = cycle["matrix"][d["row"]][d["column"]], cycle["matrix"][d["other_row"]][d["other_column"]]
            check(math.isclose(e["estimate"], first["estimate"] - second["estimate"], abs_tol=1e-12),
                  f"best-respond: a paired difference is its cells' difference on the same trials ({d})")
        check(pairs == expected, f"best-respond: the paired differences' table is --json's: {pairs}")
    steps = driver.execute_script("return Array.from(document.querySelectorAll('#volley-report table')).find(t => t.caption && t.caption.textContent.startsWith('Each step')).tBodies[0].rows.length")
    check(steps == len(cyc["steps"]), f"best-respond: a row per step in the sequence of best responses ({steps})")
    check_races("best-respond", r"Step \d+, race \d+", cyc["steps"])
    search_results("best-respond", cyc["steps"])

    # best --respond ending in an equilibrium (the Germans first, a small space): the answer gives each
    # side's target in the game both kept, as --json has it.
    eq = volley_run("best-equilibrium", ["best", "herero-ambush", "--side", "german", "--space", "german.units.Z1.orders=hold,charge", "--fix",
                                         "german.units.Z2.orders", "--fix", "german.charge_after", "--fix", "german.hidden_fire", "--set",
                                         "herero.charge_after=false"] + [a for u in ("N1", "N2", "N3", "N4", "M1", "M2", "S1", "S2")
                                                                          for a in ("--set", f"{units}.{u}.orders=charge")] + ["--respond", "--trials", "4096"])
    answer = open_page("best-equilibrium")
    if check(eq["ending"] == "equilibrium", f"best-equilibrium: the responses settle (else this test shows none): {eq['ending']}"):
        check_figures("best-equilibrium", answer, [(percent(v[k]), v[k]) for v in eq["equilibrium"]["values"] for k in ("estimate", "low", "high")])
    check_races("best-equilibrium", r"Step \d+, race \d+", eq["steps"])

    # best --value: the rule's paired worth, each game's target and the trials as --json has them, and
    # the four searches' races.
    val = volley_run("best-value", ["best", "herero-ambush", "--side", "herero"] + herero_space + ["--space", "herero.policy=never,always", "--space",
                                    f"{units}.N1.orders=hold,charge"] + [a for k in herero_fixed + [f"{units}.N2.orders", f"{units}.S1.orders"]
                                                                         for a in ("--fix", k)] + ["--value", "herero.policy", "--trials", "4096"])
    answer = open_page("best-value")
    d = val["difference"]
    check_figures("best-value", answer, [(signed(100 * d[k], 1), d[k]) for k in ("estimate", "low", "high")] +
                  [(percent(val[g][k]), val[g][k]) for g in ("value_with", "value_without") for k in ("estimate", "low", "high")] +
                  [(grouped(val["trials"]), val["trials"])])
    check("herero.policy=never" in answer.text, f"best-value: the answer names the rule's off value: {answer.text}")
    searches = [val[k] for k in ("with", "without", "reply_with", "reply_without")]
    check_races("best-value", r"Search \d+, race \d+", searches)
    search_results("best-value", searches)

    # balance: the answer's count and first setting as --json has them, every setting that finished a
    # look drawn once, the answer ringed, and a table row per setting.
    bal = volley_run("balance", ["balance", "--free", "german.units.Z1.figures=10:14", "--free", "german.units.Z2.figures=8:10",
                                 "--goal", "herero.win=0.5", "--goal", "turn_decided>=2.3", "--tolerance", "0.03", "--trials", "8192"])
    answer = open_page("balance")
    check_figures("balance", answer, [(str(len(bal["answer"])), len(bal["answer"]))])
    first = " ".join(bal["candidates"][bal["answer"][0]]["assignments"])
    check(first in answer.text, f"balance: the answer names the setting that changes least ({first})")
    drawn = driver.execute_script("const d = volley.charts()[0].data.datasets;"
                                  "return [d.filter(x => x.group !== 'answer').reduce((n, x) => n + x.data.length, 0),"
                                  " d.filter(x => x.group === 'answer').reduce((n, x) => n + x.data.length, 0)]")
    check(drawn == [len([c for c in bal["candidates"] if c["goals"]]), len(bal["answer"])],
          f"balance: every setting drawn once and the answer ringed ({drawn})")
    rows = driver.execute_script("const t = document.querySelectorAll('#volley-report table'); return t[t.length - 1].tBodies[0].rows.length")
    check(rows == len(bal["candidates"]), f"balance: a row per setting ({rows})")

    # dice: opposed sums spelled out as --json has them, each law's views drawn (P(= k); P(>= k) and
    # P(<= k)), and the table in percent; an exploding die simulated beside its exact law.
    dice = volley_run("dice", ["dice", "4d6kh3", "vs", "3d6"])
    answer = open_page("dice")
    o = dice["opposed"]
    check_figures("dice", answer, [(percent(o["a_wins"]), o["a_wins"]), (percent(o["tie"]), o["tie"]), (percent(o["b_wins"]), o["b_wins"])])
    check("4d6kh3 wins" in answer.text and "3d6 wins" in answer.text, f"dice: the answer names both sides: {answer.text}")
    row = driver.execute_script("const r = Array.from(document.querySelectorAll('#volley-report tbody tr')).find(r => r.cells[0].textContent === '0');"
                                "return r ? Array.from(r.cells).map(c => c.textContent) : null")
    zero = next(d for d in dice["laws"][0]["distribution"] if d["value"] == 0)
    check(row == ["0", f"{100 * zero['exact']:.2f}%", f"{100 * zero['at_least']:.2f}%", f"{100 * zero['at_most']:.2f}%"],
          f"dice: the row of a tie is --json's P(= 0), P(>= 0), P(<= 0) in percent: {row}")
    volley_run("dice-exploding", ["dice", "d6!", "--simulate", "8192"])
    open_page("dice-exploding")
    note = driver.execute_script("return Array.from(document.querySelectorAll('p.more')).map(p => p.textContent).join(' ')")
    check("at most 20 times" in note and "beyond" in note, f"dice-exploding: the page says the cap and the mass beyond it: {note}")

    # Names with a right-to-left override and a zero-width space.
    with open(os.path.join(source, "tests", "data", "single-volley.toml")) as f:
        bidi_text = f.read().replace('name = "H"', 'name = "H\\u202E1 9"').replace('name = "Z"', 'name = "Z\\u200B"')
    with open(os.path.join(work, "bidi.toml"), "w") as f:
        f.write(bidi_text.replace('title = "Single volley"', 'title = "Single \\u202Evolley"'))
    volley_run("bidi", ["run", "bidi.toml", "--trials", "4096"])
    open_page("bidi")
    loose = driver.execute_script(UNISOLATED)
    check(not loose, f"bidi: every name with a format character is isolated, these are not: {loose}")
    isolated = driver.execute_script("return Array.from(document.querySelectorAll('#volley-report code[dir=auto], #volley-report bdi'))"
                                     ".filter(e => e.textContent.includes('\\u202e')).length")
    escaped = driver.execute_script("return document.getElementById('volley-report').textContent.includes('H\\\\u202E1 9')")
    check(isolated > 0 and escaped, f"bidi: the names stand isolated ({isolated}) and, inside other text, escaped ({escaped})")
    check(not re.search("[\u202a-\u202e\u2066-\u2069\u200b-\u200f]", driver.find_element("id", "map").get_attribute("innerHTML")),
          "bidi: the map shows the format characters escaped")

    # A barrage: Blinds, dummies and the missions on the map.
    barrage = volley_run("barrage", ["run", "rolling-barrage", "--trials", "8192"])
    open_page("barrage")
    check_map("barrage", barrage)
    check(len(driver.find_elements("css selector", "#map g.fire")) > 0, "barrage: the missions are drawn")
    # Its first screen says what the barrage achieved (the headline's interval ends told apart) and why:
    # the attacker's fire missions, each a mean with its interval as --json has it.
    shown = [f.text for f in driver.find_elements("css selector", "#answer .figure")]
    check(len(shown) >= 3 and shown[1] != shown[2], f"barrage: the headline's interval ends are told apart: {shown}")
    panel = driver.execute_script("const h = Array.from(document.querySelectorAll('h2')).find(h => h.textContent === 'Fire missions');"
                                  "return h ? Array.from(h.parentElement.querySelectorAll('tbody tr')).map(r => [r.cells[0].textContent, r.cells[1].textContent]) : null")
    started = next(e for e in barrage["estimates"] if e["name"] == "british.missions_started")
    # Decimals from 2 up to 4, enough that the interval's width shows in three units of the last digit.
    dg = next((d for d in (2, 3) if started["high"] <= started["low"] or (started["high"] - started["low"]) * 10 ** d >= 3), 4)
    check(panel and ["missions started or called", f"{started['estimate']:.{dg}f} [{started['low']:.{dg}f}, {started['high']:.{dg}f}]"] in panel,
          f"barrage: a missions panel gives british's missions started as --json has them: {panel}")
    top = driver.execute_script("const c = volley.charts().find(c => c.canvas.closest('.chart').querySelector('h3').textContent === 'Outcomes');"
                                "return c ? c.scales.y.max : null")
    check(top is not None and top < 0.5, f"barrage: the outcome bars (a few percent) are drawn on an axis that fits them, not 0-100% (top {top})")
    # The headline leads with the chance of dispersing any unit of the side under fire, in percent,
    # then the mean with decimals enough that its interval's width shows (three units of the last digit).
    any_dispersed = next(e for e in barrage["estimates"] if e["name"] == "german.any_dispersed")
    check(shown[:3] == [f"{100 * any_dispersed[k]:.1f}%" for k in ("estimate", "low", "high")],
          f"barrage: the headline gives german.any_dispersed in percent as --json has it: {shown}")
    mean_shown = shown[3:6]
    decimals = len(mean_shown[1].split(".")[1]) if "." in mean_shown[1] else 0
    width = float(mean_shown[2]) - float(mean_shown[1])
    check(decimals == 4 or width * 10 ** decimals >= 2.5, f"barrage: the mean's interval shows its width: {mean_shown}")
    # A mission figure's interval ends told apart where --json's differ (a rare one, 0.012 [0.010, 0.014],
    # is not 0.01 [0.01, 0.01]).
    edge = next(e for e in barrage["estimates"] if e["name"] == "british.missions_ended_edge")
    edge_row = next((row[1] for row in panel if row[0] == "rolling barrages ended at the table edge"), "")
    edge_ends = re.findall(r"\[(\S+), (\S+)\]", edge_row)
    check(edge["high"] > edge["low"] and edge_ends and edge_ends[0][0] != edge_ends[0][1],
          f"barrage: a rare mission figure's interval is not collapsed by rounding: {edge_row}")
    # What the barrage did to the side under fire comes before the firing side's own losses.
    order = driver.execute_script("const c = volley.charts().find(c => c.canvas.closest('.chart').querySelector('h3').textContent === 'Outcomes');"
                                  "return [c.data.labels, Array.from(document.querySelectorAll('.chart h3')).map(h => h.textContent)]")
    check(order[0][0] == "german.any_dispersed" and order[1][1].startswith("german."),
          f"barrage: the side under fire first, in the outcomes and in the pictures: {order[0]}, {order[1][:3]}")
    # The outcome axis's ticks in percent are each different (2.5%, not a second 3%), and a whisker is a
    # line, not a block.
    ticks = driver.execute_script("const c = volley.charts().find(c => c.canvas.closest('.chart').querySelector('h3').textContent === 'Outcomes');"
                                  "return [c.scales.y.ticks.map(t => t.label), c.getDatasetMeta(1).data.map(b => b.width)]")
    check(len(set(ticks[0])) == len(ticks[0]), f"barrage: the outcome axis's ticks are told apart: {ticks[0]}")
    check(ticks[1] and max(ticks[1]) <= 3, f"barrage: the whiskers are at most 3 px wide: {ticks[1]}")
    comeback = next(m for m in barrage["balance_measures"] if m["name"] == "comeback_chance")
    cells = driver.execute_script("const h = Array.from(document.querySelectorAll('h2')).find(h => h.textContent === 'Balance measures');"
                                  "return Array.from(h.parentElement.querySelectorAll('tbody tr')).map(r => [r.cells[0].textContent, r.cells[1].textContent])")
    if comeback["low"] == 0 and comeback["high"] == 1:
        check(["comeback_chance", "no game had a side behind after turn 1"] in cells,
              f"barrage: a comeback chance with no game behind says so, not [0%, 100%]: {cells}")
finally:
    driver.quit()

if failures:
    print(f"{len(failures)} failed; pages in {work}, screenshots in {shots}")
    sys.exit(1)
print(f"all pages checked; screenshots in {shots}")
shutil.rmtree(work, ignore_errors=True)
