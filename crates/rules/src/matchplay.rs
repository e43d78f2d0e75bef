//! A match: hands one after another, the score, the rotation and the end (§7, §8).

use serde::{Deserialize, Serialize};

use crate::error::{ParseError, RuleError};
use crate::event::Event;
use crate::first::FirstDraw;
use crate::intent::Intent;
use crate::outcome::HandResult;
use crate::people::{Person, Seating};
use crate::phase::Phase;
use crate::rotation::next_dealer;
use crate::round::Round;
use crate::ruleset::RuleSet;
use crate::score::MatchScore;
use crate::seat::{Seat, Side};
use crate::view::SeatView;

/// A whole match from the first dealer to the last hand. Deterministic: the rule set, the seed
/// and the intents fix everything.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    rules: RuleSet,
    seed: u64,
    first: FirstDraw,
    score: MatchScore,
    /// Who sits where in the hand in play (Dummy Rang moves the people each hand).
    seating: Seating,
    round: Round,
    results: Vec<HandResult>,
    time_called: bool,
    over: bool,
}

/// What a match came to: the summary `replay` and `serve` print.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchSummary {
    pub seed: u64,
    /// `V-PLAYERS`: four in two teams, or three each for themselves.
    pub players: u8,
    /// Dummy Rang: four hands, three people, the score per person (RD-SCORE).
    #[serde(default)]
    pub dummy: bool,
    /// Hands played to the end.
    pub hands: u32,
    /// Courts or points per side: the two teams of a table of four, each seat of a table of
    /// three or two, each person in Dummy Rang.
    pub score: Vec<u32>,
    pub hands_won: Vec<u32>,
    pub finished: bool,
    /// The winning side, `None` for a draw or an unfinished match.
    pub winner: Option<Side>,
}

impl MatchSummary {
    /// A few lines for a person.
    pub fn to_text(&self) -> String {
        let teams = self.players == 4 && !self.dummy;
        let side = match (teams, self.dummy) {
            (true, _) => "team",
            (_, true) => "player",
            _ => "seat",
        };
        let result = match (self.finished, self.winner) {
            (false, _) => "not finished".to_string(),
            (true, Some(t)) if teams => format!(
                "team {} (seats {} and {}) wins",
                t.index(),
                t.seats()[0].index(),
                t.seats()[1].index()
            ),
            (true, Some(t)) => format!("{side} {} wins", t.index()),
            (true, None) => "a draw".to_string(),
        };
        let line = |values: &[u32]| {
            values
                .iter()
                .enumerate()
                .map(|(i, v)| format!("{side} {i} {v}"))
                .collect::<Vec<_>>()
                .join(" - ")
        };
        format!(
            "hands played: {}\nscore: {}\nhands won: {}\nresult: {}",
            self.hands,
            line(&self.score),
            line(&self.hands_won),
            result
        )
    }
}

