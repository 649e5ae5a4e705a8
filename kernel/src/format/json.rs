//! A strict JSON tree for the exchange format: member order kept, duplicate member names refused,
//! integers told apart from other numbers; and the two text forms the spec needs: Python-style
//! `json.dumps` (the canonical text, puzzle-format.md 5.2) and JCS (RFC 8785, the fingerprint, 5.5).

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use std::fmt;
use std::fmt::Write as _;

/// A JSON value. Objects keep their member order; integers that fit in an `i64` are `Int`,
/// every other number is `Float`.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
}

impl Eq for Json {}

impl Json {
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Obj(m) => m.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::Str(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_int(&self) -> Option<i64> {
        match self {
            Json::Int(i) => Some(*i),
            _ => None,
        }
    }

    pub fn as_arr(&self) -> Option<&[Json]> {
        match self {
            Json::Arr(a) => Some(a),
            _ => None,
        }
    }

    pub fn as_obj(&self) -> Option<&[(String, Json)]> {
        match self {
            Json::Obj(m) => Some(m),
            _ => None,
        }
    }

    /// The JSON type name a person reads in an error ("a string", "an array", ...).
    pub fn type_name(&self) -> &'static str {
        match self {
            Json::Null => "null",
            Json::Bool(_) => "a boolean",
            Json::Int(_) => "an integer",
            Json::Float(_) => "a non-integer number",
            Json::Str(_) => "a string",
            Json::Arr(_) => "an array",
            Json::Obj(_) => "an object",
        }
    }

    pub fn str(s: impl Into<String>) -> Json {
        Json::Str(s.into())
    }

    /// An object from (key, value) pairs.
    pub fn obj<K: Into<String>>(members: impl IntoIterator<Item = (K, Json)>) -> Json {
        Json::Obj(members.into_iter().map(|(k, v)| (k.into(), v)).collect())
    }

    pub fn ints<I: IntoIterator<Item = i64>>(xs: I) -> Json {
        Json::Arr(xs.into_iter().map(Json::Int).collect())
    }

    pub fn strs<S: Into<String>, I: IntoIterator<Item = S>>(xs: I) -> Json {
        Json::Arr(xs.into_iter().map(|s| Json::Str(s.into())).collect())
    }

    /// Python `json.dumps(x, ensure_ascii=False, separators=(item, key))`.
    pub fn dumps(&self, item: &str, key: &str) -> String {
        let mut out = String::new();
        self.write_py(&mut out, item, key);
        out
    }

    fn write_py(&self, out: &mut String, item: &str, key: &str) {
        match self {
            Json::Null => out.push_str("null"),
            Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Json::Int(i) => {
                let _ = write!(out, "{i}");
            }
            Json::Float(f) => out.push_str(&py_float(*f)),
            Json::Str(s) => write_str(out, s),
            Json::Arr(a) => {
                out.push('[');
                for (i, v) in a.iter().enumerate() {
                    if i > 0 {
                        out.push_str(item);
                    }
                    v.write_py(out, item, key);
                }
                out.push(']');
            }
            Json::Obj(m) => {
                out.push('{');
                for (i, (k, v)) in m.iter().enumerate() {
                    if i > 0 {
                        out.push_str(item);
                    }
                    write_str(out, k);
                    out.push_str(key);
                    v.write_py(out, item, key);
                }
                out.push('}');
            }
        }
    }

    /// The JCS text (RFC 8785) of a value: members sorted by code point at every level, no
    /// whitespace. Non-integer numbers use the Python form (they never reach a fingerprint).
    pub fn jcs(&self) -> String {
        let mut out = String::new();
        self.write_jcs(&mut out);
        out
    }

    fn write_jcs(&self, out: &mut String) {
        match self {
            Json::Arr(a) => {
                out.push('[');
                for (i, v) in a.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    v.write_jcs(out);
                }
                out.push(']');
            }
            Json::Obj(m) => {
                let mut sorted: Vec<&(String, Json)> = m.iter().collect();
                sorted.sort_by(|a, b| a.0.cmp(&b.0));
                out.push('{');
                for (i, (k, v)) in sorted.into_iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_str(out, k);
                    out.push(':');
                    v.write_jcs(out);
                }
                out.push('}');
            }
            other => other.write_py(out, ",", ":"),
        }
    }
}

