#include "sim/contact/contact_coupling.h"

#include <array>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace hilsim::sim::contact {
namespace {

constexpr std::array<std::pair<ContactCoupling, std::string_view>, 5> kNames = {{
    {ContactCoupling::kMonolithic, "monolithic"},
    {ContactCoupling::kKinematicsForce, "kinematics-force"},
    {ContactCoupling::kModelForce, "model-force"},
    {ContactCoupling::kKinematicsModel, "kinematics-model"},
    {ContactCoupling::kModelModel, "model-model"},
}};

void check_value(double value, bool zero_allowed, const std::string& what, const std::string& unit) {
  if (!std::isfinite(value) || value < 0.0 || (!zero_allowed && value == 0.0)) {
    throw std::invalid_argument(what + " must be finite and " + (zero_allowed ? "≥ 0 " : "> 0 ") + unit);
  }
}

}  // namespace

std::string_view to_string(ContactCoupling coupling) {
  for (const auto& [c, name] : kNames) {
    if (c == coupling) return name;
  }
  return "?";
}

std::optional<ContactCoupling> parse_contact_coupling(std::string_view name) {
  for (const auto& [c, n] : kNames) {
    if (n == name) return c;
  }
  return std::nullopt;
}

std::string contact_coupling_names() {
  std::string out;
  for (const auto& [c, name] : kNames) out += (out.empty() ? "" : ", ") + std::string(name);
  return out;
}

InterfaceData tool_takes(ContactCoupling coupling) {
  return coupling == ContactCoupling::kModelForce || coupling == ContactCoupling::kModelModel
             ? InterfaceData::kModel
             : InterfaceData::kKinematics;
}

InterfaceData arm_takes(ContactCoupling coupling) {
  return coupling == ContactCoupling::kKinematicsForce || coupling == ContactCoupling::kModelForce
             ? InterfaceData::kForce
             : InterfaceData::kModel;
}

InterfaceCompliance interface_compliance(double stiffness, double damping,
                                         std::optional<double> angular_stiffness,
                                         std::optional<double> angular_damping) {
  check_value(stiffness, false, "interface stiffness K_i", "N/m");
  check_value(damping, true, "interface damping D_i", "N·s/m");
  const double k_theta = angular_stiffness.value_or(0.1 * stiffness);
  const double d_theta = angular_damping.value_or(0.1 * damping);
  check_value(k_theta, false, "interface angular stiffness", "N·m/rad");
  check_value(d_theta, true, "interface angular damping", "N·m·s/rad");
  return {RowCompliance{stiffness, damping}, RowCompliance{k_theta, d_theta}};
}

}  // namespace hilsim::sim::contact
