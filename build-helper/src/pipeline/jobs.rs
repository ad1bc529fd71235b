//! Job tokens: how many child processes may run at once.
//!
//! Every child process of the pipeline (the host compiler, cicc, ptxas, fatbinary, nvlink)
//! and every in-process front-end run holds one [`Token`] while it runs. Tokens come from a
//! GNU make jobserver: Cargo's in a build script (`CARGO_MAKEFLAGS`), an inherited make's
//! (`MAKEFLAGS`), or a local one. As make's protocol has it, the process itself owns one
//! implicit token, which it hands out first; the others are read from the jobserver's pipe
//! by a helper thread, so that a waiting job is woken by whichever comes first.

use std::sync::{Arc, Condvar, Mutex};

use anyhow::{Context, Result};
use jobserver::{Acquired, Client, HelperThread};

/// A source of job tokens, shared by every job of a build (cheap to clone).
#[derive(Clone)]
pub struct Jobs {
    inner: Arc<Inner>,
}

impl std::fmt::Debug for Jobs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Jobs")
            .field("source", &self.inner.source)
            .finish()
    }
}

struct Inner {
    shared: Arc<Shared>,
    /// `None` with one job only (the implicit token).
    helper: Option<HelperThread>,
    source: String,
}

#[derive(Default)]
struct Shared {
    state: Mutex<State>,
    cv: Condvar,
}

#[derive(Default)]
struct State {
    implicit_free: bool,
    /// Tokens the helper thread read, for the jobs waiting.
    ready: Vec<Acquired>,
    waiting: usize,
    /// The jobserver failed: jobs run without a token rather than never.
    broken: bool,
}

/// The right to run one job; given back when dropped.
pub struct Token {
    shared: Arc<Shared>,
    kind: TokenKind,
}

enum TokenKind {
    Implicit,
    Acquired(#[allow(dead_code)] Acquired),
    Free,
}

impl Drop for Token {
    fn drop(&mut self) {
        if let TokenKind::Implicit = self.kind {
            let mut s = self.shared.state.lock().unwrap_or_else(|e| e.into_inner());
            s.implicit_free = true;
            drop(s);
            self.shared.cv.notify_all();
        }
        // An acquired token goes back to the jobserver's pipe when dropped, where the helper
        // thread reads it again for a waiting job.
    }
}

impl Jobs {
    /// At most `n` jobs at once (at least one), with a jobserver of this process's own.
    pub fn local(n: usize) -> Result<Jobs> {
        let n = n.max(1);
        if n == 1 {
            return Ok(Jobs::with(None, "local, 1 job".into()));
        }
        // The implicit token is the n-th.
        let client = Client::new(n - 1).context("cannot create a jobserver")?;
        Jobs::from_client(client, format!("local, {n} jobs"))
    }

    /// As many jobs as the machine has CPUs (`available_parallelism`).
    pub fn local_default() -> Result<Jobs> {
        let n = std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1);
        Jobs::local(n)
    }

    /// The jobserver of `client`; this process holds one implicit token besides.
    pub fn from_client(client: Client, source: String) -> Result<Jobs> {
        let shared = Arc::new(Shared::default());
        shared
            .state
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .implicit_free = true;
        let for_helper = shared.clone();
        let helper = client
            .into_helper_thread(move |token| {
                let mut s = for_helper.state.lock().unwrap_or_else(|e| e.into_inner());
                match token {
                    Ok(t) => {
                        if s.waiting > s.ready.len() {
                            s.ready.push(t);
                        } else {
                            drop(t);
                        }
                    }
                    Err(_) => s.broken = true,
                }
                drop(s);
                for_helper.cv.notify_all();
            })
            .context("cannot start the jobserver helper thread")?;
        Ok(Jobs {
            inner: Arc::new(Inner {
                shared,
                helper: Some(helper),
                source,
            }),
        })
    }

