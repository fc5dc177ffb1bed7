#!/usr/bin/python3
"""Load test of `volley serve`, bounded in time and on loopback only.

20 clients start runs and sweeps (POST /api/run, /api/sweep) with random settings for about 30 s and
cancel some of them at random: by closing the stream, by POST /api/stop, or by starting their next
study (same client id). It checks that the server neither crashes nor answers an error, that its
resident memory stays flat, and that every completed result's tallies are bit-identical to
`volley run --json` (or `volley sweep --json`, every point) with the same settings. The figures
(runs, cancellations, peak memory) are printed for docs/performance.md.

usage: tests/sim/web/load_test.py BUILD/volley [--seconds 30] [--clients 20]
"""
import argparse
import http.client
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time

KINDS = ["run", "run", "run", "sweep"]
POLICIES = ["never", "always"]
TRIALS = {"run": [4096, 20000, 60000], "sweep": [4096, 8192]}  # a sweep's per grid point
SEEDS = [1, 2]
SWEEP_PARAM = "german.units.Z1.figures=8:12:2"


def tallies_of(kind, document):
    """The tallies a result holds, as one text: a run's, or every point's of a sweep."""
    return json.dumps(document["tally"] if kind == "run" else [p["result"]["tally"] for p in document["points"]])


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


class Totals:
    def __init__(self):
        self.lock = threading.Lock()
        self.started = self.completed = self.cancelled = 0
        self.errors = []
        self.results = {}  # settings -> set of tally signatures seen

    def add(self, **kw):
        with self.lock:
            for k, v in kw.items():
                setattr(self, k, getattr(self, k) + v)


# The server's API token (docs/api.md, "Access"): scripts send it in a header.
TOKEN = "load-test-token-" + os.urandom(8).hex()
AUTH = {"Authorization": "token " + TOKEN}


