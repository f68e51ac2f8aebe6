#!/usr/bin/env python3
"""A valve controller for hilsim written from its DBC file alone, with python-can and canmatrix.

It sends the command message (HilsimCommand in config/hil/hilsim.dbc) on a SocketCAN interface: kappa_1
(and kappa_2 when the DBC has it) from a list of steps, the alive counter e2e_counter and the CRC e2e_crc
as the DBC's comments describe them (CRC-8 SAE J1850 over the Data ID, the identifier's low 16 bits low
byte first, then every other data byte), and prints the status frames it reads back.

    examples/can_controller.py --channel vcan0 --dbc config/hil/hilsim.dbc --steps 0:0.46,1.0:0.47 --duration 2 --wait 30

Debian packages: python3-can, python3-canmatrix.
"""
import argparse
import sys
import time
from decimal import Decimal

import can
import canmatrix.formats


def crc8_sae_j1850(data):
    """CRC-8 SAE J1850: polynomial 0x1D, initial value 0xFF, final XOR 0xFF, most significant bit first."""
    crc = 0xFF
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1D) & 0xFF if crc & 0x80 else (crc << 1) & 0xFF
    return crc ^ 0xFF


def parse_steps(text):
    """'0:0.46,1.0:0.47' -> [(0.0, 0.46), (1.0, 0.47)]: kappa from each time [s] on."""
    steps = []
    for item in text.split(","):
        t, k = item.split(":")
        steps.append((float(t), float(k)))
    return sorted(steps)


def kappa_at(steps, t):
    kappa = steps[0][1]
    for start, k in steps:
        if t >= start:
            kappa = k
    return kappa


def wait_for_status(bus, status_id, seconds):
    """True once a frame of the status message arrives within `seconds`: hilsim is up and sending."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        received = bus.recv(timeout=max(0.0, deadline - time.monotonic()))
        if received is not None and received.arbitration_id == status_id:
            return True
    return False


def protect(frame, data, counter):
    """Writes the counter, then the CRC over the Data ID and every other byte (the DBC's CM_ comments)."""
    crc_signal = frame.signal_by_name("e2e_crc")
    crc_byte = int(crc_signal.start_bit) // 8
    data_id = frame.arbitration_id.id & 0xFFFF
    covered = [data_id & 0xFF, data_id >> 8] + [b for i, b in enumerate(data) if i != crc_byte]
    data[crc_byte] = crc8_sae_j1850(covered)
    return data


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--channel", default="can0", help="SocketCAN interface (default can0)")
    parser.add_argument("--dbc", default="config/hil/hilsim.dbc", help="hilsim's DBC file")
    parser.add_argument("--steps", default="0:0.5", help="kappa steps, TIME:KAPPA,... (default 0:0.5)")
    parser.add_argument("--duration", type=float, default=2.0, help="how long to send [s] (default 2)")
    parser.add_argument("--period", type=float, default=0.01, help="time between commands [s] (default 0.01)")
    parser.add_argument("--wait", type=float, default=0.0,
                        help="first wait up to this long for hilsim's first status frame [s] (default 0: start at once)")
    args = parser.parse_args()

    db = canmatrix.formats.loadp_flat(args.dbc)
    command = db.frame_by_name("HilsimCommand")
    status = db.frame_by_name("HilsimStatus")
    names = {s.name for s in command.signals}
    if not {"e2e_crc", "e2e_counter", "kappa_1"} <= names:
        sys.exit(f"{args.dbc}: HilsimCommand lacks e2e_crc, e2e_counter or kappa_1")
    steps = parse_steps(args.steps)
    bus = can.interface.Bus(channel=args.channel, interface="socketcan")
    if args.wait > 0:
        print(f"can_controller: waiting for hilsim's status frames on {args.channel}", flush=True)
    if args.wait > 0 and not wait_for_status(bus, status.arbitration_id.id, args.wait):
        bus.shutdown()
        sys.exit(f"can_controller: no status frame on {args.channel} within {args.wait} s; is hilsim running?")
    counter, sent, statuses = 0, 0, 0
    start = time.monotonic()
    next_send = start
    while True:
        now = time.monotonic()
        t = now - start
        if t >= args.duration:
            break
        kappa = kappa_at(steps, t)
        # Frame.encode takes raw values: each physical κ through its signal's scaling (Decimal, as
        # canmatrix keeps the DBC's factors).
        values = {"e2e_counter": counter, "e2e_crc": 0}
        for name in ("kappa_1", "kappa_2"):
            if name in names:
                values[name] = int(command.signal_by_name(name).phys2raw(Decimal(str(kappa))))
        data = bytearray(command.encode(values))
        message = can.Message(arbitration_id=command.arbitration_id.id, is_extended_id=False,
                              data=protect(command, data, counter))
        try:
            bus.send(message)
            sent += 1
        except can.CanError as error:
            print(f"can_controller: send failed: {error}", file=sys.stderr)
        counter = (counter + 1) % 15
        next_send += args.period
        while time.monotonic() < next_send:
            received = bus.recv(timeout=max(0.0, next_send - time.monotonic()))
            if received is not None and received.arbitration_id == status.arbitration_id.id:
                statuses += 1
    bus.shutdown()
    print(f"can_controller: {sent} commands sent, {statuses} status frames received")


if __name__ == "__main__":
    main()
