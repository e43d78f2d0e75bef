use std::time::{Duration, Instant};

use courtpiece_bots::Level;
use courtpiece_game::Table;
use courtpiece_net::{Access, SeatPlan};
use courtpiece_rules::Preset;

use crate::support::*;

#[test]
fn three_autoplay_clients_finish_a_match_with_the_hosts_summary() {
    let mut rules = Preset::CourtPiece.rules();
    rules.max_hands = Some(20);
    rules.target = None;
    let code = Access::Code("KOT-4821".parse().unwrap());
    let (mut host, addr) = host_app(config(
        rules,
        [
            SeatPlan::Bot(Level::Medium),
            SeatPlan::Open,
            SeatPlan::Open,
            SeatPlan::Open,
        ],
        code,
    ));
    let mut clients: Vec<_> = ["ana", "bilal", "chen"]
        .iter()
        .map(|n| client_app(addr, code, n, Some(Level::Medium)))
        .collect();
    let start = Instant::now();
    let done = run_until(
        &mut host,
        &mut clients,
        Duration::from_secs(120),
        |h, c| match_over(h) && all_have_summary(c),
        |_| {},
    );
    eprintln!("20 hands in {:?}", start.elapsed());
    assert!(done, "the match finished");
    let expected = host.world().resource::<Table>().game.summary();
    for c in &clients {
        assert_eq!(session(c).summary.as_ref(), Some(&expected));
    }
}
