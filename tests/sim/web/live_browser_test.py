#!/usr/bin/python3
"""The live page of `volley serve` in a real browser (headless Chromium, chromium-driver, python3-selenium).

Opens the page, changes the Herero policy, waits for the answer, reads the numbers on the page and
compares them with `volley run --json` at the same settings, bit for bit; pins A, changes B and reads
the paired difference against `volley compare --json`; sweeps and tunes a key from the page (the
server's POST /api/sweep and /api/tune) against `volley sweep --json` and `volley tune --json`, and
stops a sweep after its first point (the partial sweep drawn, the server's runs ended); sweeps a
policy against a second key (ruleset.name) from the page against `volley sweep --param A --param B
--json`, paired differences included; sets a policy with the policy editor (min-targets:2) against
`volley run --set herero.policy=min-targets:2`; searches a side's best play from the page against `volley best --json`; balances
two keys toward two goals from the balance form, and again with both sides playing well, against `volley balance --json`; downloads the JSON, CSV and report of each kind of result. Measures the time from a change to the first
result drawn (the page records it in window.volleyTiming, after the frame that shows it; reported,
not asserted) and keeps a screenshot.

Checks the key filter (typing hides the rows that do not match) and that the scenario's decisions
lead the form; at 390 px wide (a phone) the form stands above the results and nothing overflows the
viewport (screenshots at 1366 and 390 px in --shots).

usage: tests/sim/web/live_browser_test.py BUILD/volley [--screenshot docs/serve.png] [--changes 10] [--shots DIR]
"""
import argparse
import json
import os
import shlex
import socket
import statistics
import subprocess
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cli_json(volley, arguments, tmp, cwd=None):
    out = os.path.join(tmp, "cli.json")
    subprocess.run([volley] + arguments + ["--json", out, "--quiet"], check=True, stdout=subprocess.DEVNULL, cwd=cwd)
    with open(out) as f:
        return json.load(f)


def download_all(driver, downloads, container, stem):
    """Clicks the JSON, CSV and report links of a result on the page and waits for the three files."""
    for kind in ("json", "csv", "report"):
        driver.find_element(By.CSS_SELECTOR, f"#{container} a[data-kind='{kind}']").click()
    files = {stem + ".json", stem + ".csv", stem + ".html"}
    WebDriverWait(driver, 20).until(lambda d: files <= set(os.listdir(downloads)))


TOKEN = "browser-test-token-" + os.urandom(8).hex()


def d_status(driver):
    """The study's status line."""
    return driver.find_element(By.ID, "study-status").text


def api_status(port):
    """GET /api/status with the token, as a script would."""
    import http.client
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", "/api/status", headers={"Authorization": "token " + TOKEN})
    status = json.loads(conn.getresponse().read())
    conn.close()
    return status


HOSTILE_PAGE = """<!doctype html><title>another site</title><body>
<form id="form" method="POST" action="http://127.0.0.1:{port}/api/run" enctype="text/plain">
<input name='{{"trials": 4096, "x": "' value='"}}'></form>
<script>
const server = 'http://127.0.0.1:{port}';
fetch(server + '/api/run', {{method: 'POST', mode: 'no-cors', headers: {{'Content-Type': 'text/plain'}}, body: '{{"trials": 4096}}'}}).catch(() => {{}});
fetch(server + '/api/stop', {{method: 'POST', mode: 'no-cors', body: '{{"client": "x"}}'}}).catch(() => {{}});
for (const path of ['/api/scenario?name=%ff%fe', '/%ff', '/api/status', '/api/run?%c0%80']) {{
  const img = new Image(); img.src = server + path; document.body.appendChild(img);
}}
setTimeout(() => {{ document.title = 'sent'; document.getElementById('form').submit(); }}, 1000);
</script>"""


def check_other_origins(driver, volley_port, server, check):
    """A page on another origin of this machine (a second local server on another port: the same
    "site", so the browser sends the page's SameSite=Strict cookie with its requests) tries a no-cors
    POST, a form POST and <img>s with bad URLs: the server refuses them all and starts no run."""
    import http.server
    import threading
    folder = tempfile.mkdtemp()
    with open(os.path.join(folder, "index.html"), "w") as f:
        f.write(HOSTILE_PAGE.format(port=volley_port))
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass
    handler = lambda *a, **k: Quiet(*a, directory=folder, **k)
    other = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    try:
        before = api_status(volley_port)["runs_started"]
        for host in ("127.0.0.1", "localhost"):
            driver.get(f"http://{host}:{other.server_address[1]}/index.html")
            WebDriverWait(driver, 20).until(lambda d: d.title == "sent" or "another site" not in d.title)
            time.sleep(2)  # the form's POST navigates; the fetches and images have gone out
        check(server.poll() is None, "the server is unharmed by another origin's no-cors POST, form POST and bad <img> URLs")
        check(api_status(volley_port)["runs_started"] == before, "another origin's requests started no run")
        driver.get(f"http://127.0.0.1:{volley_port}/")
        WebDriverWait(driver, 60).until(lambda d: d.execute_script(
            "const r = document.getElementById('volley-report'); return r && r.dataset.running === 'false' && r.dataset.partial === 'false'"))
        check(api_status(volley_port)["runs_started"] > before, "the server's own page still runs (its cookie holds the token)")
        # Without the token (no cookie, no ?token=) the page loads and says how to get in.
        driver.delete_all_cookies()
        driver.get(f"http://127.0.0.1:{volley_port}/")
        said = WebDriverWait(driver, 20).until(lambda d: d.find_element(By.ID, "status").text if "token" in d.find_element(By.ID, "status").text else None)
        check("refused (403)" in said, f"without the token the page says what is missing: {said!r}")
    finally:
        other.shutdown()


