// The global id: its shape, invariance under the symmetry group (random
// transforms of real puzzles), distinct ids for distinct canonical forms on
// thousands of puzzles, and ids that never change (pinned values: stores,
// exports and apps keep these ids, so the hash may never be altered).
#include <gtest/gtest.h>

#include <boost/random/mersenne_twister.hpp>
#include <boost/random/uniform_int_distribution.hpp>
#include <set>

#include "sudokit/solver/canonical.hpp"
#include "sudokit/solver/global_id.hpp"
#include "test_data.hpp"

namespace sudokit {
namespace {

Grid grid_of(std::string_view text) {
  Grid g;
  ParseError error;
  EXPECT_TRUE(parse_puzzle(text, g, error)) << error.message;
  return g;
}

TEST(GlobalId, IsSixteenUrlSafeCharacters) {
  for (const Grid& p : test::load_puzzles("puzzles_top95.txt")) {
    const std::string id = global_id(p);
    EXPECT_EQ(id.size(), kGlobalIdLength);
    EXPECT_TRUE(is_global_id(id)) << id;
    EXPECT_EQ(id.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"), std::string::npos);
  }
  EXPECT_FALSE(is_global_id("AAAAAAAAAAAAAAA"));     // 15
  EXPECT_FALSE(is_global_id("AAAAAAAAAAAAAAAAA"));   // 17
  EXPECT_FALSE(is_global_id("AAAAAAAAAAAAAAA="));    // padding is not part of it
  EXPECT_FALSE(is_global_id("AAAAAAAAAAAAAAA+"));    // base64, not base64url
  EXPECT_TRUE(is_global_id("Az09-_Az09-_Az09"));
}

TEST(GlobalId, IsTheSameForEveryIsomorph) {
  boost::random::mt19937_64 rng(20261123);
  boost::random::uniform_int_distribution<std::uint32_t> positional(0, kPositionalTransforms - 1);
  boost::random::uniform_int_distribution<std::uint32_t> digits(0, kDigitRelabellings - 1);
  for (const Grid& p : test::load_puzzles("puzzles_top95.txt")) {
    const std::string id = global_id(p);
    EXPECT_EQ(global_id_of_canonical(canonical_form(p)), id);
    for (int k = 0; k < 10; ++k) {
      const Grid q = Transform::from_index(positional(rng), digits(rng)).apply(p);
      ASSERT_EQ(global_id(q), id) << format_line(p) << " vs its isomorph " << format_line(q);
    }
  }
}

TEST(GlobalId, DistinctPuzzlesGetDistinctIds) {
  // Every 10th puzzle of the 17-clue list (no two are isomorphs), plus
  // neighbours that differ in one cell of the canonical form: the hash must
  // separate near-identical inputs too.
  std::set<std::string> ids;
  std::set<std::string> forms;
  for (const Grid& p : test::load_puzzles("puzzles_17clue.txt", 10)) {
    const Grid c = canonical_form(p);
    forms.insert(format_line(c));
    ids.insert(global_id_of_canonical(c));
    for (std::size_t cell : {0u, 40u, 80u}) {
      Grid n = c;
      n.cells[cell] = static_cast<std::uint8_t>((n.cells[cell] + 1) % 10);
      forms.insert(format_line(n));
      ids.insert(global_id_of_canonical(n));
    }
  }
  EXPECT_GT(forms.size(), 15000u);
  EXPECT_EQ(ids.size(), forms.size());
}

// The key is the id's first 64 bits: the same for isomorphs, distinct where
// the ids are.
TEST(GlobalId, TheKeyIsTheIdsFirstSixtyFourBits) {
  constexpr std::string_view kDigits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  std::set<std::uint64_t> keys;
  std::set<Grid> forms;  // top95 holds one pair of isomorphs: 94 forms
  for (const Grid& p : test::load_puzzles("puzzles_top95.txt")) {
    const Grid c = canonical_form(p);
    forms.insert(c);
    const std::string id = global_id_of_canonical(c);
    // Ten characters hold the key's top 60 bits; the eleventh's top four
    // are its last 4 bits.
    std::uint64_t key = 0;
    for (std::size_t i = 0; i < 10; ++i) key = (key << 6) | kDigits.find(id[i]);
    key = (key << 4) | (kDigits.find(id[10]) >> 2);
    EXPECT_EQ(global_key_of_canonical(c), key) << id;
    keys.insert(global_key_of_canonical(c));
  }
  EXPECT_EQ(keys.size(), forms.size());
}

TEST(GlobalId, NeverChanges) {
  // Pinned when the id was introduced (schema version 8). Changing the hash
  // would change the id of every puzzle in every store and export.
  EXPECT_EQ(global_id(grid_of("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")),
            "IWeB6JnKZCDJFvdf");
  EXPECT_EQ(global_id(Grid{}), "frVCw2YbCbVSS9e3");
}

}  // namespace
}  // namespace sudokit
