#include "core/params.h"

#include <sstream>

#include "core/types.h"

namespace ts {
namespace {

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& item : items) out += (out.empty() ? "" : ", ") + item;
  return out;
}

std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> parts;
  std::stringstream in(text);
  std::string part;
  while (std::getline(in, part, ',')) {
    if (!part.empty()) parts.push_back(part);
  }
  return parts;
}

const char* type_name(const ParamValue& v) {
  switch (v.index()) {
    case 0:
      return "bool";
    case 1:
      return "int";
    case 2:
      return "float";
    default:
      return "str";
  }
}

ParamValue check_value(const std::string& game, const ParamSpec& spec, const ParamValue& v) {
  const std::string where = "parameter '" + spec.name + "' of game '" + game + "'";
  if (v.index() != spec.default_value.index()) {
    fail(where + " must be of type " + type_name(spec.default_value) + ", got " + type_name(v) + " " +
         param_to_string(v));
  }
  if (const auto* i = std::get_if<int64_t>(&v)) {
    if (*i < spec.min_int || *i > spec.max_int) {
      fail(where + " must be between " + std::to_string(spec.min_int) + " and " +
           std::to_string(spec.max_int) + ", got " + std::to_string(*i));
    }
  }
  if (const auto* s = std::get_if<std::string>(&v)) {
    if (spec.is_subset) {
      std::vector<std::string> members = split_commas(*s);
      std::string canonical;
      for (const auto& choice : spec.choices) {
        bool present = false;
        for (const auto& m : members) present = present || m == choice;
        if (present) canonical += (canonical.empty() ? "" : ",") + choice;
      }
      for (const auto& m : members) {
        bool known = false;
        for (const auto& choice : spec.choices) known = known || m == choice;
        if (!known) fail(where + ": unknown member '" + m + "'; valid members: " + join(spec.choices));
      }
      return canonical;
    }
    if (!spec.choices.empty()) {
      bool ok = false;
      for (const auto& c : spec.choices) ok = ok || c == *s;
      if (!ok) fail(where + " must be one of " + join(spec.choices) + ", got '" + *s + "'");
    }
  }
  return v;
}

}  // namespace

ParamSpec ParamSpec::integer(std::string name, int64_t def, int64_t lo, int64_t hi, std::string help) {
  ParamSpec s;
  s.name = std::move(name);
  s.default_value = def;
  s.help = std::move(help);
  s.min_int = lo;
  s.max_int = hi;
  return s;
}

ParamSpec ParamSpec::boolean(std::string name, bool def, std::string help) {
  ParamSpec s;
  s.name = std::move(name);
  s.default_value = def;
  s.help = std::move(help);
  return s;
}

ParamSpec ParamSpec::choice(std::string name, std::string def, std::vector<std::string> choices,
                            std::string help) {
  ParamSpec s;
  s.name = std::move(name);
  s.default_value = std::move(def);
  s.help = std::move(help);
  s.choices = std::move(choices);
  return s;
}

ParamSpec ParamSpec::subset(std::string name, std::string def, std::vector<std::string> choices,
                            std::string help) {
  ParamSpec s = choice(std::move(name), std::move(def), std::move(choices), std::move(help));
  s.is_subset = true;
  return s;
}

Params resolve_params(const std::string& game, const std::vector<ParamSpec>& spec, const Params& given) {
  Params out;
  for (const auto& s : spec) out[s.name] = s.default_value;
  for (const auto& [name, value] : given) {
    const ParamSpec* found = nullptr;
    for (const auto& s : spec) {
      if (s.name == name) found = &s;
    }
    if (!found) {
      std::vector<std::string> names;
      for (const auto& s : spec) names.push_back(s.name);
      fail("unknown parameter '" + name + "' for game '" + game +
           "'; valid parameters: " + (names.empty() ? std::string("none") : join(names)));
    }
    out[name] = check_value(game, *found, value);
  }
  return out;
}

std::string param_to_string(const ParamValue& v) {
  switch (v.index()) {
    case 0:
      return std::get<bool>(v) ? "True" : "False";
    case 1:
      return std::to_string(std::get<int64_t>(v));
    case 2: {
      std::ostringstream s;
      s << std::get<double>(v);
      return s.str();
    }
    default:
      return "'" + std::get<std::string>(v) + "'";
  }
}

int64_t param_int(const Params& p, const std::string& name) { return std::get<int64_t>(p.at(name)); }
bool param_bool(const Params& p, const std::string& name) { return std::get<bool>(p.at(name)); }
const std::string& param_string(const Params& p, const std::string& name) {
  return std::get<std::string>(p.at(name));
}
std::vector<std::string> param_subset(const Params& p, const std::string& name) {
  return split_commas(param_string(p, name));
}

}  // namespace ts
