//! `judge`: the command-line front end. Each subcommand parses its
//! arguments and calls the library; nothing here knows the rules.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::exit;

use judge::cli::{exit as code, Args, Failure, UsageError};
use judge::olympiad::gen::{generate, official_tests, Distribution, OFFICIAL_SEED};
use judge::olympiad::io::format_input;
use judge::olympiad::judging::judge_files;
use judge::olympiad::ToppingPiece;
use judge::rng::Rng;

const HELP: &str = "\
judge: referee, generator and tools for the olympiad Tetris problem A2

usage: judge <command> [arguments]

  check INPUT OUTPUT [--count-topping-piece] [--board]
        replay OUTPUT on INPUT: pieces placed, points, why the game ended
        (--board: draw the well as the game ended)
  gen [--seed S] [--n N] [--dist uniform|sz-heavy|sz-only|no-i] [-o FILE]
        one test on stdout (or FILE); default: seed 2012, N 10000, uniform
  gen --golf [--seed S] [--n BYTES] -o FILE
        a code-golf input: 65536 pseudo-random bytes (default seed 156007)
  gen --official [--seed S] --dir DIR
        the ten official-size tests 01.in .. 10.in into DIR
  grade SUBMISSION.rs | --cmd 'COMMAND' [--tests DIR] [--time-limit SECONDS]
        [--html DIR]
        compile like a contest system and grade every DIR/*.in
  show [INPUT OUTPUT] [--delay MS]
        replay on the terminal (default Tetris.in, Tetris.out; MS 100; 0 =
        only the result)
  html INPUT OUTPUT -o REPLAY.html [--title TEXT]
        a self-contained replay page for the browser
  golf score INPUT OUTPUT [--as rules|python|c|all]
        score a code-golf game (exit 3: the output is rejected)
  golf run (SOURCE.rs | --cmd 'COMMAND' --source FILE) [--input FILE]
        [--cuts K] [--stream]
        run a golf submission: look-ahead audit, determinism, game - bytes
  golf html INPUT OUTPUT -o REPLAY.html [--as rules|python|c]
        a golf game as a replay page
  printer check PICTURE DROPS [--transparent RRGGBB]
        replay a printer's drop list on the 21 x 42 field and compare it with
        the picture (exit 3: not printed exactly)
  printer render DROPS -o OUT.ppm [--picture PICTURE] [--scale N]
        the field a drop list leaves, as an image
  printer html PICTURE DROPS -o PAGE.html
        the drops as a replay page, step by step
  printer gen [--seed S] [--size WxH] [--percent P]
        a random printable picture (text grid)
  printer bench (PRINTER.rs | --cmd 'COMMAND') [PICTURE...] [--runs K]
        [--random N] [--seed S]
        run a printer on every test picture and N random ones, check each
        with the referee: pieces per pixel, median time (exit 3: not exact)
  bench INPUT OUTPUT [--runs K]
        time the judge's replay of a game (median of K runs)
  strength (SUBMISSION.rs | --cmd 'COMMAND') [--seeds K] [--stress-seeds K]
        [--baseline]
        the strength benchmark: points, survival, stack height, time, memory
  tune (SUBMISSION.rs | --cmd 'COMMAND') --start a,b,... [--rounds R]
        [--games G] [--size N] [--dist D]
        re-derive the submission's evaluation weights by coordinate descent
  baseline < INPUT > OUTPUT
        play with Dellacherie's one-piece greedy evaluation (a reference)

Exit codes: 0 done, 1 judge failure (bad test file, I/O, compile error),
2 bad command line. A contestant's mistakes are verdicts, not failures.
Contest-system front ends: judge-testlib, judge-cms, judge-kattis.";

fn main() {
    judge::cli::init_process();
    let mut args = std::env::args().skip(1);
    let command = args.next().unwrap_or_default();
    let rest: Vec<String> = args.collect();
    let result = match command.as_str() {
        "check" => check(rest),
        "gen" => gen(rest),
        "grade" => judge::grade::main(rest),
        "show" => judge::show::main(rest),
        "html" => judge::html::main(rest),
        "golf" => judge::golf::command::main(rest),
        "printer" => judge::printer::command::main(rest),
        "bench" => judge::bench::main(rest),
        "strength" => judge::strength::main(rest),
        "tune" => judge::tune::main(rest),
        "baseline" => judge::olympiad::baseline::main(),
        "help" | "--help" | "-h" => {
            judge::say!("{HELP}");
            Ok(code::OK)
        }
        "" => Err(Failure::Usage(UsageError(HELP.to_string()))),
        other => Err(Failure::Usage(UsageError(format!(
            "unknown command '{other}'; run 'judge help'"
        )))),
    };
    match result {
        Ok(status) => exit(status),
        Err(Failure::Usage(e)) => {
            eprintln!("{e}");
            exit(code::USAGE)
        }
        Err(Failure::Judge(message)) => {
            eprintln!("judge failure: {message}");
            exit(code::FAILURE)
        }
    }
}

fn check(rest: Vec<String>) -> Result<i32, Failure> {
    let args = Args::parse(rest, &[], &["--count-topping-piece", "--board"])?;
    args.expect_positional(
        2,
        2,
        "judge check INPUT OUTPUT [--count-topping-piece] [--board]",
    )?;
    let topping = if args.switch("--count-topping-piece") {
        ToppingPiece::Counted
    } else {
        ToppingPiece::NotCounted
    };
    let output_path = &args.positional[1];
    let output = std::fs::File::open(output_path)
        .map_err(|e| Failure::Judge(format!("cannot open the output {output_path}: {e}")))?;
    let judged = judge_files(Path::new(&args.positional[0]), output, topping)
        .map_err(|f| Failure::Judge(f.0))?;
    let o = &judged.outcome;
    judge::say!("placed {} of {}", o.placed, o.pieces);
    judge::say!("points {} of 10", o.points());
    judge::say!("end: {}", o.end);
    if let Some((token, offset)) = &judged.trailing {
        judge::say!("note: output after the last move ignored, from '{token}' at byte {offset}");
    }
    if args.switch("--board") {
        judge::cli::say_text(&judged.final_board.picture(judge::olympiad::board::ROWS));
    }
    judge::say!("Score = {}", o.points());
    Ok(code::OK)
}

fn gen(rest: Vec<String>) -> Result<i32, Failure> {
    let args = Args::parse(
        rest,
        &["--seed", "--n", "--dist", "-o", "--dir"],
        &["--official", "--golf"],
    )?;
    args.expect_positional(
        0,
        0,
        "judge gen [--seed S] [--n N] [--dist D] [-o FILE] | --official --dir DIR",
    )?;
    if args.switch("--golf") {
        let seed = args.parsed_or("--seed", judge::golf::INPUT_SEED)?;
        let bytes =
            judge::golf::generate_input(args.parsed_or("--n", judge::golf::INPUT_BYTES)?, seed);
        let path = args
            .value("-o")
            .ok_or_else(|| UsageError("gen --golf needs -o FILE (the input is binary)".into()))?;
        std::fs::write(path, bytes).map_err(|e| Failure::Judge(format!("{path}: {e}")))?;
        return Ok(code::OK);
    }
    let seed = args.parsed_or("--seed", OFFICIAL_SEED)?;
    if args.switch("--official") {
        let dir = PathBuf::from(
            args.value("--dir")
                .ok_or_else(|| UsageError("gen --official needs --dir DIR".into()))?,
        );
        std::fs::create_dir_all(&dir)
            .map_err(|e| Failure::Judge(format!("{}: {e}", dir.display())))?;
        for (i, test) in official_tests(seed).iter().enumerate() {
            write_file(&dir.join(format!("{:02}.in", i + 1)), &format_input(test))?;
        }
        return Ok(code::OK);
    }
    let n: usize = args.parsed_or("--n", 10_000)?;
    if !(1..=judge::olympiad::io::MAX_PIECES).contains(&n) {
        return Err(UsageError(format!(
            "--n must be from 1 to {}",
            judge::olympiad::io::MAX_PIECES
        ))
        .into());
    }
    let dist_name = args.value("--dist").unwrap_or("uniform");
    let dist = Distribution::from_name(dist_name)
        .ok_or_else(|| UsageError(format!("unknown distribution '{dist_name}'")))?;
    let text = format_input(&generate(n, dist, &mut Rng::new(seed)));
    match args.value("-o") {
        Some(path) => write_file(Path::new(path), &text)?,
        None => {
            let mut out = std::io::stdout().lock();
            out.write_all(text.as_bytes())
                .map_err(|e| Failure::Judge(format!("stdout: {e}")))?;
        }
    }
    Ok(code::OK)
}

fn write_file(path: &Path, text: &str) -> Result<(), Failure> {
    std::fs::write(path, text).map_err(|e| Failure::Judge(format!("{}: {e}", path.display())))
}
