//! The reference toolkit the tests run: installed into the cudafe-rs cache on first use.

use std::sync::OnceLock;

use anyhow::{Context, Result, bail};
use build_helper::toolkit::{self, InstallOptions, Toolkit};

/// The CUDA 13.0 reference toolkit.
///
/// `CUDAFE_TEST_TOOLKIT=DIR` names one explicitly; otherwise the pinned wheels in the
/// cudafe-rs cache are used, and installed there first if they are missing (so a fresh
/// machine needs nothing but Python's pip and network access).
pub fn reference() -> Result<&'static Toolkit> {
    static TOOLKIT: OnceLock<Result<Toolkit, String>> = OnceLock::new();
    TOOLKIT
        .get_or_init(|| find().map_err(|e| format!("{e:#}")))
        .as_ref()
        .map_err(|e| anyhow::anyhow!("{e}"))
}

fn find() -> Result<Toolkit> {
    if let Some(dir) = std::env::var_os("CUDAFE_TEST_TOOLKIT") {
        let tk = Toolkit::from_root(std::path::Path::new(&dir))
            .with_context(|| format!("CUDAFE_TEST_TOOLKIT={}", dir.to_string_lossy()))?;
        if !tk.is_reference() {
            bail!(
                "CUDAFE_TEST_TOOLKIT={} is CUDA {}, the tests need {}",
                dir.to_string_lossy(),
                tk.version,
                toolkit::REFERENCE_VERSION
            );
        }
        return Ok(tk);
    }
    if let Some(tk) = toolkit::installed_reference(None) {
        return Ok(tk);
    }
    eprintln!(
        "difftest: installing the CUDA {} reference toolkit into the cudafe-rs cache (once)",
        toolkit::REFERENCE_VERSION
    );
    let installed = toolkit::install(&InstallOptions::default())
        .context("the tests need the CUDA 13.0 reference toolkit")?;
    Ok(installed.toolkit)
}
