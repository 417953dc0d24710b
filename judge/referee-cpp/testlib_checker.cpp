// Problem A2 "Tetris": checker for Polygon, Codeforces and every system that
// runs testlib checkers: `checker [--testset T] [--group G] <input> <output>
// <answer> [<result-file> [-appes]]`, compiled against testlib.h, whose
// protocol it follows: every piece placed, ok (exit 0); some points,
// quitp (exit 7, "points P"); no point, wrong answer (exit 1); a bad test,
// FAIL (exit 3). The answer file is not read: the score is absolute.
//
// testlib's own copy patched for DOMjudge (the one p2d converts with) ends
// "ok" with 42, as DOMjudge's validators do, and has no exit code for
// points: there a game with some pieces missing is a wrong answer. CMS's
// copy (compiled with -DCMS) takes the points as a fraction.
#include "testlib.h"

#include <string>
#include <vector>

#include "referee.hpp"

namespace {

// testlib's stream of the output, byte by byte.
struct TestlibBytes {
    InStream& stream;
    int next() { return stream.eof() ? -1 : static_cast<unsigned char>(stream.readChar()); }
};

}  // namespace

int main(int argc, char* argv[]) {
    registerTestlibCmd(argc, argv);
    std::string test;
    if (!tetris::read_file(inf.name, test)) quitf(_fail, "cannot read the test input %s", inf.name.c_str());
    std::vector<int> pieces;
    const std::string bad_test = tetris::read_test(test, pieces);
    if (!bad_test.empty()) quitf(_fail, "test input %s: %s", inf.name.c_str(), bad_test.c_str());
    tetris::Judgement j;
    if (ouf.name == "stdin") {
        TestlibBytes output{ouf};
        j = tetris::judge(pieces, output);
    } else {
        // testlib drops a byte-order mark at the start of the output, which
        // the statement does not: the checker reads the file itself, then
        // lets testlib's stream reach its end (testlib calls anything left
        // unread "extra information", which the statement ignores).
        std::FILE* file = std::fopen(ouf.name.c_str(), "rb");
        if (!file) quitf(_fail, "cannot open the output %s", ouf.name.c_str());
        tetris::FileBytes output(file);
        j = tetris::judge(pieces, output);
        const bool failed = output.failed();
        std::fclose(file);
        if (failed) quitf(_fail, "cannot read the output %s", ouf.name.c_str());
        while (!ouf.eof()) ouf.skipChar();
    }
    if (j.all_placed()) quitf(_ok, "%s", j.message.c_str());
    if (j.points() == 0 || OK_EXIT_CODE == 42) quitf(_wa, "%s", j.message.c_str());
#ifdef CMS
    // CMS's own testlib.h (its Polygon loader compiles checkers with -DCMS)
    // prints quitp's value as CMS's outcome, a fraction of the test.
    quitp(j.points() / 10.0, "%s", j.message.c_str());
#else
    quitp(j.points(), "%s", j.message.c_str());
#endif
}
