// Answers gRPC itself makes without a word, made clear. gRPC's callback handlers fail a call
// whose request bytes do not parse as the method's message with UNIMPLEMENTED and an empty
// message, and a call to a method the server does not have the same way; a client then cannot
// tell garbage from a missing method. This server interceptor rewrites those answers on their way
// out: on one of cuzk.v1.ProvingEngine's methods, INVALID_ARGUMENT "the request to <Method> does
// not parse as cuzk.v1.<Message> (protobuf)"; on any other method, UNIMPLEMENTED naming it
// (bounded, common/client_text) and the service's methods. cuzk's handlers never answer
// UNIMPLEMENTED themselves, so nothing else is touched.
#pragma once

#include <grpcpp/support/server_interceptor.h>

#include <memory>
#include <vector>

namespace cuzk::server {

// The interceptor factories a server of ProvingService is built with
// (ServerBuilder::experimental().SetInterceptorCreators).
std::vector<std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface>> request_parse_error_interceptors();

}  // namespace cuzk::server
