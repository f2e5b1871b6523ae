//! `sprouts solve` and `sprouts bench solve` (being written).

use super::Args;

pub fn solve(_args: &Args) -> Result<String, String> {
    Err("solve: not available yet".into())
}

pub fn bench(_args: &Args) -> Result<String, String> {
    Err("bench solve: not available yet".into())
}
