//! The `sprouts` command line: thin wrappers around the library.

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
