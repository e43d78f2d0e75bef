//! Where two levels part ways (`arena::divergence`): every card of A's that B would not have
//! played is played on both ways, and the measure tells the better level's cards from the worse.

use courtpiece_bots::Level;
use courtpiece_bots::arena::divergence::{Group, part_set};
use courtpiece_bots::arena::play_set;
use courtpiece_rules::Preset;

/// A level against itself never parts ways: B's bot in A's seat, with A's seed, plays A's card.
#[test]
fn a_level_never_parts_ways_with_itself() {
    let rules = Preset::CourtPiece.rules();
    let set = part_set(&rules, 7, 0, &Level::Medium, &Level::Medium);
    assert!(set.hands > 0);
    assert!(set.partings.is_empty(), "{:?}", set.partings.first());
}

/// The matches are the arena's own: as many hands as `play_set` plays on the same seed.
#[test]
fn the_matches_are_the_arenas() {
    let rules = Preset::CourtPiece.rules();
    let set = part_set(&rules, 3, 1, &Level::Medium, &Level::Easy);
    let hands: u32 = play_set(&rules, 3, 1, &Level::Medium, &Level::Easy)
        .iter()
        .map(|m| m.hands)
        .sum();
    assert_eq!(set.hands, hands);
    assert_eq!(
        set,
        part_set(&rules, 3, 1, &Level::Medium, &Level::Easy),
        "the same seed, the same partings"
    );
}

/// Medium's cards where Easy would have played another are worth more, over a set, by the
/// chance of winning the match; the groups add up to the whole.
#[test]
fn medium_s_cards_are_worth_more_than_easy_s() {
    let rules = Preset::CourtPiece.rules();
    let set = part_set(&rules, 1, 0, &Level::Medium, &Level::Easy);
    let partings = &set.partings;
    assert!(partings.len() > 50, "{} partings", partings.len());
    for p in partings {
        assert!((1..=13).contains(&p.trick) && p.place < 4, "{p:?}");
        assert!(p.ends.iter().all(|e| (0.0..=1.0).contains(&e.worth)), "{p:?}");
        assert!(
            p.taken.iter().all(|&t| t < 7) || p.taken.contains(&0),
            "{p:?}: the hand goes on past seven only for a court"
        );
    }
    let groups = Group::all(partings);
    let all = &groups[0];
    assert_eq!(all.cards as usize, partings.len());
    assert!(all.total > 0.0 && all.gain > all.ci95, "{all:?}");
    assert!(all.won > 0, "{all:?}");
    let by_side: u32 = groups
        .iter()
        .filter(|g| g.label == "A's team called" || g.label == "the other team called")
        .map(|g| g.cards)
        .sum();
    let by_place: u32 = groups
        .iter()
        .filter(|g| g.label == "leading" || g.label == "following")
        .map(|g| g.cards)
        .sum();
    assert_eq!((by_side, by_place), (all.cards, all.cards));
    let total: f64 = partings.iter().map(|p| p.gain()).sum();
    assert!((total - all.total).abs() < 1e-9);
}
