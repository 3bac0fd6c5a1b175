// daemon_channel: TLS channel credentials from PEM files, the bearer token as call metadata
// added by a client interceptor (it works on plaintext channels too, where call credentials
// are not sent).
#include "cli/daemon_channel.hpp"

#include <grpcpp/support/client_interceptor.h>

#include "common/file_reader.hpp"
#include "server/transport_security.hpp"

namespace cuzk::cli {
namespace {

constexpr size_t kMaxPemBytes = size_t{1} << 20;

class BearerToken final : public grpc::experimental::Interceptor {
 public:
  explicit BearerToken(const std::string& token) : header_("Bearer " + token) {}
  void Intercept(grpc::experimental::InterceptorBatchMethods* methods) override {
    if (methods->QueryInterceptionHookPoint(grpc::experimental::InterceptionHookPoints::PRE_SEND_INITIAL_METADATA)) {
      methods->GetSendInitialMetadata()->insert({"authorization", header_});
    }
    methods->Proceed();
  }

 private:
  const std::string header_;
};

class BearerTokenFactory final : public grpc::experimental::ClientInterceptorFactoryInterface {
 public:
  explicit BearerTokenFactory(std::string token) : token_(std::move(token)) {}
  grpc::experimental::Interceptor* CreateClientInterceptor(grpc::experimental::ClientRpcInfo*) override {
    return new BearerToken(token_);
  }

 private:
  const std::string token_;
};

}  // namespace

Result<std::shared_ptr<grpc::Channel>> daemon_channel(const std::string& address, const ChannelSecurity& security) {
  std::shared_ptr<grpc::ChannelCredentials> credentials = grpc::InsecureChannelCredentials();
  if (!security.tls_roots_file.empty()) {
    grpc::SslCredentialsOptions tls;
    CUZK_ASSIGN_OR_RETURN(tls.pem_root_certs, read_regular_text_file(security.tls_roots_file, "--tls-ca", kMaxPemBytes));
    if (!security.tls_cert_file.empty()) {
      CUZK_ASSIGN_OR_RETURN(tls.pem_cert_chain,
                            read_regular_text_file(security.tls_cert_file, "--tls-cert", kMaxPemBytes));
      CUZK_ASSIGN_OR_RETURN(tls.pem_private_key,
                            server::read_secret_file("--tls-key", security.tls_key_file, kMaxPemBytes));
    }
    credentials = grpc::SslCredentials(tls);
  } else if (!security.tls_cert_file.empty()) {
    return Status::invalid_argument("--tls-cert needs --tls-ca (the roots that signed the daemon's certificate)");
  }
  grpc::ChannelArguments args;
  args.SetMaxReceiveMessageSize(INT32_MAX);
  args.SetMaxSendMessageSize(INT32_MAX);
  std::vector<std::unique_ptr<grpc::experimental::ClientInterceptorFactoryInterface>> interceptors;
  if (!security.token_file.empty()) {
    CUZK_ASSIGN_OR_RETURN(std::string token, server::read_token_file("--token-file", security.token_file));
    interceptors.push_back(std::make_unique<BearerTokenFactory>(std::move(token)));
  }
  return grpc::experimental::CreateCustomChannelWithInterceptors(address, credentials, args, std::move(interceptors));
}

}  // namespace cuzk::cli