impl Match {
    /// A new match; the first dealer is drawn as `V-FIRST` says, from the seed.
    pub fn new(rules: &RuleSet, seed: u64) -> Result<Match, ParseError> {
        rules.validate()?;
        let first = FirstDraw::new(rules.first, rules.seats(), seed);
        let seating = Seating::of(rules.seats(), first.driver.unwrap_or(Person::ALL[0]));
        let round = Round::new(rules, seed, 0, 1, first.dealer);
        Ok(Match {
            rules: rules.clone(),
            seed,
            first,
            score: MatchScore::default(),
            seating,
            round,
            results: Vec::new(),
            time_called: false,
            over: false,
        })
    }

    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }
    pub fn seed(&self) -> u64 {
        self.seed
    }
    pub fn first_draw(&self) -> &FirstDraw {
        &self.first
    }
    /// Courts or points per side; in Dummy Rang per person (RD-SCORE).
    pub fn score(&self) -> &MatchScore {
        &self.score
    }
    /// Who sits where in the hand in play.
    pub fn seating(&self) -> &Seating {
        &self.seating
    }
    /// The hand in play (after the end of the match: the last hand).
    pub fn round(&self) -> &Round {
        &self.round
    }
    /// Results of the hands played so far.
    pub fn results(&self) -> &[HandResult] {
        &self.results
    }
    pub fn is_over(&self) -> bool {
        self.over
    }
    pub fn phase(&self) -> Phase {
        self.round.phase()
    }
    pub fn hand_no(&self) -> u32 {
        self.round.hand_no()
    }

    /// The winner once the match is over; `None` for a draw (§8).
    pub fn winner(&self) -> Option<Side> {
        if self.over { self.score.leader() } else { None }
    }

    /// The seat whose intent the match waits for.
    pub fn to_act(&self) -> Option<Seat> {
        if self.over { None } else { self.round.to_act() }
    }

    /// Does the match wait for a deal or for the scoring rather than for a seat?
    pub fn needs_step(&self) -> bool {
        !self.over && (self.round.needs_step() || self.round.phase() == Phase::Scoring)
    }

    /// Ends the match when the hand in progress is finished (a set time is up, §8).
    pub fn call_time(&mut self) {
        self.time_called = true;
    }

    pub fn time_called(&self) -> bool {
        self.time_called
    }

    /// Does one automatic step: a deal, or scoring the hand and starting the next.
    pub fn step(&mut self) -> Vec<Event> {
        if self.over {
            return Vec::new();
        }
        if self.round.phase() != Phase::Scoring {
            return self.round.step();
        }
        let Some(result) = self.round.result().copied() else {
            return Vec::new();
        };
        self.results.push(result);
        self.score.add(&self.seating.scored(&result), &self.rules);
        let mut events = vec![Event::HandScored { score: self.score }];
        if self.should_end() {
            self.over = true;
            events.push(Event::MatchOver {
                winner: self.score.leader(),
                score: self.score,
            });
            return events;
        }
        let (dealer, caller) = if self.seating.driver().is_some() {
            // RD-SEATS: the deal and the dummy each pass to the next person
            let dealer = self.seating.person_at(result.dealer);
            self.seating = self.seating.next_hand();
            let seat = self.seating.seat_of(Person::ALL[(dealer.index() + 1) % 3]);
            (seat, self.rules.seats().next(seat))
        } else {
            next_dealer(&result, &self.rules)
        };
        events.push(Event::NextDealer { dealer, caller });
        self.round = Round::new(
            &self.rules,
            self.seed,
            self.round.deal_no() + 1,
            self.round.hand_no() + 1,
            dealer,
        );
        events.push(self.round.opening_event());
        events
    }

    /// Steps until the match waits for a seat or is over.
    pub fn advance(&mut self) -> Vec<Event> {
        let mut events = Vec::new();
        while self.needs_step() {
            events.extend(self.step());
        }
        events
    }

    /// The match ends at the target, after a set number of hands, or when time was called (§8).
    fn should_end(&self) -> bool {
        let target = self
            .rules
            .target
            .is_some_and(|t| self.score.points.iter().any(|&p| p >= t));
        let hands = self.rules.max_hands.is_some_and(|n| self.score.hands >= n);
        target || hands || self.time_called
    }

    /// Applies `seat`'s intent to the hand in play. On an error nothing has changed.
    pub fn apply(&mut self, seat: Seat, intent: Intent) -> Result<Vec<Event>, RuleError> {
        if self.over {
            return Err(RuleError::MatchOver);
        }
        self.round.apply(seat, intent)
    }

    /// Everything `seat` may know now (see [`SeatView`]).
    pub fn view(&self, seat: Seat) -> SeatView {
        SeatView::of(self, seat)
    }

    /// Everything `person` may know now, from their own seat this hand. When a seat they also
    /// play is to act (the dummy, for its driver), its legal intents are theirs: see
    /// [`SeatView::acting`] for that seat's view.
    pub fn view_for(&self, person: Person) -> SeatView {
        let own = self.seating.seat_of(person);
        let mut view = self.view(own);
        let acting = self.seat_for(person);
        if acting != own && !self.over {
            view.legal = self.round.legal_intents(acting);
        }
        view
    }

    /// The seat an intent of `person` is for: the seat to act if they play it (their own, or the
    /// dummy they drive), their own otherwise.
    pub fn seat_for(&self, person: Person) -> Seat {
        match self.to_act() {
            Some(seat) if self.seating.person_at(seat) == person => seat,
            _ => self.seating.seat_of(person),
        }
    }

    pub fn summary(&self) -> MatchSummary {
        // Dummy Rang's three sides are its three people: one score each
        let sides = self.rules.seats().sides();
        MatchSummary {
            seed: self.seed,
            players: self.rules.players,
            dummy: self.rules.dummy,
            hands: self.score.hands,
            score: self.score.points[..sides].to_vec(),
            hands_won: self.score.hands_won[..sides].to_vec(),
            finished: self.over,
            winner: self.winner(),
        }
    }
}