def check_key_filter(driver, check):
    """Typing in the key filter leaves only the matching rows in sight, and the scenario's decisions
    (each side's policy, its charge tactic, concealment, each unit's orders) lead the form."""
    rows = driver.find_elements(By.CSS_SELECTOR, "#form .field")
    keys = [r.get_attribute("data-key") for r in rows]
    decisions = [r.get_attribute("data-key") for r in rows if "decision" in r.get_attribute("class").split()]
    check(len(decisions) >= 5 and keys[:len(decisions)] == decisions,
          f"the form starts with the scenario's {len(decisions)} decisions: {decisions}")
    for key in ("herero.policy", "herero.which", "herero.charge_after", "herero.keep_hidden", "herero.reconceal", "herero.units.M1.orders"):
        check(key in decisions, f"{key} is among the decisions that lead the form")
    box = driver.find_element(By.ID, "key-filter")
    box.send_keys("policy")
    shown = [r.get_attribute("data-key") for r in rows if r.is_displayed()]
    matching = [k for k in keys if "policy" in k.lower()]
    check(shown == matching and 0 < len(shown) < len(keys),
          f"typing 'policy' in the filter leaves the {len(matching)} matching rows of {len(keys)} in sight: {shown}")
    driver.execute_script("const f = document.getElementById('key-filter'); f.value = ''; f.dispatchEvent(new Event('input'));")
    check(all(r.is_displayed() for r in rows), "an empty filter shows every row again")


def open_link(driver, done):
    """Opens the address bar's link in another tab (the same browser: its cookie holds the token) and
    returns the link, the answer's figures there, the command drawn and the pinned A's text."""
    link = driver.current_url
    here = driver.current_window_handle
    driver.switch_to.new_window("tab")
    try:
        driver.get(link)
        WebDriverWait(driver, 60).until(lambda d: d.execute_script("return window.volleyRuns > 0") and done(d))
        figures = driver.execute_script("return Array.from(document.querySelectorAll('#volley-report #answer .figure')).map(f => Number(f.dataset.value))")
        command = driver.execute_script("return document.getElementById('volley-report').dataset.command")
        return link, figures, command, driver.find_element(By.ID, "pinned").text
    finally:
        driver.close()
        driver.switch_to.window(here)


def check_link(driver, done, figures, check):
    """The address is a link to the compare shown: opened in another tab, it shows the same pinned A,
    the same B and the same figures, bit for bit; it carries no token."""
    link, again, command, pinned = open_link(driver, done)
    # B is the file's own tactic (always, charging in the reload turn): only A's changes are written.
    check("#scenario=herero-ambush" in link and "token" not in link and "pinned=A" in link and "pin=herero.policy%3Dnever" in link
          and "pin=herero.charge_after%3Dfalse" in link and "seed=1" in link and "trials=100000" in link,
          f"the address holds the scenario, A pinned with its settings, the seed and the trials, without the token: {link}")
    check(again == figures and command == "compare", f"the link opened in a new tab gives the same compare, bit for bit: {again}")
    check("herero.policy" in pinned and "never" in pinned, f"the link's page pins the same A: {pinned!r}")


# What sticks out of the viewport on the right: the page's scroll width, and every chart's canvas
# whose right edge passes the window's inner width.
OVERFLOW = """
const w = window.innerWidth, out = [];
if (document.scrollingElement.scrollWidth > w) out.push('the page scrolls sideways: ' + document.scrollingElement.scrollWidth + ' > ' + w);
document.querySelectorAll('canvas').forEach((c, i) => {
  const r = c.getBoundingClientRect();
  if (r.width > 0 && r.right > w + 0.5) out.push('chart ' + i + ' ends at ' + r.right);
});
return [w, out];"""


def check_phone_width(driver, check, shots):
    """At 390 px (a phone) the form stands above the results, one column, and nothing overflows the
    viewport on the right; screenshots at 1366 and 390 px go to `shots` for a person to look at."""
    os.makedirs(shots, exist_ok=True)
    settle = "return new Promise(r => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(r)), 300))"
    driver.set_window_size(1366, 900)
    driver.execute_script(settle)
    driver.execute_script("window.scrollTo(0, 0)")
    driver.save_screenshot(os.path.join(shots, "serve-1366.png"))
    driver.set_window_size(390, 844)
    driver.execute_script(settle)
    width, overflow = driver.execute_script(OVERFLOW)
    check(width <= 390 and not overflow, f"at {width} px wide nothing on the live page overflows the viewport: {overflow}")
    setup, results = driver.execute_script(
        "return ['.setup', '.results'].map(s => { const r = document.querySelector(s).getBoundingClientRect(); return [r.left, r.right, r.top, r.bottom]; })")
    check(setup[3] <= results[2] + 1 and results[1] - results[0] > width * 0.8,
          f"at {width} px the form stands above the results, which take the page's width: setup {setup}, results {results}")
    height = driver.execute_script("return Math.ceil(document.documentElement.scrollHeight)")
    driver.set_window_size(390, min(max(height + 40, 844), 16000))
    driver.save_screenshot(os.path.join(shots, "serve-390.png"))
    print("browser test: screenshots at 1366 and 390 px in", shots)
    driver.set_window_size(1400, 1500)
    driver.execute_script(settle)


def run_balance(driver):
    """Runs the balance form and waits for its answer; returns the result drawn."""
    driver.find_element(By.ID, "balance-run").click()
    WebDriverWait(driver, 180).until(lambda d: d.execute_script("return document.getElementById('balance-report').dataset.done === 'true'"))
    return json.loads(driver.execute_script("return stringifyExact(state.balance)"))


def same_balance(page, cli):
    """The page's balance and the CLI's, but for what each names of its own: clocks and command lines."""
    page, cli = json.loads(json.dumps(page)), json.loads(json.dumps(cli))
    for doc in (page, cli):
        for own in ("seconds", "stopped", "command_line"):
            doc.pop(own, None)
        doc["policies"].pop("seconds", None)
    return page == cli


