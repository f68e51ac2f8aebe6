#include "tools/study/contact_study_csv.h"

#include <string>
#include <string_view>

#include "tools/io/csv_row.h"

namespace hilsim::tools {

std::string coupling_name(const sim::contact::ContactStudyRow& row) {
  return std::string(sim::contact::to_string(row.run_case.coupling));
}

bool is_monolithic(const sim::contact::ContactStudyRow& row) {
  return row.run_case.coupling == sim::contact::ContactCoupling::kMonolithic;
}

void write_contact_study_csv_row(const sim::contact::ContactStudyRow& row, std::ostream& out) {
  io::CsvRow line;
  line.add(coupling_name(row));
  if (is_monolithic(row)) {
    line.add(std::string_view());
  } else {
    line.add(row.run_case.stiffness);
  }
  line.add(row.stable ? 1 : 0);
  line.add(row.error.rms_position);
  line.add(row.error.rms_velocity);
  line.add(row.jammed ? 1 : 0);
  if (row.jammed) {
    line.add(row.jam_depth);
  } else {
    line.add(std::string_view());
  }
  line.write_to(out);
}

}  // namespace hilsim::tools
