//! An outside program and whatever it starts run in a process group of their own (on Unix), and
//! when its seat is done the whole group is ended: a program run through the shell, or one that
//! starts helpers of its own, would otherwise leave them running after the match.
//!
//! In a group of its own a program no longer gets the terminal's Ctrl-C. The host takes it
//! instead: it asks every program still running to end (SIGTERM, which a shell's background
//! jobs do not ignore, where they ignore SIGINT), then exits. Where a handler is set already (the
//! window's, which ends the app), that one stays, and each program is ended as its seat is.
//!
//! A host ended from outside, by `kill` (SIGTERM) or a terminal closed (SIGHUP), ends the
//! programs too, then dies of that signal: those signals are taken by a thread of their own,
//! which every other thread leaves them to (`pass_on_termination`, first thing in `main`).

use std::process::{Child, Command};

/// Starts `command` in a group of its own, known to the interrupt from the moment it runs.
pub fn spawn(command: &mut Command) -> std::io::Result<Child> {
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        unix::take_the_interrupt();
        // held while the program starts, so that an interrupt in between waits to see it
        let mut running = unix::running();
        let child = unix::unblocked(|| command.process_group(0).spawn())?;
        running.push(child.id());
        Ok(child)
    }
    #[cfg(not(unix))]
    command.spawn()
}

/// Has SIGTERM and SIGHUP end every program's group before they end the host. Call it before any
/// thread starts: a thread started earlier would still take those signals itself, and die of them
/// without passing them on. A signal ignored when the host started stays ignored.
pub fn pass_on_termination() {
    #[cfg(unix)]
    unix::pass_on_termination();
}

/// Ends the program and everything in its group, and waits for the program.
pub fn end(child: &mut Child) {
    #[cfg(unix)]
    {
        unix::running().retain(|&id| id != child.id());
        unix::signal(child.id(), nix::sys::signal::Signal::SIGKILL);
    }
    child.kill().ok();
    child.wait().ok();
}

#[cfg(unix)]
mod unix {
    use std::sync::{Mutex, MutexGuard, Once, OnceLock};

    use nix::sys::signal::{SigSet, Signal, killpg};
    use nix::unistd::Pid;

    /// The groups of the programs running, by their leader's id (the group's id).
    static RUNNING: Mutex<Vec<u32>> = Mutex::new(Vec::new());

    pub fn running() -> MutexGuard<'static, Vec<u32>> {
        // a list of numbers stays whole whatever panicked while it was held
        RUNNING.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Sends `signal` to the group led by `leader`. A group already gone is no error: its
    /// programs have ended.
    pub fn signal(leader: u32, signal: Signal) {
        if let Ok(id) = i32::try_from(leader) {
            killpg(Pid::from_raw(id), signal).ok();
        }
    }

    /// Asks every program running to end (SIGTERM to its group), as the host ends. The list
    /// comes back held: kept to the host's exit, it lets no program start after the others
    /// were ended.
    fn end_every_program() -> MutexGuard<'static, Vec<u32>> {
        let running = running();
        for leader in running.iter() {
            signal(*leader, Signal::SIGTERM);
        }
        running
    }

    pub fn take_the_interrupt() {
        static TAKEN: Once = Once::new();
        TAKEN.call_once(|| {
            // an error is a handler set already, or none to be had: the terminal's Ctrl-C then
            // ends the host, and each program reads the end of its input
            ctrlc::try_set_handler(|| {
                let _ended = end_every_program();
                std::process::exit(130);
            })
            .ok();
        });
    }

    /// The signals the termination thread takes, blocked in every other thread.
    static TAKEN: OnceLock<SigSet> = OnceLock::new();

    /// Runs `start` with the signals the termination thread takes unblocked in this thread. A
    /// child inherits the mask of the thread that starts it, and a program started with them
    /// blocked could not be ended by them. Should one come in those microseconds, this thread
    /// may get it and the host die of it without passing it on, as it did before it passed any.
    pub fn unblocked<T>(start: impl FnOnce() -> T) -> T {
        let Some(taken) = TAKEN.get() else {
            return start();
        };
        taken.thread_unblock().ok();
        let started = start();
        taken.thread_block().ok();
        started
    }

    pub fn pass_on_termination() {
        let mut taken = SigSet::empty();
        for ending in [Signal::SIGTERM, Signal::SIGHUP] {
            if !ignored(ending) {
                taken.add(ending);
            }
        }
        // blocked here, the signals stay blocked in every thread started from now on, so only the
        // thread below, waiting for them, gets them
        if taken == SigSet::empty() || taken.thread_block().is_err() {
            return;
        }
        let waiting = std::thread::Builder::new()
            .name("termination".into())
            .spawn(move || {
                let Ok(ending) = taken.wait() else { return };
                let _ended = end_every_program();
                // the host dies of the signal it got, as it would have without this thread
                let mut only = SigSet::empty();
                only.add(ending);
                only.thread_unblock().ok();
                nix::sys::signal::raise(ending).ok();
                std::process::exit(128 + ending as i32);
            });
        if waiting.is_err() {
            taken.thread_unblock().ok();
            return;
        }
        TAKEN.set(taken).ok();
    }

    /// Whether `signal` was ignored when the host started (inherited from whatever started it).
    /// Linux says so in `/proc`; elsewhere a signal is taken as not ignored.
    fn ignored(signal: Signal) -> bool {
        let Ok(status) = std::fs::read_to_string("/proc/self/status") else {
            return false;
        };
        status
            .lines()
            .find_map(|line| line.strip_prefix("SigIgn:"))
            .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
            .is_some_and(|mask| mask & (1 << (signal as i32 - 1)) != 0)
    }
}
