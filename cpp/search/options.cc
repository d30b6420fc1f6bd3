#include "search/options.h"

#include <sstream>
#include <type_traits>

namespace ts {
namespace {

std::string number_text(double v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& item : items) out += (out.empty() ? "" : ", ") + item;
  return out;
}

template <class T>
constexpr bool kIsInt = std::is_same_v<T, int> || std::is_same_v<T, int64_t> || std::is_same_v<T, uint64_t>;

// The value of option `option` in `config`, seen through its member pointer.
template <class Visit>
void visit_value(const SearchOption& option, const SearchConfig& config, Visit visit) {
  std::visit([&](auto member) { visit(config.*member); }, option.field);
}

}  // namespace

const SearchOption* find_search_option(std::string_view name) {
  for (const auto& option : kSearchOptions) {
    if (name == option.name) return &option;
  }
  return nullptr;
}

std::string search_option_names() {
  std::vector<std::string> names;
  for (const auto& option : kSearchOptions) names.push_back(option.name);
  return join(names);
}

std::vector<std::string> option_choices(const SearchOption& option) {
  std::vector<std::string> out;
  if (std::holds_alternative<Algorithm SearchConfig::*>(option.field)) {
    for (const auto& info : kAlgorithms) out.push_back(info.name);
  } else if (std::holds_alternative<PlayoutPolicy SearchConfig::*>(option.field)) {
    for (const auto& playout : kPlayouts) out.push_back(playout.name);
  }
  return out;
}

std::string option_valid(const SearchOption& option) {
  return std::visit(
      [&](auto member) -> std::string {
        using T = std::remove_cvref_t<decltype(SearchConfig{}.*member)>;
        if constexpr (kIsInt<T>) {
          return "an int in [" + std::to_string(option.int_min) + ", " + std::to_string(option.int_max) + "]";
        } else if constexpr (std::is_same_v<T, double>) {
          if (std::isfinite(option.max)) {  // an interval: "(" where the minimum is excluded
            return std::string("a finite number in ") + (option.min_excluded ? "(" : "[") +
                   number_text(option.min) + ", " + number_text(option.max) + "]";
          }
          return std::string("a finite number ") + (option.min_excluded ? "> " : ">= ") +
                 number_text(option.min);
        } else if constexpr (std::is_same_v<T, bool>) {
          return "True or False";
        } else {
          return "one of " + join(option_choices(option));
        }
      },
      option.field);
}

void check_option_int(const SearchOption& option, uint64_t value, const std::string& label) {
  if (value < option.int_min || value > option.int_max) {
    fail(label + " must be " + option_valid(option) + ", got " + std::to_string(value));
  }
}

void check_option_number(const SearchOption& option, double value, const std::string& label) {
  const bool above = option.min_excluded ? value > option.min : value >= option.min;
  if (!std::isfinite(value) || !above || value > option.max) {
    fail(label + " must be " + option_valid(option) + ", got " + number_text(value));
  }
}

void check_search_config(const SearchConfig& config) {
  static const SearchConfig defaults;
  for (const auto& option : kSearchOptions) {
    visit_value(option, config, [&](auto value) {
      using T = decltype(value);
      if constexpr (kIsInt<T> || std::is_same_v<T, double>) {
        bool none = false;
        visit_value(option, defaults, [&](auto initial) {
          if constexpr (std::is_same_v<decltype(initial), T>) none = option.none && value == initial;
        });
        if (none) return;
        if constexpr (kIsInt<T>) {
          if constexpr (std::is_signed_v<T>) {
            if (value < 0)
              fail(std::string(option.name) + " must be " + option_valid(option) + ", got " +
                   std::to_string(value));
          }
          check_option_int(option, static_cast<uint64_t>(value), option.name);
        } else {
          check_option_number(option, value, option.name);
        }
      }
    });
  }
}

void complete_search_config(SearchConfig& config, bool uct_c_given) {
  if (!uct_c_given) config.uct_c = algorithm_info(config.algorithm).default_uct_c;
  if (config.iterations == 0 && config.time_limit == 0) config.iterations = kDefaultIterations;
}

}  // namespace ts
