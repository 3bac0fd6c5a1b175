// make_catalog: one line per kind.
#include "kinds/catalog.hpp"

#include "kinds/circom_kind.hpp"
#include "kinds/porep_kind.hpp"
#include "kinds/post_kind.hpp"
#include "kinds/snap_kind.hpp"
#include "kinds/synthetic_kind.hpp"

namespace cuzk::kinds {

Result<std::shared_ptr<engine::CircuitCatalog>> make_catalog(const KindsConfig& config) {
  auto catalog = std::make_shared<engine::CircuitCatalog>();
  CUZK_ASSIGN_OR_RETURN(auto circom, make_circom_kind(config.params.param_dirs, config.bad_zkey_fatal, config.warn));
  CUZK_RETURN_IF_ERROR(catalog->add_kind(std::move(circom)));
  CUZK_ASSIGN_OR_RETURN(auto post, make_post_kind(config.params, config.multiplier));
  CUZK_RETURN_IF_ERROR(catalog->add_kind(std::move(post)));
  CUZK_ASSIGN_OR_RETURN(auto porep, make_porep_kind(config.params, config.multiplier));
  CUZK_RETURN_IF_ERROR(catalog->add_kind(std::move(porep)));
  CUZK_ASSIGN_OR_RETURN(auto snap, make_snap_kind(config.params, config.multiplier));
  CUZK_RETURN_IF_ERROR(catalog->add_kind(std::move(snap)));
  CUZK_ASSIGN_OR_RETURN(auto synthetic, make_synthetic_kind(SyntheticKindConfig{
                                            config.synthetic_ids, config.synthetic_on_demand, config.params,
                                            config.multiplier}));
  CUZK_RETURN_IF_ERROR(catalog->add_kind(std::move(synthetic)));
  return catalog;
}

}  // namespace cuzk::kinds
