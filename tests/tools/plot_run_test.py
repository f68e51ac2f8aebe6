#!/usr/bin/env python3
"""The page of `hilsim plot` (tools/plot/plot_run.py, called by the binary) for real runs of the
binary: the LIM crane with one actuator (with an events and a latency file), with two, the two-way coupling with two (its
recording has `mechanics` inputs, which must not be counted), the excavator machine (three valves,
named sensor columns) and a paced UDP run driven by `hilsim controller` that stops early, so that the
watchdog trips, with the events and latency histograms its `hilsim run --events --latency` wrote. For each: the PNG exists, is a PNG of the size the summary states and within the
expected range, and the summary names the valves, strokes and pressures of the CSV's header and
counts, per valve and cause, as many inputs as the recording holds for the hydraulics' reader.
Then the errors: a CSV without t, an empty file, a missing file and a non-recording as --record
each give one line `hilsim plot: FILE: ...` on stderr and exit 2. About 15 s (1.5 paced seconds).

Usage: plot_run_test.py SOURCE_DIR HILSIM_BINARY
Exits 77 (skipped) when no python3 with matplotlib is found.
"""
import os
import re
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time

source_dir, binary = sys.argv[1], sys.argv[2]
script = os.path.join(source_dir, "tools", "plot", "plot_run.py")
failures = []

EVENTS = """t,kind,where,detail
0.3,limit,"actuator 1, retracted",end stop reached
0.5,link_lost,can0,"interface down, no frames"
0.7,link_restored,can0,
0.9,watchdog,actuator 1,"timeout 0.05 s, safe value 0.454"
1.2,watchdog,actuator 1,expired again
1.4,overrun,hydraulics,cycle 7000
"""
# Counts per thread and kind: mechanics 2991 + 2991, hydraulics 15000 + 15000.
LATENCY = """thread,kind,lower_ns,upper_ns,count
mechanics,wakeup,8000,16000,1200
mechanics,wakeup,16000,32000,1700
mechanics,wakeup,4096000,8192000,91
mechanics,execution,500,1000,800
mechanics,execution,1000,2000,2191
hydraulics,wakeup,8000,16000,6000
hydraulics,wakeup,16000,32000,8949
hydraulics,wakeup,4096000,8192000,51
hydraulics,execution,125,250,5000
hydraulics,execution,250,500,10000
"""


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL: " + message)
    return condition


def plotting_python():
    """This interpreter if it has matplotlib, else Debian's (a PATH's python3 may be another's)."""
    for candidate in (sys.executable, "/usr/bin/python3"):
        if candidate and os.path.exists(candidate) and subprocess.run(
                [candidate, "-c", "import matplotlib"], capture_output=True).returncode == 0:
            return candidate
    return None


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def hilsim(*args):
    result = subprocess.run([binary, *args], capture_output=True, text=True, timeout=120)
    check(result.returncode == 0, f"hilsim {' '.join(args)} exited {result.returncode}: {result.stderr[-500:]}")
    return result


def csv_header_and_rows(path):
    with open(path) as f:
        lines = [line for line in f.read().splitlines() if line.strip()]
    return lines[0].split(","), len(lines) - 1


def recorded_inputs(path):
    """{(actuator, cause): count} of the hydraulics' inputs. Read by the shape of an input line: the
    config's own `input = "..."` key does not have it, and `mechanics` inputs duplicate the others."""
    counts = {}
    pattern = re.compile(r"input \d+ \S+ (command|watchdog|script) \d+ (\d+)( mechanics)?")
    with open(path) as f:
        for line in f:
            m = pattern.fullmatch(line.rstrip("\n"))
            if m and not m.group(3):
                key = (int(m.group(2)), m.group(1))
                counts[key] = counts.get(key, 0) + 1
    return counts


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", head[16:24])


def plot(python, name, csv_path, out, *extra):
    """`hilsim plot`: its summary lines (without the command's own last line, `plot: PAGE`)."""
    result = subprocess.run([binary, "plot", csv_path, "--out", out, "--summary", *extra],
                            capture_output=True, text=True, timeout=60)
    print(f"--- {name}\n{result.stdout}", end="")
    check(result.returncode == 0, f"{name}: hilsim plot exited {result.returncode}: {result.stderr.strip()}")
    lines = result.stdout.splitlines()
    check(lines and lines[-1] == f"plot: {out}", f"{name}: hilsim plot's last line: {lines[-1:]}")
    return lines[:-1]