def check_balance(driver, args, tmp, check):
    """The balance form (POST /api/balance, as volley balance): two free keys picked from the scenario's,
    a goal of each kind the form writes, a small trials cap; the answer table and every setting drawn
    against volley balance --json, bit for bit; then "both sides play well" (--policies best)."""
    driver.find_element(By.ID, "balance-open").click()
    free_rows = driver.find_elements(By.CSS_SELECTOR, "#balance-free .balance-row")
    check(len(free_rows) == 1, "the balance form starts with one free key")
    Select(free_rows[0].find_element(By.CSS_SELECTOR, ".free-key")).select_by_value("german.units.Z1.figures")
    values = free_rows[0].find_element(By.CSS_SELECTOR, ".free-values")
    check(values.get_attribute("value") == "8:12", f"an integer key starts at two either side of its value ({values.get_attribute('value')})")
    values.clear()
    values.send_keys("11:13")
    driver.find_element(By.ID, "balance-add-free").click()
    second = driver.find_elements(By.CSS_SELECTOR, "#balance-free .balance-row")[1]
    Select(second.find_element(By.CSS_SELECTOR, ".free-key")).select_by_value("german.units.Z2.figures")
    second.find_element(By.CSS_SELECTOR, ".free-values").clear()
    second.find_element(By.CSS_SELECTOR, ".free-values").send_keys("9:10")
    metrics = driver.execute_script("return Array.from(document.querySelectorAll('#balance-goals .goal-metric')[0].options).map(o => o.value)")
    check("herero.win" in metrics and "turn_decided.sd" in metrics and "comeback_chance" in metrics,
          f"the goal's metrics are the scenario's estimates and balance measures ({len(metrics)})")
    driver.find_element(By.ID, "balance-add-goal").click()
    goal = driver.find_elements(By.CSS_SELECTOR, "#balance-goals .balance-row")[1]
    Select(goal.find_element(By.CSS_SELECTOR, ".goal-metric")).select_by_value("turn_decided")
    Select(goal.find_element(By.CSS_SELECTOR, ".goal-relation")).select_by_value("band")
    for cls, text in (("goal-value", "2"), ("goal-high", "3")):
        goal.find_element(By.CSS_SELECTOR, "." + cls).clear()
        goal.find_element(By.CSS_SELECTOR, "." + cls).send_keys(text)
    for field, text in (("balance-tolerance", "0.03"), ("balance-cap", "8192")):
        driver.find_element(By.ID, field).clear()
        driver.find_element(By.ID, field).send_keys(text)
    # The scenario as the page has it: its name, or the text edited in its TOML pane (scenario.toml,
    # as the command line names it), and the form's changes.
    sets = driver.execute_script("return assignments(state.current)")
    text = driver.execute_script("return state.text")
    scenario = [os.path.join(tmp, "scenario.toml")] if text is not None else []
    if text is not None:
        with open(scenario[0], "w") as f:
            f.write(text)
    page = run_balance(driver)
    goals = ["herero.win=0.5", "turn_decided=2..3"]
    arguments = ["balance"] + scenario + ["--free", "german.units.Z1.figures=11:13", "--free", "german.units.Z2.figures=9:10", "--goal", goals[0],
                 "--goal", goals[1], "--tolerance", "0.03", "--trials", "8192", "--seed", "1"]
    for a in sets:
        arguments += ["--set", a]
    cli = cli_json(args.volley, arguments, tmp)
    check(same_balance(page, cli), f"the page's balance ({len(page['candidates'])} settings, {page['ending']}) is volley balance --json's, bit for bit")
    root = "document.getElementById('balance-report')"
    drawn = int(driver.execute_script(f"return {root}.dataset.drawnRunning"))
    check(drawn == cli["looks_done"], f"the race was drawn after each of its {cli['looks_done']} looks ({drawn})")
    # The answer table: the settings --json answers, in its order, each goal's interval as --json has it.
    rows = driver.execute_script(f"return Array.from({root}.querySelectorAll('table')[0].tBodies[0].rows).map(r => Array.from(r.cells).map(c => c.textContent))")
    expected = [[" / ".join(a.split("=", 1)[1] for a in cli["candidates"][i]["assignments"])] +
                [f"{g['estimate']:.4f} [{g['low']:.4f}, {g['high']:.4f}]" for g in cli["candidates"][i]["goals"]] for i in cli["answer"]]
    check([[r[0]] + r[3:] for r in rows] == expected, f"the answer table holds --json's {len(cli['answer'])} settings in its order: {rows}")
    # Each goal's chart: every setting that played a look, at --json's estimate, against the goal.
    charts = driver.execute_script(
        f"return Array.from({root}.querySelectorAll('.chart')).filter(b => arguments[0].includes(b.querySelector('h3').textContent))"
        ".map(b => { const c = Chart.getChart(b.querySelector('canvas')); return [b.querySelector('h3').textContent,"
        " c.data.datasets.filter(d => ['dropped', 'open', 'holds'].includes(d.group)).flatMap(d => d.data.map(p => [p.x, p.y]))]; })", goals)
    for g, (title, points) in zip(range(len(goals)), charts):
        want = sorted([c["index"] + 1, c["goals"][g]["estimate"]] for c in cli["candidates"] if c["goals"])
        check(title == goals[g] and sorted(points) == want, f"the chart of {title} draws each of the {len(want)} settings at --json's estimate")
    check(len(charts) == len(goals), f"a chart per goal ({len(charts)})")
    line = driver.execute_script(f"return {root}.querySelector('#command-line code').textContent")
    check(line == page["command_line"] and line.startswith("volley balance") and "--free german.units.Z2.figures=9:10" in line,
          f"the command line is shown as other results show theirs: {line}")
    check(same_balance(page, cli_json(os.path.abspath(args.volley), shlex.split(line)[1:], tmp, cwd=tmp)), "that command line, run, gives the page's balance")
    settle = "return new Promise(r => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(r)), 300))"
    if args.screenshot:
        # At 1366 px the form with the answer, then the charts; at 390 px (a phone) the whole panel.
        shot = args.screenshot.replace(".png", "-balance")
        driver.set_window_size(1366, 900)
        driver.execute_script(settle)
        driver.execute_script("document.getElementById('balance').scrollIntoView()")
        driver.save_screenshot(shot + "-1366.png")
        driver.execute_script("document.querySelector('#balance-report .grid').scrollIntoView()")
        driver.execute_script(settle)
        driver.save_screenshot(shot + "-charts-1366.png")
    driver.set_window_size(390, 844)
    driver.execute_script(settle)
    width, overflow = driver.execute_script(OVERFLOW)
    check(width <= 390 and not overflow, f"at {width} px the balance form and its answer overflow nothing: {overflow}")
    if args.screenshot:
        height = driver.execute_script("return Math.ceil(document.getElementById('balance').getBoundingClientRect().height)")
        driver.set_window_size(390, min(height + 140, 8000))
        driver.execute_script(settle)
        driver.execute_script("document.getElementById('balance').scrollIntoView()")
        driver.save_screenshot(shot + "-390.png")
        print("browser test: screenshots", shot + "-1366.png", shot + "-charts-1366.png", shot + "-390.png")
    driver.set_window_size(1400, 1500)

    # Both sides play well: each setting's policies searched (--policies best), a small budget.
    driver.find_element(By.CSS_SELECTOR, "#balance-free .balance-row:nth-child(2) button").click()
    driver.find_element(By.CSS_SELECTOR, "#balance-goals .balance-row:nth-child(2) button").click()
    driver.find_element(By.ID, "balance-best").click()
    for field, text in (("balance-cap", "4096"), ("balance-policy-budget", "2048"), ("balance-policy-steps", "1")):
        driver.find_element(By.ID, field).clear()
        driver.find_element(By.ID, field).send_keys(text)
    page = run_balance(driver)
    cli = cli_json(args.volley, ["balance"] + scenario + ["--free", "german.units.Z1.figures=11:13", "--goal", goals[0], "--tolerance", "0.03", "--trials", "4096",
                                 "--seed", "1", "--policies", "best", "--policy-trials", "2048", "--policy-steps", "1"] +
                   [x for a in sets for x in ("--set", a)], tmp)
    check(cli["policies"]["mode"] == "best" and same_balance(page, cli),
          f"with both sides playing well the page's balance is volley balance --policies best --json's ({page['policies']['trials']} search trials)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("volley")
    ap.add_argument("--screenshot", default="")
    ap.add_argument("--changes", type=int, default=10)
    ap.add_argument("--shots", default="", help="a folder for the screenshots at 1366 and 390 px (default: a temporary one)")
    args = ap.parse_args()
    failures = []

    def check(ok, what):
        print(("  ok: " if ok else "  FAILED: ") + what)
        if not ok:
            failures.append(what)

    port = free_port()
    server = subprocess.Popen([args.volley, "serve", "--port", str(port), "--token", TOKEN], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if "http://127.0.0.1" not in server.stdout.readline():
        print("browser test: the server did not start", server.stderr.read(), file=sys.stderr)
        return 1
    options = webdriver.ChromeOptions()
    for flag in ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,1500",
                 "--user-data-dir=" + tempfile.mkdtemp()]:
        options.add_argument(flag)
    options.binary_location = "/usr/bin/chromium"
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    wait = WebDriverWait(driver, 60)
    downloads = tempfile.mkdtemp()
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads})
    report = "document.getElementById('volley-report')"
    try:
        driver.get(f"http://127.0.0.1:{port}/?token={TOKEN}")
        done = lambda d: d.execute_script(
            f"const r = {report}; return r.dataset.running === 'false' && r.dataset.partial === 'false' && "
            "document.getElementById('status').textContent === 'done';")
        wait.until(done)
        policy = Select(driver.find_element(By.NAME, "herero.policy"))
        check(policy.first_selected_option.get_attribute("value") == "always", "the form shows herero.policy = always from the file")
        check_key_filter(driver, check)

        # The time from a change to its first result drawn, over several changes.
        latencies = []
        for i in range(args.changes):
            before = driver.execute_script("return window.volleyTiming.length")
            policy.select_by_value("never" if i % 2 == 0 else "always")
            wait.until(lambda d: d.execute_script("return window.volleyTiming.length") > before)
            latencies.append(driver.execute_script("return window.volleyTiming[window.volleyTiming.length - 1]"))
            wait.until(done)
        latencies.sort()
        detail = driver.execute_script("return window.volleyTimingDetail")[-len(latencies):]
        load = os.getloadavg()[0]
        print(f"browser test: change -> first result drawn over {len(latencies)} changes: median {statistics.median(latencies):.1f} ms, "
              f"min {latencies[0]:.1f} ms, max {latencies[-1]:.1f} ms (first round's event read: median "
              f"{statistics.median(d['event'] for d in detail):.1f} ms; rendered: median {statistics.median(d['rendered'] for d in detail):.1f} ms; "
              f"then the frame; every chart in sight drawn: median {statistics.median(d['charts'] or 0 for d in detail):.1f} ms); "
              f"load average {load:.1f} on {os.cpu_count()} cores")

        # Normal fire as it is played (policy never, charging when in reach: SF-E), 100,000 trials,
        # seed 1: the page's numbers against the CLI's.
        charge = Select(driver.find_element(By.NAME, "herero.charge_after"))
        def choose(select, value):
            runs = driver.execute_script("return window.volleyRuns")
            select.select_by_value(value)
            wait.until(lambda d: d.execute_script("return window.volleyRuns") > runs)
            wait.until(done)
        choose(policy, "never")
        choose(charge, "false")
        # The TOML pane follows the form: the changed keys are written in it (it kept the file's text).
        wait.until(lambda d: d.execute_script("return /^policy = \"never\"$/m.test(document.getElementById('toml').value)"))
        pane = driver.execute_script("return document.getElementById('toml').value")
        check('policy = "never"' in pane and "charge_after = false" in pane, "the TOML pane shows the form's policy never and charge_after false")
        with tempfile.TemporaryDirectory() as tmp:
            cli = cli_json(args.volley, ["run", "--set", "herero.policy=never", "--set", "herero.charge_after=false", "--trials", "100000", "--seed", "1"], tmp)
            cli_estimates = {e["name"]: e for e in cli["estimates"]}
            # The answer's sentence (volley.render's, as in the report): its figures carry their exact values.
            figures = driver.execute_script(f"return Array.from({report}.querySelectorAll('#answer .figure')).map(f => Number(f.dataset.value))")
            e = cli_estimates[cli["headline"]]
            check(figures[:4] == [e["estimate"], e["low"], e["high"], cli["tally"]["trials"]],
                  f"the answer's {cli['headline']} {figures[:3]} over {figures[3:4]} trials is volley run --json's, bit for bit")
            # Every estimate in the page's tables, as shown (4 decimals for a probability, 3 for a count).
            rows = driver.execute_script(
                f"return Array.from({report}.querySelectorAll('table')).filter(t => ['probability', 'count'].includes(t.querySelector('th').textContent))"
                ".flatMap(t => Array.from(t.tBodies[0].rows).map(r => [t.querySelector('th').textContent, r.cells[0].textContent, r.cells[1].textContent]))")
            shown = lambda x, digits: f"{x:.{digits}f}".replace("-", "\u2212")
            check(len(rows) >= 10 and all(text == shown(cli_estimates[name]["estimate"], 4 if kind == "probability" else 3) for kind, name, text in rows),
                  f"every one of the {len(rows)} estimates in the page's tables is volley run --json's, as shown")
            # The outcome chart: win, draw and loss, each with the CLI's estimate.
            outcome = driver.execute_script(
                f"const box = Array.from({report}.querySelectorAll('.chart')).find(b => b.querySelector('h3').textContent === 'Win, draw and loss');"
                "const c = Chart.getChart(box.querySelector('canvas')); return [c.data.labels, c.data.datasets[0].estimates];")
            check("draw" in outcome[0] and all(v == cli_estimates[n]["estimate"] for n, v in zip(*outcome)),
                  f"the outcome chart has a bar for each of {outcome[0]}, the draw included, at the CLI's estimates")
            check(driver.execute_script(f"return {report}.querySelectorAll('#map svg').length") == 1, "the map is drawn")
            # Its downloads: the JSON is the result drawn; the CSV has every estimate; the report is the page of it.
            download_all(driver, downloads, "run-downloads", "volley-run")
            with open(os.path.join(downloads, "volley-run.json")) as f:
                check(json.load(f)["tally"] == cli["tally"], "the downloaded JSON holds volley run's tally")
            with open(os.path.join(downloads, "volley-run.csv")) as f:
                check(len(f.read().splitlines()) == len(cli["estimates"]) + 1, "the downloaded CSV has a line per estimate")
            with open(os.path.join(downloads, "volley-run.html")) as f:
                check('id="volley-result"' in f.read(), "the downloaded report is the report page with the result in it")

            # Pin A (normal fire), change B to schnellfeuer with its tactic (charging in the reload turn),
            # the README's question like with like: the paired difference against volley compare.
            driver.find_element(By.ID, "pin").click()
            choose(policy, "always")
            choose(charge, "true")
            wait.until(lambda d: d.execute_script(f"return {report}.dataset.command === 'compare'"))
            compare = cli_json(args.volley, ["compare", "--set", "herero.policy=never", "--set", "herero.charge_after=false", "--vs",
                                             "herero.policy=always;herero.charge_after=true", "--trials", "100000", "--seed", "1"], tmp)
            d = {x["name"]: x for x in compare["estimates"]}["d1/herero.win"]
            row = driver.execute_script(
                f"const r = Array.from({report}.querySelectorAll('table tr')).find(r => r.cells[0].textContent === 'herero.win' && r.cells.length === 6);"
                "return r.cells[3].textContent;")
            signed = lambda x: ("+" if x > 0 else "") + shown(x, 4)
            expected_row = f"{signed(d['estimate'])} [{signed(d['low'])}, {signed(d['high'])}]"
            check(row == expected_row, f"the paired difference B - A of herero.win, {row}, is volley compare's ({expected_row})")
            figures = driver.execute_script(f"return Array.from({report}.querySelectorAll('#answer .figure')).map(f => Number(f.dataset.value))")
            check(abs(d["estimate"]) in figures, f"the answer names the difference {abs(d['estimate'])} exactly: {figures}")
            # In the designer's words, as the report of volley compare says it: each variant by its tactic.
            said = driver.execute_script(f"return {report}.querySelector('#answer').textContent")
            won, lost = ((compare["variant_tactics"][1], compare["variant_tactics"][0]) if d["estimate"] >= 0
                         else (compare["variant_tactics"][0], compare["variant_tactics"][1]))
            check(said.startswith(f"herero wins {abs(100 * d['estimate']):.1f} points more often with {won} than with {lost}: "),
                  f"the live answer names each variant by its tactic, as the report does: {said!r}")
            # Under it, what the answer cost: the same trials for +-0.01 as volley compare's (the same tally),
            # luck-adjusted, with the figure of merit of this run.
            cost = driver.execute_script(f"const t = {report}.querySelector('#time-to-answer'); return t ? t.textContent : ''")
            needed = f"{round(compare['time_to_answer']['trials_needed']):,}"
            check(f"\u00b10.01 on herero.win difference needs about {needed} paired trials" in cost and "Figure of merit" in cost
                  and "Luck-adjusted" in cost, f"the live page says what the answer cost, as volley compare does ({needed} trials): {cost!r}")
            check_link(driver, done, figures, check)
            if args.screenshot:  # the page as the README shows it: B against the pinned A
                driver.execute_script("window.scrollTo(0, 0); document.getElementById('form').scrollTop = 0")
                driver.save_screenshot(args.screenshot)
                print("browser test: screenshot", args.screenshot)
            # The TOML validated as you type: a bad value is an error at its line, and nothing runs.
            driver.find_element(By.ID, "unpin").click()
            wait.until(lambda d: d.execute_script(f"return {report}.dataset.command === 'run'"))
            wait.until(done)
            area = driver.find_element(By.ID, "toml")
            text = area.get_attribute("value")
            line = text[:text.index("\nvisibility = ")].count("\n") + 2
            driver.execute_script("const a = document.getElementById('toml'); a.value = arguments[0]; a.dispatchEvent(new Event('input'));",
                                  text.replace("\nvisibility = 12.0", "\nvisibility = -3.0", 1))
            wait.until(lambda d: d.execute_script("return document.querySelectorAll('#errors li').length > 0"))
            errors = driver.execute_script("return Array.from(document.querySelectorAll('#errors li')).map(li => [li.dataset.line, li.textContent])")
            check(any(e[0] == str(line) and "visibility" in e[1] for e in errors), f"the edited TOML's error is shown at its line {line}: {errors}")
            check(driver.find_element(By.ID, "status").text == "the TOML has errors: not run", "an invalid TOML starts no run")
            stale = lambda d: d.execute_script(f"return {report}.classList.contains('stale') && !document.getElementById('stale-note').hidden")
            check(stale(driver), "the last result, of other settings, is dimmed under a note saying so")
            # A scenario the server refuses to play (its tallies would not fit, 413): the same note.
            driver.execute_script("const a = document.getElementById('toml'); a.value = arguments[0]; a.dispatchEvent(new Event('input'));",
                                  text.replace("\nfigures = 10\n", "\nfigures = 100000\n", 1))
            wait.until(lambda d: d.find_element(By.ID, "status").text.startswith("refused (413)"))
            check(stale(driver) and "refused" in driver.find_element(By.ID, "stale-note").text,
                  "a scenario the server refuses (413) leaves the last result dimmed under the note")
            # Put right, it runs again: the edited text gives the CLI's answer.
            runs = driver.execute_script("return window.volleyRuns")
            driver.execute_script("const a = document.getElementById('toml'); a.value = arguments[0]; a.dispatchEvent(new Event('input'));",
                                  text.replace("\nvisibility = 12.0", "\nvisibility = 10.0", 1))
            wait.until(lambda d: d.execute_script("return document.querySelectorAll('#errors li').length === 0"))
            wait.until(lambda d: d.execute_script("return window.volleyRuns") > runs)
            wait.until(done)
            check(not stale(driver), "a result of the current settings is shown plainly again")
            edited = cli_json(args.volley, ["run", "--set", "visibility=10.0", "--set", "herero.policy=always", "--trials", "100000", "--seed", "1"], tmp)
            first = driver.execute_script(f"return Number({report}.querySelector('#answer .figure').dataset.value)")
            expected = {x["name"]: x for x in edited["estimates"]}["herero.win"]["estimate"]
            check(first == expected, f"the edited scenario's herero.win {first} is volley run --set visibility=10.0's ({expected})")
            link, again, command, _ = open_link(driver, done)
            check("#toml=" in link and command == "run" and again[0] == first,
                  f"the edited TOML's link gives the same run in a new tab, bit for bit: {again[:1]} ({len(link)} characters)")

            # A sweep from the page: the server's (POST /api/sweep) is volley sweep's, bit for bit, drawn by
            # the report's sweep chart as the points arrive.
            study = "document.getElementById('study-report')"
            driver.find_element(By.CSS_SELECTOR, "#form .field[data-key='german.units.Z1.figures'] button").click()
            for id_, value in (("study-from", "8"), ("study-to", "12"), ("study-step", "2")):
                driver.execute_script("document.getElementById(arguments[0]).value = arguments[1]", id_, value)
            drawn_before = int(driver.execute_script(f"return {study}.dataset.drawnRunning || 0"))
            driver.find_element(By.ID, "study-run").click()
            wait.until(lambda d: d.find_element(By.ID, "study-status").text.startswith("3 points"))
            check(d_status(driver) == "3 points, 100,000 trials each, seed 1", f"the sweep's status line: {d_status(driver)}")
            # One Trials field serves every study: the sweep played the page's 100,000 trials a point.
            check(driver.execute_script("return document.querySelectorAll('input[type=number][id$=trials]').length") == 1,
                  "the page has one trials field, for runs, compares, sweeps and tunes alike")
            drawn = int(driver.execute_script(f"return {study}.dataset.drawnRunning || 0")) - drawn_before
            check(drawn == 3, f"the sweep was drawn as each of its 3 points arrived ({drawn})")
            points = driver.execute_script(f"return Chart.getChart({study}.querySelector('canvas')).data.datasets.filter(d => !d.helper)[0].estimates")
            sweep = cli_json(args.volley, ["sweep", "--set", "visibility=10.0", "--set", "herero.policy=always", "--param", "german.units.Z1.figures=8:12:2",
                                           "--trials", "100000", "--seed", "1"], tmp)
            expected = [p["target"]["estimate"] for p in sweep["points"]]
            check(points == expected, f"the sweep's points {points} are volley sweep's {expected}")
            page_sweep = json.loads(driver.execute_script("return stringifyExact(state.study)"))
            check(page_sweep["points"] == sweep["points"] and page_sweep["axes"] == sweep["axes"],
                  "the page's sweep document is volley sweep --json's, every point's tally included")
            download_all(driver, downloads, "study-downloads", "volley-sweep")
            with open(os.path.join(downloads, "volley-sweep.csv")) as f:
                check(len(f.read().splitlines()) == 4, "the sweep's CSV has a line per point")
            with open(os.path.join(downloads, "volley-sweep.json")) as f:
                check(json.load(f)["points"] == sweep["points"], "the downloaded sweep JSON holds volley sweep's points")
            if args.screenshot:
                driver.execute_script("document.getElementById('study').scrollIntoView()")
                driver.save_screenshot(args.screenshot.replace(".png", "-sweep.png"))
                print("browser test: screenshot", args.screenshot.replace(".png", "-sweep.png"))
            # Stopped after its first point: the server ends the sweep's run and the page draws the partial
            # sweep. 2,000,000 trials a point: a few seconds each, so that Stop lands within the second.
            for id_, value in (("study-from", "6"), ("study-to", "14"), ("study-step", "1"), ("trials", "2000000")):
                driver.execute_script("document.getElementById(arguments[0]).value = arguments[1]", id_, value)
            driver.find_element(By.ID, "study-run").click()
            WebDriverWait(driver, 120).until(lambda d: d_status(d).startswith("sweep: point 2 of 9"))
            driver.find_element(By.ID, "stop").click()
            wait.until(lambda d: d_status(d).startswith("sweep stopped after"))
            check(d_status(driver) == "sweep stopped after 1 points", f"the stopped sweep's status line: {d_status(driver)}")
            stopped = json.loads(driver.execute_script("return stringifyExact(state.study)"))
            check(stopped["partial"] and stopped["points_complete"] == 1, "the stopped sweep is partial, its first point complete")
            shown = driver.execute_script(f"return {study}.dataset.partial")
            check(shown == "true", f"the page shows the sweep as partial ({shown})")
            WebDriverWait(driver, 20).until(lambda d: api_status(port)["runs_active"] == 0)
            if args.screenshot:
                driver.execute_script("document.getElementById('study').scrollIntoView()")
                driver.save_screenshot(args.screenshot.replace(".png", "-sweep-stopped.png"))
                print("browser test: screenshot", args.screenshot.replace(".png", "-sweep-stopped.png"))
            # A step the server refuses: its 400, naming the key, on the study's status line; nothing runs.
            started = api_status(port)["runs_started"]
            driver.execute_script("document.getElementById('study-step').value = '0'")
            driver.find_element(By.ID, "study-run").click()
            wait.until(lambda d: d_status(d).startswith("sweep refused"))
            check(d_status(driver).startswith("sweep refused: refused (400): param") and "step must be positive" in d_status(driver),
                  f"a zero step is refused by the server, naming param: {d_status(driver)}")
            check(api_status(port)["runs_started"] == started, "the refused sweep started no run")
            driver.execute_script("document.getElementById('trials').value = '100000'")

            # A tune from the page: the server's search (POST /api/tune) is volley tune's, bit for bit.
            driver.find_element(By.CSS_SELECTOR, "input[name=study-kind][value=tune]").click()
            # 100,000 trials a value: each value takes a few tenths of a second even on a fast machine, so
            # the values arrive in frames of their own and the picture is drawn while the search goes
            # on (5,000 a value finished within a frame or two, and the check below failed by chance).
            for id_, value in (("study-from", "4"), ("study-to", "20"), ("study-target", "herero.win=0.5")):
                driver.execute_script("document.getElementById(arguments[0]).value = arguments[1]", id_, value)
            driver.find_element(By.ID, "study-run").click()
            drawn_before = int(driver.execute_script(f"return {study}.dataset.drawnRunning || 0"))
            wait.until(lambda d: d.find_element(By.ID, "study-status").text.startswith("tune: ") and "values," in d.find_element(By.ID, "study-status").text)
            drawn = int(driver.execute_script(f"return {study}.dataset.drawnRunning || 0")) - drawn_before
            check(drawn >= 2, f"the tune's picture was drawn {drawn} times while the search went on")
            tune = cli_json(args.volley, ["tune", "--set", "visibility=10.0", "--set", "herero.policy=always", "--param", "german.units.Z1.figures=4:20",
                                          "--target", "herero.win=0.5", "--trials", "100000", "--seed", "1"], tmp)
            page_tune = json.loads(driver.execute_script("return stringifyExact(state.study)"))
            check(page_tune["points"] == tune["points"] and page_tune["bracket"] == tune["bracket"],
                  f"the tune's {len(page_tune['points'])} values and its bracket {page_tune['bracket']} are volley tune's")
            figures = driver.execute_script(f"return Array.from({study}.querySelectorAll('#answer .figure')).map(f => Number(f.dataset.value))")
            ends = [v for p in tune["points"] if p["x"] in tune["bracket"] for v in (p["x"], p["estimate"])]
            check(figures[:4] == ends, f"the tune's answer {figures[:4]} is volley tune's two whole numbers and their estimates {ends}")
            download_all(driver, downloads, "study-downloads", "volley-tune")
            with open(os.path.join(downloads, "volley-tune.json")) as f:
                check(json.load(f)["points"] == tune["points"], "the downloaded tune JSON holds volley tune's values")
            if args.screenshot:
                driver.execute_script("window.scrollTo(0, 0)")
                driver.save_screenshot(args.screenshot.replace(".png", "-tune.png"))
                print("browser test: screenshot", args.screenshot.replace(".png", "-tune.png"))

            # A choice and a second key swept from the page: the ↔ of herero.policy sweeps its values (never,
            # always: a tune is not offered), the study panel adds ruleset.name as the second axis, and the
            # server's grid is `volley sweep --param A --param B`'s, bit for bit, with its paired differences.
            driver.find_element(By.CSS_SELECTOR, "#form .field[data-key='herero.policy'] button").click()
            check(driver.execute_script("return document.querySelector('input[name=study-kind][value=tune]').disabled") and
                  driver.find_element(By.ID, "study-values").get_attribute("value") == "never,always",
                  "the ↔ of a policy sweeps its values (never,always) and offers no tune")
            Select(driver.find_element(By.ID, "study-key2")).select_by_value("ruleset.name")
            check(driver.find_element(By.ID, "study-param2").get_attribute("value") == "tsatf20,tsatf-d10",
                  "a second key of named values starts with every one of its values")
            driver.execute_script("document.getElementById('trials').value = '20000'")
            driver.find_element(By.ID, "study-run").click()
            wait.until(lambda d: d_status(d).startswith("4 points"))
            grid = cli_json(args.volley, ["sweep", "--set", "visibility=10.0", "--param", "herero.policy=never,always", "--param",
                                          "ruleset.name=tsatf20,tsatf-d10", "--trials", "20000", "--seed", "1"], tmp)
            page_grid = json.loads(driver.execute_script("return stringifyExact(state.study)"))
            check(page_grid["points"] == grid["points"] and page_grid["axes"] == grid["axes"] and page_grid["paired"] == grid["paired"],
                  "the page's two-key sweep of a policy and a ruleset is volley sweep --json's, points and paired differences included")
            lines = driver.execute_script(f"return Array.from({study}.querySelectorAll('#answer .figure')).map(f => Number(f.dataset.value))")
            expected = [d["estimate"] for line in grid["paired"]["lines"] for d in line["differences"]]
            check(lines[:len(expected)] == expected, f"the answer gives the paired difference on every line: {lines[:len(expected)]}")
            if args.screenshot:
                driver.execute_script("document.getElementById('study').scrollIntoView()")
                driver.save_screenshot(args.screenshot.replace(".png", "-sweep-grid.png"))
                print("browser test: screenshot", args.screenshot.replace(".png", "-sweep-grid.png"))

            # The policy editor: the form min-targets, then k = 2 in its number input, writes the policy
            # min-targets:2, whose run is `volley run --set herero.policy=min-targets:2`'s, bit for bit.
            policy = Select(driver.find_element(By.NAME, "herero.policy"))
            check([o.get_attribute("value") for o in policy.options] == ["never", "always", "turns", "min-targets", "range", "turns&range", "min-targets&range"],
                  "the policy editor offers every form of the policy grammar")
            choose(policy, "min-targets")
            k = driver.find_element(By.CSS_SELECTOR, ".field[data-key='herero.policy'] input[data-part='min-targets']")
            check(k.is_displayed() and not driver.find_element(By.CSS_SELECTOR, ".field[data-key='herero.policy'] input[data-part='range']").is_displayed(),
                  "the form min-targets shows its k and no other number")
            runs = driver.execute_script("return window.volleyRuns")
            driver.execute_script("arguments[0].value = '2'; arguments[0].dispatchEvent(new Event('change', {bubbles: true}))", k)
            wait.until(lambda d: d.execute_script("return window.volleyRuns") > runs)
            wait.until(done)
            written = driver.execute_script("return state.current.get('herero.policy')")
            check(written == "min-targets:2", f"the editor writes the policy min-targets:2 ({written})")
            edited_policy = cli_json(args.volley, ["run", "--set", "visibility=10.0", "--set", "herero.policy=min-targets:2", "--trials", "20000", "--seed", "1"], tmp)
            page_run = json.loads(driver.execute_script("return stringifyExact(state.last)"))
            check(page_run["tally"] == edited_policy["tally"] and page_run["estimates"] == edited_policy["estimates"],
                  "the run of the editor's min-targets:2 is volley run --set herero.policy=min-targets:2's, bit for bit")
            # Two conditions: range R joins min-targets (the grammar's '&').
            choose(policy, "min-targets&range")
            written = driver.execute_script("return state.current.get('herero.policy')")
            check(written == "min-targets:2&range:12", f"min-targets with range writes min-targets:2&range:12 ({written})")
            check(driver.find_element(By.ID, "status").text == "done", "the server accepts the editor's policy and runs it")
            choose(policy, "always")

            # Best play from the page: the server's search (POST /api/best) is volley best's, bit for bit,
            # its race drawn as it runs (a race per chart, the eliminated greyed). 4096 trials a candidate:
            # one round a race, a few seconds for the default space's local search.
            best_root = "document.getElementById('best-report')"
            driver.execute_script("document.getElementById('trials').value = '4096'; document.getElementById('best-side').value = 'herero'")
            driver.find_element(By.ID, "best-run").click()
            WebDriverWait(driver, 120).until(lambda d: d.find_element(By.ID, "best-status").text.startswith("done"))
            drawn = int(driver.execute_script(f"return {best_root}.dataset.drawnRunning || 0"))
            check(drawn >= 1, f"the race was drawn {drawn} times while the search went on")
            best = cli_json(args.volley, ["best", "--set", "visibility=10.0", "--set", "herero.policy=always", "--side", "herero", "--trials", "4096",
                                          "--seed", "1"], tmp)
            page_best = json.loads(driver.execute_script("return stringifyExact(state.best)"))
            check(page_best["best"] == best["best"] and page_best["races"] == best["races"] and page_best["difference"] == best["difference"],
                  f"the page's best policy and its {len(page_best['races'])} races are volley best's")
            race_charts = int(driver.execute_script(f"return {best_root}.dataset.charts"))
            check(race_charts == len(best["races"]), f"a chart per race: {race_charts} for {len(best['races'])}")
            greyed = driver.execute_script(f"return {best_root}.querySelectorAll('td.name.out').length")
            eliminated = sum(1 for r in best["races"] for c in r["candidates"] if c["eliminated_round"] > 0)
            check(greyed == eliminated, f"the {eliminated} eliminated candidates are greyed ({greyed})")
            if args.screenshot:
                driver.execute_script("document.getElementById('best').scrollIntoView()")
                driver.save_screenshot(args.screenshot.replace(".png", "-best.png"))
                print("browser test: screenshot", args.screenshot.replace(".png", "-best.png"))
            driver.find_element(By.ID, "best-close").click()
            check_balance(driver, args, tmp, check)
        check_phone_width(driver, check, args.shots or tempfile.mkdtemp(prefix="volley-serve-shots-"))
        # The browser logs the 400 of the sweep and the 413 of the run refused above on purpose;
        # anything else is an error.
        expected = ["/api/sweep - Failed to load resource: the server responded with a status of 400",
                    "/api/run - Failed to load resource: the server responded with a status of 413"]
        errors = [e for e in driver.get_log("browser")
                  if e["level"] == "SEVERE" and "favicon.ico" not in e["message"] and not any(x in e["message"] for x in expected)]
        check(not errors, f"no errors in the browser's console: {errors}")
        check_other_origins(driver, port, server, check)
        # The time is reported, not asserted: a timed test fails on a busy machine (performance is
        # measured, docs/performance.md), and the goal (under 100 ms) is judged from the figures.
    finally:
        driver.quit()
        server.terminate()
        server.wait(timeout=30)
    print("browser test:", "passed" if not failures else f"FAILED ({len(failures)})")
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main())
