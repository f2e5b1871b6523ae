//! The `sprouts` command line: thin wrappers around the library.

mod cli;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match cli::run(&args) {
        Ok(out) => print!("{out}"),
        Err(e) => {
            eprintln!("sprouts: {e}");
            std::process::exit(2);
        }
    }
}
