#!/usr/bin/env python3
"""The live telemetry of `hilsim run --telemetry udp://127.0.0.1:PORT`, received on a UDP socket.

Every datagram must be one JSON object whose keys are "timestamp" and the trajectory CSV's columns,
in order, and whose numbers are the CSV row's, character for character (both are the shortest form
that reads back to the same double); the rows sent are the first of each 1/rate_hz of simulated
time. Checked for the offline run, the threaded run (--threads) and the paced run (--realtime) with
one actuator, for [telemetry] in a scenario file with two, and that the report counts the samples
sent and none dropped. Then the shipped PlotJuggler layout: every curve it plots is a series the
stream sends. About 5 s (one paced second).

Usage: telemetry_udp.py SOURCE_DIR HILSIM_BINARY
"""
import csv
import json
import math
import os
import socket
import subprocess
import sys
import tempfile
import threading
import xml.etree.ElementTree as ElementTree

source_dir, binary = sys.argv[1], sys.argv[2]
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL: " + message)


class Receiver:
    """A UDP socket on 127.0.0.1 with a thread that keeps every datagram, in arrival order."""

    def __init__(self):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.datagrams = []
        self.running = True
        self.thread = threading.Thread(target=self.receive)
        self.thread.start()

    def receive(self):
        while self.running:
            try:
                self.datagrams.append(self.sock.recv(65536))
            except socket.timeout:
                pass

    def stop(self):
        self.running = False
        self.thread.join()
        # What arrived after the thread's last read (a loaded machine may not have run it at all
        # while a fast offline run sent everything): still in the socket's buffer.
        self.sock.setblocking(False)
        while True:
            try:
                self.datagrams.append(self.sock.recv(65536))
            except BlockingIOError:
                break
        self.sock.close()
        return self.datagrams


def expected_rows(rows, rate_hz):
    """The first row of each 1/rate_hz of simulated time, as hilsim picks them."""
    picked, last = [], -1
    for row in rows:
        slot = math.floor(float(row["t"]) * rate_hz + 1e-9)
        if slot > last:
            picked.append(row)
            last = slot
    return picked


def run_case(name, args, rate_hz, workdir, scenario_text=None):
    """Runs `hilsim run ARGS` (TARGET: the receiver), or with a scenario file of `scenario_text`
    whose TARGET is the receiver, and compares the datagrams with the CSV."""
    receiver = Receiver()
    out = os.path.join(workdir, name + ".csv")
    target = "udp://127.0.0.1:%d" % receiver.port
    if scenario_text is not None:
        scenario = os.path.join(workdir, name + ".toml")
        with open(scenario, "w") as f:
            f.write(scenario_text.replace("TARGET", target))
        args = [scenario] + args
    command = [binary, "run"] + [a.replace("TARGET", target) for a in args] + ["--out", out, "--quiet"]
    result = subprocess.run(command, capture_output=True, text=True, timeout=60)
    datagrams = receiver.stop()
    check(result.returncode == 0, "%s: exit %d: %s" % (name, result.returncode, result.stderr.strip()))
    if result.returncode != 0:
        return
    with open(out, newline="") as f:
        reader = csv.DictReader(f)
        columns, rows = reader.fieldnames, list(reader)
    wanted = expected_rows(rows, rate_hz)
    check(len(datagrams) == len(wanted), "%s: %d datagrams for %d rows due" % (name, len(datagrams), len(wanted)))
    for datagram, row in zip(datagrams, wanted):
        text = datagram.decode("utf-8")
        values = json.loads(text)  # a valid JSON object, parsed as any reader would
        raw = json.loads(text, parse_float=str, parse_int=str)  # the numbers as written
        keys = list(values.keys())
        if keys != ["timestamp"] + columns:
            check(False, "%s: keys %s, not timestamp and the CSV's %s" % (name, keys, columns))
            break
        if raw["timestamp"] != row["t"] or any(raw[c] != row[c] for c in columns):
            check(False, "%s: datagram %s differs from the CSV row %s" % (name, text, row))
            break
        check(all(values[c] == float(row[c]) for c in columns), "%s: values of %s" % (name, text))
    report = "telemetry: %d samples sent to %s (%g Hz of simulated time), 0 dropped" % (len(wanted), target, rate_hz)
    check(report in result.stdout, "%s: no line '%s' in:\n%s" % (name, report, result.stdout))
    print("%s: %d datagrams, each equal to its CSV row" % (name, len(datagrams)))


def check_refusals():
    bad = subprocess.run([binary, "run", "--telemetry", "127.0.0.1:9870"], capture_output=True, text=True)
    check(bad.returncode == 2 and "--telemetry = '127.0.0.1:9870' is not udp://HOST:PORT" in bad.stderr,
          "a target without udp:// is refused naming the flag (exit %d): %s" % (bad.returncode, bad.stderr))
    mono = subprocess.run([binary, "run", "--solver", "monolithic", "--telemetry", "udp://127.0.0.1:9870"],
                          capture_output=True, text=True)
    check(mono.returncode == 2 and "monolithic" in mono.stderr,
          "the monolithic solver refuses a stream (exit %d): %s" % (mono.returncode, mono.stderr))


def check_layout():
    layout = os.path.join(source_dir, "config", "plotjuggler", "hilsim.xml")
    header_two = ("t,kappa,s1,s1dot,p1,p2,fh,theta1,theta2,s2,s2dot,p1_2,p2_2,fh_2,kappa_2,dE,Ebal").split(",")
    curves = [c.get("name") for c in ElementTree.parse(layout).getroot().iter("curve")]
    check(len(curves) >= 5, "the layout plots %d curves" % len(curves))
    for name in curves:
        check(name.startswith("/") and name[1:] in header_two, "layout curve %s is not a series of the stream" % name)
    for column in ("s1", "p1", "p2", "fh", "kappa", "dE"):
        check("/" + column in curves, "the layout does not plot %s" % column)
    print("layout: %d curves, each a series of the stream" % len(curves))


with tempfile.TemporaryDirectory() as workdir:
    common = ["--duration", "1", "--reference", "none", "--telemetry", "TARGET"]
    run_case("offline", common, 100.0, workdir)
    run_case("threads", common + ["--threads"], 100.0, workdir)
    run_case("realtime", common + ["--realtime"], 100.0, workdir)
    # [telemetry] of a scenario file, two actuators (their columns too), 20 Hz.
    two = ('[crane]\nactuators = 2\n[run]\nduration = 0.5\nreference = "none"\n'
           '[telemetry]\ntarget = "TARGET"\nrate_hz = 20\n')
    run_case("two_actuators", [], 20.0, workdir, two)
    check_refusals()
check_layout()

if failures:
    print("%d failed" % len(failures))
    sys.exit(1)
print("all passed")
