//! Running file jobs in parallel under a jobserver: the one Make or Cargo hands down
//! (`CARGO_MAKEFLAGS`, `MAKEFLAGS`), or a local one with `-j N` tokens. Each file job holds
//! one token; the first runs on the token this process implicitly owns.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{Context, Result};

/// Where the job tokens come from.
pub struct Jobs {
    client: jobserver::Client,
    /// How many jobs may run at once at most (threads started).
    max: usize,
    pub inherited: bool,
}

/// The jobserver inherited from the environment, if any. Must be called early in `main`,
/// before other files are opened, as the descriptors it names may otherwise be reused.
pub fn inherited_client() -> Option<jobserver::Client> {
    // SAFETY: called once at the start of `main`, before any file is opened, so the
    // descriptors named in the environment are the ones the parent passed down.
    unsafe { jobserver::Client::from_env() }
}

impl Jobs {
    /// `-j N` when given; else the inherited jobserver; else one job per CPU.
    pub fn new(jobs: Option<usize>, inherited: Option<jobserver::Client>) -> Result<Jobs> {
        let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
        match (jobs, inherited) {
            (None, Some(client)) => Ok(Jobs {
                client,
                max: cpus.max(1),
                inherited: true,
            }),
            (j, _) => {
                let n = j.unwrap_or(cpus).max(1);
                // The local client holds n - 1 tokens: the n-th is this process's own.
                let client = jobserver::Client::new(n - 1).context("cannot create a jobserver")?;
                Ok(Jobs {
                    client,
                    max: n,
                    inherited: false,
                })
            }
        }
    }

    /// The most jobs run at once.
    pub fn max(&self) -> usize {
        self.max
    }

    /// Runs `job` on each item, at most as many at once as there are tokens. After a job
    /// fails (returns `false`) no new one starts unless `keep_going`. Returns the results in
    /// the order of `items` (`None` for those not run).
    pub fn run<T: Sync, R: Send>(
        &self,
        items: &[T],
        keep_going: bool,
        job: impl Fn(&T) -> (R, bool) + Sync,
    ) -> Vec<Option<R>> {
        let next = Mutex::new(0usize);
        let failed = AtomicBool::new(false);
        let results: Vec<Mutex<Option<R>>> = items.iter().map(|_| Mutex::new(None)).collect();
        let workers = self.max.min(items.len()).max(1);
        std::thread::scope(|s| {
            for w in 0..workers {
                let (next, failed, results, job) = (&next, &failed, &results, &job);
                s.spawn(move || {
                    loop {
                        if failed.load(Ordering::SeqCst) && !keep_going {
                            return;
                        }
                        // Worker 0 runs on the implicit token; the others acquire one per job.
                        let token = if w == 0 {
                            None
                        } else {
                            match self.client.acquire() {
                                Ok(t) => Some(t),
                                Err(_) => return,
                            }
                        };
                        let i = {
                            let mut n = next.lock().unwrap();
                            let i = *n;
                            *n += 1;
                            i
                        };
                        if i >= items.len() || (failed.load(Ordering::SeqCst) && !keep_going) {
                            drop(token);
                            return;
                        }
                        let (r, ok) = job(&items[i]);
                        drop(token);
                        if !ok {
                            failed.store(true, Ordering::SeqCst);
                        }
                        *results[i].lock().unwrap() = Some(r);
                    }
                });
            }
        });
        results
            .into_iter()
            .map(|m| m.into_inner().unwrap())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    #[test]
    fn never_runs_more_jobs_than_tokens() {
        let jobs = Jobs::new(Some(2), None).unwrap();
        let running = AtomicUsize::new(0);
        let peak = AtomicUsize::new(0);
        let items: Vec<usize> = (0..12).collect();
        let out = jobs.run(&items, false, |&i| {
            let now = running.fetch_add(1, Ordering::SeqCst) + 1;
            peak.fetch_max(now, Ordering::SeqCst);
            std::thread::sleep(std::time::Duration::from_millis(5));
            running.fetch_sub(1, Ordering::SeqCst);
            (i * 2, true)
        });
        assert!(peak.load(Ordering::SeqCst) <= 2);
        assert_eq!(out, (0..12).map(|i| Some(i * 2)).collect::<Vec<_>>());
    }

    #[test]
    fn stops_after_a_failure() {
        let jobs = Jobs::new(Some(1), None).unwrap();
        let items: Vec<usize> = (0..5).collect();
        let out = jobs.run(&items, false, |&i| (i, i != 1));
        assert_eq!(out, [Some(0), Some(1), None, None, None]);
        let out = jobs.run(&items, true, |&i| (i, i != 1));
        assert!(out.iter().all(Option::is_some));
    }
}
