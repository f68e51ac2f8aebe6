#include "tools/scenario/scenario_writer.h"

#include <cstdio>
#include <filesystem>
#include <sstream>

#include "tools/scenario/limits_section.h"
#include "tools/scenario/messages_section.h"
#include "tools/scenario/telemetry_section.h"
#include "tools/scenario/toml_text.h"

namespace hilsim::scenario {

namespace {

std::string path(const std::string& p) {
  return toml_string(std::filesystem::absolute(p).lexically_normal().string());
}

const char* scheme_name(sim::CosimScheme s) {
  switch (s) {
    case sim::CosimScheme::kJacobi:
      return "jacobi";
    case sim::CosimScheme::kGaussSeidelMechanicsFirst:
      return "gauss-seidel-mech-first";
    case sim::CosimScheme::kGaussSeidelHydraulicsFirst:
      return "gauss-seidel-hyd-first";
  }
  return "?";
}

}  // namespace

std::string to_toml(const Scenario& s) {
  std::ostringstream o;
  const auto key = [&](const char* k, const std::string& v) { o << k << " = " << v << "\n"; };
  const auto num = [&](const char* k, double v) { key(k, toml_number(v)); };
  const auto str = [&](const char* k, const std::string& v) { key(k, toml_string(v)); };
  const auto integer = [&](const char* k, long long v) { key(k, std::to_string(v)); };

  str("name", s.name);
  o << "\n[run]\n";
  num("duration", s.cosim.duration);
  str("solver", s.solver == Solver::kCosim ? "cosim" : "monolithic");
  if (s.reference) key("reference", path(*s.reference));
  if (s.out) key("out", path(*s.out));

  const sim::CosimSettings& c = s.cosim;
  o << "\n[cosim]\n";
  str("coupling", std::string(sim::to_string(c.coupling)));
  str("scheme", scheme_name(c.scheme));
  str("extrapolation", std::string(sim::to_string(c.extrapolation)));
  str("rim_force", c.rim_force == sim::RimForce::kAverage ? "average" : "end");
  num("H", c.H);
  num("h_M", c.h_mech);
  num("h_hyd", c.h_hyd);
  str("hydraulics_integrator", std::string(sim::to_string(c.hydraulics_integrator)));
  str("mechanics", std::string(sim::to_string(c.mechanics)));
  // The preview as asked for; unset, it follows the input on reading (script, none when live).
  if (s.preview_setting) str("preview", *s.preview_setting == sim::KappaPreview::kScript ? "script" : "none");

  write_limits_section(o, c.limits);

  const sim::MonolithicSettings& m = s.monolithic;
  o << "\n[monolithic]\n";
  num("h", m.h);
  num("alpha", m.alpha);
  num("tolerance", m.tolerance);
  str("convergence", to_string(m.convergence));
  integer("projections", m.projections);
  integer("max_iterations", m.max_iterations);
  str("valve_sampling", to_string(m.valve_sampling));

  const ManoeuvreSpec& man = s.manoeuvre;
  o << "\n[manoeuvre]\n";
  str("kind", man.kind == ManoeuvreKind::kM1 ? "M1" : man.kind == ManoeuvreKind::kM2 ? "M2" : "table");
  if (man.kind == ManoeuvreKind::kTable) key("file", path(man.table_path));
  num("t_a", man.m1.t_a);
  num("t_b", man.m1.t_b);
  num("t_r", man.m1.t_r);
  num("frequency", man.m2.frequency);
  num("amplitude", man.m2.amplitude);

  const sim::CraneParameters& cr = s.crane;
  o << "\n[crane]\n";
  num("L", cr.L);
  num("L_h", cr.L_h);
  num("m", cr.m);
  num("m_p", cr.m_p);
  num("m_h", cr.m_h);
  num("x_B", cr.x_B);
  num("y_B", cr.y_B);
  num("g", cr.g);
  num("theta1_0", cr.theta1_0);
  num("theta2_0", cr.theta2_0);
  integer("actuators", cr.actuators);

  const sim::HydraulicParameters& h = s.hydraulics;
  o << "\n[hydraulics]\n";
  num("a_p", h.a_p);
  num("l", h.l);
  num("c", h.c);
  num("c_d", h.c_d);
  num("rho", h.rho);
  num("p_P", h.p_P);
  num("p_T", h.p_T);
  num("a", h.a);
  num("b", h.b);
  num("a_valve", h.a_valve);

  const rt::RtSettings& r = s.rt;
  o << "\n[rt]\n";
  integer("cpu_mech", r.others.cpu);
  integer("cpu_hyd", r.fastest.cpu);
  integer("priority_mech", r.others.priority);
  integer("priority_hyd", r.fastest.priority);
  integer("priority_io", r.io_priority);
  str("scheduler", r.others.scheduler == rt::Scheduler::kFifo ? "fifo" : "other");
  str("overrun", rt::to_string(r.overrun_policy));
  integer("telemetry_decimation", r.telemetry_decimation);
  integer("stack_kib", static_cast<long long>(r.others.stack_bytes / 1024));
  for (const auto& [name, thread] : r.threads) {
    o << "\n[rt.thread." << name << "]\n";
    integer("cpu", thread.cpu);
    integer("priority", thread.priority);
  }

  o << "\n[hil]\n";
  str("input", hil::to_string(s.hil.input));
  num("watchdog_timeout", s.hil.watchdog_timeout);
  if (s.hil.safe_kappa) {
    num("safe_kappa", *s.hil.safe_kappa);
  } else {
    o << "# safe_kappa: unset, so each actuator's equilibrium kappa0 (the load held)\n";
  }
  str("out_of_range", hil::to_string(s.hil.out_of_range));
  num("output_rate", s.hil.output_rate);

  o << "\n[udp]\n";
  str("listen", s.udp.listen);
  str("peer", s.udp.peer);
  str("send_to", s.udp.send_to);
  str("e2e", hil::to_string(s.udp.e2e));

  const hil::CanSettings& can = s.can;
  o << "\n[can]\n";
  str("interface", can.interface);
  if (can.bitrate) integer("bitrate", *can.bitrate);
  if (can.restart_ms) integer("restart_ms", *can.restart_ms);
  key("bring_up", can.bring_up ? "true" : "false");
  str("joystick", hil::to_string(can.joystick));
  str("joystick_axis", hil::to_string(can.joystick_axis));
  str("joystick_axis_2", hil::to_string(hil::second_joystick_axis(can)));
  num("joystick_span", can.joystick_span);
  if (can.joystick_source_address) integer("joystick_source_address", *can.joystick_source_address);
  str("e2e", hil::to_string(can.e2e));
  integer("e2e_recover_frames", can.e2e_recover_frames);
  str("on_link_loss", hil::to_string(can.on_link_loss));
  write_telemetry_section(o, s.telemetry);
  o << messages_to_toml(s.hil.messages);
  return o.str();
}

}  // namespace hilsim::scenario
