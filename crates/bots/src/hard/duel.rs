//! Hokm for two's last tricks searched exactly: with both hands of a sampled layout open, what
//! each card is worth under best play by both players, where a playout only estimates it. Two
//! hands of a few cards make a small game: each position where a trick starts is searched once.

use std::collections::HashMap;

use courtpiece_rules::{Card, CardSet, PlayState};

use super::playout::Ends;

/// The most cards in my hand for which the last tricks are searched exactly.
pub(super) const MAX_CARDS: u32 = 6;

/// Where a trick starts: the two hands, who leads, the tricks each has.
type Start = (CardSet, CardSet, u8, u8, u8);

/// The exact search of one layout: positions already valued are kept while it lasts.
pub(super) struct Duel<'a> {
    ends: &'a Ends,
    known: HashMap<Start, f32>,
}

impl<'a> Duel<'a> {
    pub(super) fn new(ends: &'a Ends) -> Duel<'a> {
        Duel {
            ends,
            known: HashMap::new(),
        }
    }

    /// What playing `card` from `state` is worth to me with best play after it.
    pub(super) fn card(&mut self, state: &PlayState, card: Card) -> f32 {
        let mut child = *state;
        child.play(card);
        self.value(&child)
    }

    fn value(&mut self, state: &PlayState) -> f32 {
        let legal = state.legal();
        if state.result().is_some() || legal.is_empty() {
            return self.ends.value(state, None);
        }
        let hands = state.hands();
        let taken = state.taken();
        let start = state.winning().is_none().then(|| {
            let leader = u8::try_from(state.to_play().index()).unwrap_or(0);
            (hands[0], hands[1], leader, taken[0], taken[1])
        });
        if let Some(v) = start.and_then(|s| self.known.get(&s)) {
            return *v;
        }
        let mine = state.seats().side(state.to_play()) == self.ends.side();
        let live = hands[0] | hands[1] | state.trick().1.iter().copied().collect::<CardSet>();
        let mut best = if mine { f32::MIN } else { f32::MAX };
        for card in legal {
            // of cards with no live card between them, only the highest is tried
            if (CardSet::above(card) & live)
                .lowest()
                .is_some_and(|next| legal.contains(next))
            {
                continue;
            }
            let v = self.card(state, card);
            best = if mine { best.max(v) } else { best.min(v) };
        }
        if let Some(s) = start {
            self.known.insert(s, best);
        }
        best
    }
}
