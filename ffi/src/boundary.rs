//! The panic boundary and the string helpers every export shares.
//!
//! Each export's body runs inside [`ffi_boundary!`], which catches a panic and returns the
//! [`Fallback`] value of the export's return type instead of letting the unwind reach C (since
//! Rust 1.81 that would abort the process: the abort is the backstop, not the policy).

use std::ffi::{CStr, CString, c_char};
use std::panic::{AssertUnwindSafe, catch_unwind};

use crate::pm_status;

/// The JSON returned in place of a result when the library itself failed (a caught panic).
pub(crate) const INTERNAL_ERROR_JSON: &CStr = c"{\"error\":\"internal error\",\"kind\":\"internal\"}";

/// What an export returns when its body panicked.
pub(crate) trait Fallback {
    fn fallback() -> Self;
}

/// Owned strings: a fresh copy of [`INTERNAL_ERROR_JSON`], which the caller frees with
/// `pm_free` like any other result.
impl Fallback for *mut c_char {
    fn fallback() -> Self {
        INTERNAL_ERROR_JSON.to_owned().into_raw()
    }
}

/// Static strings (`pm_version`, `pm_status_str`): a static text, never freed.
impl Fallback for *const c_char {
    fn fallback() -> Self {
        c"internal error".as_ptr()
    }
}

/// Counts and statuses: `PM_STATUS_PANIC`.
impl Fallback for i32 {
    fn fallback() -> Self {
        pm_status::Panic as i32
    }
}

/// `pm_abi_version`: 0, which matches no ABI, so a consumer's version check fails loudly.
impl Fallback for u32 {
    fn fallback() -> Self {
        0
    }
}

/// `pm_free`: nothing to return.
impl Fallback for () {
    fn fallback() {}
}

/// Runs `body`, turning a panic into `T::fallback()`. Used through [`ffi_boundary!`].
pub(crate) fn guard<T: Fallback>(body: impl FnOnce() -> T) -> T {
    // AssertUnwindSafe: after a caught panic nothing the body touched is used again; the body
    // only borrows the caller's inputs and its own locals.
    catch_unwind(AssertUnwindSafe(body)).unwrap_or_else(|_payload| T::fallback())
}

/// The body of every export: `ffi_boundary! { ... }` runs the block (where `return` leaves the
/// block with a value) and returns the export's [`Fallback`] value if it panics.
macro_rules! ffi_boundary {
    ($($body:tt)*) => {
        $crate::boundary::guard(move || { $($body)* })
    };
}

/// An owned C string for a result; pairs with `pm_free`.
pub(crate) fn into_c_string(s: String) -> *mut c_char {
    match CString::new(s) {
        Ok(c) => c.into_raw(),
        // serde_json escapes NUL as \u0000, so this is unreachable in practice; still, never panic.
        Err(_) => <*mut c_char as Fallback>::fallback(),
    }
}

/// Appends `"line": n` to a JSON object text (an error object, which is never `{}`).
pub(crate) fn with_line(object: &str, line: usize) -> String {
    match object.strip_suffix('}') {
        Some(body) if body.trim_end() != "{" => format!("{body},\"line\":{line}}}"),
        Some(body) => format!("{body}\"line\":{line}}}"),
        None => object.to_string(),
    }
}

/// Why a string argument could not be read.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum StrError {
    Null,
    InvalidUtf8,
}

/// Borrows a NUL-terminated UTF-8 argument.
///
/// # Safety
///
/// `ptr` is NULL or points to a NUL-terminated string that stays valid and unmodified for `'a`.
pub(crate) unsafe fn borrow_str<'a>(ptr: *const c_char) -> Result<&'a str, StrError> {
    if ptr.is_null() {
        return Err(StrError::Null);
    }
    // SAFETY: `ptr` is not NULL, and the caller guarantees it points to a NUL-terminated string
    // that is valid for reads and unmodified for 'a.
    let bytes = unsafe { CStr::from_ptr(ptr) }.to_bytes();
    std::str::from_utf8(bytes).map_err(|_| StrError::InvalidUtf8)
}

/// Borrows a NUL-terminated argument as bytes (no UTF-8 check).
///
/// # Safety
///
/// As for [`borrow_str`].
pub(crate) unsafe fn borrow_bytes<'a>(ptr: *const c_char) -> Option<&'a [u8]> {
    if ptr.is_null() {
        return None;
    }
    // SAFETY: `ptr` is not NULL, and the caller guarantees it points to a NUL-terminated string
    // that is valid for reads and unmodified for 'a.
    Some(unsafe { CStr::from_ptr(ptr) }.to_bytes())
}

/// Whether this CPU has every instruction-set extension the library was compiled to assume
/// (`-C target-cpu=...`). std caches the CPUID answer, so this is cheap after the first call.
pub(crate) fn cpu_supported() -> bool {
    missing_cpu_feature().is_none()
}

/// The first compiled-in x86-64 extension this CPU lacks, if any.
pub(crate) fn missing_cpu_feature() -> Option<&'static str> {
    #[cfg(target_arch = "x86_64")]
    {
        macro_rules! require {
            ($($feature:tt),*) => {
                $(
                    #[cfg(target_feature = $feature)]
                    if !std::arch::is_x86_feature_detected!($feature) {
                        return Some($feature);
                    }
                )*
            };
        }
        require!("sse4.1", "sse4.2", "popcnt", "avx", "avx2", "bmi1", "bmi2", "lzcnt", "fma");
    }
    None
}
