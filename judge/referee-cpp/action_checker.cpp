// Problem A2 "Tetris": checker for Action (espr1t/action, the problem
// author's judge): `checker <input> <output> <author-output>`; on stderr
// the verdict ("OK", "WA" or "IE"), the score as a fraction of the test's
// points (0.0 to 1.0) and a message, one a line; exit 0. A game worth some
// points is OK with round(10 X / N) / 10; one worth none is WA; a bad test
// or an unreadable file is IE. The author's output is not read: the score
// is absolute.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "referee.hpp"

namespace {

[[noreturn]] void verdict(const char* what, int points, const std::string& message) {
    std::fprintf(stderr, "%s\n%s\n%s\n", what, points == 10 ? "1.0" : ("0." + std::to_string(points)).c_str(),
                 message.c_str());
    std::exit(0);
}

}  // namespace

int main(int argc, char* argv[]) {
    if (argc < 4) verdict("IE", 0, "usage: checker <input> <output> <author-output>");
    std::string test;
    if (!tetris::read_file(argv[1], test)) verdict("IE", 0, std::string("cannot read the test input ") + argv[1]);
    std::vector<int> pieces;
    const std::string bad_test = tetris::read_test(test, pieces);
    if (!bad_test.empty()) verdict("IE", 0, "test input: " + bad_test);
    std::FILE* file = std::fopen(argv[2], "rb");
    if (!file) verdict("IE", 0, std::string("cannot open the output ") + argv[2]);
    tetris::FileBytes output(file);
    const tetris::Judgement j = tetris::judge(pieces, output);
    const bool failed = output.failed();
    std::fclose(file);
    if (failed) verdict("IE", 0, "cannot read the output");
    verdict(j.points() == 0 ? "WA" : "OK", j.points(), j.message);
}
