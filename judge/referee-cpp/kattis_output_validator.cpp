// Problem A2 "Tetris": output validator for Kattis (problemtools) and
// DOMjudge: `validator <input> <answer> <feedback-dir> [flags] < output`.
// Scoring (the default): a judged game is accepted (42) with its points,
// 0 to 10, in score.txt, so a test worth 0 never stops a group.
// Pass-fail (compiled with TETRIS_PASS_FAIL=1, for DOMjudge releases that
// score no points): accepted (42) only when every piece is placed, else
// wrong answer (43). A bad test or an unreadable output is a judge error:
// exit 1 with the reason in judgeerror.txt. The answer file is not read.
#include <cstdio>
#include <string>
#include <vector>

#include "referee.hpp"

#ifndef TETRIS_PASS_FAIL
#define TETRIS_PASS_FAIL 0
#endif

namespace {

bool write(const std::string& dir, const char* name, const std::string& text) {
    std::FILE* file = std::fopen((dir + "/" + name).c_str(), "w");
    if (!file) return false;
    const bool ok = std::fwrite(text.data(), 1, text.size(), file) == text.size();
    return std::fclose(file) == 0 && ok;
}

int judge_error(const std::string& dir, const std::string& why) {
    if (!dir.empty()) write(dir, "judgeerror.txt", why + "\n");
    std::fprintf(stderr, "judge error: %s\n", why.c_str());
    return 1;
}

}  // namespace

int main(int argc, char* argv[]) {
    if (argc < 4) {
        return judge_error("", "usage: validator <input> <answer> <feedback-dir> [flags] < output");
    }
    const std::string feedback = argv[3];
    std::string test;
    if (!tetris::read_file(argv[1], test)) return judge_error(feedback, std::string("cannot read the test input ") + argv[1]);
    std::vector<int> pieces;
    const std::string bad_test = tetris::read_test(test, pieces);
    if (!bad_test.empty()) return judge_error(feedback, std::string("test input ") + argv[1] + ": " + bad_test);
    tetris::FileBytes output(stdin);
    const tetris::Judgement j = tetris::judge(pieces, output);
    if (output.failed()) return judge_error(feedback, "cannot read the contestant's output");
    const std::string message = j.message + "\n";
    const bool written = write(feedback, "judgemessage.txt", message) && write(feedback, "teammessage.txt", message) &&
                         (TETRIS_PASS_FAIL || write(feedback, "score.txt", std::to_string(j.points()) + "\n"));
    if (!written) return judge_error("", "cannot write to the feedback directory " + feedback);
    return TETRIS_PASS_FAIL && !j.all_placed() ? 43 : 42;
}
