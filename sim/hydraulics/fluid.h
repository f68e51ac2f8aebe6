// The hydraulic fluid: its density and bulk modulus, either the benchmark's pressure-dependent law
// (LIM benchmark 2021, eq. 11, after Cardona and Géradin 1990)
//   β(p) = (1 + a p + b p²) / (a + 2 b p)
// or a constant β. From the machine's FluidDescription (sim/machine/machine_description.h).
#pragma once

#include "sim/machine/machine_description.h"

namespace hilsim::sim {

struct Fluid {
  double density = 850.0;  // ρ [kg/m³]
  bool constant = false;   // β constant, else eq. (11)
  double a = 6.53e-10;     // [1/Pa]
  double b = -1.19e-18;    // [1/Pa²]
  double beta = 1.5e9;     // the constant β [Pa]

  static Fluid from(const machine::FluidDescription& d) {
    return {d.density, d.law == machine::FluidDescription::BulkModulusLaw::kConstant, d.a, d.b,
            d.bulk_modulus};
  }
};

// β(p) [Pa].
inline double bulk_modulus(const Fluid& f, double p) {
  if (f.constant) return f.beta;
  return (1.0 + f.a * p + f.b * p * p) / (f.a + 2.0 * f.b * p);
}

// dβ/dp [-].
inline double bulk_modulus_derivative(const Fluid& f, double p) {
  if (f.constant) return 0.0;
  const double num = 1.0 + f.a * p + f.b * p * p;
  const double den = f.a + 2.0 * f.b * p;
  return (den * den - num * 2.0 * f.b) / (den * den);
}

}  // namespace hilsim::sim
