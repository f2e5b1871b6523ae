//! JS values in: the saved game, a drawing and a request's options read
//! from JS objects field by field, with the error texts serde gives.
//!
//! Why not `serde_wasm_bindgen::from_value`: serde's derived visitors
//! (a map and a sequence visitor per struct, a field matcher, generic
//! error plumbing) made the plane module 4.5 kB larger gzipped than
//! these getters (docs/release.md, "The engine's size"), enough to miss
//! the release's 350 kB. The messages stay serde-wasm-bindgen 0.6's, word for
//! word (tests/wasm.rs compares them): `Error: invalid type: string "x",
//! expected u32`, `Error: missing field `moves``, `Error: invalid length
//! 1, expected an array of length 2`; like it,
//! fields are read in declaration order, unknown ones ignored, `null` or
//! `undefined` is `None` for an optional field, and a missing required one
//! is reported after the others are read. One difference on input no page
//! sends: a list must be an `Array` (serde-wasm-bindgen took any iterable:
//! a string where a list goes was `TypeError: Reflect.get called on
//! non-object`, now `invalid type: string "abc", expected a sequence`),
//! and a typed array is not called a `byte array`.

use crate::game::{AnyDrawing, AnyGameFile, DrawingFile, EdgeFile, StartFile};
use crate::service::Options;
use js_sys::{Array, Reflect};
use wasm_bindgen::prelude::*;

type R<T> = Result<T, String>;

/// An error as serde-wasm-bindgen's printed: a JS `Error`'s `String()`,
/// so the page's messages read as before (`not a drawing: Error: ...`).
fn js_error<T>(r: R<T>) -> R<T> {
    r.map_err(|e| format!("Error: {e}"))
}

/// What a bad value is, as serde's `Unexpected` prints it for the value
/// serde-wasm-bindgen saw.
fn unexpected(v: &JsValue) -> String {
    if v.is_null() || v.is_undefined() {
        "unit value".into()
    } else if let Some(b) = v.as_bool() {
        format!("boolean `{b}`")
    } else if let Some(f) = v.as_f64() {
        // serde's `WithDecimalPoint`: `1.0`, not `1`.
        let s = f.to_string();
        let point = if f.is_finite() && !s.contains('.') { ".0" } else { "" };
        format!("floating point `{s}{point}`")
    } else if let Some(s) = v.as_string() {
        format!("string {s:?}")
    } else {
        format!("{v:?}")
    }
}

fn invalid_type(v: &JsValue, expected: &str) -> String {
    format!("invalid type: {}, expected {expected}", unexpected(v))
}

/// `obj[name]`, `None` when there is no such property (an `undefined`
/// property that exists is a value, as serde-wasm-bindgen read it).
fn field(obj: &JsValue, name: &str) -> Option<JsValue> {
    let key = JsValue::from_str(name);
    let v = Reflect::get(obj, &key).unwrap_or(JsValue::UNDEFINED);
    if v.is_undefined() && !Reflect::has(obj, &key).unwrap_or(false) {
        None
    } else {
        Some(v)
    }
}

/// An optional field: absent, `null` or `undefined` is `None`.
fn opt<T>(obj: &JsValue, name: &str, read: fn(&JsValue) -> R<T>) -> R<Option<T>> {
    match field(obj, name) {
        Some(v) if !(v.is_null() || v.is_undefined()) => read(&v).map(Some),
        _ => Ok(None),
    }
}

/// A field read when present (a required one, or one with a default).
fn present<T>(obj: &JsValue, name: &str, read: fn(&JsValue) -> R<T>) -> R<Option<T>> {
    field(obj, name).map(|v| read(&v)).transpose()
}

fn required<T>(v: Option<T>, name: &str) -> R<T> {
    v.ok_or_else(|| format!("missing field `{name}`"))
}

/// The value if it is an object (arrays too), else serde's error for the
/// struct `name`.
fn object(v: &JsValue, name: &str) -> R<()> {
    if v.is_object() {
        Ok(())
    } else {
        Err(invalid_type(v, &format!("struct {name}")))
    }
}

fn f64_of(v: &JsValue) -> R<f64> {
    v.as_f64().ok_or_else(|| invalid_type(v, "f64"))
}

fn string_of(v: &JsValue) -> R<String> {
    v.as_string().ok_or_else(|| invalid_type(v, "a string"))
}

fn bool_of(v: &JsValue) -> R<bool> {
    v.as_bool().ok_or_else(|| invalid_type(v, "a boolean"))
}

/// A whole number of at most `max`: a number that is a safe integer and
/// not negative, as serde-wasm-bindgen took integers.
fn uint_of(v: &JsValue, max: u64, what: &str) -> R<u64> {
    match v.as_f64() {
        // Number.MAX_SAFE_INTEGER: above it a number is no exact integer.
        Some(f) if (0.0..=9_007_199_254_740_991.0).contains(&f) && f.fract() == 0.0 => {
            let n = f as u64;
            if n <= max {
                Ok(n)
            } else {
                Err(format!("invalid value: integer `{n}`, expected {what}"))
            }
        }
        _ => Err(invalid_type(v, what)),
    }
}

fn u32_of(v: &JsValue) -> R<u32> {
    uint_of(v, u32::MAX as u64, "u32").map(|n| n as u32)
}

