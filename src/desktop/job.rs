//! Work that takes longer than a frame (the solver looking back on a hand, the Expert thinking
//! of a hint) runs on its own thread; the window looks each frame whether it is done.

use std::thread::JoinHandle;

/// A computation on its own thread. Dropping it leaves the thread to finish and its answer
/// unread.
pub struct Job<T>(Option<JoinHandle<T>>);

impl<T: Send + 'static> Job<T> {
    pub fn spawn(work: impl FnOnce() -> T + Send + 'static) -> Job<T> {
        Job(Some(std::thread::spawn(work)))
    }

    /// The answer once the work is done (an error if it failed on the way), `None` while it
    /// runs; after that, `None` again.
    pub fn poll(&mut self) -> Option<Result<T, String>> {
        if !self.0.as_ref().is_some_and(JoinHandle::is_finished) {
            return None;
        }
        let handle = self.0.take()?;
        Some(handle.join().map_err(|panic| {
            panic
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "the work stopped on an error".to_owned())
        }))
    }

    /// Waits for the answer, as a test does.
    #[cfg(test)]
    pub fn wait(&mut self) -> Result<T, String> {
        loop {
            if let Some(answer) = self.poll() {
                return answer;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_job_answers_once_then_nothing() {
        let mut job = Job::spawn(|| 6 * 7);
        assert_eq!(job.wait(), Ok(42));
        assert_eq!(job.poll(), None);
    }

    #[test]
    fn a_job_that_fails_says_why() {
        let mut job: Job<u8> = Job::spawn(|| panic!("no deal"));
        assert_eq!(job.wait(), Err("no deal".to_owned()));
    }
}
