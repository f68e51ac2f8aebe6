#!/usr/bin/env python3
"""Plots s1 and p1 of the M1 report runs against the LIM reference: DIR/s1_M1.png, DIR/p1_M1.png; the
one-actuator runs at H = 100 ms against the fine run: DIR/large_H_{s1,p1}_M{1,2}.png; and the contact
section's figures after Peiret et al. (contact tasks), Figs. 4, 6, 7 and 9: DIR/contact_landing.png,
DIR/contact_insertion.png, DIR/contact_rms.png and, when hilsim-bench-cosim --model-cost-csv wrote
DIR/contact_model_cost.csv, DIR/contact_model_cost.png; and the rod of Naya et al. 2011 after its
Figs. 3-5 (s, the pressures, the Newton iterations per step of the unified method at each step):
DIR/naya_s.png, DIR/naya_p.png, DIR/naya_iterations.png from DIR/naya_unified.csv.

Usage: plot_report.py DIR REFERENCE.csv   (DIR holds the fsJ_0k_M1.csv / psJ_0k_M1.csv and the
large_H_*.csv of `hilsim report`)
"""
import csv
import glob
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def read_columns(path, names, skip_title=False):
    with open(path) as f:
        lines = f.read().splitlines()
    if skip_title:
        lines = lines[1:]
    rows = list(csv.reader(lines))
    header = [h.strip() for h in rows[0]]
    idx = [header.index(n) for n in names]
    return [[float(r[i]) for r in rows[1:] if r] for i in idx]


def main():
    out_dir, reference = sys.argv[1], sys.argv[2]
    t_ref, s1_ref, p1_ref = read_columns(reference, ["t", "pos_7", "p_1"], skip_title=True)
    runs = sorted(glob.glob(os.path.join(out_dir, "*J_0*_M1.csv")))
    detail = (5.9, 6.6)  # [s]: the second valve step
    for quantity, ref, unit, scale, name in (("s1", s1_ref, "m", 1.0, "s1_M1.png"),
                                             ("p1", p1_ref, "MPa", 1e-6, "p1_M1.png")):
        fig, (full, zoom) = plt.subplots(1, 2, figsize=(12, 4.5))
        shown = []  # every value inside the detail's time window, to zoom its y axis too
        curves = [(t_ref, [v * scale for v in ref])]
        for run in runs:
            t, v = read_columns(run, ["t", quantity])
            curves.append((t, [x * scale for x in v]))
        for ax in (full, zoom):
            ax.plot(*curves[0], "k-", lw=2.5, label="LIM reference (monolithic)")
            for run, (t, v) in zip(runs, curves[1:]):
                ax.plot(t, v, lw=1, label=os.path.basename(run)[:-7])
            ax.set_xlabel("t [s]")
            ax.set_ylabel(f"{quantity} [{unit}]")
            ax.grid(True, alpha=0.3)
        for t, v in curves:
            shown += [y for x, y in zip(t, v) if detail[0] <= x <= detail[1]]
        zoom.set_xlim(*detail)
        if shown:
            margin = 0.05 * (max(shown) - min(shown)) or 1e-9
            zoom.set_ylim(min(shown) - margin, max(shown) + margin)
        full.set_title(f"{quantity}, manoeuvre M1")
        zoom.set_title("detail at the second valve step")
        full.legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(os.path.join(out_dir, name), dpi=110)
        plt.close(fig)

    plot_large_steps(out_dir)
    plot_contact(out_dir)
    plot_naya(out_dir)


def plot_large_steps(out_dir):
    """s1 and p1 of RIM and the two-way coupling at H = 100 ms against the fine p-s run."""
    for m in ("1", "2"):
        fine = os.path.join(out_dir, f"large_H_fine_M{m}.csv")
        if not os.path.exists(fine):
            continue
        for quantity, unit, scale in (("s1", "m", 1.0), ("p1", "MPa", 1e-6)):
            fig, ax = plt.subplots(figsize=(10, 4.5))
            t, v = read_columns(fine, ["t", quantity])
            ax.plot(t, [x * scale for x in v], "k-", lw=2.5, label="p-s, H = h_H = 0.05 ms")
            for run, label in (("rim", "RIM, H = 100 ms"), ("twoway", "two-way, H = 100 ms, h_M = 1 ms")):
                path = os.path.join(out_dir, f"large_H_{run}_M{m}.csv")
                if os.path.exists(path):
                    t, v = read_columns(path, ["t", quantity])
                    ax.plot(t, [x * scale for x in v], "o-", ms=3, lw=1, label=label)
            ax.set_xlabel("t [s]")
            ax.set_ylabel(f"{quantity} [{unit}]")
            ax.set_title(f"{quantity}, manoeuvre M{m}, one actuator, h_H = 0.2 ms")
            ax.grid(True, alpha=0.3)
            ax.legend(fontsize=8)
            fig.tight_layout()
            fig.savefig(os.path.join(out_dir, f"large_H_{quantity}_M{m}.png"), dpi=110)
            plt.close(fig)


def read_rows(path):
    with open(path) as f:
        return list(csv.DictReader(f))


def number(text):
    return float(text) if text not in ("", "inf") else float("inf")


COUPLINGS = ("kinematics-force", "model-force", "kinematics-model", "model-model")