def check_page(name, csv_path, rec_path, out, summary, has_events=False, has_latency=False):
    header, rows = csv_header_and_rows(csv_path)
    lines = {line.split(":", 1)[0]: line for line in summary}

    # The valves of the header: kappa is valve 1's, kappa_k valve k's.
    valves = {1: "kappa"} if "kappa" in header else {}
    valves.update({int(c[6:]): c for c in header if re.fullmatch(r"kappa_\d+", c)})
    counts = recorded_inputs(rec_path)
    check(valves, f"{name}: no kappa column in {csv_path}")
    for k, column in sorted(valves.items()):
        key = f"valve {k} ({column})"
        if not check(key in lines, f"{name}: no summary line for {key}: {summary}"):
            continue
        line = lines[key]
        check(f"applied {rows} points" in line, f"{name}: {key}: not {rows} points applied: {line}")
        for cause, words in (("command", "accepted {} commands"), ("script", "script {} inputs"),
                             ("watchdog", "watchdog {} values")):
            expected = words.format(counts.get((k, cause), 0))
            check(expected in line, f"{name}: {key}: expected '{expected}': {line}")
    # Every valve the recording drove has a panel, and no other valve does.
    drawn = {int(m.group(1)) for line in summary for m in [re.match(r"valve (\d+) ", line)] if m}
    check(drawn == set(valves) | {k for k, _ in counts},
          f"{name}: valves drawn {sorted(drawn)}, the CSV's and recording's are {sorted(valves)}")

    strokes = [c for c in header if re.fullmatch(r"s\d+", c)]
    check(lines.get("strokes") == "strokes: " + " ".join(strokes),
          f"{name}: strokes line: {lines.get('strokes')}")
    pressures = sorted((c for c in header if re.fullmatch(r"p[12](_\d+)?", c)),
                       key=lambda c: (int(c[3:]) if "_" in c else 1, c[:2]))
    check(lines.get("pressures") == "pressures: " + " ".join(pressures),
          f"{name}: pressures line: {lines.get('pressures')}")
    check(("events" in lines) == has_events, f"{name}: events line present: {'events' in lines}")
    check(("latency" in lines) == has_latency, f"{name}: latency line present: {'latency' in lines}")

    # The page: a PNG, 1200 px wide, about 250 px per row of panels, as the summary says.
    size = png_size(out)
    if not check(size is not None, f"{name}: {out} is not a PNG"):
        return
    rows_drawn = len(drawn) + 2 + (1 if has_latency else 0)
    width, height = size
    check(1100 <= width <= 1300, f"{name}: page {width} px wide")
    check(200 * rows_drawn <= height <= 300 * rows_drawn + 100,
          f"{name}: page {height} px high for {rows_drawn} rows")
    check(lines.get("page") == f"page: {out} {width}x{height} px, {rows_drawn} rows",
          f"{name}: page line {lines.get('page')} against the PNG's {width}x{height}")


