// Problem A2 "Tetris": many cases judged in one process, for the
// differential test against the Rust judge (judge/tests/referee_cpp.rs),
// which also runs the packaged front ends on a share of the cases.
// Input: cases, each "<test bytes> <output bytes>\n" then the test's bytes,
// then the output's. Output, a line a case: "<layout> fail" for a bad test,
// else "<layout> <placed> <points> <all|some|none>", where <layout> is
// "valid" or "invalid" as the input validators see the test.
#include <cstdio>
#include <string>
#include <vector>

#include "referee.hpp"

namespace {

struct StringBytes {
    const std::string& bytes;
    size_t at = 0;
    int next() { return at < bytes.size() ? static_cast<unsigned char>(bytes[at++]) : -1; }
};

}  // namespace

int main(int argc, char* argv[]) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: differential_driver <cases-file>\n");
        return 2;
    }
    std::string all;
    if (!tetris::read_file(argv[1], all)) {
        std::fprintf(stderr, "cannot read %s\n", argv[1]);
        return 2;
    }
    size_t at = 0;
    while (at < all.size()) {
        // The header is "<digits> <digits>\n"; a test may start with white
        // space, which scanf's directives would swallow.
        size_t sizes[2] = {0, 0};
        for (int k = 0; k < 2; ++k) {
            const size_t start = at;
            while (at < all.size() && all[at] >= '0' && all[at] <= '9') sizes[k] = sizes[k] * 10 + (all[at++] - '0');
            if (at == start || at == all.size() || all[at] != (k == 0 ? ' ' : '\n')) {
                std::fprintf(stderr, "malformed case header at byte %zu\n", start);
                return 2;
            }
            ++at;
        }
        const size_t test_size = sizes[0], output_size = sizes[1];
        if (at + test_size + output_size > all.size()) {
            std::fprintf(stderr, "the case at byte %zu is cut short\n", at);
            return 2;
        }
        const std::string test = all.substr(at, test_size);
        const std::string output = all.substr(at + test_size, output_size);
        at += test_size + output_size;
        const char* layout = tetris::check_layout(test).empty() ? "valid" : "invalid";
        std::vector<int> pieces;
        if (!tetris::read_test(test, pieces).empty()) {
            std::printf("%s fail\n", layout);
            continue;
        }
        StringBytes bytes{output};
        const tetris::Judgement j = tetris::judge(pieces, bytes);
        const char* verdict = j.all_placed() ? "all" : j.points() == 0 ? "none" : "some";
        std::printf("%s %lld %d %s\n", layout, j.placed, j.points(), verdict);
    }
    return 0;
}