def plot_contact_task(out_dir, task, along):
    """Figs. 4 and 6: the tool's position and velocity along the task's motion, every coupling at the
    soft and the stiff K_i beside the monolithic run."""
    path = os.path.join(out_dir, f"contact_trajectories_{task}.csv")
    if not os.path.exists(path):
        return
    runs = {}
    for r in read_rows(path):
        runs.setdefault((r["coupling"], r["Ki"]), []).append(r)
    position, velocity = f"tool_{along}", f"tool_{along}dot"
    stiffnesses = sorted({k for (c, k) in runs if c != "monolithic"}, key=float)
    fig, axes = plt.subplots(2, len(stiffnesses), figsize=(6 * len(stiffnesses), 7), squeeze=False)
    for col, ki in enumerate(stiffnesses):
        for row, (column, unit) in enumerate(((position, "m"), (velocity, "m/s"))):
            ax = axes[row][col]
            mono = runs.get(("monolithic", ""), [])
            ax.plot([float(r["t"]) for r in mono], [float(r[column]) for r in mono], "k-", lw=2.5,
                    label="monolithic (rigid weld)")
            for coupling in COUPLINGS:
                rows = runs.get((coupling, ki), [])
                values = [number(r[column]) for r in rows]
                ax.plot([float(r["t"]) for r in rows], values, lw=1, label=coupling)
            low = min(float(r[column]) for r in mono)
            high = max(float(r[column]) for r in mono)
            margin = 0.25 * (high - low) + 1e-3
            ax.set_ylim(low - margin, high + margin)  # a run that diverged leaves the frame
            ax.set_xlabel("t [s]")
            ax.set_ylabel(f"{column} [{unit}]")
            ax.set_title(f"{task}, K_i = {float(ki):.0e} N/m, D_i = 1e-4 s K_i")
            ax.grid(True, alpha=0.3)
    axes[0][0].legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(os.path.join(out_dir, f"contact_{task}.png"), dpi=110)
    plt.close(fig)


def plot_contact_rms(out_dir):
    """Fig. 7: the RMS errors of the tool's position and velocity against K_i, stable runs only."""
    tasks = [t for t in ("landing", "insertion")
             if os.path.exists(os.path.join(out_dir, f"contact_study_{t}.csv"))]
    if not tasks:
        return
    fig, axes = plt.subplots(2, len(tasks), figsize=(6 * len(tasks), 7), squeeze=False)
    for col, task in enumerate(tasks):
        rows = read_rows(os.path.join(out_dir, f"contact_study_{task}.csv"))
        for row, (column, unit) in enumerate((("rms_pos", "m"), ("rms_vel", "m/s"))):
            ax = axes[row][col]
            for coupling in COUPLINGS:
                points = [(float(r["Ki"]), float(r[column])) for r in rows
                          if r["coupling"] == coupling and r["stable"] == "1"]
                if points:
                    ax.loglog(*zip(*points), "o-", label=coupling)
            ax.set_xlabel("K_i [N/m]")
            ax.set_ylabel(f"{column} [{unit}]")
            ax.set_title(f"{task}: error against the monolithic run")
            ax.grid(True, which="both", alpha=0.3)
    axes[0][0].legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(os.path.join(out_dir, "contact_rms.png"), dpi=110)
    plt.close(fig)


def plot_contact_model_cost(out_dir):
    """Fig. 9 (left): the tool side's model generation against its active constraints."""
    path = os.path.join(out_dir, "contact_model_cost.csv")
    if not os.path.exists(path):
        return
    by_count = {}
    for r in read_rows(path):
        by_count.setdefault(int(r["active_rows"]), []).append(float(r["ns"]) * 1e-3)
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for count, times in by_count.items():
        ax.plot([count] * len(times), times, ".", color="tab:blue", alpha=0.15, ms=3)
    counts = sorted(by_count)
    medians = [sorted(by_count[c])[len(by_count[c]) // 2] for c in counts]
    ax.plot(counts, medians, "ko-", label="median")
    ax.set_yscale("log")
    ax.set_xlabel("active constraints")
    ax.set_ylabel("model generation [µs]")
    ax.set_title("insertion, tool side, model-model, K_i = 1e8 N/m")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(os.path.join(out_dir, "contact_model_cost.png"), dpi=110)
    plt.close(fig)


def plot_contact(out_dir):
    plot_contact_task(out_dir, "landing", "x")
    plot_contact_task(out_dir, "insertion", "y")
    plot_contact_rms(out_dir)
    plot_contact_model_cost(out_dir)


def plot_naya(out_dir):
    path = os.path.join(out_dir, "naya_unified.csv")
    if not os.path.exists(path):
        return
    runs = {}
    for row in read_rows(path):
        runs.setdefault(row["h"], []).append(row)
    figures = (("naya_s.png", [("s", "s", 1.0)], "s [m]", "Fig. 3: the cylinder's length s"),
               ("naya_p.png", [("p1", "p1", 1e-6), ("p2", "p2", 1e-6)], "p [MPa]", "Fig. 4: the pressures"),
               ("naya_iterations.png", [("newton_iterations", "iterations", 1.0)], "Newton iterations",
                "Fig. 5: Newton iterations per step (every 10 ms)"))
    for name, quantities, ylabel, title in figures:
        fig, ax = plt.subplots(figsize=(8, 4.5))
        for h, rows in sorted(runs.items(), key=lambda item: -float(item[0])):
            t = [float(r["t"]) for r in rows]
            for column, label, scale in quantities:
                ax.plot(t, [float(r[column]) * scale for r in rows], lw=1,
                        label=f"{label}, dt = {float(h) * 1e3:g} ms")
        ax.set_xlabel("t [s]")
        ax.set_ylabel(ylabel)
        ax.set_title(f"Naya et al. 2011's rod, eq. (38): {title}")
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(os.path.join(out_dir, name), dpi=110)
        plt.close(fig)


if __name__ == "__main__":
    main()
