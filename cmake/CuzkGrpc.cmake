# The daemon and its client need gRPC, protobuf and toml++ (Debian: libgrpc++-dev,
# protobuf-compiler-grpc, libprotobuf-dev, protobuf-compiler, libtomlplusplus-dev).
# CUZK_GRPC=AUTO builds them where all are found (machines without gRPC still build the engine,
# the prover and the rest of the command line); ON requires them.
set(CUZK_HAVE_GRPC OFF)
if(NOT CUZK_GRPC STREQUAL "OFF")
  find_package(Protobuf QUIET)
  find_package(gRPC CONFIG QUIET)
  find_package(tomlplusplus QUIET)
  if(Protobuf_FOUND AND gRPC_FOUND AND tomlplusplus_FOUND AND TARGET gRPC::grpc_cpp_plugin)
    set(CUZK_HAVE_GRPC ON)
    message(STATUS "cuzk: gRPC ${gRPC_VERSION}, protobuf ${Protobuf_VERSION}: building the daemon")
  elseif(CUZK_GRPC STREQUAL "ON")
    message(FATAL_ERROR "CUZK_GRPC=ON but gRPC/protobuf/toml++ were not all found (scripts/install-deps.sh)")
  else()
    message(STATUS "cuzk: gRPC, protobuf or toml++ missing: building without the daemon")
  endif()
endif()
