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
//! which every other thread leaves them to (`pass_on_termination`, first thing in `main`). A
//! child inherits the signals blocked in the thread that starts it, and a program started with
//! those blocked could not be ended by them; so where the thread takes them, a program is started
//! through the host's own binary, which unblocks them and then becomes the program
//! (`become_program_if_asked`, before that in `main`). The host unblocks them only to die of one.

use std::ffi::{OsStr, OsString};
use std::process::{Child, Command, ExitCode};

/// The first argument that has the host's binary become the outside program named after it.
const BECOME: &str = "--become-outside-program";

/// A command that runs `program` with `args`, with SIGTERM and SIGHUP not blocked in it: through
/// the host's own binary where the termination thread takes them.
pub fn command(program: &str, args: &[&str]) -> std::io::Result<Command> {
    #[cfg(unix)]
    if unix::TAKEN.get().is_some() {
        let mut through = Command::new(unix::own_binary()?);
        through.arg(BECOME).arg(program).args(args);
        return Ok(through);
    }
    let mut direct = Command::new(program);
    direct.args(args);
    Ok(direct)
}

/// Where the host's binary was started by `command` to become a program, becomes it, and returns
/// only if it could not, with the exit code a shell gives a command it could not run; `None`
/// where it was not started so, to go on as itself.
pub fn become_program_if_asked() -> Option<ExitCode> {
    let mut args = std::env::args_os().skip(1);
    if args.next()? != BECOME {
        return None;
    }
    match args.next() {
        Some(program) => eprintln!(
            "courtpiece: could not start {}: {}",
            program.display(),
            turn_into(&program, args)
        ),
        None => eprintln!("courtpiece: {BECOME} needs a program to run"),
    }
    Some(ExitCode::from(127))
}

/// Becomes `program`, with the signals the host's termination thread takes unblocked; returns
/// only why it could not.
#[cfg(unix)]
fn turn_into(program: &OsStr, args: impl Iterator<Item = OsString>) -> std::io::Error {
    use std::os::unix::process::CommandExt;
    unix::unblock_termination();
    Command::new(program).args(args).exec()
}

/// Only a Unix host starts its binary to become a program.
#[cfg(not(unix))]
fn turn_into(_: &OsStr, _: impl Iterator<Item = OsString>) -> std::io::Error {
    std::io::Error::from(std::io::ErrorKind::Unsupported)
}

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
    pub static TAKEN: OnceLock<SigSet> = OnceLock::new();

    /// The host's binary, to start again. Linux names the running one even where its file has
    /// since been replaced (a rebuild while the host runs).
    pub fn own_binary() -> std::io::Result<std::path::PathBuf> {
        if cfg!(target_os = "linux") {
            Ok("/proc/self/exe".into())
        } else {
            std::env::current_exe()
        }
    }

    /// Unblocks the signals the termination thread of the host takes, in the one thread of a
    /// binary started to become a program: what the program then inherits.
    pub fn unblock_termination() {
        ENDINGS.into_iter().collect::<SigSet>().thread_unblock().ok();
    }

    /// The signals that end a host from outside, which its termination thread takes.
    const ENDINGS: [Signal; 2] = [Signal::SIGTERM, Signal::SIGHUP];

    pub fn pass_on_termination() {
        let taken: SigSet = ENDINGS.into_iter().filter(|&ending| !ignored(ending)).collect();
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
                SigSet::from(ending).thread_unblock().ok();
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
