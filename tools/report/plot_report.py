#!/usr/bin/env python3
"""Plots s1 and p1 of the M1 report runs against the LIM reference: DIR/s1_M1.png, DIR/p1_M1.png; and
the one-actuator runs at H = 100 ms against the fine run: DIR/large_H_{s1,p1}_M{1,2}.png.

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
    for quantity, ref, unit, scale, name in (("s1", s1_ref, "m", 1.0, "s1_M1.png"),
                                             ("p1", p1_ref, "MPa", 1e-6, "p1_M1.png")):
        fig, (full, zoom) = plt.subplots(1, 2, figsize=(12, 4.5))
        for ax in (full, zoom):
            ax.plot(t_ref, [v * scale for v in ref], "k-", lw=2.5, label="LIM reference (monolithic)")
            for run in runs:
                t, v = read_columns(run, ["t", quantity])
                ax.plot(t, [x * scale for x in v], lw=1, label=os.path.basename(run)[:-7])
            ax.set_xlabel("t [s]")
            ax.set_ylabel(f"{quantity} [{unit}]")
            ax.grid(True, alpha=0.3)
        zoom.set_xlim(5.9, 6.6)
        full.set_title(f"{quantity}, manoeuvre M1")
        zoom.set_title("detail at the second valve step")
        full.legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(os.path.join(out_dir, name), dpi=110)
        plt.close(fig)

    plot_large_steps(out_dir)


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


if __name__ == "__main__":
    main()
