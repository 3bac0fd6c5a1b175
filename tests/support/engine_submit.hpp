// Engine::submit and the end of the job's validation stage as one call, for tests that check
// what the engine says of a payload: the job's id once its payload passed validation, else the
// validation's refusal (or submit's own error). A refused job stays in the engine, failed.
#pragma once

#include <future>

#include "engine/engine.hpp"

namespace cuzk::test {

inline Result<engine::JobId> submit_validated(engine::Engine& engine, engine::JobRequest request) {
  CUZK_ASSIGN_OR_RETURN(const engine::JobId id, engine.submit(std::move(request)));
  std::promise<engine::Validation> ended;
  engine.on_validated(id, [&ended](const engine::Validation& v) { ended.set_value(v); });
  CUZK_RETURN_IF_ERROR(ended.get_future().get().status);
  return id;
}

}  // namespace cuzk::test
