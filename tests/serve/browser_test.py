#!/usr/bin/python3
"""The live page of `volley serve` in a real browser (headless Chromium, chromium-driver, python3-selenium).

Opens the page, changes the Herero policy, waits for the answer, reads the numbers on the page and
compares them with `volley run --json` at the same settings, bit for bit; pins A, changes B and reads
the paired difference against `volley compare --json`. Measures the time from a change to the first
result drawn (the page records it in window.volleyTiming, after the frame that shows it; reported,
not asserted) and keeps a screenshot.

usage: tests/serve/browser_test.py BUILD/volley [--screenshot docs/serve.png] [--changes 10]
"""
import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cli_json(volley, arguments, tmp):
    out = os.path.join(tmp, "cli.json")
    subprocess.run([volley] + arguments + ["--json", out, "--quiet"], check=True, stdout=subprocess.DEVNULL)
    with open(out) as f:
        return json.load(f)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("volley")
    ap.add_argument("--screenshot", default="")
    ap.add_argument("--changes", type=int, default=10)
    args = ap.parse_args()
    failures = []

    def check(ok, what):
        print(("  ok: " if ok else "  FAILED: ") + what)
        if not ok:
            failures.append(what)

    port = free_port()
    server = subprocess.Popen([args.volley, "serve", "--port", str(port)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
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
    try:
        driver.get(f"http://127.0.0.1:{port}/")
        done = lambda d: d.execute_script(
            "const h = document.getElementById('headline'); return h.dataset.partial === 'false' && "
            "document.getElementById('status').textContent === 'done';")
        wait.until(done)
        policy = Select(driver.find_element(By.NAME, "herero.policy"))
        check(policy.first_selected_option.get_attribute("value") == "always", "the form shows herero.policy = always from the file")

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
              f"then the frame); load average {load:.1f} on {os.cpu_count()} cores")

        # Herero policy never, 100,000 trials, seed 1: the page's numbers against the CLI's.
        policy.select_by_value("never")
        wait.until(done)
        with tempfile.TemporaryDirectory() as tmp:
            cli = cli_json(args.volley, ["run", "--set", "herero.policy=never", "--trials", "100000", "--seed", "1"], tmp)
            cli_estimates = {e["name"]: e for e in cli["estimates"]}
            page = driver.execute_script(
                "return Array.from(document.querySelectorAll('#estimates tbody tr')).map(r => [r.dataset.name, r.children[1].dataset.value, r.children[1].textContent]);")
            check(len(page) == len(cli_estimates), f"the page shows all {len(cli_estimates)} estimates")
            same = all(float(value) == cli_estimates[name]["estimate"] and text == f"{cli_estimates[name]['estimate']:.4f}" for name, value, text in page)
            check(same, "every estimate on the page equals volley run --json's, bit for bit (and its 4 decimals as shown)")
            headline = driver.execute_script("return Object.assign({}, document.getElementById('headline').dataset)")
            e = cli_estimates[headline["name"]]
            check(float(headline["estimate"]) == e["estimate"] and float(headline["low"]) == e["low"] and float(headline["high"]) == e["high"],
                  f"the headline {headline['name']} {headline['estimate']} [{headline['low']}, {headline['high']}] is the CLI's")
            check(int(headline["trials"]) == cli["tally"]["trials"], "the same trial count")

            # Pin A (never), change B (always): the paired difference against volley compare.
            driver.find_element(By.ID, "pin").click()
            policy.select_by_value("always")
            wait.until(lambda d: d.execute_script(
                "return !document.getElementById('compare').hidden && document.getElementById('headline').dataset.partial === 'false'"))
            compare = cli_json(args.volley, ["compare", "--set", "herero.policy=never", "--vs", "herero.policy=always", "--trials", "100000",
                                             "--seed", "1"], tmp)
            d = {x["name"]: x for x in compare["estimates"]}["d1/herero.win"]
            row = driver.execute_script(
                "const r = document.querySelector('#compare-table tr[data-name=\"herero.win\"]'); return [r.children[3].dataset.value, r.children[3].textContent];")
            check(float(row[0]) == d["estimate"], f"the paired difference B - A of herero.win, {row[1]}, is volley compare's ({d['estimate']})")
            check(f"[{d['low']:.4f}, {d['high']:.4f}]" in row[1], "with volley compare's interval")
            # The TOML validated as you type: a bad value is an error at its line, and nothing runs.
            driver.find_element(By.ID, "unpin").click()
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
            # Put right, it runs again: the edited text (here the file's own) gives the CLI's answer.
            driver.execute_script("const a = document.getElementById('toml'); a.value = arguments[0]; a.dispatchEvent(new Event('input'));",
                                  text.replace("\nvisibility = 12.0", "\nvisibility = 10.0", 1))
            wait.until(lambda d: d.execute_script("return document.querySelectorAll('#errors li').length === 0"))
            wait.until(done)
            edited = cli_json(args.volley, ["run", "--set", "visibility=10.0", "--set", "herero.policy=always", "--trials", "100000", "--seed", "1"], tmp)
            shown = driver.execute_script("return document.getElementById('headline').dataset.estimate")
            expected = {x["name"]: x for x in edited["estimates"]}["herero.win"]["estimate"]
            check(float(shown) == expected, f"the edited scenario's herero.win {shown} is volley run --set visibility=10.0's ({expected})")
            # A sweep from the page: each point is the run volley run (and volley sweep) plays at that value.
            driver.find_element(By.CSS_SELECTOR, "#form .field[data-key='german.units.Z1.figures'] button").click()
            for id_, value in (("sweep-from", "8"), ("sweep-to", "12"), ("sweep-step", "2")):
                driver.execute_script("document.getElementById(arguments[0]).value = arguments[1]", id_, value)
            driver.find_element(By.ID, "sweep-run").click()
            wait.until(lambda d: d.find_element(By.ID, "sweep-status").text.startswith("3 points"))
            points = driver.execute_script("return Chart.getChart('sweep-chart').data.datasets[0].data")
            expected = [{x["name"]: x for x in cli_json(args.volley, ["run", "--set", "visibility=10.0", "--set", f"german.units.Z1.figures={v}",
                                                                      "--trials", "100000", "--seed", "1"], tmp)["estimates"]}["herero.win"]["estimate"]
                        for v in (8, 10, 12)]
            check(points == expected, f"the sweep's points {points} are volley run's at each value {expected}")
        if args.screenshot:
            driver.execute_script("window.scrollTo(0, 0)")
            driver.save_screenshot(args.screenshot)
            print("browser test: screenshot", args.screenshot)
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
