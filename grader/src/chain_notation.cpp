// Chain notation for explanations. See chain_notation.hpp.
#include "chain_notation.hpp"

#include <algorithm>

namespace sudokit::grader {

std::string potential_text(int cell, int digit, bool on) {
  std::string s = cell_name(cell);
  s += on ? "=" : "<>";
  s += static_cast<char>('0' + digit);
  return s;
}

void NetWriter::new_hint(std::vector<ChainLink>* links) {
  printed_.clear();
  links_ = links;
  if (links_) links_->clear();
  new_branch();
}

void NetWriter::new_branch() {
  shown_.clear();
  pending_.clear();
}

void NetWriter::chain(int target, std::string& out) {
  path_.clear();
  for (int q = target;; q = view_.parent(q, 0)) {
    path_.push_back(q);
    if (view_.parent_count(q) == 0) break;
  }
  std::reverse(path_.begin(), path_.end());
  write_path(path_, out);
}

void NetWriter::write_path(const std::vector<int>& path, std::string& out) {
  int digit = 0;
  for (std::size_t i = 0; i < path.size(); ++i) {
    const int q = path[i];
    const NetNode n = view_.node(q);
    if (i > 0) {
      out += n.rule ? '~' : n.on ? '=' : '-';
      if (links_) {
        const NetNode p = view_.node(path[i - 1]);
        const ChainLink link{{static_cast<std::int8_t>(p.cell), static_cast<std::uint8_t>(p.digit), p.on},
                             {static_cast<std::int8_t>(n.cell), static_cast<std::uint8_t>(n.digit), n.on},
                             n.rule ? LinkKind::Technique : n.on ? LinkKind::Strong : LinkKind::Weak};
        if (std::find(links_->begin(), links_->end(), link) == links_->end()) links_->push_back(link);
      }
    }
    if (n.digit != digit) {
      out += '(';
      out += static_cast<char>('0' + n.digit);
      out += ')';
      digit = n.digit;
    }
    out += cell_name(n.cell);
    shown_.insert(key(n));
    if (i > 0 && (n.rule || view_.parent_count(q) > 1)) bracket(q, n, out);
  }
}

// "[r1c4,r1c6]", "[(35)r5c5]" or "[Pointing: r3c4]": what the link into node
// `index` needs besides the node before it; queues each for its proof.
void NetWriter::bracket(int index, const NetNode& n, std::string& out) {
  out += '[';
  if (n.rule) {
    out += technique_name(n.technique);
    if (view_.parent_count(index) > 1) out += ": ";
    if (n.nested && std::find(printed_.begin(), printed_.end(), n.nested) == printed_.end()) {
      printed_.push_back(n.nested);
      nested_.emplace_back(index, n.nested);
    }
  }
  const int count = view_.parent_count(index);
  for (int k = 1; k < count;) {
    const int e = view_.parent(index, k);
    const NetNode first = view_.node(e);
    if (k > 1) out += ',';
    // Candidates of one cell with other digits than the node's: "(35)r5c5".
    std::string digits(1, static_cast<char>('0' + first.digit));
    int next = k + 1;
    if (first.digit != n.digit) {
      for (; next < count; ++next) {
        const NetNode m = view_.node(view_.parent(index, next));
        if (m.cell != first.cell || m.digit == n.digit) break;
        digits += static_cast<char>('0' + m.digit);
      }
      out += '(' + digits + ')';
    }
    out += cell_name(first.cell);
    for (int j = k; j < next; ++j) {
      const int p = view_.parent(index, j);
      if (!shown(p) && std::find(pending_.begin(), pending_.end(), p) == pending_.end()) pending_.push_back(p);
    }
    k = next;
  }
  out += ']';
}

void NetWriter::proofs(std::string& out) {
  // pending_ grows while proofs are written (their links may need more).
  for (std::size_t i = 0; i < pending_.size(); ++i) {
    const int e = pending_[i];
    if (shown(e)) continue;
    path_.clear();
    for (int q = e;; q = view_.parent(q, 0)) {
      path_.push_back(q);
      if (shown(q) || view_.parent_count(q) == 0) break;
    }
    std::reverse(path_.begin(), path_.end());
    const NetNode n = view_.node(e);
    out += ", " + potential_text(n.cell, n.digit, n.on) + ": ";
    write_path(path_, out);
  }
  pending_.clear();
  for (const auto& [index, rec] : nested_) {
    const NetNode n = view_.node(index);
    out += ", " + potential_text(n.cell, n.digit, n.on) + " by {" + rec->text + "}";
  }
  nested_.clear();
}

}  // namespace sudokit::grader
