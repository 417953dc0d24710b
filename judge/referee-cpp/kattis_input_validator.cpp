// Problem A2 "Tetris": input validator for Kattis (problemtools) and
// DOMjudge: the test on standard input is valid (exit 42) when it has the
// statement's exact layout, otherwise exit 43 with the reason on stderr.
#include <cstdio>
#include <string>
#include <vector>

#include "referee.hpp"

int main() {
    tetris::FileBytes in(stdin);
    std::string test;
    for (int byte; (byte = in.next()) >= 0;) test += static_cast<char>(byte);
    if (in.failed()) {
        std::fprintf(stderr, "cannot read the test\n");
        return 1;
    }
    const std::string wrong = tetris::check_layout(test);
    if (!wrong.empty()) {
        std::fprintf(stderr, "invalid test: %s\n", wrong.c_str());
        return 43;
    }
    std::vector<int> pieces;
    tetris::read_test(test, pieces);
    std::fprintf(stderr, "valid: %zu pieces\n", pieces.size());
    return 42;
}
