//! Output a terminal cannot misread: control characters that come from the input (in error
//! messages, in notes) are written as escapes, never raw.

use pencilmark::ErrorKind;
use std::borrow::Cow;
use std::fmt::Write;

/// Plain text with every control character (C0, DEL, C1) escaped: `\n`, `\t`, `\r`, `\u{1b}`.
pub fn plain(text: &str) -> Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(
        text.chars()
            .map(|c| if c.is_control() { c.escape_default().to_string() } else { c.to_string() })
            .collect(),
    )
}

/// Appends a JSON string literal. Beyond what JSON requires, DEL and the C1 controls are escaped
/// as well (`\u007f`, `\u009b`), since a terminal may act on them.
pub fn push_json_string(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Appends `{"error":"<message>","kind":"<kind>","line":N}` and a line end.
pub fn push_error_object(out: &mut String, message: &str, kind: ErrorKind, line: usize) {
    out.push_str("{\"error\":");
    push_json_string(out, message);
    let _ = writeln!(out, ",\"kind\":\"{kind}\",\"line\":{line}}}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_are_escaped() {
        assert_eq!(plain("ok"), "ok");
        assert_eq!(plain("a\u{1b}]0;x\u{7}b\n\u{9b}"), "a\\u{1b}]0;x\\u{7}b\\n\\u{9b}");
        let mut s = String::new();
        push_error_object(&mut s, "'\u{1b}' \"q\" \u{9b}é", ErrorKind::Invalid, 3);
        assert_eq!(s, "{\"error\":\"'\\u001b' \\\"q\\\" \\u009bé\",\"kind\":\"invalid\",\"line\":3}\n");
        let v: serde_json::Value = serde_json::from_str(&s).unwrap();
        assert_eq!(v["error"], "'\u{1b}' \"q\" \u{9b}é");
    }
}
