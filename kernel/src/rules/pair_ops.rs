//! Pair operators (4.0), shared by `relation` and `neighbours`: whether [a, b] satisfies an
//! operator with its parameters as written.

use crate::format::json::Json;

/// True when [a, b] satisfies `op` with `params`; false for an operator the table lacks.
pub fn op_holds(op: &str, params: &Json, a: i64, b: i64) -> bool {
    let k = || params.as_arr().and_then(|p| p.first()).and_then(Json::as_int);
    let diff = (a - b).abs();
    match op {
        "different" => a != b,
        "equal" => a == b,
        "less" => a < b,
        "less_equal" => a <= b,
        "difference" => k().is_some_and(|k| diff == k),
        "not_difference" => k().is_some_and(|k| diff != k),
        "not_consecutive" => diff != 1,
        "difference_at_least" => k().is_some_and(|k| diff >= k),
        "difference_at_most" => k().is_some_and(|k| diff <= k),
        "ratio" => k().is_some_and(|k| a == k * b || b == k * a),
        "not_ratio" => k().is_some_and(|k| a != k * b && b != k * a),
        "sum" => k().is_some_and(|s| a + b == s),
        "not_sum" => k().is_some_and(|s| a + b != s),
        "parity_differs" => (a - b).rem_euclid(2) == 1,
        "same_third" => (a - 1).div_euclid(3) == (b - 1).div_euclid(3),
        "different_third" => (a - 1).div_euclid(3) != (b - 1).div_euclid(3),
        "same_mod3" => a.rem_euclid(3) == b.rem_euclid(3),
        "different_mod3" => a.rem_euclid(3) != b.rem_euclid(3),
        "allowed" => params.as_arr().and_then(|p| p.first()).and_then(Json::as_arr).is_some_and(|pairs| {
            pairs.iter().any(|pair| {
                pair.as_arr()
                    .is_some_and(|v| v.len() == 2 && v[0].as_int() == Some(a) && v[1].as_int() == Some(b))
            })
        }),
        "any_of" => params.as_arr().is_some_and(|list| {
            list.iter().any(|item| {
                item.as_arr().is_some_and(|v| {
                    v.len() == 2 && v[0].as_str().is_some_and(|inner| op_holds(inner, &v[1], a, b))
                })
            })
        }),
        _ => false,
    }
}
