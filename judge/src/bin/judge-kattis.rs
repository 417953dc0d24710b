//! The Kattis/DOMjudge output validator as its own executable.

fn main() {
    judge::cli::init_process();
    let args: Vec<String> = std::env::args().skip(1).collect();
    judge::frontends::kattis::run(&args, std::io::stdin().lock()).deliver()
}
