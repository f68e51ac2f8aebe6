#!/usr/bin/env python3
"""Draws one hilsim run on one PNG page: per valve the command applied (the trajectory CSV's kappa,
kappa_2, ...) with the commands accepted and the watchdog's safe values of its recording; the
strokes s1, s2, ...; the chamber pressures p1, p2, p1_2, p2_2, ... in MPa; the events of an events
file (limits, numerical faults, overruns, link outages; kinds it does not know in grey, under their
own name) as vertical markers on every time panel, beside the recording's watchdog values; and,
with a latency file, a last row
of histograms of each real-time thread's wake-up latency and execution time. `hilsim plot` calls it.

Usage: plot_run.py RUN.csv [--record REC] [--events EVENTS.csv] [--latency LATENCY.csv]
                   --out PAGE.png [--title TEXT] [--summary]

  RUN.csv       the trajectory CSV of `hilsim run` (a header of column names, then numbers)
  --record      the run's recording (`hilsim run --record`): its `input` lines, timed by the
                micro step times h_hyd of the config's [cosim] section
  --events      t,kind,where,detail (`hilsim run --events`)
  --latency     thread,kind,lower_ns,upper_ns,count (`hilsim run --latency`)
  --summary     print what was drawn, one line per panel
Errors: one line `hilsim plot: FILE: what is wrong` on stderr, exit status 2.
"""
import argparse
import csv
import re
import sys

try:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch
except ImportError as missing:  # one line and exit 2, as for any other input hilsim cannot use
    sys.stderr.write(f"hilsim plot: {missing}: install matplotlib (Debian: apt install python3-matplotlib)\n")
    sys.exit(2)

PROG = "hilsim plot"
DPI = 100
WIDTH_IN = 12.0
ROW_IN = 2.5
# Beyond this many, markers of single commands merge into a band; the steps still show every one.
MAX_COMMAND_MARKERS = 300

# How each event kind is drawn: colour, line style, legend text. Kinds not listed (a newer hilsim's)
# are still drawn, in grey, under their own name.
EVENT_STYLES = {
    "limit": ("tab:orange", "-", "limit reached"),
    "watchdog": ("tab:red", "--", "watchdog tripped"),
    "numerical_fault": ("black", "-", "numerical fault"),
    "unstable_step": ("tab:brown", "-.", "hydraulic step beyond its stability limit"),
    "overrun": ("tab:purple", ":", "overrun"),
}
LINK_STYLE = ("tab:gray", "link lost (until restored)")


class InputError(Exception):
    """A file that cannot be plotted: reported as `hilsim plot: FILE: message`, exit 2."""

    def __init__(self, path, message):
        super().__init__(f"{path}: {message}")


# ----------------------------------------------------------------------------------------------
# Reading the inputs


