//! Who deals and who calls next (§7).

use crate::outcome::HandResult;
use crate::ruleset::{RuleSet, Scoring};
use crate::seat::Seat;

/// The next dealer and trump-caller after a hand. The caller is always the seat after the dealer.
pub fn next_dealer(result: &HandResult, rules: &RuleSet) -> (Seat, Seat) {
    let seats = rules.seats();
    let dealer = result.dealer;
    let caller = result.caller;
    let next_dealer = if rules.scoring == Scoring::Hokm {
        // R-ROT-HOKM, R3-ROT: the hâkem keeps the role while their side wins; else the next
        // seat has it.
        let hakem = if result.winner == seats.side(caller) {
            caller
        } else {
            seats.next(caller)
        };
        seats.prev(hakem)
    } else if result.winner == result.dealing_side(rules) {
        // R-ROT: the dealing team won, with or without a court: the deal passes on.
        dealer.next()
    } else if result.is_court(rules) {
        // R-ROT: the calling team scored a court: the dealer's partner deals.
        dealer.partner()
    } else {
        // R-ROT: the calling team won without a court: the same dealer deals again.
        dealer
    };
    (next_dealer, seats.next(next_dealer))
}
