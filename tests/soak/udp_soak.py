#!/usr/bin/env python3
"""Soak test of the UDP loop on loopback (CTest soak.udp, label soak; scripts/test.sh runs it).

A paced run of config/scenarios/hil_udp_controller.toml (--realtime, 60 s, --out, --record; a
temporary copy listening on a free loopback port) while three other processes work on it:

  (a) the real controller, `hilsim controller --manoeuvre M1`, following sim_time;
  (b) a flooder sending ~10^4 datagrams a second from 4 other ports of the same address, which the
      shipped `[udp] peer = "127.0.0.1"` (an address, any port) accepts as senders of their own:
      well-formed datagrams with huge sequence numbers (one sender wraps past 2^32) carrying frames
      of an id outside the mapping, or kappa_1 = 1.68 (outside [0, 1]; the copy sets
      `[hil] out_of_range = "reject"`), and malformed, corrupted (a CRC-32 that does not match),
      unprotected (version 1, which the shipped `[udp] e2e = "crc32"` refuses), duplicate and older
      datagrams, all version 2 (hil/DATAGRAM.md) but the unprotected ones. None of them
      can change kappa, so the run is a test of lock-out, not a fight over kappa: the flood's own
      sequence numbers, far ahead of the controller's, must not make the controller's datagrams
      look old (sender tracking per (address, port), hil/DATAGRAM.md), and the I/O thread must
      keep up;
  (c) a restarter that kills the controller every 5 s (SIGKILL: a crash), waits 0.2 s and starts it
      again on the same port. The new process numbers its datagrams from 1 again, older than the
      last one accepted from that (address, port): the bridge must take them as a restart (from
      the third, DATAGRAM.md "Restart").

The 0.2 s silence (longer than the 0.05 s watchdog timeout) makes every restart trip the watchdog
once, so the recording shows each restart as an input `watchdog` (the safe kappa) followed by an
input `command <sequence>` (the new controller's kappa applied again). Checks:

  1. the run, the last controller (which ends by itself), the restarter and the flooder exit 0;
  2. lock-out: for every restart, the time from the new controller's start (the sim_time of the
     first sensor datagram in its --log: it sends its first command in the same cycle) to the
     micro step at which the recording shows its first command applied is at most the watchdog
     timeout (expected: 3 datagrams, ~3 ms);
  3. no other lock-out: of the controller's datagrams, the bridge refused as duplicate or older
     (its counts less the flood's) at most the first two of each restart; the run reports as many
     sender restarts as there were restarts; and every other watchdog trip after the first command
     is explained by a stall of the controller itself: its --log shows two consecutive cycles (it
     sends one command per cycle) at least the timeout minus 5 ms of sim_time apart, the trip
     between them (controller_stall below): the host did not run it (2 shared cores), so it sent
     nothing. A trip while the controller kept sending is a lock-out, or a bridge starved by the
     flood, and fails; the datagram check (CRC-32 and format) refused no more datagrams than the
     flood sent bad ones, each of its kinds under its own reason: none of the controller's;
  4. `hilsim replay` of the recording reproduces the CSV: `verified: bit for bit`.

It prints the figures (lock-outs, datagrams flooded by kind, the run's counters).
Usage: udp_soak.py SOURCE_DIR HILSIM [--seconds S] [--keep DIR]
"""

import argparse
import json
import os
import re
import shutil
import signal
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import time
import zlib

RESTART_PERIOD = 5.0  # s between restarts
RESTART_PAUSE = 0.2   # s of silence: longer than the watchdog timeout, so every restart trips it
FLOOD_PORTS = 4       # with the controller 5 senders: the bridge's table (8) keeps the controller's
FLOOD_REFUSAL_KINDS = 8  # the flood's datagrams the datagram check refuses, each for its own reason


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# --- (b) the flooder ----------------------------------------------------------------------------

def sealed(body):
    """A version 2 datagram: `body` (header and frames) followed by its CRC-32 (zlib's), little-endian."""
    return body + struct.pack("<I", zlib.crc32(body))