/// A string as Python's encoder writes it with `ensure_ascii=False`.
fn write_str(out: &mut String, s: &str) {
    out.push('"');
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Python's `repr` of a finite double: shortest round-trip digits, `.0` on integral values,
/// exponent form when the decimal exponent is below -4 or at least 16.
pub fn py_float(f: f64) -> String {
    if f == 0.0 {
        return if f.is_sign_negative() { "-0.0".into() } else { "0.0".into() };
    }
    // Rust's `{:e}` gives the shortest round-trip digits: "1.2345e-5".
    let e = format!("{f:e}");
    let (mant, exp) = e.split_once('e').expect("exponent form");
    let exp: i32 = exp.parse().expect("exponent");
    let (sign, mant) = match mant.strip_prefix('-') {
        Some(m) => ("-", m),
        None => ("", mant),
    };
    let digits: String = mant.chars().filter(|c| *c != '.').collect();
    if !(-4..16).contains(&exp) {
        let m = if digits.len() == 1 { digits.clone() } else { format!("{}.{}", &digits[..1], &digits[1..]) };
        let es = if exp < 0 { "-" } else { "+" };
        return format!("{sign}{m}e{es}{:02}", exp.abs());
    }
    let n = digits.len() as i32;
    if exp < 0 {
        format!("{sign}0.{}{digits}", "0".repeat((-exp - 1) as usize))
    } else if exp + 1 >= n {
        format!("{sign}{digits}{}.0", "0".repeat((exp + 1 - n) as usize))
    } else {
        let k = (exp + 1) as usize;
        format!("{sign}{}.{}", &digits[..k], &digits[k..])
    }
}

impl<'de> Deserialize<'de> for Json {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Json, D::Error> {
        d.deserialize_any(JsonVisitor)
    }
}

struct JsonVisitor;

impl<'de> Visitor<'de> for JsonVisitor {
    type Value = Json;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Json, E> {
        Ok(Json::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Json, E> {
        Ok(Json::Int(v))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Json, E> {
        Ok(i64::try_from(v).map_or(Json::Float(v as f64), Json::Int))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Json, E> {
        Ok(Json::Float(v))
    }

    fn visit_str<E>(self, v: &str) -> Result<Json, E> {
        Ok(Json::Str(v.to_string()))
    }

    fn visit_string<E>(self, v: String) -> Result<Json, E> {
        Ok(Json::Str(v))
    }

    fn visit_unit<E>(self) -> Result<Json, E> {
        Ok(Json::Null)
    }

    fn visit_none<E>(self) -> Result<Json, E> {
        Ok(Json::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Json, A::Error> {
        let mut out = Vec::new();
        while let Some(v) = seq.next_element()? {
            out.push(v);
        }
        Ok(Json::Arr(out))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Json, A::Error> {
        let mut out: Vec<(String, Json)> = Vec::new();
        while let Some(k) = map.next_key::<String>()? {
            if out.iter().any(|(e, _)| *e == k) {
                return Err(de::Error::custom(format!("duplicate member \"{k}\"")));
            }
            let v = map.next_value()?;
            out.push((k, v));
        }
        Ok(Json::Obj(out))
    }
}

/// Parses one JSON text strictly (RFC 8259: no NaN, no trailing text, no lone surrogates,
/// no duplicate members).
pub fn parse(text: &str) -> Result<Json, String> {
    let mut de = serde_json::Deserializer::from_str(text);
    let v = Json::deserialize(&mut de).map_err(|e| describe_error(&e))?;
    de.end().map_err(|e| describe_error(&e))?;
    Ok(v)
}

fn describe_error(e: &serde_json::Error) -> String {
    use serde_json::error::Category;
    let what = match e.classify() {
        Category::Eof => "the JSON text ends too early (truncated?)",
        Category::Syntax => "not valid JSON",
        Category::Data => "not valid JSON",
        Category::Io => "unreadable JSON",
    };
    format!("{what}: {e}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn python_floats() {
        for (f, s) in [
            (2.0, "2.0"),
            (0.5, "0.5"),
            (1e-5, "1e-05"),
            (1e16, "1e+16"),
            (1.5e16, "1.5e+16"),
            (123456789012345.6, "123456789012345.6"),
            (0.0001, "0.0001"),
            (-3.25, "-3.25"),
            (1e300, "1e+300"),
        ] {
            assert_eq!(py_float(f), s);
        }
    }

    #[test]
    fn strict_parse() {
        assert!(parse("{\"a\":1,\"a\":2}").unwrap_err().contains("duplicate member \"a\""));
        assert!(parse("{\"a\":NaN}").is_err());
        assert!(parse("{\"a\":1").unwrap_err().contains("truncated"));
        assert!(parse("\"\\ud800\"").is_err());
        assert_eq!(
            parse("[5.0, 5, 5e0]").unwrap(),
            Json::Arr(vec![Json::Float(5.0), Json::Int(5), Json::Float(5.0)])
        );
        let v = parse("{\"b\":1,\"a\":\"\\u0001é\"}").unwrap();
        assert_eq!(v.dumps(", ", ": "), "{\"b\": 1, \"a\": \"\\u0001é\"}");
        assert_eq!(v.jcs(), "{\"a\":\"\\u0001é\",\"b\":1}");
    }
}
