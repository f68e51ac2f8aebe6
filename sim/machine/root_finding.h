// A root of a continuous function of one variable inside a bracket, by Brent's method (Brent 1973,
// "Algorithms for Minimization without Derivatives", ch. 4): inverse quadratic interpolation or the
// secant where they stay inside the bracket and shrink it fast enough, bisection otherwise, so it
// converges whenever f changes sign over [a, b] and never leaves it.
#pragma once

#include <algorithm>
#include <cmath>
#include <utility>

namespace hilsim::sim::machine {

struct Root {
  double x = 0.0;
  int iterations = 0;
  bool bracketed = false;  // f(a) and f(b) differ in sign (or one is zero)
};

// A root of f in [a, b] to within tol (absolute, in x) or where f is exactly zero.
template <class F>
Root brent_root(const F& f, double a, double b, double tol, int max_iterations = 200) {
  double fa = f(a), fb = f(b);
  Root r;
  if (fa == 0.0 || fb == 0.0) {
    r.x = fa == 0.0 ? a : b;
    r.bracketed = true;
    return r;
  }
  if ((fa > 0.0) == (fb > 0.0)) return r;
  r.bracketed = true;
  double c = a, fc = fa, d = b - a, e = d;
  for (; r.iterations < max_iterations; ++r.iterations) {
    if ((fb > 0.0) == (fc > 0.0)) {  // keep the root between b and c
      c = a;
      fc = fa;
      d = e = b - a;
    }
    if (std::abs(fc) < std::abs(fb)) {  // b the best guess
      a = b, b = c, c = a;
      fa = fb, fb = fc, fc = fa;
    }
    const double tol1 = 2.0 * 2.2e-16 * std::abs(b) + 0.5 * tol;
    const double m = 0.5 * (c - b);
    if (std::abs(m) <= tol1 || fb == 0.0) break;
    if (std::abs(e) >= tol1 && std::abs(fa) > std::abs(fb)) {
      double p = 0.0, q = 0.0;
      const double s = fb / fa;
      if (a == c) {  // secant
        p = 2.0 * m * s;
        q = 1.0 - s;
      } else {  // inverse quadratic interpolation
        const double qa = fa / fc, rb = fb / fc;
        p = s * (2.0 * m * qa * (qa - rb) - (b - a) * (rb - 1.0));
        q = (qa - 1.0) * (rb - 1.0) * (s - 1.0);
      }
      if (p > 0.0) q = -q;
      p = std::abs(p);
      if (2.0 * p < std::min(3.0 * m * q - std::abs(tol1 * q), std::abs(e * q))) {
        e = d;
        d = p / q;
      } else {
        d = m;
        e = m;
      }
    } else {
      d = m;
      e = m;
    }
    a = b;
    fa = fb;
    b += std::abs(d) > tol1 ? d : (m > 0.0 ? tol1 : -tol1);
    fb = f(b);
  }
  r.x = b;
  return r;
}

}  // namespace hilsim::sim::machine
