//! The `sprouts` command line: thin wrappers around the library.

#[cfg(not(target_arch = "wasm32"))]
mod cli;

#[cfg(not(target_arch = "wasm32"))]
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    cli::main()
}

/// The command line is native only (its crates are not built for wasm32);
/// cargo still builds this target when it builds the wasm tests.
#[cfg(target_arch = "wasm32")]
fn main() {}
