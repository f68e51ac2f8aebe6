# `cmake --install`: the programs, the shipped data, the public headers and the CMake package.
#   bin/                       hilsim, hilsim-bench-cosim, hilsim-bench-monolithic
#   share/hilsim/              scenarios/, machines/, manoeuvres/ (what the scenarios name, by the same
#                              relative paths as in config/), hil/hilsim.dbc, reference/lim/ (with its
#                              licence), plotjuggler/hilsim.xml, report/, plot/
#   include/hilsim/            sim/, rt/, hil/ and tools/{io,scenario,can,system,run,study} headers,
#                              included as in the source tree ("sim/model/crane.h", "tools/run/replay.h")
#   lib/                       the static libraries
#   lib/cmake/hilsim/          hilsimConfig.cmake: find_package(hilsim) gives hilsim::sim, hilsim::rt,
#                              hilsim::hil and the run's libraries: hilsim::io, hilsim::config,
#                              hilsim::can, hilsim::system, hilsim::run, hilsim::study
# Every path in the package is relative to its own location, so the prefix can be moved or packaged.
# The installed hilsim finds share/hilsim from its own location (tools/scenario/data_dir.cc).
include(CMakePackageConfigHelpers)

set(HILSIM_INSTALL_DATADIR ${CMAKE_INSTALL_DATADIR}/hilsim)
set(HILSIM_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/hilsim)

install(TARGETS hilsim hilsim-bench-cosim hilsim-bench-monolithic RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

install(DIRECTORY ${HILSIM_ROOT}/config/scenarios ${HILSIM_ROOT}/config/machines ${HILSIM_ROOT}/config/manoeuvres
        ${HILSIM_ROOT}/config/hil ${HILSIM_ROOT}/config/reference ${HILSIM_ROOT}/config/plotjuggler
        DESTINATION ${HILSIM_INSTALL_DATADIR})
install(FILES ${HILSIM_ROOT}/tools/report/plot_report.py DESTINATION ${HILSIM_INSTALL_DATADIR}/report)
install(FILES ${HILSIM_ROOT}/tools/plot/plot_run.py DESTINATION ${HILSIM_INSTALL_DATADIR}/plot)

foreach(layer sim rt hil)
  install(DIRECTORY ${HILSIM_ROOT}/${layer} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/hilsim
          FILES_MATCHING PATTERN "*.h")
endforeach()
# The run's libraries (tools/CMakeLists.txt); the command line (tools/hilsim) is not a library.
foreach(part io scenario can system run study)
  install(DIRECTORY ${HILSIM_ROOT}/tools/${part} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/hilsim/tools
          FILES_MATCHING PATTERN "*.h")
endforeach()

set_target_properties(hilsim_sim PROPERTIES EXPORT_NAME sim)
set_target_properties(hilsim_rt PROPERTIES EXPORT_NAME rt)
set_target_properties(hilsim_hil PROPERTIES EXPORT_NAME hil)
set_target_properties(hilsim_io PROPERTIES EXPORT_NAME io)
set_target_properties(hilsim_config PROPERTIES EXPORT_NAME config)
set_target_properties(hilsim_can PROPERTIES EXPORT_NAME can)
set_target_properties(hilsim_system PROPERTIES EXPORT_NAME system)
set_target_properties(hilsim_run PROPERTIES EXPORT_NAME run)
set_target_properties(hilsim_study PROPERTIES EXPORT_NAME study)
install(TARGETS hilsim_sim hilsim_rt hilsim_hil hilsim_io hilsim_config hilsim_can hilsim_system hilsim_run
        hilsim_study EXPORT hilsimTargets
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