def client_loop(port, name, deadline, totals, rng):
    while time.monotonic() < deadline:
        kind = rng.choice(KINDS)
        settings = (kind, rng.choice(POLICIES), rng.choice(TRIALS[kind]), rng.choice(SEEDS))
        request = {"client": name, "sets": [f"herero.policy={settings[1]}"], "trials": settings[2], "seed": settings[3]}
        if kind == "sweep":
            request["param"] = SWEEP_PARAM
        body = json.dumps(request)
        # How this run ends: played to the end, stream closed, /api/stop, or replaced by the next run.
        fate = rng.choice(["complete", "complete", "close", "stop", "replace"])
        cancel_after = rng.randint(1, 3)  # events before cancelling
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        try:
            conn.request("POST", "/api/" + kind, body, {"Content-Type": "application/json", **AUTH})
            resp = conn.getresponse()
            totals.add(started=1)
            if resp.status != 200:
                totals.errors.append(f"{name}: status {resp.status}: {resp.read()[:200]!r}")
                continue
            events = 0
            event = None
            while True:
                line = resp.readline()
                if not line:
                    totals.errors.append(f"{name}: stream ended without a done event")
                    break
                line = line.decode().rstrip("\n")
                if line.startswith("event: "):
                    event = line[7:]
                elif line.startswith("data: "):
                    data = json.loads(line[6:])
                    events += 1
                    if event == "error":
                        totals.errors.append(f"{name}: error event {data}")
                        break
                    if event == "done":
                        if data["stopped"]:
                            totals.add(cancelled=1)
                        else:
                            totals.add(completed=1)
                            with totals.lock:
                                totals.results.setdefault(settings, set()).add(tallies_of(kind, data))
                        break
                    if fate != "complete" and events > cancel_after:
                        if fate == "close":
                            totals.add(cancelled=1)
                            break
                        if fate == "stop":
                            stop = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                            stop.request("POST", "/api/stop", json.dumps({"client": name}), {"Content-Type": "application/json", **AUTH})
                            r = stop.getresponse()
                            if r.status != 200:
                                totals.errors.append(f"{name}: /api/stop answered {r.status}")
                            r.read()
                            stop.close()
                            fate = "complete"  # read on to the done event, which says stopped
                        if fate == "replace":
                            # The next run (same client id) stops this one; this connection is dropped.
                            totals.add(cancelled=1)
                            break
        except (OSError, http.client.HTTPException) as e:
            totals.errors.append(f"{name}: {type(e).__name__}: {e}")
        finally:
            conn.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("volley")
    ap.add_argument("--seconds", type=float, default=30)
    ap.add_argument("--clients", type=int, default=20)
    args = ap.parse_args()
    port = free_port()
    server = subprocess.Popen([args.volley, "serve", "--port", str(port), "--token", TOKEN], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    if "http://127.0.0.1" not in line:
        print("load test: the server did not start:", line, server.stderr.read(), file=sys.stderr)
        return 1
    totals = Totals()
    rss = []
    deadline = time.monotonic() + args.seconds
    threads = [threading.Thread(target=client_loop, args=(port, f"load-{i}", deadline, totals, random.Random(i))) for i in range(args.clients)]
    start = time.monotonic()
    for t in threads:
        t.start()
    while any(t.is_alive() for t in threads):
        if server.poll() is not None:
            totals.errors.append(f"the server exited with {server.returncode}")
            break
        rss.append((time.monotonic() - start, rss_kib(server.pid)))
        time.sleep(0.25)
    for t in threads:
        t.join()
    alive = server.poll() is None
    status = {}
    # Every study ended: played out, or stopped (a closed stream is noticed within 50 ms and stops at
    # the next block boundary), so the server's registry empties within seconds.
    settle = time.monotonic() + 10
    while alive:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.request("GET", "/api/status", headers=AUTH)
        status = json.loads(conn.getresponse().read())
        conn.close()
        if status["runs_active"] == 0 or time.monotonic() > settle:
            break
        time.sleep(0.05)
    if status.get("runs_active", 0) != 0:
        totals.errors.append(f"{status['runs_active']} runs still active 10 s after the last client finished")
    server.terminate()
    server.wait(timeout=30)

    # Every completed result against the CLI, once per distinct settings.
    mismatches = 0
    with tempfile.TemporaryDirectory() as tmp:
        for settings, tallies in sorted(totals.results.items()):
            out = os.path.join(tmp, "cli.json")
            kind = settings[0]
            subprocess.run([args.volley, kind, "--set", f"herero.policy={settings[1]}", "--trials", str(settings[2]), "--seed",
                            str(settings[3]), "--json", out, "--quiet"] + (["--param", SWEEP_PARAM] if kind == "sweep" else []),
                           check=True, stdout=subprocess.DEVNULL)
            with open(out) as f:
                cli = tallies_of(kind, json.load(f))
            if tallies != {cli}:
                mismatches += 1
                totals.errors.append(f"settings {settings}: {len(tallies)} distinct tallies, CLI's among them: {cli in tallies}")

    elapsed = time.monotonic() - start
    peak = max(r for _, r in rss)
    # Flat memory: the peak of the last third of the test is within 25% (or 16 MiB) of the peak of the middle third.
    third = elapsed / 3
    middle = max([r for t, r in rss if third <= t < 2 * third] or [0])
    last = max([r for t, r in rss if t >= 2 * third] or [0])
    stable = last <= max(middle * 1.25, middle + 16 * 1024)
    sweeps = sum(1 for k in totals.results if k[0] == "sweep")
    print(f"load test: {args.clients} clients, {elapsed:.1f} s: {totals.started} runs and sweeps started, {totals.completed} completed "
          f"({len(totals.results)} distinct settings, {sweeps} of them sweeps, each bit-identical to volley run or sweep: {mismatches == 0}), "
          f"{totals.cancelled} cancelled; "
          f"server resident memory peak {peak / 1024:.1f} MiB (middle third {middle / 1024:.1f} MiB, last third {last / 1024:.1f} MiB); "
          f"errors {len(totals.errors)}; the server counted {status.get('runs_started')} runs started, {status.get('runs_cancelled')} "
          f"stopped by /api/stop or by their client's next run, {status.get('runs_active')} still active")
    for e in totals.errors[:20]:
        print("  error:", e)
    ok = alive and not totals.errors and stable and totals.completed > 0 and totals.cancelled > 0
    if not stable:
        print("load test: resident memory grew in the last third", file=sys.stderr)
    print("load test:", "passed" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
