/* A position loop for hilsim's crane over UDP: C11, POSIX sockets, libc and libm only.
 *
 * Written from hil/DATAGRAM.md and config/hil/hilsim.dbc (see docs/controllers.md). It listens for
 * hilsim's sensor datagrams, learns kappa0 (the valve position that holds the load) from
 * kappa_applied_1 while the watchdog still holds the valve, then sends a version-2 command datagram
 * (with its CRC-32) every period with
 *
 *     kappa = kappa0 + kp * (s1 - target) + ki * integral(s1 - target) dt
 *
 * Raising kappa retracts the cylinder (s1 falls), hence the + sign: too long, open towards retracting.
 * It stops after --duration seconds, or when hilsim has gone quiet for a second (its run ended), and
 * prints the final s1 and its error.
 *
 *     cc -std=c11 -Wall -Wextra -O2 position_loop.c -lm -o position_loop
 *     ./position_loop --target 0.55 --duration 5
 */
#define _POSIX_C_SOURCE 200809L
#include <arpa/inet.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <time.h>

enum { MAGIC = 0x48, VERSION_CRC32 = 2, MAX_DATAGRAM = 220 };
enum { ID_COMMAND = 0x100, ID_ACTUATOR1 = 0x200, ID_FORCE1 = 0x201, ID_STATUS = 0x2F0 };
static const double S1_SCALE = 2e-5;             /* s_1 [m per bit], 16 bits unsigned */
static const double KAPPA_APPLIED_SCALE = 1e-9;  /* kappa_applied_1 [1 per bit], 32 bits unsigned */
static const double KAPPA_SCALE = 1e-7;          /* kappa_1 in the command [1 per bit], 24 bits */
static const double SIM_TIME_SCALE = 1e-4;       /* sim_time [s per bit], 32 bits from bit 24 */

/* CRC-32 of IEEE 802.3 / zlib (reflected polynomial 0xEDB88320), bit by bit: a datagram is at most
 * 220 bytes, so a table would buy nothing worth its lines. */
static uint32_t crc32(const uint8_t* p, size_t n) {
  uint32_t crc = 0xFFFFFFFFu;
  while (n--) {
    crc ^= *p++;
    for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
  }
  return crc ^ 0xFFFFFFFFu;
}

/* Little-endian integers, as every field of a datagram and every signal of the DBC file is. */
static uint32_t get_le(const uint8_t* p, int bytes) {
  uint32_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = (v << 8) | p[i];
  return v;
}
static void put_le(uint8_t* p, uint32_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) p[i] = (uint8_t)(v >> (8 * i));
}

/* What one sensor datagram tells this controller. */
struct sensors {
  double s1;             /* piston position [m] */
  double kappa_applied;  /* the valve's position now [-] */
  double sim_time;       /* [s] */
  int watchdog_active;   /* the valve is at its safe value: no fresh command */
};

/* Decodes a version-2 sensor datagram into *out; 0 (and *out untouched) unless it is valid and
 * carries 0x200, 0x201 and 0x2F0. */
static int decode_sensors(const uint8_t* d, size_t n, struct sensors* out) {
  struct sensors s = *out;
  if (n < 12 || d[0] != MAGIC || d[1] != VERSION_CRC32) return 0;
  /* The CRC-32 first: nothing else in a corrupted datagram is to be believed. */
  if (crc32(d, n - 4) != get_le(d + n - 4, 4)) return 0;
  int seen = 0;
  size_t at = 8;
  for (int f = 0; f < d[2]; ++f) {
    if (at + 5 > n - 4 || at + 5 + d[at + 4] > n - 4) return 0;
    /* Frames of another length are not the DBC's: skipped, like frames of other ids. */
    const uint32_t id = d[at + 4] == 8 ? get_le(d + at, 4) : 0;
    const uint8_t* data = d + at + 5;
    if (id == ID_ACTUATOR1) s.s1 = get_le(data, 2) * S1_SCALE, seen |= 1;
    if (id == ID_FORCE1) s.kappa_applied = get_le(data + 4, 4) * KAPPA_APPLIED_SCALE, seen |= 2;
    if (id == ID_STATUS) {
      s.watchdog_active = data[0] & 1;
      s.sim_time = get_le(data + 3, 4) * SIM_TIME_SCALE;
      seen |= 4;
    }
    at += 5 + d[at + 4];
  }
  if (at != n - 4 || seen != 7) return 0; /* bytes after the last frame, or a frame missing */
  *out = s;
  return 1;
}

/* A version-2 command datagram: header, one 8-byte HilsimCommand frame, CRC-32: 25 bytes. */
static size_t command_datagram(uint8_t* d, uint32_t sequence, double kappa) {
  memset(d, 0, 25);
  d[0] = MAGIC, d[1] = VERSION_CRC32, d[2] = 1; /* one frame, flags 0 */
  put_le(d + 4, sequence, 4);
  put_le(d + 8, ID_COMMAND, 4);
  d[12] = 8;
  /* Data bytes 0-1 (d[13], d[14]) are the frame's CAN end-to-end protection (e2e_crc, e2e_counter);
   * over UDP the datagram's CRC-32 and sequence number do that job and hilsim ignores them. kappa_1
   * is data bytes 2-4; kappa_2 (bytes 5-7) stays 0. */
  put_le(d + 15, (uint32_t)lround(fmin(fmax(kappa, 0.0), 1.0) / KAPPA_SCALE), 3);
  put_le(d + 21, crc32(d, 21), 4);
  return 25;
}

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int parse_address(const char* text, struct sockaddr_in* a) {
  char host[64];
  const char* colon = strrchr(text, ':');
  if (!colon || colon == text || (size_t)(colon - text) >= sizeof host) return 0;
  memcpy(host, text, (size_t)(colon - text));
  host[colon - text] = '\0';
  memset(a, 0, sizeof *a);
  a->sin_family = AF_INET;
  a->sin_port = htons((uint16_t)atoi(colon + 1));
  return inet_pton(AF_INET, host, &a->sin_addr) == 1;
}