def live_udp_run(work):
    """A paced UDP run whose controller stops at 1.0 s of 1.5: the watchdog trips before the first
    command and after the last. The shipped scenario on free loopback ports (tests run in parallel)."""
    with open(os.path.join(source_dir, "config/scenarios/hil_udp_controller.toml")) as f:
        text = f.read()
    port, sensors = free_port(), free_port()
    text = re.sub(r"(?m)^listen = .*$", f'listen = "127.0.0.1:{port}"', text)
    text = re.sub(r"(?m)^send_to = .*$", f'send_to = "127.0.0.1:{sensors}"', text)
    scenario = os.path.join(work, "live.toml")
    with open(scenario, "w") as f:
        f.write(text)
    csv_path, rec = os.path.join(work, "live.csv"), os.path.join(work, "live.rec")
    events, latency = os.path.join(work, "live_events.csv"), os.path.join(work, "live_latency.csv")
    run = subprocess.Popen([binary, "run", scenario, "--realtime", "--duration", "1.5", "--out", csv_path,
                            "--record", rec, "--events", events, "--latency", latency, "--quiet"],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    time.sleep(0.3)
    controller = subprocess.run([binary, "controller", scenario, "--manoeuvre", "M2", "--duration", "1.0"],
                                capture_output=True, text=True, timeout=60)
    out, _ = run.communicate(timeout=60)
    check(run.returncode == 0, f"live run exited {run.returncode}: {out[-500:]}")
    check(controller.returncode == 0, f"controller exited {controller.returncode}: {controller.stderr[-500:]}")
    counts = recorded_inputs(rec)
    check(counts.get((1, "command"), 0) > 10, f"live run: few commands recorded: {counts}")
    check(counts.get((1, "watchdog"), 0) >= 1, f"live run: no watchdog input recorded: {counts}")
    with open(events) as f:
        check(f.readline() == "t,kind,where,detail\n", f"live run: {events} has no header")
    return csv_path, rec, events, latency


def check_errors(python, work, good_csv):
    def expect(name, args, culprit, words, direct=False):
        # Through `hilsim plot` (its exit status is the script's), or the script itself for what the
        # command line refuses before (a file that does not exist).
        program = [python, script] if direct else [binary, "plot"]
        result = subprocess.run([*program, *args, "--out", os.path.join(work, "error.png")],
                                capture_output=True, text=True, timeout=60)
        err = result.stderr.strip()
        check(result.returncode == 2, f"{name}: exit {result.returncode}, not 2 ({err})")
        check(err.startswith(f"hilsim plot: {culprit}: ") and "\n" not in err and words in err,
              f"{name}: stderr '{err}', expected one line 'hilsim plot: {culprit}: ...{words}...'")
        print(f"--- {name}: {err}")

    no_t = os.path.join(work, "no_t.csv")
    with open(no_t, "w") as f:
        f.write("time,kappa\n0,0.5\n")
    empty = os.path.join(work, "empty.csv")
    open(empty, "w").close()
    missing = os.path.join(work, "missing.csv")
    expect("CSV without t", [no_t], no_t, "no column t")
    expect("empty CSV", [empty], empty, "empty")
    expect("missing CSV", [missing], missing, "cannot read", direct=True)
    expect("CSV as recording", [good_csv, "--record", good_csv], good_csv, "not a hilsim recording")
    expect("empty recording", [good_csv, "--record", empty], empty, "not a hilsim recording")
    expect("events without kind", [good_csv, "--events", no_t], no_t, "no column")


def main():
    started = time.monotonic()
    python = plotting_python()
    if python is None:
        print("skipped: no python3 with matplotlib (Debian: python3-matplotlib)")
        return 77
    work = tempfile.mkdtemp(prefix="plot_run_test.")
    path = lambda name: os.path.join(work, name)  # noqa: E731
    with open(path("events.csv"), "w") as f:
        f.write(EVENTS)
    with open(path("latency.csv"), "w") as f:
        f.write(LATENCY)

    # LIM crane, one actuator, past M1's valve step at 2 s; with the events and latency files.
    hilsim("run", "--threads", "--duration", "2.5", "--out", path("lim1.csv"), "--record", path("lim1.rec"))
    summary = plot(python, "lim1", path("lim1.csv"), path("lim1.png"), "--record", path("lim1.rec"),
                   "--events", path("events.csv"), "--latency", path("latency.csv"),
                   "--title", "LIM crane, M1")
    check_page("lim1", path("lim1.csv"), path("lim1.rec"), path("lim1.png"), summary, True, True)
    check("events: 1 limit, 1 link_lost, 1 link_restored, 2 watchdog, 1 overrun" in summary,
          f"lim1: events line: {summary}")
    check("latency: mechanics wakeup 2991 samples, execution 2991 samples; "
          "hydraulics wakeup 15000 samples, execution 15000 samples" in summary, f"lim1: latency line: {summary}")

    for name, args in (("lim2", ["--actuators", "2", "--duration", "1"]),
                       ("twoway", ["--coupling", "twoway", "--actuators", "2", "--duration", "0.5"]),
                       ("excavator", [os.path.join(source_dir, "config/scenarios/hil_excavator_can.toml"),
                                      "--input", "script", "--duration", "1"])):
        hilsim("run", *args, "--threads", "--out", path(name + ".csv"), "--record", path(name + ".rec"))
        summary = plot(python, name, path(name + ".csv"), path(name + ".png"), "--record", path(name + ".rec"))
        check_page(name, path(name + ".csv"), path(name + ".rec"), path(name + ".png"), summary)
    check("valve 3 (kappa_3)" in " ".join(summary), "excavator: no third valve")

    csv_path, rec, events, latency = live_udp_run(work)
    summary = plot(python, "live", csv_path, path("live.png"), "--record", rec, "--events", events,
                   "--latency", latency)
    check_page("live", csv_path, rec, path("live.png"), summary, has_events=True, has_latency=True)
    # The run's own histograms: both threads, paced (wake-up latencies), every cycle of the 1.5 s.
    latency_line = next((line for line in summary if line.startswith("latency: ")), "")
    for thread, cycles in (("mechanics", 1500), ("hydraulics", 7500)):  # H = 1 ms, h_H = 0.2 ms
        m = re.search(thread + r" wakeup (\d+) samples, execution (\d+) samples", latency_line)
        check(m and int(m.group(1)) == cycles and int(m.group(2)) == cycles,
              f"live: {thread}: not {cycles} wake-ups and executions: {latency_line}")

    check_errors(python, work, path("lim1.csv"))
    print(f"{time.monotonic() - started:.1f} s")
    if failures:
        # The pages and runs stay for a look at what went wrong.
        print(f"{len(failures)} failure(s); the pages and runs are in {work}")
        return 1
    shutil.rmtree(work)
    print("all plot_run checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
