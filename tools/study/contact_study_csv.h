// The CSV of the contact-task study (sim/contact/contact_study.h), as `hilsim contact-study` and
// the report write it.
#pragma once

#include <ostream>
#include <string>

#include "sim/contact/contact_study.h"

namespace hilsim::tools {

// The row's coupling as the CSV and the table name it ("monolithic", "gauss-seidel", ...).
std::string coupling_name(const sim::contact::ContactStudyRow& row);
// The monolithic run's row (its weld is rigid: no K_i).
bool is_monolithic(const sim::contact::ContactStudyRow& row);

// The header of the study's CSV.
inline constexpr const char* kContactStudyCsvHeader = "coupling,Ki,stable,rms_pos,rms_vel,jammed,jam_depth";

// A row of that CSV: Ki empty for the monolithic run (its weld is rigid), jam_depth empty when it did
// not jam, an unstable run's errors inf.
void write_contact_study_csv_row(const sim::contact::ContactStudyRow& row, std::ostream& out);

}  // namespace hilsim::tools