    fn with(helper: Option<HelperThread>, source: String) -> Jobs {
        let shared = Arc::new(Shared::default());
        shared
            .state
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .implicit_free = true;
        Jobs {
            inner: Arc::new(Inner {
                shared,
                helper,
                source,
            }),
        }
    }

    /// The jobserver this process inherited (`CARGO_MAKEFLAGS`, `MAKEFLAGS` or `MFLAGS`),
    /// if any and usable.
    pub fn from_env() -> Option<Jobs> {
        // Opened once per process: the descriptors are not ours to open twice.
        static INHERITED: std::sync::OnceLock<Option<Jobs>> = std::sync::OnceLock::new();
        INHERITED.get_or_init(Jobs::open_inherited).clone()
    }

    fn open_inherited() -> Option<Jobs> {
        // SAFETY: the file descriptors the variable names are the jobserver's, inherited
        // from Cargo or make; `from_env_ext(true)` checks that they are pipes (or a fifo)
        // before using them.
        let from = unsafe { Client::from_env_ext(true) };
        let var = from.var.as_ref().map(|(name, _)| *name).unwrap_or("?");
        let client = from.client.ok()?;
        Jobs::from_client(client, format!("inherited ({var})")).ok()
    }

    /// The inherited jobserver, else a local one with `available_parallelism` jobs.
    pub fn from_env_or_default() -> Result<Jobs> {
        match Jobs::from_env() {
            Some(j) => Ok(j),
            None => Jobs::local_default(),
        }
    }

    /// Where the tokens come from, in words.
    pub fn source(&self) -> &str {
        &self.inner.source
    }

    /// Waits for a token.
    pub fn acquire(&self) -> Token {
        let shared = &self.inner.shared;
        let token = |kind| Token {
            shared: shared.clone(),
            kind,
        };
        let mut s = shared.state.lock().unwrap_or_else(|e| e.into_inner());
        if s.implicit_free {
            s.implicit_free = false;
            return token(TokenKind::Implicit);
        }
        if let Some(t) = s.ready.pop() {
            return token(TokenKind::Acquired(t));
        }
        let Some(helper) = &self.inner.helper else {
            // One job: wait for the implicit token.
            loop {
                s = shared.cv.wait(s).unwrap_or_else(|e| e.into_inner());
                if s.implicit_free {
                    s.implicit_free = false;
                    return token(TokenKind::Implicit);
                }
            }
        };
        s.waiting += 1;
        helper.request_token();
        loop {
            s = shared.cv.wait(s).unwrap_or_else(|e| e.into_inner());
            if s.implicit_free {
                s.implicit_free = false;
                s.waiting -= 1;
                return token(TokenKind::Implicit);
            }
            if let Some(t) = s.ready.pop() {
                s.waiting -= 1;
                return token(TokenKind::Acquired(t));
            }
            if s.broken {
                s.waiting -= 1;
                return token(TokenKind::Free);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    fn peak_with(jobs: &Jobs, threads: usize) -> usize {
        let running = AtomicUsize::new(0);
        let peak = AtomicUsize::new(0);
        std::thread::scope(|s| {
            for _ in 0..threads {
                s.spawn(|| {
                    for _ in 0..4 {
                        let _t = jobs.acquire();
                        let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                        peak.fetch_max(now, Ordering::SeqCst);
                        std::thread::sleep(std::time::Duration::from_millis(3));
                        running.fetch_sub(1, Ordering::SeqCst);
                    }
                });
            }
        });
        peak.load(Ordering::SeqCst)
    }

    #[test]
    fn one_job_runs_alone() {
        let jobs = Jobs::local(1).unwrap();
        assert_eq!(peak_with(&jobs, 6), 1);
    }

    #[test]
    fn never_more_than_the_limit() {
        let jobs = Jobs::local(3).unwrap();
        let peak = peak_with(&jobs, 8);
        assert!((1..=3).contains(&peak), "{peak}");
    }
}