def read_lines(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read().splitlines()
    except OSError as e:
        raise InputError(path, f"cannot read ({e.strerror or e})")


def parse_number(path, text, line_no, column):
    try:
        return float(text)
    except ValueError:
        raise InputError(path, f"line {line_no}: column {column}: not a number: '{text.strip()}'")


def read_run(path):
    """The trajectory CSV as {column: [values]} in header order."""
    lines = read_lines(path)
    if not lines or not lines[0].strip():
        raise InputError(path, "empty file (no header line)")
    header = [h.strip() for h in next(csv.reader([lines[0]]))]
    if "t" not in header:
        raise InputError(path, f"no column t (columns: {', '.join(header)})")
    columns = {name: [] for name in header}
    for line_no, row in enumerate(csv.reader(lines[1:]), start=2):
        if not row:
            continue
        if len(row) != len(header):
            raise InputError(path, f"line {line_no}: {len(row)} values, the header has {len(header)} columns")
        for name, text in zip(header, row):
            columns[name].append(parse_number(path, text, line_no, name))
    if not columns["t"]:
        raise InputError(path, "no data rows after the header")
    return columns


def valve_columns(header):
    """{valve k: column}: `kappa` is valve 1's command, `kappa_k` valve k's."""
    valves = {}
    for name in header:
        if name == "kappa":
            valves[1] = name
        else:
            m = re.fullmatch(r"kappa_(\d+)", name)
            if m:
                valves[int(m.group(1))] = name
    return dict(sorted(valves.items()))


def stroke_columns(header):
    """[(cylinder k, column)] for s1, s2, ...: column sk is cylinder k's stroke."""
    found = [(int(m.group(1)), name) for name in header for m in [re.fullmatch(r"s(\d+)", name)] if m]
    return sorted(found)


def pressure_columns(header):
    """[(cylinder k, p1 column, p2 column)]: p1/p2 are cylinder 1's chambers, p1_k/p2_k cylinder k's."""
    cylinders = {}
    for name in header:
        m = re.fullmatch(r"p([12])(?:_(\d+))?", name)
        if m:
            k = int(m.group(2) or 1)
            cylinders.setdefault(k, {})[m.group(1)] = name
    return [(k, chambers.get("1"), chambers.get("2")) for k, chambers in sorted(cylinders.items())]


def parse_h_hyd(config_lines):
    """h_hyd [s] of the [cosim] section of the recording's config block, or None."""
    section = None
    for line in config_lines:
        stripped = line.split("#", 1)[0].strip()
        m = re.fullmatch(r"\[\s*([^\]]+?)\s*\]", stripped)
        if m:
            section = m.group(1)
            continue
        if section == "cosim":
            m = re.fullmatch(r"h_hyd\s*=\s*(\S+)", stripped)
            if m:
                try:
                    return float(m.group(1))
                except ValueError:
                    return None
    return None


def read_recording(path):
    """The hydraulics' inputs of a recording: {actuator: [(t [s], κ, cause)]} in micro-step order.

    The config and machine blocks are skipped by their line counts, not by their contents: the
    config's own `input = "udp"` key, or a machine file's line, must not be taken for an input.
    """
    lines = read_lines(path)
    if not lines or not re.fullmatch(r"hilsim-recording \d+", lines[0].strip()):
        raise InputError(path, "not a hilsim recording (its first line is not 'hilsim-recording <version>')")
    version = int(lines[0].split()[1])
    h_hyd = None
    raw = []  # (line number, micro step, κ, cause, actuator)
    i = 1
    while i < len(lines):
        line = lines[i]
        words = line.split()
        if words and words[0] in ("config-lines", "machine-lines") and len(words) == 2:
            try:
                count = int(words[1])
            except ValueError:
                raise InputError(path, f"line {i + 1}: bad line count '{words[1]}'")
            block = lines[i + 1:i + 1 + count]
            if len(block) < count:
                raise InputError(path, f"line {i + 1}: {words[0]} {count}, "
                                       f"but the file ends after {len(block)}")
            if words[0] == "config-lines":
                h_hyd = parse_h_hyd(block)
            i += 1 + count
            continue
        if words and words[0] == "input":
            raw.append(parse_input_line(path, words, i + 1, version))
        i += 1
    if h_hyd is None or not h_hyd > 0:
        raise InputError(path, "no h_hyd in the [cosim] section of its config block")
    inputs = {}
    for _, step, kappa, cause, actuator, mechanics in raw:
        # The mechanics' reader holds the same inputs at its own micro steps: a duplicate here.
        if not mechanics:
            inputs.setdefault(actuator, []).append((step * h_hyd, kappa, cause))
    for series in inputs.values():
        series.sort(key=lambda x: x[0])
    return dict(sorted(inputs.items()))


def parse_input_line(path, words, line_no, version):
    """`input <micro step> <κ> <cause> <sequence> <actuator> [mechanics]`; version 1 has no actuator."""
    mechanics = words[-1] == "mechanics"
    if mechanics:
        words = words[:-1]
    expected = 5 if version == 1 else 6
    if len(words) != expected:
        raise InputError(path, f"line {line_no}: malformed input line "
                               f"({len(words)} fields, expected {expected})")
    try:
        step = int(words[1])
        kappa = float(words[2])
        actuator = int(words[5]) if version > 1 else 1
    except ValueError:
        raise InputError(path, f"line {line_no}: malformed input line")
    return line_no, step, kappa, words[3], actuator, mechanics


def read_table(path, required):
    """A CSV with a header as a list of dicts; the required columns must be there."""
    lines = read_lines(path)
    if not lines or not lines[0].strip():
        raise InputError(path, "empty file (no header line)")
    reader = csv.DictReader(lines)
    header = [h.strip() for h in reader.fieldnames]
    missing = [c for c in required if c not in header]
    if missing:
        plural = "s" if len(missing) > 1 else ""
        raise InputError(path, f"no column{plural} {', '.join(missing)} (columns: {', '.join(header)})")
    reader.fieldnames = header
    rows = []
    for line_no, row in enumerate(reader, start=2):
        if any(row.get(c) is None for c in required):
            raise InputError(path, f"line {line_no}: too few values")
        rows.append((line_no, {k: (v or "").strip() for k, v in row.items() if k is not None}))
    return rows


def read_events(path):
    """[(t [s], kind, where, detail)] in time order."""
    events = []
    for line_no, row in read_table(path, ["t", "kind"]):
        t = parse_number(path, row["t"], line_no, "t")
        events.append((t, row["kind"], row.get("where", ""), row.get("detail", "")))
    return sorted(events, key=lambda e: e[0])


def read_latency(path):
    """{thread: {kind: [(lower [µs], upper [µs], count)]}}, threads in file order."""
    threads = {}
    for line_no, row in read_table(path, ["thread", "kind", "lower_ns", "upper_ns", "count"]):
        lower = parse_number(path, row["lower_ns"], line_no, "lower_ns") / 1000.0
        upper = parse_number(path, row["upper_ns"], line_no, "upper_ns") / 1000.0
        count = parse_number(path, row["count"], line_no, "count")
        if upper < lower or count < 0:
            raise InputError(path, f"line {line_no}: a bucket needs lower_ns <= upper_ns and count >= 0")
        threads.setdefault(row["thread"], {}).setdefault(row["kind"], []).append((lower, upper, count))
    return threads


# ----------------------------------------------------------------------------------------------
# Drawing


def link_spans(events, t_end):
    """[(from, to)] of the link outages: each link_lost until the next link_restored (or the end)."""
    spans, lost_at = [], None
    for t, kind, _, _ in events:
        if kind == "link_lost" and lost_at is None:
            lost_at = t
        elif kind == "link_restored" and lost_at is not None:
            spans.append((lost_at, t))
            lost_at = None
    if lost_at is not None:
        spans.append((lost_at, t_end))
    return spans


def draw_events(ax, events, t_start, t_end):
    """Vertical lines for the events, shaded spans for the link outages; the legend handles of those
    within the run's time only, so that the legend names nothing the page does not show."""
    handles = {}
    for t0, t1 in link_spans(events, t_end):
        if t1 < t_start or t0 > t_end:
            continue
        ax.axvspan(t0, t1, color=LINK_STYLE[0], alpha=0.2, lw=0)
        handles["link"] = Patch(color=LINK_STYLE[0], alpha=0.2, label=LINK_STYLE[1])
    for t, kind, _, _ in events:
        if kind in ("link_lost", "link_restored") or not t_start <= t <= t_end:
            continue
        colour, style, label = EVENT_STYLES.get(kind, ("tab:gray", "-.", kind))
        ax.axvline(t, color=colour, ls=style, lw=1.2, alpha=0.8, zorder=1)
        handles[kind] = Line2D([], [], color=colour, ls=style, lw=1.2, label=label)
    return list(handles.values())


def input_steps(series, t_end):
    """The recorded κ as a step function up to the end of the run: (times, values)."""
    times = [t for t, _, _ in series] + [t_end]
    values = [k for _, k, _ in series]
    return times, values + values[-1:]


def draw_valve(ax, k, column, run, inputs):
    """Valve k: the applied command, the recorded inputs as steps, markers per cause; a summary line."""
    t = run["t"]
    parts = []
    if column:
        # Wide and pale beneath the recorded steps, which it matches where both exist: both stay visible.
        ax.plot(t, run[column], color="tab:blue", lw=3.5, alpha=0.45, solid_capstyle="butt",
                label=f"applied ({column}, CSV)", zorder=3)
        parts.append(f"applied {len(t)} points")
    else:
        parts.append(f"applied 0 points (no kappa_{k} column)")
    if inputs is not None:
        series = inputs.get(k, [])
        by_cause = {c: [(ti, ki) for ti, ki, ci in series if ci == c]
                    for c in ("command", "script", "watchdog")}
        if series:
            times, values = input_steps(series, t[-1])
            counts = ", ".join(f"{len(v)} {c}" for c, v in by_cause.items() if v)
            ax.step(times, values, where="post", color="tab:green", lw=0.9, alpha=0.9, zorder=4,
                    label=f"recorded inputs, steps ({counts})")
        commands = by_cause["command"]
        if commands:
            every = max(1, len(commands) // MAX_COMMAND_MARKERS)
            ax.plot([c[0] for c in commands], [c[1] for c in commands], ".", color="tab:green", ms=4,
                    markevery=every, zorder=5,
                    label=f"commands accepted ({len(commands)})"
                    + (f", 1 in {every} marked" if every > 1 else ""))
        # Scripted inputs may come every micro step: the steps show them, markers would only smear.
        watchdog = by_cause["watchdog"]
        if watchdog:
            # Not clipped: the first trip is often at t = 0, on the panel's edge.
            ax.plot([w[0] for w in watchdog], [w[1] for w in watchdog], "X", color="tab:red", ms=9,
                    mec="white", mew=0.8, zorder=6, clip_on=False,
                    label=f"watchdog safe value ({len(watchdog)})")
        parts += [f"accepted {len(commands)} commands", f"script {len(by_cause['script'])} inputs",
                  f"watchdog {len(watchdog)} values"]
    else:
        parts.append("no recording")
    ax.set_ylabel(f"valve {k}\ncommand [-]")
    ax.set_title(f"valve {k}: command κ (u for a closed-centre valve)", fontsize=9, loc="left")
    label = f"valve {k}" + (f" ({column})" if column else "")
    return f"{label}: " + ", ".join(parts)


def draw_strokes(ax, run, strokes):
    for k, name in strokes:
        ax.plot(run["t"], run[name], lw=1.3, label=f"{name} (cylinder {k})")
    ax.set_ylabel("stroke [m]")
    ax.set_title("strokes", fontsize=9, loc="left")
    drawn = " ".join(name for _, name in strokes)
    return "strokes: " + (drawn if strokes else "none (no s1, s2, ... column)")


def draw_pressures(ax, run, pressures):
    names = []
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for i, (k, p1, p2) in enumerate(pressures):
        colour = colours[i % len(colours)]
        for name, style, chamber in ((p1, "-", "1"), (p2, "--", "2")):
            if name:
                ax.plot(run["t"], [p * 1e-6 for p in run[name]], color=colour, ls=style, lw=1.2,
                        label=f"{name} (cylinder {k}, chamber {chamber})")
                names.append(name)
    ax.set_ylabel("pressure [MPa]")
    ax.set_title("chamber pressures", fontsize=9, loc="left")
    return "pressures: " + (" ".join(names) if names else "none (no p1, p2, ... column)")


def draw_latency(ax, thread, kinds):
    """Both histograms of one thread on log axes: bucket widths span decades (ns to ms)."""
    parts = []
    for kind, colour, label in (("wakeup", "tab:blue", "wake-up latency"),
                                ("execution", "tab:orange", "execution time")):
        buckets = kinds.get(kind, [])
        total = int(sum(c for _, _, c in buckets))
        parts.append(f"{kind} {total} samples")
        drawn = [b for b in buckets if b[2] > 0]
        if drawn:
            ax.bar([b[0] for b in drawn], [b[2] for b in drawn],
                   width=[max(b[1] - b[0], 1e-3) for b in drawn], align="edge", color=colour,
                   alpha=0.6, edgecolor=colour, lw=0.5, log=True, label=f"{label} ({total})")
    for kind in kinds:
        if kind not in ("wakeup", "execution"):
            parts.append(f"{kind} not drawn")
    ax.set_xscale("log")
    # Down to below one count, so that a bucket of a single sample still shows as a bar.
    ax.set_ylim(bottom=0.5)
    ax.set_xlabel("time [µs]")
    ax.set_ylabel("count")
    ax.set_title(f"{thread}", fontsize=9, loc="left")
    ax.legend(fontsize=7, loc="upper right")
    ax.grid(True, which="major", alpha=0.3)
    return f"{thread} " + ", ".join(parts)


def events_summary(events, t0, t1):
    counts = {}
    for _, kind, _, _ in events:
        counts[kind] = counts.get(kind, 0) + 1
    text = "events: " + (", ".join(f"{n} {kind}" for kind, n in counts.items()) if counts else "none")
    outside = sum(1 for t, _, _, _ in events if not t0 <= t <= t1)
    if outside:
        text += f" ({outside} outside the run's time, not visible)"
    return text


def finish_time_axes(time_axes, events, t0, t1):
    """The events on every time panel, the shared x range, the legends right of the panels (the
    events' once, on the first), tick labels on the last panel only."""
    event_handles = []
    for ax in time_axes:
        if events:
            event_handles = draw_events(ax, events, t0, t1)
        ax.grid(True, alpha=0.3)
        if t1 > t0:
            ax.set_xlim(t0, t1)
    for i, ax in enumerate(time_axes):
        handles, _ = ax.get_legend_handles_labels()
        if i == 0:
            handles += event_handles
        if handles:
            ax.legend(handles=handles, fontsize=7, loc="upper left", bbox_to_anchor=(1.005, 1.0),
                      borderaxespad=0.0)
        if i < len(time_axes) - 1:
            ax.tick_params(labelbottom=False)
    time_axes[-1].set_xlabel("t [s]")


def draw_latency_row(fig, grid, row, latency):
    """One histogram panel per thread in the last row; its summary line."""
    if not latency:
        ax = fig.add_subplot(grid[row, 0])
        ax.text(0.5, 0.5, "latency file: no buckets", ha="center", va="center", transform=ax.transAxes)
        ax.set_axis_off()
        return "latency: no buckets"
    parts = [draw_latency(fig.add_subplot(grid[row, c]), thread, kinds)
             for c, (thread, kinds) in enumerate(latency.items())]
    return "latency: " + "; ".join(parts)


def plot(args):
    run = read_run(args.run)
    header = list(run)
    inputs = read_recording(args.record) if args.record else None
    events = read_events(args.events) if args.events else None
    latency = read_latency(args.latency) if args.latency else None

    valves = valve_columns(header)
    # A recording may hold inputs of a valve the CSV has no column for: drawn all the same.
    for k in inputs or {}:
        valves.setdefault(k, None)
    valves = dict(sorted(valves.items()))
    strokes = stroke_columns(header)
    pressures = pressure_columns(header)

    time_rows = len(valves) + 2
    latency_cols = max(1, len(latency)) if latency else 1
    rows = time_rows + (1 if latency is not None else 0)
    fig = plt.figure(figsize=(WIDTH_IN, ROW_IN * rows + 0.6), dpi=DPI, layout="constrained")
    grid = fig.add_gridspec(rows, latency_cols)
    time_axes = []
    for r in range(time_rows):
        sharex = time_axes[0] if time_axes else None
        time_axes.append(fig.add_subplot(grid[r, :], sharex=sharex))

    lines = []
    for ax, (k, column) in zip(time_axes, valves.items()):
        lines.append(draw_valve(ax, k, column, run, inputs))
    lines.append(draw_strokes(time_axes[-2], run, strokes))
    lines.append(draw_pressures(time_axes[-1], run, pressures))

    t0, t1 = run["t"][0], run["t"][-1]
    finish_time_axes(time_axes, events, t0, t1)
    if events is not None:
        lines.append(events_summary(events, t0, t1))
    if latency is not None:
        lines.append(draw_latency_row(fig, grid, time_rows, latency))

    fig.suptitle(args.title or args.run, fontsize=11)
    try:
        fig.savefig(args.out, dpi=DPI)
    except OSError as e:
        raise InputError(args.out, f"cannot write ({e.strerror or e})")
    width, height = fig.canvas.get_width_height()
    plt.close(fig)
    lines.append(f"page: {args.out} {width}x{height} px, {rows} rows")
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(prog=PROG, description="Draw a hilsim run on one PNG page.")
    parser.add_argument("run", metavar="RUN.csv", help="trajectory CSV of hilsim run")
    parser.add_argument("--record", metavar="REC", help="the run's recording (hilsim run --record)")
    parser.add_argument("--events", metavar="EVENTS.csv", help="events CSV (t,kind,where,detail)")
    parser.add_argument("--latency", metavar="LATENCY.csv",
                        help="latency histograms (thread,kind,lower_ns,upper_ns,count)")
    parser.add_argument("--out", metavar="PAGE.png", required=True, help="the PNG page to write")
    parser.add_argument("--title", metavar="TEXT", help="page title (default: RUN.csv's path)")
    parser.add_argument("--summary", action="store_true", help="print what was drawn, one line per panel")
    args = parser.parse_args(argv)
    try:
        lines = plot(args)
    except InputError as e:
        print(f"{PROG}: {e}", file=sys.stderr)
        return 2
    if args.summary:
        print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
