#!/usr/bin/env python3
"""A position loop for hilsim's crane over UDP, Python 3 standard library only.

Written from hil/DATAGRAM.md and config/hil/hilsim.dbc (see docs/controllers.md). It listens for
hilsim's sensor datagrams, learns kappa0 (the valve position that holds the load) from
kappa_applied_1 while the watchdog still holds the valve, then sends a version-2 command datagram
(with its CRC-32) every period with

    kappa = kappa0 + kp * (s1 - target) + ki * integral(s1 - target) dt

Raising kappa retracts the cylinder (s1 falls), hence the + sign: too long, open towards retracting.
It stops after --duration seconds, or when hilsim has gone quiet for a second (its run ended), and
prints the final s1 and its error.

    python3 examples/controllers/position_loop.py --target 0.55 --duration 5
"""
import argparse
import select
import socket
import struct
import sys
import time
import zlib

MAGIC, VERSION_CRC32 = 0x48, 2
ID_COMMAND, ID_ACTUATOR1, ID_FORCE1, ID_STATUS = 0x100, 0x200, 0x201, 0x2F0
S1_SCALE = 2e-5                # s_1 [m per bit], 16 bits unsigned
KAPPA_APPLIED_SCALE = 1e-9     # kappa_applied_1 [1 per bit], 32 bits unsigned
KAPPA_SCALE = 1e-7             # kappa_1 in the command [1 per bit], 24 bits unsigned
SIM_TIME_SCALE = 1e-4          # sim_time [s per bit], 32 bits from bit 24 of the status frame


def address(text):
    host, port = text.rsplit(":", 1)
    return host, int(port)


def decode_sensors(datagram):
    """The frames of a sensor datagram as {id: data}, or None when it is not a valid version 2 one."""
    if len(datagram) < 12 or datagram[0] != MAGIC or datagram[1] != VERSION_CRC32:
        return None
    # The CRC-32 first: nothing else in a corrupted datagram is to be believed.
    if zlib.crc32(datagram[:-4]) != struct.unpack_from("<I", datagram, len(datagram) - 4)[0]:
        return None
    frames, offset = {}, 8
    for _ in range(datagram[2]):
        if offset + 5 > len(datagram) - 4:
            return None
        frame_id, length = struct.unpack_from("<IB", datagram, offset)
        if length == 8:  # frames of another length are not the DBC's: skipped
            frames[frame_id] = datagram[offset + 5:offset + 5 + length]
        offset += 5 + length
    return frames if offset == len(datagram) - 4 else None


def command_datagram(sequence, kappa):
    """Version 2 datagram: header, one 8-byte HilsimCommand frame, CRC-32 of everything before it."""
    raw = round(min(max(kappa, 0.0), 1.0) / KAPPA_SCALE)
    # Bytes 0-1 are the frame's CAN end-to-end protection (e2e_crc, e2e_counter); over UDP the
    # datagram's CRC-32 and sequence number do that job and hilsim ignores them. kappa_2 stays 0.
    data = bytes(2) + raw.to_bytes(3, "little") + bytes(3)
    body = struct.pack("<BBBBI", MAGIC, VERSION_CRC32, 1, 0, sequence & 0xFFFFFFFF)
    body += struct.pack("<IB", ID_COMMAND, len(data)) + data
    return body + struct.pack("<I", zlib.crc32(body))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--listen", default="127.0.0.1:47801", help="where hilsim sends sensors ([udp] send_to)")
    p.add_argument("--peer", default="127.0.0.1:47800", help="where hilsim listens ([udp] listen)")
    p.add_argument("--target", type=float, default=0.55, help="piston position s1 to reach [m]")
    p.add_argument("--duration", type=float, default=5.0, help="seconds of control [s]")
    p.add_argument("--gain", type=float, default=12.0, help="kp: kappa per metre of error [1/m]")
    p.add_argument("--ki", type=float, default=12.0, help="ki: integral gain [1/(m s)]; 0: proportional only")
    p.add_argument("--rate", type=float, default=1000.0, help="commands per second [Hz]")
    a = p.parse_args()

    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind(address(a.listen))
    peer = address(a.peer)

    # 1. Learn kappa0: before any command hilsim's watchdog holds the valve at its safe value, which is
    #    kappa0 unless the scenario sets [hil] safe_kappa. Wait for a status frame that says so.
    kappa0, s1, sim_time = None, None, 0.0
    sock.settimeout(10.0)  # [s] hilsim may start after us
    while kappa0 is None:
        try:
            frames = decode_sensors(sock.recv(512))
        except socket.timeout:
            sys.exit("position_loop: no sensor datagram from hilsim on %s within 10 s" % a.listen)
        if not frames or not all(i in frames for i in (ID_ACTUATOR1, ID_FORCE1, ID_STATUS)):
            continue
        if frames[ID_STATUS][0] & 0x01:  # watchdog_active: the valve is at the safe value
            kappa0 = struct.unpack_from("<I", frames[ID_FORCE1], 4)[0] * KAPPA_APPLIED_SCALE
            s1 = struct.unpack_from("<H", frames[ID_ACTUATOR1], 0)[0] * S1_SCALE
    print("position_loop: kappa0 = %.8f (kappa_applied_1 before any command), s1 = %.5f m, target %.5f m"
          % (kappa0, s1, a.target))

    # 2. The loop: take the newest sensors as they come, and at each period send kappa from the newest s1.
    sock.setblocking(False)
    period = 1.0 / a.rate                # [s]
    integral = 0.0                       # [m s]
    sequence, heard = 0, time.monotonic()
    start = next_send = time.monotonic()
    while time.monotonic() - start < a.duration:
        select.select([sock], [], [], max(0.0, next_send - time.monotonic()))
        while True:                      # drain: only the newest values matter
            try:
                frames = decode_sensors(sock.recv(512))
            except BlockingIOError:
                break
            if frames and ID_ACTUATOR1 in frames and ID_STATUS in frames:
                s1 = struct.unpack_from("<H", frames[ID_ACTUATOR1], 0)[0] * S1_SCALE
                sim_time = int.from_bytes(frames[ID_STATUS][3:7], "little") * SIM_TIME_SCALE
                heard = time.monotonic()
        if time.monotonic() - heard > 1.0:  # [s] no sensors for a second: hilsim's run has ended
            print("position_loop: nothing from hilsim for 1 s: stopping")
            break
        if time.monotonic() < next_send:
            continue
        error = s1 - a.target            # [m]; > 0: too long, so retract: raise kappa
        kappa = kappa0 + a.gain * error + a.ki * integral
        if 0.0 < kappa < 1.0:            # integrate only while the valve is not at an end (anti-windup)
            integral += error * period
        sock.sendto(command_datagram(sequence, kappa), peer)
        sequence += 1
        next_send += period
        if next_send < time.monotonic():  # fell behind (a busy machine): skip, do not send a burst
            next_send = time.monotonic() + period
    print("position_loop: %d commands sent; at sim_time %.3f s: s1 = %.5f m, error = %+.2f mm"
          % (sequence, sim_time, s1, (s1 - a.target) * 1e3))


if __name__ == "__main__":
    main()
