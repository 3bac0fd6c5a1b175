// The interceptor that names unparsable requests and unknown methods.
#include "server/request_parse_errors.hpp"

#include <google/protobuf/descriptor.h>
#include <grpcpp/grpcpp.h>

#include <string>
#include <string_view>

#include "common/client_text.hpp"

namespace cuzk::server {
namespace {

constexpr std::string_view kService = "cuzk.v1.ProvingEngine";

// The answer for a call to `method` ("/cuzk.v1.ProvingEngine/SubmitProof") that gRPC failed
// with UNIMPLEMENTED and no message.
grpc::Status explain(std::string_view method) {
  const google::protobuf::ServiceDescriptor* service =
      google::protobuf::DescriptorPool::generated_pool()->FindServiceByName(std::string(kService));
  const std::string prefix = "/" + std::string(kService) + "/";
  if (service != nullptr && method.starts_with(prefix)) {
    const std::string name(method.substr(prefix.size()));
    if (const google::protobuf::MethodDescriptor* m = service->FindMethodByName(name)) {
      return {grpc::StatusCode::INVALID_ARGUMENT,
              "the request to " + name + " does not parse as " + m->input_type()->full_name() + " (protobuf)"};
    }
  }
  std::string known;
  for (int i = 0; service != nullptr && i < service->method_count(); ++i) {
    known += (known.empty() ? "" : ", ") + service->method(i)->name();
  }
  return {grpc::StatusCode::UNIMPLEMENTED,
          "no method " + quote_client_text(method) + " (" + std::string(kService) + " has " + known + ")"};
}

class RequestParseErrors final : public grpc::experimental::Interceptor {
 public:
  explicit RequestParseErrors(const char* method) : method_(method == nullptr ? "" : method) {}

  void Intercept(grpc::experimental::InterceptorBatchMethods* methods) override {
    using grpc::experimental::InterceptionHookPoints;
    if (methods->QueryInterceptionHookPoint(InterceptionHookPoints::PRE_SEND_STATUS)) {
      const grpc::Status status = methods->GetSendStatus();
      if (status.error_code() == grpc::StatusCode::UNIMPLEMENTED && status.error_message().empty()) {
        methods->ModifySendStatus(explain(method_));
      }
    }
    methods->Proceed();
  }

 private:
  std::string method_;
};

class RequestParseErrorsFactory final : public grpc::experimental::ServerInterceptorFactoryInterface {
 public:
  grpc::experimental::Interceptor* CreateServerInterceptor(grpc::experimental::ServerRpcInfo* info) override {
    return new RequestParseErrors(info->method());
  }
};

}  // namespace

std::vector<std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface>> request_parse_error_interceptors() {
  std::vector<std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface>> out;
  out.push_back(std::make_unique<RequestParseErrorsFactory>());
  return out;
}

}  // namespace cuzk::server
