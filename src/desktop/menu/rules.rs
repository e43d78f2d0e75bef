//! The rules page: each game explained for a player, with pictures of the cards drawn for the
//! table.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, EguiTextureHandle, egui};
use courtpiece_rules::{Card, Preset, Rank, Suit};

use super::{MenuPage, Stand, back, page, preset_picker};
use crate::desktop::cost::OurEgui;
use crate::desktop::start::StartError;
use crate::desktop::table::geometry::{CARD_H, CARD_W};
use crate::desktop::table::looks::Deck;

/// The game the page explains.
#[derive(Resource, Default)]
struct Explained(Preset);

pub fn plugin(app: &mut App) {
    app.init_resource::<Explained>().add_systems(
        EguiPrimaryContextPass,
        rules_page.run_if(in_state(MenuPage::Rules)).in_set(OurEgui),
    );
}

fn rules_page(
    mut contexts: EguiContexts,
    mut explained: ResMut<Explained>,
    deck: Option<Res<Deck>>,
    error: Res<StartError>,
    mut next: ResMut<NextState<MenuPage>>,
) -> Result {
    let pictures = deck.map(|deck| CardPictures::register(&mut contexts, &deck));
    let ctx = contexts.ctx_mut()?;
    page(ctx, Stand::Top, &error, |ui| {
        ui.heading("The rules");
        preset_picker(ui, "rules-page", &mut explained.0);
        ui.add_space(6.0);
        explain(ui, explained.0, pictures.as_ref());
        back(ui, &mut next);
    });
    Ok(())
}

/// The faces (by card bit) and the back as egui textures.
struct CardPictures {
    faces: Vec<egui::TextureId>,
    back: egui::TextureId,
}

impl CardPictures {
    fn register(contexts: &mut EguiContexts, deck: &Deck) -> CardPictures {
        CardPictures {
            faces: deck
                .images
                .iter()
                .map(|image| contexts.add_image(EguiTextureHandle::Weak(image.id())))
                .collect(),
            back: contexts.add_image(EguiTextureHandle::Weak(deck.back_image.id())),
        }
    }

    /// A row of cards, `None` for one face down.
    fn row(&self, ui: &mut egui::Ui, cards: &[Option<Card>]) {
        let size = egui::vec2(46.0, 46.0 * CARD_H / CARD_W);
        ui.horizontal(|ui| {
            for card in cards {
                let texture = match card {
                    Some(c) => self.faces.get(usize::from(c.bit())).copied(),
                    None => Some(self.back),
                };
                if let Some(texture) = texture {
                    ui.add(egui::Image::new(egui::load::SizedTexture::new(texture, size)));
                }
            }
        });
    }
}

fn card(suit: Suit, rank: Rank) -> Option<Card> {
    Some(Card::new(suit, rank))
}

/// The preset explained, with pictures when the table's cards are drawn.
fn explain(ui: &mut egui::Ui, preset: Preset, pictures: Option<&CardPictures>) {
    egui::ScrollArea::vertical().max_height(420.0).show(ui, |ui| {
        ui.set_max_width(460.0);
        if let Some(p) = pictures {
            ui.label("Every suit ranks from the ace down to the two:");
            let spades: Vec<Option<Card>> = Rank::HIGH_TO_LOW
                .iter()
                .step_by(2)
                .map(|&r| card(Suit::Spades, r))
                .collect();
            p.row(ui, &spades);
            ui.label("A K Q J 10 9 8 7 6 5 4 3 2 (every other one shown).");
            ui.add_space(6.0);
            ui.label(
                "Spades are trumps and hearts were led: the lowly 2 of spades takes this trick, \
                 because a trump beats any card of another suit.",
            );
            p.row(
                ui,
                &[
                    card(Suit::Hearts, Rank::KING),
                    card(Suit::Hearts, Rank::ACE),
                    card(Suit::Spades, Rank::TWO),
                    card(Suit::Hearts, Rank::TEN),
                ],
            );
            if preset == Preset::Satat {
                ui.label("In Satat the two of hearts is the highest trump: with spades trumps it takes the ace of spades:");
                p.row(ui, &[card(Suit::Spades, Rank::ACE), card(Suit::Hearts, Rank::TWO)]);
            }
            if preset == Preset::HiddenRang {
                ui.label("The caller's hidden trump lies face down until someone asks to see it:");
                p.row(ui, &[None]);
            }
            ui.add_space(6.0);
        }
        ui.label(text(preset));
    });
}

