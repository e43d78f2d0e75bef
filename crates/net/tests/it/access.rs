//! Only people who know the table code get in.

use std::time::Duration;

use courtpiece_net::{Access, Host, SeatPlan};
use courtpiece_rules::Preset;

use crate::support::*;

#[test]
fn a_wrong_code_is_refused_and_the_right_code_gets_in() {
    let right = Access::Code("KOT-4821".parse().unwrap());
    let wrong = Access::Code("KOT-4822".parse().unwrap());
    let mut config = config(Preset::CourtPiece.rules(), [SeatPlan::Open; 4], right);
    config.auto_start = false;
    let (mut host, addr) = host_app(config);
    let mut clients = vec![
        client_app(addr, wrong, "guesser", None),
        client_app(addr, Access::Open, "passer-by", None),
        client_app(addr, right, "friend", None),
    ];
    let settled = run_until(
        &mut host,
        &mut clients,
        Duration::from_secs(20),
        |_, c| {
            session(&c[0]).lost.is_some() && session(&c[1]).lost.is_some() && session(&c[2]).player.is_some()
        },
        |_| {},
    );
    assert!(settled, "both refused and the friend welcomed");
    for refused in &clients[..2] {
        let s = session(refused);
        assert_eq!(s.player, None);
        let why = s.lost.as_deref().unwrap();
        assert!(why.contains("table code is wrong"), "{why}");
    }
    assert_eq!(session(&clients[2]).seat, Some(courtpiece_rules::Seat::ALL[0]));
    assert_eq!(host.world().resource::<Host>().connected(), 1);
}
