//! FIZZBIN (TCC 2.1, Tribble Powers): passive. No power removes this card from a play pile; a power
//! that would leaves it in place and does the rest.

use super::Doc;

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: FIZZBIN",
    text: "No power takes a Fizzbin out of a play pile. A Kill whose target shows a Fizzbin on top does \
           nothing; a Mutate counts the Fizzbin, shuffles the rest of the pile into the deck and puts as \
           many cards as it counted on top of the Fizzbin (the rulebook's examples). The end of a round is \
           no power: the pile, Fizzbin included, is gathered into the deck as usual (ruling R30). Fizzbin \
           is never used (R0313).\n\n\
           Checked: no line moves the Fizzbin (R0601); the Mutate's count includes it (R0601).",
};
