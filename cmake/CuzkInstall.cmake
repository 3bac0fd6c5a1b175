# Installing cuzk as an operator: `cmake --install BUILD` puts
#   <prefix>/bin/cuzk                                   the command (daemon, client, tools)
#   <prefix>/share/doc/cuzk/examples/cuzk.example.toml  the example configuration
#   <prefix>/share/doc/cuzk/CURIO.md, DAEMON.md          how to run it for Curio
#   CUZK_SYSTEMD_UNIT_DIR/cuzk.service                  the systemd unit (packaging/cuzk.service.in)
# where packagers expect them (GNUInstallDirs; DESTDIR is honoured). The unit starts the daemon
# as Curio's documentation does, `cuzk --config /data/zk/cuzk.toml` (docs/CURIO.md).
include(GNUInstallDirs)
set(CUZK_SYSTEMD_UNIT_DIR "lib/systemd/system" CACHE STRING
    "Where cuzk.service is installed (relative: under the install prefix)")

install(TARGETS cuzk RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${PROJECT_SOURCE_DIR}/docs/cuzk.example.toml DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples)
install(FILES ${PROJECT_SOURCE_DIR}/docs/CURIO.md ${PROJECT_SOURCE_DIR}/docs/DAEMON.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
# The unit names the installed binary: made at install time, for the prefix of that install
# (`cmake --install BUILD --prefix /usr` after a build configured for /usr/local).
install(CODE "
  set(CMAKE_INSTALL_FULL_BINDIR \"\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_BINDIR}\")
  set(CMAKE_INSTALL_FULL_DOCDIR \"\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_DOCDIR}\")
  configure_file(\"${PROJECT_SOURCE_DIR}/packaging/cuzk.service.in\" \"${PROJECT_BINARY_DIR}/packaging/cuzk.service\" @ONLY)
")
install(FILES ${PROJECT_BINARY_DIR}/packaging/cuzk.service DESTINATION ${CUZK_SYSTEMD_UNIT_DIR})
