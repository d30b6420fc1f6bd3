// Game parameters: typed values, a declared spec per game, and validation with clear messages.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <variant>
#include <vector>

namespace ts {

using ParamValue = std::variant<bool, int64_t, double, std::string>;
using Params = std::map<std::string, ParamValue>;

// One parameter a game accepts. Integers have an inclusive range; strings a list of choices.
struct ParamSpec {
  std::string name;
  ParamValue default_value;
  std::string help;
  int64_t min_int = 0;
  int64_t max_int = 0;
  std::vector<std::string> choices;

  static ParamSpec integer(std::string name, int64_t def, int64_t lo, int64_t hi, std::string help);
  static ParamSpec boolean(std::string name, bool def, std::string help);
  static ParamSpec choice(std::string name, std::string def, std::vector<std::string> choices,
                          std::string help);
  // A set of names from `choices`, written comma-separated ("" for none).
  static ParamSpec subset(std::string name, std::string def, std::vector<std::string> choices,
                          std::string help);
  bool is_subset = false;
};

// Fills defaults, rejects unknown names and bad values (InvalidArgument naming what is valid).
Params resolve_params(const std::string& game, const std::vector<ParamSpec>& spec, const Params& given);

std::string param_to_string(const ParamValue& v);

int64_t param_int(const Params& p, const std::string& name);
bool param_bool(const Params& p, const std::string& name);
const std::string& param_string(const Params& p, const std::string& name);
// The members of a subset parameter, in the order of its choices.
std::vector<std::string> param_subset(const Params& p, const std::string& name);

}  // namespace ts
