// The search families compiled for the test games (search_helpers.h).
#include "api/search_ismcts.h"
#include "api/search_job.h"
#include "api/search_oos.h"
#include "api/search_smooth.h"
#include "api/search_uct.h"
#include "search_helpers.h"

namespace ts::testing {
namespace {

template <GameState S>
SearchResult run(const S& root, const SearchConfig& config, TreeStorage* trees,
                 const Trajectory<S>* trajectory = nullptr) {
  TreeStorage local;
  const int max_legal_actions = 8;
  const SearchJob<S> job{.root = root,
                         .max_legal_actions = max_legal_actions,
                         .num_distinct_actions = max_legal_actions,
                         .config = config,
                         .trees = trees ? *trees : local,
                         .trajectory = trajectory};
  return run_search_job(job);
}

}  // namespace

SearchResult search(const KingmakerState& root, const SearchConfig& config, TreeStorage* trees) {
  return run(root, config, trees);
}
SearchResult search(const BanditState& root, const SearchConfig& config, TreeStorage* trees) {
  return run(root, config, trees);
}
SearchResult search(const HiddenCardState& root, const SearchConfig& config, TreeStorage* trees) {
  return run(root, config, trees);
}
SearchResult search(const PenniesState& root, const SearchConfig& config, TreeStorage* trees) {
  return run(root, config, trees);
}

SearchResult search(const RevealState& root, const std::vector<Action>& history, const SearchConfig& config,
                    TreeStorage* trees) {
  const Trajectory<RevealState> trajectory{RevealState(0), history};
  return run(root, config, trees, &trajectory);
}

}  // namespace ts::testing
