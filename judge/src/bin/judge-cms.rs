//! The cms front end as its own executable, for installing into the system.

fn main() {
    judge::cli::init_process();
    let args: Vec<String> = std::env::args().skip(1).collect();
    judge::frontends::cms::run(&args).deliver()
}
