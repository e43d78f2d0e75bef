//! An outside program and whatever it starts run in a process group of their own (on Unix), and
//! when its seat is done the whole group is ended: a program run through the shell, or one that
//! starts helpers of its own, would otherwise leave them running after the match.
//!
//! In a group of its own a program no longer gets the terminal's Ctrl-C. The host takes it
//! instead: it asks every program still running to end (SIGTERM, which a shell's background
//! jobs do not ignore, where they ignore SIGINT), then exits. Where a handler is set already (the
//! window's, which ends the app), that one stays, and each program is ended as its seat is.

use std::process::{Child, Command};

/// Starts `command` in a group of its own, known to the interrupt from the moment it runs.
pub fn spawn(command: &mut Command) -> std::io::Result<Child> {
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        unix::take_the_interrupt();
        // held while the program starts, so that an interrupt in between waits to see it
        let mut running = unix::running();
        let child = command.process_group(0).spawn()?;
        running.push(child.id());
        Ok(child)
    }
    #[cfg(not(unix))]
    command.spawn()
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
    use std::sync::{Mutex, MutexGuard, Once};

    use nix::sys::signal::{Signal, killpg};
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

    pub fn take_the_interrupt() {
        static TAKEN: Once = Once::new();
        TAKEN.call_once(|| {
            // an error is a handler set already, or none to be had: the terminal's Ctrl-C then
            // ends the host, and each program reads the end of its input
            ctrlc::try_set_handler(|| {
                for leader in running().iter() {
                    signal(*leader, Signal::SIGTERM);
                }
                std::process::exit(130);
            })
            .ok();
        });
    }
}