def datagram(sequence, frames, version=2):
    out = struct.pack("<BBBBI", 0x48, version, len(frames), 0, sequence & 0xFFFFFFFF)
    for ident, data in frames:
        out += struct.pack("<IB", ident, len(data)) + data
    return sealed(out) if version == 2 else out


def flood(port, seconds, stats_path):
    target = ("127.0.0.1", port)
    socks = []
    for _ in range(FLOOD_PORTS):
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        s.bind(("127.0.0.1", 0))
        socks.append(s)
    # Far ahead of any controller; the second wraps from 2^32 - 1 to 0 within seconds.
    sequence = [0x7FFFFF00, 0xFFFFF000, 0x40000000, 0xC0000000][:FLOOD_PORTS]
    unknown = [(0x7FF, bytes(8))]                                         # an id outside the mapping
    # kappa_1 = kappa_2 = 1.6777215 (raw 0xFFFFFF, 24 bits from bytes 2 and 5): rejected
    kappa_2 = [(0x100, bytes(2) + (0xFFFFFF).to_bytes(3, "little") * 2)]
    counts = {"unknown_id": 0, "kappa_out_of_range": 0, "refused": 0, "duplicate": 0, "older": 0,
              "send_errors": 0}
    end = time.monotonic() + seconds
    k = 0
    while time.monotonic() < end:
        for _ in range(10):  # a burst of 10 every millisecond at most
            i = k % FLOOD_PORTS
            kind = k % 10
            if kind < 5:
                sequence[i] += 1
                payload, key = datagram(sequence[i], unknown), "unknown_id"
            elif kind < 7:
                sequence[i] += 1
                payload, key = datagram(sequence[i], kappa_2), "kappa_out_of_range"
            elif kind == 7:
                good = datagram(sequence[i] + 1, unknown)
                body = good[:-4]  # without its CRC: changed, then sealed again
                corrupted = bytearray(good)
                corrupted[13] ^= 0x01  # a data bit flipped on the way
                # One of each FLOOD_REFUSAL_KINDS: bad magic, bad version, truncated, trailing bytes,
                # no frames, too short, corrupted, version 1.
                bad = [b"\x47" + good[1:], good[:1] + b"\x03" + good[2:], sealed(body[:-1]), sealed(body + b"\x00"),
                       sealed(body[:2] + b"\x00" + body[3:]), good[:5], bytes(corrupted),
                       datagram(sequence[i] + 1, unknown, version=1)]
                payload, key = bad[(k // 10) % len(bad)], "refused"
            elif kind == 8:
                payload, key = datagram(sequence[i], unknown), "duplicate"
            else:
                payload, key = datagram(sequence[i] - 1000, unknown), "older"
            try:
                socks[i].sendto(payload, target)
                counts[key] += 1
            except OSError:
                counts["send_errors"] += 1
            k += 1
        time.sleep(0.001)
    counts["total"] = sum(v for key, v in counts.items() if key != "send_errors")
    counts["seconds"] = seconds
    with open(stats_path, "w") as f:
        json.dump(counts, f)


# --- (c) the restarter --------------------------------------------------------------------------

def restart_controllers(hilsim, scenario, to, listen, duration, restarts, logdir, events_path):
    def start(n):
        log = os.path.join(logdir, f"controller{n}.csv")
        out = open(os.path.join(logdir, f"controller{n}.out"), "w")
        p = subprocess.Popen([hilsim, "controller", scenario, "--manoeuvre", "M1", "--to", to, "--listen", listen,
                              # The run's own duration: the emulator follows sim_time to its end, and
                              # exits 4 if hilsim's sensors stop before it (hilsim killed).
                              "--duration", str(duration), "--log", log], stdout=out, stderr=subprocess.STDOUT)
        return p, log
    events = []
    p, log = start(0)
    events.append({"n": 0, "log": log, "started": time.monotonic()})
    t0 = time.monotonic()
    for n in range(1, restarts + 1):
        time.sleep(max(0.0, t0 + n * RESTART_PERIOD - time.monotonic()))
        p.send_signal(signal.SIGKILL)
        p.wait()
        events[-1]["killed"] = time.monotonic()
        events[-1]["exit"] = p.returncode
        time.sleep(RESTART_PAUSE)
        p, log = start(n)
        events.append({"n": n, "log": log, "started": time.monotonic()})
    events[-1]["exit"] = p.wait(timeout=duration + 30)
    with open(events_path, "w") as f:
        json.dump(events, f)
    return 0 if events[-1]["exit"] == 0 else 1


# --- the test -----------------------------------------------------------------------------------

def read_recording(path):
    """(micro step, kappa, cause, sequence) of actuator 1's inputs."""
    with open(path) as f:
        lines = f.read().splitlines()
    config_lines = int(lines[3].split()[1])  # hil/recording.h: the config block follows line 4
    inputs = []
    for line in lines[4 + config_lines:]:
        w = line.split()
        if w[0] == "input" and w[5] == "1":
            inputs.append((int(w[1]), float(w[2]), w[3], int(w[4])))
    return inputs


def read_log(path):
    """(wall s, sim_time s) of every sensor datagram a controller's --log holds; each row is a cycle
    of the controller, which sends one command per cycle."""
    rows = []
    with open(path) as f:
        f.readline()
        for line in f:
            w = line.split(",")
            if len(w) >= 2:
                try:
                    rows.append((float(w[0]), float(w[1])))
                except ValueError:
                    pass  # the last line of a killed controller, cut short
    return rows


def controller_stall(logs, t_w, timeout):
    """The length [s] of a stall of a controller that explains a watchdog trip at sim time t_w, else
    None. A cycle of the controller reads every sensor datagram waiting (its log rows share the
    cycle's time stamp) and then sends one command, for about the sim_time of the newest one. Two
    consecutive cycles whose newest sim_time lie a >= timeout - 5 ms apart mean the controller sent
    nothing meanwhile (it was not run, wherever in its cycle that happened); it explains a trip
    from a + timeout - 10 ms to b + 10 ms (the simulation may run a few milliseconds behind the
    wall clock the watchdog uses)."""
    for rows in logs:
        cycles = []  # the newest sim_time of each cycle
        for k, (wall, sim) in enumerate(rows):
            if k > 0 and wall == rows[k - 1][0]:
                cycles[-1] = sim
            else:
                cycles.append(sim)
        for a, b in zip(cycles, cycles[1:]):
            if b - a >= timeout - 0.005 and a + timeout - 0.010 <= t_w <= b + 0.010:
                return b - a
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("source_dir")
    ap.add_argument("hilsim")
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--keep", help="keep the run's files in this directory")
    a = ap.parse_args()
    hilsim = os.path.abspath(a.hilsim)
    work = a.keep or tempfile.mkdtemp(prefix="hilsim_soak_")
    os.makedirs(work, exist_ok=True)
    failures = []

    def fail(what):
        failures.append(what)
        print("soak: FAIL: " + what)

    # The shipped scenario on free loopback ports, out-of-range kappa rejected.
    port, sensors = free_port(), free_port()
    with open(os.path.join(a.source_dir, "config/scenarios/hil_udp_controller.toml")) as f:
        text = f.read()
    text = re.sub(r'(?m)^listen = .*$', f'listen = "127.0.0.1:{port}"', text)
    text = re.sub(r'(?m)^send_to = .*$', f'send_to = "127.0.0.1:{sensors}"', text)
    text = re.sub(r'(?m)^(input = "udp".*)$', r'\1\nout_of_range = "reject"', text)
    watchdog = float(re.search(r'(?m)^watchdog_timeout = ([0-9.eE+-]+)', text).group(1))
    h_hyd = float(re.search(r'(?m)^h_hyd = ([0-9.eE+-]+)', text).group(1))
    scenario = os.path.join(work, "soak.toml")
    with open(scenario, "w") as f:
        f.write(text)
    live, rec = os.path.join(work, "live.csv"), os.path.join(work, "live.rec")
    restarts = int((a.seconds - 1.0) // RESTART_PERIOD)

    started = time.monotonic()
    with open(os.path.join(work, "run.out"), "w") as out:
        run = subprocess.Popen([hilsim, "run", scenario, "--realtime", "--duration", str(a.seconds), "--out", live,
                                "--record", rec, "--quiet"], stdout=out, stderr=subprocess.STDOUT)
    time.sleep(0.3)
    me = os.path.abspath(__file__)
    events_path, flood_path = os.path.join(work, "restarts.json"), os.path.join(work, "flood.json")
    restarter = subprocess.Popen([sys.executable, me, "--restarter", hilsim, scenario, f"127.0.0.1:{port}",
                                  f"127.0.0.1:{sensors}", str(a.seconds), str(restarts), work, events_path])
    flooder = subprocess.Popen([sys.executable, me, "--flooder", str(port), str(a.seconds - 1.0), flood_path])
    run_exit = run.wait(timeout=a.seconds + 60)
    restarter_exit = restarter.wait(timeout=60)
    flooder_exit = flooder.wait(timeout=60)
    wall = time.monotonic() - started
    with open(os.path.join(work, "run.out")) as f:
        report = f.read()
    for name, code in (("run", run_exit), ("restarter (and the last controller)", restarter_exit),
                       ("flooder", flooder_exit)):
        if code != 0:
            fail(f"{name} exited {code}")
    if run_exit != 0:
        print(report)
        print(f"soak: the run's files are in {work}")
        return 1

    # Lock-outs and watchdog episodes from the recording.
    events = json.load(open(events_path))
    flood_counts = json.load(open(flood_path))
    inputs = read_recording(rec)
    first_command = next(i for i, e in enumerate(inputs) if e[2] == "command")
    episodes = []  # (start s, end s or None, sequence of the command that ended it)
    for i in range(first_command, len(inputs)):
        if inputs[i][2] != "watchdog":
            continue
        end = next((e for e in inputs[i + 1:] if e[2] == "command"), None)
        episodes.append((inputs[i][0] * h_hyd, end[0] * h_hyd if end else None, end[3] if end else None))
    # Each restart's episode is the one around its start; any other must be the controller's own
    # stall (the host did not run it, so it sent nothing; no bridge can help that). Any other trip
    # is a lock-out, or a bridge starved by the flood.
    logs = [read_log(ev["log"]) for ev in events]
    starts = [rows[0][1] if rows else None for rows in logs]
    restart_episodes = set()
    for n in range(1, len(events)):
        if starts[n] is None:
            continue
        for k, (t_w, t_c, _) in enumerate(episodes):
            if t_c is not None and t_w <= starts[n] + watchdog and t_c >= starts[n]:
                restart_episodes.add(k)
    stalls = []
    for k, (t_w, t_c, _) in enumerate(episodes):
        if k in restart_episodes:
            continue
        stall = controller_stall(logs, t_w, watchdog)
        if stall is None:
            until = "the end" if t_c is None else f"t = {t_c:.4f} s"
            fail(f"a watchdog trip at t = {t_w:.4f} s (until {until}) with a controller running and sending: it was "
                 "locked out, or the bridge fell behind")
        else:
            stalls.append((t_w, stall))
    lockouts = []
    for ev in events[1:]:
        t_start = starts[ev["n"]]
        if t_start is None:
            fail(f"controller {ev['n']} received no sensor datagram")
            continue
        ending = [ep for ep in episodes if ep[1] is not None and ep[0] <= t_start + watchdog and ep[1] >= t_start]
        if len(ending) != 1:
            fail(f"controller {ev['n']} (started at t = {t_start:.4f} s): {len(ending)} watchdog episode(s) around "
                 "its start, expected 1")
            continue
        lockout = ending[0][1] - t_start
        lockouts.append((ev["n"], t_start, lockout, ending[0][2]))
        if lockout > watchdog:
            fail(f"controller {ev['n']} locked out for {lockout * 1e3:.1f} ms after its restart at t = {t_start:.4f} "
                 f"s (more than the watchdog timeout, {watchdog * 1e3:g} ms)")
    m = re.search(r"(\d+) sender\(s\), (\d+) restart\(s\)", report)
    if not m or int(m.group(2)) != restarts:
        fail(f"the run reports {m.group(2) if m else '?'} sender restart(s), expected {restarts}")
    # The controller's datagrams refused: the reordered and duplicate ones beyond the flood's (fewer
    # of those if the kernel dropped some), at most the first two of each restart's run of three.
    m = re.search(r"(\d+) duplicate, (\d+) reordered", report)
    refused = (int(m.group(1)) - flood_counts["duplicate"]) + (int(m.group(2)) - flood_counts["older"]) if m else None
    if refused is None or refused > 2 * restarts:
        fail(f"{refused} of the controller's datagrams refused as duplicate or old, more than 2 per restart")
    # The datagram check refused the flood's bad datagrams (all of them, unless the kernel dropped
    # some), each kind under its own reason, and none of the controller's.
    m = re.search(r"(\d+) refused, \d+ duplicate", report)
    checked = int(m.group(1)) if m else None
    reasons = len(re.findall(r"(?m)^udp:   refused, .*: \d+$", report))
    if checked is None or checked > flood_counts["refused"] or reasons != FLOOD_REFUSAL_KINDS:
        fail(f"the run refused {checked} datagrams under {reasons} reason(s); the flood sent "
             f"{flood_counts['refused']} bad ones of {FLOOD_REFUSAL_KINDS} kinds")

    # The replay.
    replay = subprocess.run([hilsim, "replay", rec, "--live", live], capture_output=True, text=True)
    verified = "verified: bit for bit" in replay.stdout
    if replay.returncode != 0 or not verified:
        fail(f"replay exited {replay.returncode}: {replay.stdout.strip()} {replay.stderr.strip()}")

    # The figures.
    print(f"soak: {a.seconds:g} s paced run, wall {wall:.1f} s; {restarts} controller restarts "
          f"(SIGKILL, {RESTART_PAUSE:g} s pause), watchdog timeout {watchdog * 1e3:g} ms")
    if lockouts:
        ms = [x[2] * 1e3 for x in lockouts]
        print(f"soak: lock-out after a restart (its start to its first command applied): min {min(ms):.2f} ms, "
              f"median {statistics.median(ms):.2f} ms, max {max(ms):.2f} ms; first sequence applied: "
              + ", ".join(str(x[3]) for x in lockouts))
    print(f"soak: controller datagrams refused as old or duplicate: {refused} (2 per restart expected)")
    print(f"soak: other watchdog trips: {len(stalls)}, each explained by a stall of the controller itself"
          + "".join(f"; at t = {t:.3f} s, not run for {d * 1e3:.0f} ms" for t, d in stalls))
    print("soak: flooded " + ", ".join(f"{k} {v}" for k, v in flood_counts.items()))
    for line in report.splitlines():
        if line.startswith(("udp:", "watchdog:", "commands:", "real time:", "recording:")):
            print("soak: run: " + line)
    print("soak: replay: " + " ".join(l for l in replay.stdout.splitlines() if l.startswith("verified")))
    if failures:
        print(f"soak: the run's files are in {work}")
    elif not a.keep:
        shutil.rmtree(work, ignore_errors=True)
    print("soak: RESULT " + ("FAIL" if failures else "PASS"))
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--flooder":
        flood(int(sys.argv[2]), float(sys.argv[3]), sys.argv[4])
        sys.exit(0)
    if len(sys.argv) > 1 and sys.argv[1] == "--restarter":
        hilsim, scenario, to, listen, duration, restarts, logdir, events = sys.argv[2:10]
        sys.exit(restart_controllers(hilsim, scenario, to, listen, float(duration), int(restarts), logdir, events))
    sys.exit(main())
