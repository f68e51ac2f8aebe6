# `cmake --install`: the programs, the shipped data, the public headers and the CMake package.
#   bin/                       hilsim, hilsim-bench-cosim, hilsim-bench-monolithic
#   share/hilsim/              scenarios/, hil/hilsim.dbc, reference/lim/ (with its licence), report/
#   include/hilsim/            sim/, rt/, hil/ headers, included as in the source tree ("sim/model/crane.h")
#   lib/                       the static libraries of sim, rt and hil
#   lib/cmake/hilsim/          hilsimConfig.cmake: find_package(hilsim) gives hilsim::sim, hilsim::rt, hilsim::hil
# Every path in the package is relative to its own location, so the prefix can be moved or packaged.
# The installed hilsim finds share/hilsim from its own location (tools/scenario/data_dir.cc).
include(CMakePackageConfigHelpers)

set(HILSIM_INSTALL_DATADIR ${CMAKE_INSTALL_DATADIR}/hilsim)
set(HILSIM_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/hilsim)

install(TARGETS hilsim hilsim-bench-cosim hilsim-bench-monolithic RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

install(DIRECTORY ${HILSIM_ROOT}/config/scenarios ${HILSIM_ROOT}/config/hil ${HILSIM_ROOT}/config/reference
        DESTINATION ${HILSIM_INSTALL_DATADIR})
install(FILES ${HILSIM_ROOT}/tools/report/plot_report.py DESTINATION ${HILSIM_INSTALL_DATADIR}/report)

foreach(layer sim rt hil)
  install(DIRECTORY ${HILSIM_ROOT}/${layer} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/hilsim
          FILES_MATCHING PATTERN "*.h")
endforeach()

set_target_properties(hilsim_sim PROPERTIES EXPORT_NAME sim)
set_target_properties(hilsim_rt PROPERTIES EXPORT_NAME rt)
set_target_properties(hilsim_hil PROPERTIES EXPORT_NAME hil)
install(TARGETS hilsim_sim hilsim_rt hilsim_hil EXPORT hilsimTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(EXPORT hilsimTargets NAMESPACE hilsim:: DESTINATION ${HILSIM_INSTALL_CMAKEDIR})

configure_package_config_file(${HILSIM_ROOT}/cmake/hilsimConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/hilsimConfig.cmake
  INSTALL_DESTINATION ${HILSIM_INSTALL_CMAKEDIR}
  PATH_VARS HILSIM_INSTALL_DATADIR)
# 0.x: a minor version may change the interface.
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/hilsimConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/hilsimConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/hilsimConfigVersion.cmake
        DESTINATION ${HILSIM_INSTALL_CMAKEDIR})
