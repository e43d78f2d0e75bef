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
use crate::round::{Board, Exchange, Holding, Round};
use crate::ruleset::RuleSet;
use crate::score::MatchScore;
use crate::seat::{Seat, Side};
use crate::view::SeatView;

/// A whole match from the first dealer to the last hand. Deterministic: the rule set, the seed
/// and the intents fix everything.
///
/// It is made of parts that a table may keep apart ([`Match::into_parts`]): the match's
/// [`Progress`], its score, and the hand in play (itself a [`Board`] and a [`Holding`] per seat).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    progress: Progress,
    score: MatchScore,
    round: Round,
}

/// A match apart from its score and the hand in play: the rules and seed, the first draw, who
/// sits where, the hands played, and whether it is over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    rules: RuleSet,
    seed: u64,
    first: FirstDraw,
    /// Who sits where in the hand in play (Dummy Rang moves the people each hand).
    seating: Seating,
    results: Vec<HandResult>,
    time_called: bool,
    over: bool,
}

impl Progress {
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// What the match with this score came to (so far).
    pub fn summary(&self, score: &MatchScore) -> MatchSummary {
        // Dummy Rang's three sides are its three people: one score each
        let sides = self.rules.seats().sides();
        MatchSummary {
            seed: self.seed,
            players: self.rules.players,
            dummy: self.rules.dummy,
            hands: score.hands,
            score: score.points[..sides].to_vec(),
            hands_won: score.hands_won[..sides].to_vec(),
            finished: self.over,
            winner: if self.over { score.leader() } else { None },
        }
    }
}

/// A match taken apart, as a table keeps it: each part where it belongs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchParts {
    pub progress: Progress,
    pub score: MatchScore,
    pub board: Board,
    pub holdings: [Holding; 4],
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
                .map(|(i, v)| format!("{side} {i} has {v}"))
                .collect::<Vec<_>>()
                .join(", ")
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
            progress: Progress {
                rules: rules.clone(),
                seed,
                first,
                seating,
                results: Vec::new(),
                time_called: false,
                over: false,
            },
            score: MatchScore::default(),
            round,
        })
    }

    /// The match as parts to keep apart.
    pub fn into_parts(self) -> MatchParts {
        let (board, holdings) = self.round.into_parts();
        MatchParts {
            progress: self.progress,
            score: self.score,
            board,
            holdings,
        }
    }

    /// The match made whole again from the parts [`Match::into_parts`] gave.
    pub fn from_parts(parts: MatchParts) -> Match {
        Match {
            progress: parts.progress,
            score: parts.score,
            round: Round::from_parts(parts.board, parts.holdings),
        }
    }

    pub fn rules(&self) -> &RuleSet {
        &self.progress.rules
    }
    pub fn seed(&self) -> u64 {
        self.progress.seed
    }
    pub fn first_draw(&self) -> &FirstDraw {
        &self.progress.first
    }
    /// Courts or points per side; in Dummy Rang per person (RD-SCORE).
    pub fn score(&self) -> &MatchScore {
        &self.score
    }
    /// Who sits where in the hand in play.
    pub fn seating(&self) -> &Seating {
        &self.progress.seating
    }
    /// The hand in play (after the end of the match: the last hand).
    pub fn round(&self) -> &Round {
        &self.round
    }
    /// Results of the hands played so far.
    pub fn results(&self) -> &[HandResult] {
        &self.progress.results
    }
    pub fn is_over(&self) -> bool {
        self.progress.over
    }
    pub fn phase(&self) -> Phase {
        self.round.phase()
    }
    pub fn hand_no(&self) -> u32 {
        self.round.hand_no()
    }

    /// The winner once the match is over; `None` for a draw (§8).
    pub fn winner(&self) -> Option<Side> {
        if self.progress.over {
            self.score.leader()
        } else {
            None
        }
    }

    /// The seat whose intent the match waits for.
    pub fn to_act(&self) -> Option<Seat> {
        if self.progress.over {
            None
        } else {
            self.round.to_act()
        }
    }

    /// Does the match wait for a deal or for the scoring rather than for a seat?
    pub fn needs_step(&self) -> bool {
        !self.progress.over && (self.round.needs_step() || self.round.phase() == Phase::Scoring)
    }

    /// Ends the match when the hand in progress is finished (a set time is up, §8).
    pub fn call_time(&mut self) {
        self.progress.time_called = true;
    }

    pub fn time_called(&self) -> bool {
        self.progress.time_called
    }

    /// Does one automatic step: a deal, or scoring the hand and starting the next.
    pub fn step(&mut self) -> Vec<Event> {
        if self.progress.over {
            return Vec::new();
        }
        if self.round.phase() != Phase::Scoring {
            return self.round.step();
        }
        let Some(result) = self.round.result().copied() else {
            return Vec::new();
        };
        self.progress.results.push(result);
        self.score
            .add(&self.progress.seating.scored(&result), &self.progress.rules);
        let mut events = vec![Event::HandScored { score: self.score }];
        if self.should_end() {
            self.progress.over = true;
            events.push(Event::MatchOver {
                winner: self.score.leader(),
                score: self.score,
            });
            return events;
        }
        let (dealer, caller) = if self.progress.seating.driver().is_some() {
            // RD-SEATS: the deal and the dummy each pass to the next person
            let dealer = self.progress.seating.person_at(result.dealer);
            self.progress.seating = self.progress.seating.next_hand();
            let seat = self
                .progress
                .seating
                .seat_of(Person::ALL[(dealer.index() + 1) % 3]);
            (seat, self.progress.rules.seats().next(seat))
        } else {
            next_dealer(&result, &self.progress.rules)
        };
        events.push(Event::NextDealer { dealer, caller });
        self.round = Round::new(
            &self.progress.rules,
            self.progress.seed,
            self.round.deal_no() + 1,
            self.round.hand_no() + 1,
            dealer,
        )
        .with_exchange(Exchange::after(&result, &self.progress.rules));
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
            .progress
            .rules
            .target
            .is_some_and(|t| self.score.points.iter().any(|&p| p >= t));
        let hands = self
            .progress
            .rules
            .max_hands
            .is_some_and(|n| self.score.hands >= n);
        target || hands || self.progress.time_called
    }

    /// Applies `seat`'s intent to the hand in play. On an error nothing has changed.
    pub fn apply(&mut self, seat: Seat, intent: Intent) -> Result<Vec<Event>, RuleError> {
        if self.progress.over {
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
        let own = self.progress.seating.seat_of(person);
        let mut view = self.view(own);
        let acting = self.seat_for(person);
        if acting != own && !self.progress.over {
            view.legal = self.round.legal_intents(acting);
        }
        view
    }

    /// The seat an intent of `person` is for: the seat to act if they play it (their own, or the
    /// dummy they drive), their own otherwise.
    pub fn seat_for(&self, person: Person) -> Seat {
        match self.to_act() {
            Some(seat) if self.progress.seating.person_at(seat) == person => seat,
            _ => self.progress.seating.seat_of(person),
        }
    }

    pub fn summary(&self) -> MatchSummary {
        self.progress.summary(&self.score)
    }
}