static void usage(void) {
  fprintf(stderr,
          "usage: position_loop [--listen ADDR:PORT] [--peer ADDR:PORT] [--target M] [--duration S]\n"
          "                     [--gain KP] [--ki KI] [--rate HZ]\n"
          "defaults: --listen 127.0.0.1:47801 (hilsim's [udp] send_to), --peer 127.0.0.1:47800 ([udp] listen),\n"
          "          --target 0.55 m, --duration 5 s, --gain 12 1/m, --ki 12 1/(m s), --rate 1000 Hz\n");
  exit(2);
}

int main(int argc, char** argv) {
  const char* listen_at = "127.0.0.1:47801";
  const char* peer_at = "127.0.0.1:47800";
  double target = 0.55, duration = 5.0; /* [m], [s] */
  double kp = 12.0, ki = 12.0;          /* [1/m], [1/(m s)] */
  double rate = 1000.0;                 /* [Hz] */
  for (int i = 1; i < argc; ++i) {
    if (i + 1 >= argc) usage();
    const char* v = argv[++i];
    if (!strcmp(argv[i - 1], "--listen")) listen_at = v;
    else if (!strcmp(argv[i - 1], "--peer")) peer_at = v;
    else if (!strcmp(argv[i - 1], "--target")) target = atof(v);
    else if (!strcmp(argv[i - 1], "--duration")) duration = atof(v);
    else if (!strcmp(argv[i - 1], "--gain")) kp = atof(v);
    else if (!strcmp(argv[i - 1], "--ki")) ki = atof(v);
    else if (!strcmp(argv[i - 1], "--rate")) rate = atof(v);
    else usage();
  }
  struct sockaddr_in local, peer;
  if (!parse_address(listen_at, &local) || !parse_address(peer_at, &peer) || !(rate > 0)) usage();
  const int fd = socket(AF_INET, SOCK_DGRAM, 0);
  if (fd < 0 || bind(fd, (struct sockaddr*)&local, sizeof local) != 0) {
    fprintf(stderr, "position_loop: cannot bind %s: %s\n", listen_at, strerror(errno));
    return 1;
  }

  uint8_t buf[MAX_DATAGRAM + 1];
  struct sensors s = {0};

  /* 1. Learn kappa0: before any command hilsim's watchdog holds the valve at its safe value, which is
   *    kappa0 unless the scenario sets [hil] safe_kappa. Wait for a status frame that says so. */
  const double wait_until = now_s() + 10.0; /* [s] hilsim may start after us */
  for (;;) {
    struct timeval tv = {0, 100000}; /* 0.1 s */
    fd_set r;
    FD_ZERO(&r);
    FD_SET(fd, &r);
    if (select(fd + 1, &r, NULL, NULL, &tv) > 0) {
      const ssize_t n = recv(fd, buf, sizeof buf, 0);
      if (n > 0 && decode_sensors(buf, (size_t)n, &s) && s.watchdog_active) break;
    }
    if (now_s() > wait_until) {
      fprintf(stderr, "position_loop: no sensor datagram from hilsim on %s within 10 s\n", listen_at);
      return 1;
    }
  }
  const double kappa0 = s.kappa_applied;
  printf("position_loop: kappa0 = %.8f (kappa_applied_1 before any command), s1 = %.5f m, target %.5f m\n",
         kappa0, s.s1, target);

  /* 2. The loop: take the newest sensors as they come, and at each period send kappa from the newest s1. */
  const double period = 1.0 / rate; /* [s] */
  double integral = 0.0;            /* [m s] */
  uint32_t sequence = 0;
  const double start = now_s();
  double next_send = start, heard = start;
  while (now_s() - start < duration) {
    const double wait = fmax(0.0, next_send - now_s()); /* [s] */
    struct timeval tv = {(time_t)wait, (suseconds_t)(1e6 * (wait - floor(wait)))};
    fd_set r;
    FD_ZERO(&r);
    FD_SET(fd, &r);
    select(fd + 1, &r, NULL, NULL, &tv);
    ssize_t n;
    while ((n = recv(fd, buf, sizeof buf, MSG_DONTWAIT)) > 0) { /* drain: only the newest matter */
      if (decode_sensors(buf, (size_t)n, &s)) heard = now_s();
    }
    if (now_s() - heard > 1.0) { /* [s] no sensors for a second: hilsim's run has ended */
      printf("position_loop: nothing from hilsim for 1 s: stopping\n");
      break;
    }
    if (now_s() < next_send) continue;
    const double error = s.s1 - target; /* [m]; > 0: too long, so retract: raise kappa */
    const double kappa = kappa0 + kp * error + ki * integral;
    if (kappa > 0.0 && kappa < 1.0) integral += error * period; /* not at a valve end: anti-windup */
    const size_t len = command_datagram(buf, sequence++, kappa);
    sendto(fd, buf, len, 0, (struct sockaddr*)&peer, sizeof peer);
    next_send += period;
    if (next_send < now_s()) next_send = now_s() + period; /* fell behind: skip, do not send a burst */
  }
  printf("position_loop: %u commands sent; at sim_time %.3f s: s1 = %.5f m, error = %+.2f mm\n",
         (unsigned)sequence, s.sim_time, s.s1, (s.s1 - target) * 1e3);
  return 0;
}
