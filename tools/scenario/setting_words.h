// The words a scenario file (and the command line) spells each choice of a setting with, in the
// order messages and docs/scenario.md list them. The scenario key table (scenario_keys.cc) reads and
// writes the choices through these lists, and the parse_* functions of scenario.h read the flags.
#pragma once

#include <cstddef>
#include <string>

#include "hil/datagram.h"
#include "hil/hil_settings.h"
#include "hil/signal.h"
#include "rt/periodic_loop.h"
#include "rt/thread_config.h"
#include "sim/cosim/cosim_settings.h"
#include "sim/monolithic/monolithic_settings.h"
#include "tools/scenario/scenario.h"

namespace hilsim::scenario {

template <class E>
struct Choice {
  const char* word;
  E value;
};

inline constexpr Choice<Solver> kSolvers[] = {{"cosim", Solver::kCosim}, {"monolithic", Solver::kMonolithic}};
inline constexpr Choice<ManoeuvreKind> kManoeuvreKinds[] = {
    {"M1", ManoeuvreKind::kM1}, {"M2", ManoeuvreKind::kM2}, {"table", ManoeuvreKind::kTable}};
inline constexpr Choice<sim::Coupling> kCouplings[] = {{"fs", sim::Coupling::kForceDisplacement},
                                                       {"ps", sim::Coupling::kPressureDisplacement},
                                                       {"rim", sim::Coupling::kReducedInterface},
                                                       {"twoway", sim::Coupling::kTwoWay}};
inline constexpr Choice<sim::CosimScheme> kSchemes[] = {
    {"jacobi", sim::CosimScheme::kJacobi},
    {"gauss-seidel-mech-first", sim::CosimScheme::kGaussSeidelMechanicsFirst},
    {"gauss-seidel-hyd-first", sim::CosimScheme::kGaussSeidelHydraulicsFirst}};
inline constexpr Choice<sim::Extrapolation> kExtrapolations[] = {
    {"zoh", sim::Extrapolation::kZeroOrderHold},
    {"linear", sim::Extrapolation::kLinear},
    {"quadratic", sim::Extrapolation::kQuadratic}};
inline constexpr Choice<sim::RimForce> kRimForces[] = {{"end", sim::RimForce::kEndOfStep},
                                                       {"average", sim::RimForce::kAverage}};
inline constexpr Choice<sim::KappaPreview> kPreviews[] = {{"none", sim::KappaPreview::kNone},
                                                          {"script", sim::KappaPreview::kScript}};
inline constexpr Choice<sim::HydraulicIntegrator> kHydraulicIntegrators[] = {
    {"euler", sim::HydraulicIntegrator::kForwardEuler},
    {"rk4", sim::HydraulicIntegrator::kRungeKutta4},
    {"trapezoidal", sim::HydraulicIntegrator::kTrapezoidal}};
inline constexpr Choice<sim::MechanicsFormulation> kMechanics[] = {
    {"independent", sim::MechanicsFormulation::kIndependent},
    {"ali1", sim::MechanicsFormulation::kAli1},
    {"ali3p", sim::MechanicsFormulation::kAli3P}};
inline constexpr Choice<sim::NewtonConvergence> kNewtonConvergences[] = {
    {"residual", sim::NewtonConvergence::kResidual}, {"update", sim::NewtonConvergence::kUpdate}};
inline constexpr Choice<sim::ValveSampling> kValveSamplings[] = {
    {"step_start", sim::ValveSampling::kStepStart}, {"step_end", sim::ValveSampling::kStepEnd}};
inline constexpr Choice<rt::Scheduler> kSchedulers[] = {{"fifo", rt::Scheduler::kFifo},
                                                        {"other", rt::Scheduler::kOther}};
inline constexpr Choice<rt::OverrunPolicy> kOverrunPolicies[] = {{"catch-up", rt::OverrunPolicy::kCatchUp},
                                                                 {"skip", rt::OverrunPolicy::kSkip},
                                                                 {"stop", rt::OverrunPolicy::kStop}};
inline constexpr Choice<hil::InputSource> kInputSources[] = {
    {"script", hil::InputSource::kScript}, {"udp", hil::InputSource::kUdp}, {"can", hil::InputSource::kCan}};
inline constexpr Choice<hil::OutOfRange> kOutOfRangePolicies[] = {{"clamp", hil::OutOfRange::kClamp},
                                                                  {"reject", hil::OutOfRange::kReject}};
inline constexpr Choice<hil::NarrowSignals> kNarrowSignalPolicies[] = {
    {"refuse", hil::NarrowSignals::kRefuse}, {"warn", hil::NarrowSignals::kWarn}};
inline constexpr Choice<hil::DatagramE2e> kDatagramE2es[] = {{"crc32", hil::DatagramE2e::kCrc32},
                                                             {"none", hil::DatagramE2e::kNone}};
inline constexpr Choice<hil::E2EMode> kCanE2es[] = {{"counter-crc8", hil::E2EMode::kCounterCrc8},
                                                    {"none", hil::E2EMode::kNone}};
inline constexpr Choice<hil::Joystick> kJoysticks[] = {{"none", hil::Joystick::kNone},
                                                       {"bjm1", hil::Joystick::kBjm1}};
inline constexpr Choice<hil::JoystickAxis> kJoystickAxes[] = {{"x", hil::JoystickAxis::kX},
                                                              {"y", hil::JoystickAxis::kY}};
inline constexpr Choice<hil::OnLinkLoss> kLinkLossPolicies[] = {{"wait", hil::OnLinkLoss::kWait},
                                                                {"stop", hil::OnLinkLoss::kStop}};
inline constexpr Choice<hil::ByteOrder> kByteOrders[] = {{"little_endian", hil::ByteOrder::kLittleEndian},
                                                         {"big_endian", hil::ByteOrder::kBigEndian}};

inline constexpr Choice<ContactTaskKind> kContactTasks[] = {{"landing", ContactTaskKind::kLanding},
                                                            {"insertion", ContactTaskKind::kInsertion}};
inline constexpr Choice<ContactMode> kContactModes[] = {{"guided", ContactMode::kGuided},
                                                        {"hydraulic", ContactMode::kHydraulic}};
// As sim/contact/contact_coupling.h spells them (to_string, parse_contact_coupling).
inline constexpr Choice<sim::contact::ContactCoupling> kContactCouplings[] = {
    {"monolithic", sim::contact::ContactCoupling::kMonolithic},
    {"kinematics-force", sim::contact::ContactCoupling::kKinematicsForce},
    {"model-force", sim::contact::ContactCoupling::kModelForce},
    {"kinematics-model", sim::contact::ContactCoupling::kKinematicsModel},
    {"model-model", sim::contact::ContactCoupling::kModelModel}};

// The word of `value` ("?" for a value the list lacks, which a complete list never does).
template <class E, std::size_t N>
const char* word_of(const Choice<E> (&choices)[N], E value) {
  for (const Choice<E>& c : choices) {
    if (c.value == value) return c.word;
  }
  return "?";
}

// The choice spelled `word`, or null.
template <class E, std::size_t N>
const E* choice_of(const Choice<E> (&choices)[N], const std::string& word) {
  for (const Choice<E>& c : choices) {
    if (word == c.word) return &c.value;
  }
  return nullptr;
}

// "fs, ps, rim, twoway": the words as messages list them.
template <class E, std::size_t N>
std::string word_list(const Choice<E> (&choices)[N]) {
  std::string list;
  for (const Choice<E>& c : choices) list += (list.empty() ? "" : ", ") + std::string(c.word);
  return list;
}

}  // namespace hilsim::scenario
