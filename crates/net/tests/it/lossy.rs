//! A whole table through a bad link: lost, late, doubled and reordered datagrams both ways.
//! Nothing is lost or applied twice: the record replays to the host's summary, and every client
//! ends with it.

use std::time::Duration;

use courtpiece_bots::Level;
use courtpiece_game::snapshot;
use courtpiece_net::lossy::{Impairment, LinkAddress};
use courtpiece_net::{Access, SeatPlan};
use courtpiece_rules::Preset;

use crate::support::*;

#[test]
fn a_match_over_a_lossy_link_ends_the_same_for_everyone() {
    let mut rules = Preset::CourtPiece.rules();
    rules.max_hands = Some(2);
    rules.target = None;
    let code = Access::Code("LOS-2020".parse().unwrap());
    let front = LinkAddress::bind().unwrap();
    let mut config = config(
        rules,
        [
            SeatPlan::Bot(Level::Medium),
            SeatPlan::Open,
            SeatPlan::Open,
            SeatPlan::Open,
        ],
        code,
    );
    config.relayed_from.push(front.addr().unwrap());
    let (mut host, host_addr) = host_app(config);
    let impairment = Impairment {
        loss: 0.2,
        delay: Duration::from_millis(20),
        jitter: Duration::from_millis(6),
        duplicate: 0.05,
        reorder: 0.05,
    };
    let link = front.start(host_addr, impairment, 11).unwrap();
    let mut clients: Vec<_> = ["ana", "bilal", "chen"]
        .iter()
        .map(|n| client_app(link.addr(), code, n, Some(Level::Medium)))
        .collect();
    let done = run_until(
        &mut host,
        &mut clients,
        Duration::from_secs(240),
        |h, c| match_over(h) && all_have_summary(c),
        |_| {},
    );
    assert!(done, "the match finished over the link");
    let stats = link.stats();
    assert!(
        stats.lost > 50 && stats.duplicated > 5 && stats.reordered > 5,
        "{stats:?}"
    );
    let table = snapshot(host.world()).unwrap();
    let expected = table.game.summary();
    assert_eq!(expected.hands, 2);
    assert_eq!(
        table.record.replay().unwrap().summary(),
        expected,
        "every intent applied once"
    );
    for c in &clients {
        assert_eq!(session(c).summary.as_ref(), Some(&expected));
    }
}
