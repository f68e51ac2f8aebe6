#include "rt/crane_telemetry.h"

#include "rt/polling.h"
#include "sim/hydraulics/cylinder.h"
#include "sim/model/crane_model.h"

namespace hilsim::rt {

namespace {

template <typename Ring, typename Record>
void hand_over(Ring& ring, const Record& record, const TelemetryPolicy& policy) noexcept {
  if (!policy.wait_for_room) {
    ring.push(record);  // a full ring drops and counts
    return;
  }
  bool waited = false;
  if (!poll_until([&] { return ring.try_push(record); }, *policy.stop, waited)) ring.push(record);
}

bool recorded(std::int64_t n, bool healthy, const TelemetryPolicy& policy) {
  return !healthy || n % policy.decimation == 0;
}

}  // namespace

void MechanicsTelemetry::at_communication_point(std::int64_t n, bool healthy) noexcept {
  if (n > 0 && healthy) {
    energy_.add(sim::mechanics_bond_power(crane_, mechanics_, n - 1, H_), H_, sim::Extrapolation::kZeroOrderHold);
  }
  if (!recorded(n, healthy, policy_)) return;
  const sim::MechanicsState& s = mechanics_.state();
  MechanicsRecord r;
  r.n = n;
  r.healthy = healthy;
  r.q[0] = s.q[0];
  r.q[1] = s.q[1];
  r.q_dot[0] = s.q_dot[0];
  r.q_dot[1] = s.q_dot[1];
  r.work = mechanics_.actuator_work();
  r.bond_energy = energy_.E;
  hand_over(ring_, r, policy_);
}

void HydraulicsTelemetry::at_communication_point(std::int64_t n, bool healthy) noexcept {
  if (n > 0 && healthy) {
    energy_.add(sim::hydraulics_bond_power(hyd_, coupling_, hydraulics_), H_, sim::Extrapolation::kZeroOrderHold);
  }
  if (!recorded(n, healthy, policy_)) return;
  const std::int64_t micro = n * micro_steps_per_exchange_;
  HydraulicsRecord r;
  r.n = n;
  r.healthy = healthy;
  r.p[0] = hydraulics_.pressures()[0];
  r.p[1] = hydraulics_.pressures()[1];
  r.kappa = valve_.kappa(micro, static_cast<double>(micro) * h_H_);
  r.bond_energy = energy_.E;
  hand_over(ring_, r, policy_);
}

sim::CraneSample crane_sample(const sim::CraneParameters& crane, const sim::HydraulicParameters& hyd,
                              double H, double E0, const MechanicsRecord& m, const HydraulicsRecord& h) {
  const Eigen::Vector2d q(m.q[0], m.q[1]);
  const Eigen::Vector2d q_dot(m.q_dot[0], m.q_dot[1]);
  const Eigen::Vector2d p(h.p[0], h.p[1]);
  const sim::ActuatorKinematics act = sim::actuator_kinematics(crane, q, q_dot);
  sim::CraneSample s;
  s.t = static_cast<double>(m.n) * H;
  s.kappa = h.kappa;
  s.s1 = act.s;
  s.s1_dot = act.s_dot;
  s.p1 = p[0];
  s.p2 = p[1];
  s.f_h = sim::actuator_force(hyd, p, act.s_dot);
  s.theta1 = q[0];
  s.theta2 = q[1];
  // The same expressions as sim::CraneCosimulation::sample(), so the rows match bit for bit.
  s.dE = h.bond_energy - m.bond_energy;
  s.E_balance = sim::mechanical_energy(crane, q, q_dot) - E0 - m.work;
  return s;
}

WriterResult drain_telemetry(MechanicsRing& mech, const std::atomic<bool>& mech_done, HydraulicsRing& hyd,
                             const std::atomic<bool>& hyd_done, const sim::CraneParameters& crane,
                             const sim::HydraulicParameters& hyd_params, double H, double E0, SampleSink& sink) {
  constexpr Nanoseconds kIdleSleepNs = 200'000;
  WriterResult result;
  bool joining = true;
  while (true) {
    // Read `done` before looking at the ring: done and empty then means nothing more will come.
    const bool m_done = mech_done.load(std::memory_order_acquire);
    const bool h_done = hyd_done.load(std::memory_order_acquire);
    const MechanicsRecord* m = mech.front();
    const HydraulicsRecord* h = hyd.front();
    if (!joining) {
      if (m) mech.pop_front();
      if (h) hyd.pop_front();
      if (!m && !h && m_done && h_done) break;
      if (!m && !h) sleep_for_ns(kIdleSleepNs);
      continue;
    }
    if (!m || !h) {
      if ((!m && m_done) || (!h && h_done))
        joining = false;  // one stream has ended
      else
        sleep_for_ns(kIdleSleepNs);
      continue;
    }
    if (m->n == h->n) {
      if (!m->healthy || !h->healthy) {
        joining = false;  // diverged: the offline run records nothing from here on
        continue;
      }
      try {
        sink.on_sample(crane_sample(crane, hyd_params, H, E0, *m, *h));
        ++result.rows;
      } catch (...) {
        // The sink failed (e.g. a write error): keep draining so no producer waits for room.
        result.error = std::current_exception();
        joining = false;
      }
      mech.pop_front();
      hyd.pop_front();
    } else if (m->n < h->n) {
      if (!m->healthy)
        joining = false;
      else {
        mech.pop_front();
        ++result.unpaired;
      }
    } else {
      if (!h->healthy)
        joining = false;
      else {
        hyd.pop_front();
        ++result.unpaired;
      }
    }
  }
  return result;
}

}  // namespace hilsim::rt
