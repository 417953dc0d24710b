// Problem A2 "Tetris": input validator for Polygon (testlib's validator
// protocol: the test on standard input; exit 0 when it has the statement's
// exact layout, otherwise FAIL, exit 3, with the reason).
#include "testlib.h"

#include <string>

#include "referee.hpp"

int main(int argc, char* argv[]) {
    registerValidation(argc, argv);
    std::string test;
    while (!inf.eof()) test += inf.readChar();
    const std::string wrong = tetris::check_layout(test);
    if (!wrong.empty()) quitf(_fail, "invalid test: %s", wrong.c_str());
    inf.readEof();
}