fn usize_of(v: &JsValue) -> R<usize> {
    uint_of(v, usize::MAX as u64, "usize").map(|n| n as usize)
}

fn array(v: &JsValue) -> R<&Array> {
    v.dyn_ref::<Array>().ok_or_else(|| invalid_type(v, "a sequence"))
}

fn vec_of<T>(v: &JsValue, read: fn(&JsValue) -> R<T>) -> R<Vec<T>> {
    array(v)?.iter().map(|x| read(&x)).collect()
}

/// `[a, b]`: two elements, any more ignored (serde-wasm-bindgen did).
fn pair_of<T>(v: &JsValue, read: fn(&JsValue) -> R<T>) -> R<[T; 2]> {
    let a = v.dyn_ref::<Array>().ok_or_else(|| invalid_type(v, "an array of length 2"))?;
    let at = |i: u32| {
        if i < a.length() {
            read(&a.get(i))
        } else {
            Err(format!("invalid length {i}, expected an array of length 2"))
        }
    };
    Ok([at(0)?, at(1)?])
}

fn point_of(v: &JsValue) -> R<[f64; 2]> {
    pair_of(v, f64_of)
}

fn points_of(v: &JsValue) -> R<Vec<[f64; 2]>> {
    vec_of(v, point_of)
}

fn edge_of(v: &JsValue) -> R<EdgeFile> {
    object(v, "EdgeFile")?;
    let ends = present(v, "ends", |e| pair_of(e, u32_of))?;
    let points = present(v, "points", points_of)?;
    Ok(EdgeFile { ends: required(ends, "ends")?, points: required(points, "points")? })
}

fn edges_of(v: &JsValue) -> R<Vec<EdgeFile>> {
    vec_of(v, edge_of)
}

/// A drawing (`{width, height, spots, edges}`), as [`DrawingFile`]'s serde
/// derive reads it.
pub(super) fn drawing(v: &JsValue) -> R<DrawingFile> {
    js_error(drawing_file(v))
}

fn drawing_file(v: &JsValue) -> R<DrawingFile> {
    object(v, "DrawingFile")?;
    let width = present(v, "width", f64_of)?;
    let height = present(v, "height", f64_of)?;
    let spots = present(v, "spots", points_of)?;
    let edges = present(v, "edges", edges_of)?;
    Ok(DrawingFile {
        width: required(width, "width")?,
        height: required(height, "height")?,
        spots: required(spots, "spots")?,
        edges: required(edges, "edges")?,
    })
}

fn any_drawing(v: &JsValue) -> R<AnyDrawing> {
    object(v, "AnyDrawing")?;
    let width = opt(v, "width", f64_of)?;
    let height = opt(v, "height", f64_of)?;
    let spots = present(v, "spots", points_of)?;
    let edges = present(v, "edges", edges_of)?;
    Ok(AnyDrawing { width, height, spots: required(spots, "spots")?, edges: required(edges, "edges")? })
}

fn start_of(v: &JsValue) -> R<StartFile> {
    object(v, "StartFile")?;
    Ok(StartFile {
        spots: opt(v, "spots", usize_of)?,
        position: opt(v, "position", string_of)?,
        crosses: opt(v, "crosses", usize_of)?,
    })
}

/// A saved game in either format (a parsed `.sprouts.json`), as
/// [`AnyGameFile`]'s serde derive reads it; its checks come after.
pub(super) fn game_file(v: &JsValue) -> R<AnyGameFile> {
    js_error(any_game_file(v))
}

fn any_game_file(v: &JsValue) -> R<AnyGameFile> {
    object(v, "AnyGameFile")?;
    Ok(AnyGameFile {
        format: opt(v, "format", u32_of)?,
        convention: opt(v, "convention", string_of)?,
        start: opt(v, "start", start_of)?,
        version: opt(v, "version", u32_of)?,
        spots: opt(v, "spots", usize_of)?,
        misere: opt(v, "misere", bool_of)?,
        width: opt(v, "width", f64_of)?,
        height: opt(v, "height", f64_of)?,
        moves: opt(v, "moves", |m| vec_of(m, string_of))?,
        cursor: opt(v, "cursor", usize_of)?,
        drawing: opt(v, "drawing", any_drawing)?,
        rules: opt(v, "rules", string_of)?,
        surface: opt(v, "surface", string_of)?,
    })
}

/// A request's options (`{maxNodes, tableMb, strength, seed, maxMillis,
/// only}`, each optional), as [`Options`]' serde derive reads them.
pub(super) fn options(v: &JsValue) -> R<Options> {
    js_error(request_options(v))
}

fn request_options(v: &JsValue) -> R<Options> {
    object(v, "Options")?;
    let d = Options::default();
    Ok(Options {
        max_nodes: present(v, "maxNodes", f64_of)?.unwrap_or(d.max_nodes),
        table_mb: present(v, "tableMb", f64_of)?.unwrap_or(d.table_mb),
        strength: opt(v, "strength", string_of)?,
        seed: present(v, "seed", f64_of)?.unwrap_or(d.seed),
        max_millis: present(v, "maxMillis", f64_of)?.unwrap_or(d.max_millis),
        only: opt(v, "only", string_of)?,
    })
}
