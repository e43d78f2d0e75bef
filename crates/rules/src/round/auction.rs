//! Dabba Rang's bidding, between the first five cards and the indicator (RDB-BID): from the seat
//! after the dealer, each seat in turn passes or announces more tricks than the last
//! announcement, until three seats in a row have passed after one. The highest announcer is the
//! caller. Every bid is public.

use serde::{Deserialize, Serialize};

use crate::error::RuleError;
use crate::event::Event;
use crate::intent::Intent;
use crate::phase::Phase;
use crate::seat::Seat;

use super::Round;

/// The fewest tricks a team may announce (RDB-BID).
pub const LEAST_BID: u8 = 7;
/// The most: all thirteen.
pub const MOST_BID: u8 = 13;
/// Passes in a row after an announcement that end the bidding.
const PASSES_TO_END: u8 = 3;

/// The bidding so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Auction {
    /// The highest announcement so far, and who made it.
    pub high: Option<(Seat, u8)>,
    /// Passes in a row since the last announcement, or since the start.
    pub passes: u8,
    /// The seat to speak while the bidding goes on: none before it opens and once it is over.
    pub turn: Option<Seat>,
}

impl Auction {
    /// Everyone passed: the seat to speak, the one after the dealer, must announce 7.
    pub fn forced(&self) -> bool {
        self.high.is_none() && self.passes >= 4
    }

    /// The announcements the seat to speak may make.
    pub fn bids(&self) -> std::ops::RangeInclusive<u8> {
        if self.forced() {
            return LEAST_BID..=LEAST_BID;
        }
        let least = self.high.map_or(LEAST_BID, |(_, tricks)| tricks + 1);
        least..=MOST_BID
    }
}

impl Round {
    /// The bidding of this hand (RDB-BID); empty under rules without one.
    pub fn auction(&self) -> Auction {
        self.board.auction
    }

    /// The caller and the tricks its team announced, once the bidding is over (RDB-BID).
    pub fn contract(&self) -> Option<(Seat, u8)> {
        let auction = self.board.auction;
        auction.high.filter(|_| auction.turn.is_none())
    }

    /// The bidding starts with the seat after the dealer.
    pub(super) fn open_bidding(&mut self) {
        self.board.auction = Auction {
            turn: Some(self.board.seats.next(self.board.dealer)),
            ..Auction::default()
        };
        self.board.phase = Phase::Bidding;
    }

    pub(super) fn bid_intents(&self, out: &mut Vec<Intent>) {
        let auction = self.board.auction;
        if !auction.forced() {
            out.push(Intent::Pass);
        }
        out.extend(auction.bids().map(|tricks| Intent::Bid { tricks }));
    }

    /// `seat` announces `tricks`, or passes with `None`.
    pub(super) fn bid(
        &mut self,
        seat: Seat,
        tricks: Option<u8>,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let mut auction = self.board.auction;
        match tricks {
            None if auction.forced() => return Err(RuleError::MustAnnounce),
            None => {
                auction.passes += 1;
                events.push(Event::Passed { seat });
            }
            Some(tricks) => {
                let bids = auction.bids();
                if !bids.contains(&tricks) {
                    return Err(RuleError::BidTooLow { least: *bids.start() });
                }
                auction.high = Some((seat, tricks));
                auction.passes = 0;
                events.push(Event::Announced { seat, tricks });
            }
        }
        auction.turn = Some(self.board.seats.next(seat));
        if let Some((caller, tricks)) = auction.high.filter(|_| auction.passes >= PASSES_TO_END) {
            auction.turn = None;
            // the end of the hand is judged on it (RDB-SCORE)
            self.board.tally.contract = tricks;
            self.board.phase = Phase::TrumpCall;
            events.push(Event::Contract { seat: caller, tricks });
        }
        self.board.auction = auction;
        Ok(())
    }
}
