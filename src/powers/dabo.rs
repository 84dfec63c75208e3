//! DABO (TCC 2.1, Tribble Powers): passive. When the player of the turn just before activated two
//! or more powers in it, a Dabo may be played as any number; it then sets the chain.

use super::Doc;

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: DABO",
    text: "A Dabo may be played in place of any number when the previous turn's player activated more \
           than one power in that turn: both halves of a used compound count, so does a Clone played \
           as a clone, and the extra turns Go gave count with the turn that gave them (1 Go used, then \
           10 Battle used: two). Passive powers are never activated (100 Stampede used, then 1,000 \
           Safety: one). The chain continues from the Dabo's own number: after a 100,000 Dabo the next \
           is 1. Dabo is never used itself (R0313).\n\n\
           Log: `Dan: 1 Go use`, `Dan: 10 Recycle & Reverse use @Matt`, `Matt: 100000 Dabo`.\n\
           Checked: otherwise a Dabo must follow the chain (R0304).",
};