/// What each preset adds to or changes in the plain game.
fn text(preset: Preset) -> &'static str {
    match preset {
        Preset::CourtPiece => {
            "Four players in two teams, partners opposite. The dealer deals five cards each; \
             the caller (the player after the dealer) looks at them and names trumps. Then the \
             rest are dealt and the caller leads.\n\n\
             Follow suit if you can; otherwise play anything, a trump if you like. The highest \
             trump wins the trick, or else the highest card of the suit led (A K Q J 10 … 2).\n\n\
             The first team to seven tricks wins the hand. Winning the first seven tricks is a \
             court; all thirteen is a 52-court, worth 52. Seven plain wins in a row also score a \
             court. The deal passes to the team that lost. First to three courts wins."
        }
        Preset::DoubleSar => {
            "Court Piece with the Double Sar heap: won tricks pile up in the middle, and a player \
             who wins two tricks in a row collects the whole heap for the team. The last trick \
             always collects what is left. Seven collected tricks win the hand."
        }
        Preset::HiddenRang => {
            "Court Piece with a hidden trump: the caller lays a card face down instead of naming \
             trumps. Nobody else knows the trump suit until a player who cannot follow suit asks \
             to see it; then it is turned over and that player must trump if they can."
        }
        Preset::Hokm => {
            "The Persian game. The first hâkem (trump caller) is the player dealt the first ace, \
             and keeps the role while the team wins. A won hand scores 1 point, the first seven \
             tricks 2, and 3 when taken against the hâkem's team. First to seven points wins."
        }
        Preset::Troefcall => {
            "Played in Suriname and the Netherlands, for points: a won hand scores 2, a kap (the \
             first seven tricks, then stop) 5, and a baunie (all thirteen) 15; going for all \
             thirteen and failing gives the hand away. First to 30 points wins."
        }
        Preset::HokmThree => {
            "Hokm for three, each for themselves. The two of clubs is taken out: 51 cards, \
             seventeen each, dealt five then four, four and four. The first hâkem is the player \
             dealt the first ace and names trumps from their first five. A trick is three cards. \
             The hand ends as soon as one player has more tricks than either other could still \
             reach, and that player scores 1 point; the first seven tricks to one player score 2 \
             for the hâkem, 3 for anyone else. Played to the end with the two leaders level, the \
             hand goes to the third player. The hâkem keeps the role while winning. First to \
             seven points wins."
        }
        Preset::HokmTwo => {
            "Hokm for two, one against one. The first hâkem is the player dealt the first ace; \
             the other deals five cards each and the rest is the stock. The hâkem names trumps \
             from their five, then lays three cards face down and the other player two. Then, \
             the hâkem first, each in turn looks at the top card of the stock: keep it and the \
             next goes face down unseen by the other, or lay it down and keep the next. After \
             21 turns the stock is gone and each holds thirteen. A trick is two cards; the first \
             to seven tricks wins the hand for 1 point, the first seven tricks score 2 for the \
             hâkem and 3 for the other. First to seven points wins."
        }
        Preset::Dummy => {
            "Dummy Rang: three players and a dummy, each for themselves. Four hands are dealt; \
             the dummy sits opposite one player, its driver, who plays the dummy's cards as well \
             as their own, and the driver's role passes to the next player each hand. Once all \
             cards are dealt the dummy's hand lies face up for everyone. The player after the \
             dealer names trumps (the driver names them for the dummy). Play is Double Sar: a \
             player who wins two tricks in a row collects the heap, and all thirteen tricks are \
             played. Every trick you collect is a point, the dummy's to its driver; the first \
             to 104 ends the match and the highest score wins."
        }
        Preset::BeRanga => {
            "Be-ranga Double Sar: Double Sar with nobody calling trumps. All thirteen cards are \
             dealt, five, four and four, and the player after the dealer leads. The first player \
             who can not follow suit fixes trumps with the card they play, and that card counts \
             as a trump in its trick. No heap is collected before trumps are fixed, nor in the \
             trick that fixes them: the first collection can come in the trick after. The \
             thirteenth trick always takes what is left. Scoring is Double Sar's."
        }
        Preset::Mindi => {
            "Dehla Pakad (Mindi): Double Sar where the tens decide. Trumps are called as in Court \
             Piece, and a player who wins two tricks in a row collects the heap. The side that \
             collects three or four of the tens wins the hand; with two tens each, the side with \
             seven tricks or more wins. All four tens is a mendikot, worth a court, and seven \
             hands in a row won with three tens or more are worth another. The deal stays with \
             the dealer when the other side wins, passes on when the dealing side wins, and goes \
             to the dealer's partner after a mendikot by the other side. Three courts win. With \
             the option 'call = the first card of a player who can not follow' nobody calls: \
             the first player who can not follow fixes trumps."
        }
        Preset::Dabba => {
            "Dabba Rang: Double Sar with the call bid for. After the first five cards, starting \
             with the player after the dealer, each in turn passes or announces how many tricks \
             their side will collect, from 7 to 13 and more than the last announcement, until \
             three in a row pass after one; if all four pass, the player after the dealer must \
             announce 7. The highest announcer lays one of their cards face down as the trump \
             indicator, the rest is dealt and they lead. Until trumps are revealed no heap is \
             collected. The caller's side scores a court if it collects what it announced (two \
             for all thirteen announced and taken); otherwise the other side scores a court. \
             Three courts win."
        }
        Preset::Satat => {
            "Satat, the game of Mauritius: Court Piece where the two of hearts is the highest \
             trump, above the ace, whatever the trumps are. It belongs to the trump suit (it is \
             no heart unless hearts are trumps), may be played to any trick even by a player who \
             can follow suit, and wins the trick it is played to. A player whose only trump is \
             the two of hearts need not follow when trumps are led. It can not name trumps. \
             In the hand after a court, once all cards are dealt, each player of the side that \
             lost passes their highest trump (their highest card without one, never the two of \
             hearts) to the player on their right, who passes back a card of their choice, but \
             not the last card of a plain suit; after a 52-court two cards go each way. Three \
             courts win. With the trump laid face down (call = hidden) it is Trup kasiet: no \
             suit is trumps until the card is turned over, the caller says who won each trick \
             until then, a two of hearts played before it lets everyone after it in that trick \
             play any card, and no cards are passed."
        }
    }
}
