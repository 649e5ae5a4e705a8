//! Reading cell names back out of explanation texts (shared by the explanation tests of
//! kernel/tests and kernel/src/card/explained_positions.rs).

/// The cell names ("r4c5") in a text, in order.
pub fn cell_names(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    let number = |mut i: usize| {
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        (i > start).then_some(i)
    };
    for i in 0..b.len() {
        if b[i] == b'r'
            && (i == 0 || !b[i - 1].is_ascii_alphanumeric())
            && let Some(j) = number(i + 1)
            && b.get(j) == Some(&b'c')
            && let Some(k) = number(j + 1)
        {
            out.push(text[i..k].to_string());
        }
    }
    out
}
