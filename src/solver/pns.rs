//! Depth-first proof-number search (df-pn, Nagai 2002), in negamax form.
//!
//! Every open node has a proof number (how many leaves at least must be
//! settled to show that the player to move wins) and a disproof number (to
//! show that they lose). A node's proof number is the least disproof
//! number of its options (each seen from the opponent's side), and its
//! disproof number the sum of their proof numbers. The search always
//! follows the option with the least disproof number, and stays below it
//! only while that option's numbers stay under thresholds derived from the
//! second-best option ("1 + ε trick", Pawlewicz and Lew 2007, ε = 1/4, to
//! come back less often), so it goes where a decision looks nearest. The
//! numbers of open nodes live in the transposition table between visits.

/// "Cannot be settled that way": the number of a decided node's other side.
pub(super) const INF: u32 = u32::MAX;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Numbers {
    pub(super) proof: u32,
    pub(super) disproof: u32,
}

/// The player to move wins.
pub(super) const WIN: Numbers = Numbers {
    proof: 0,
    disproof: INF,
};
/// The player to move loses.
pub(super) const LOSS: Numbers = Numbers {
    proof: INF,
    disproof: 0,
};

impl Numbers {
    pub(super) fn decided(self) -> bool {
        self.proof == 0 || self.disproof == 0
    }
}

pub(super) fn pack(n: Numbers) -> u64 {
    (n.proof as u64) << 32 | n.disproof as u64
}

pub(super) fn unpack(x: u64) -> Numbers {
    Numbers {
        proof: (x >> 32) as u32,
        disproof: x as u32,
    }
}

/// A node's numbers from its options' numbers.
fn combine<O>(options: &[(O, Numbers)]) -> Numbers {
    // No option at all: a loss.
    let proof = options.iter().map(|o| o.1.disproof).min().unwrap_or(INF);
    // An option with infinite proof number has disproof 0, which makes the
    // node a win whatever the sum; so the sum saturates below INF.
    let disproof = options
        .iter()
        .fold(0u32, |s, o| s.saturating_add(o.1.proof).min(INF - 1));
    if proof == 0 {
        WIN
    } else if disproof == 0 {
        LOSS
    } else {
        Numbers { proof, disproof }
    }
}

/// Searches below a node with these options until it is decided or its
/// numbers reach `th_proof` or `th_disproof`; `mid(option, th_proof,
/// th_disproof)` searches an option (from the opponent's side) and returns
/// its new numbers. Returns the node's numbers.
pub(super) fn search<O, E>(
    options: &mut [(O, Numbers)],
    th_proof: u32,
    th_disproof: u32,
    mut mid: impl FnMut(&mut O, u32, u32) -> Result<Numbers, E>,
) -> Result<Numbers, E> {
    loop {
        let n = combine(options);
        if n.decided() || n.proof >= th_proof || n.disproof >= th_disproof {
            return Ok(n);
        }
        let (mut best, mut second) = (0, INF);
        for i in 1..options.len() {
            let d = options[i].1.disproof;
            if d < options[best].1.disproof {
                second = options[best].1.disproof;
                best = i;
            } else if d < second {
                second = d;
            }
        }
        let (o, c) = &mut options[best];
        // The option may use what the node's disproof threshold leaves.
        let thp = if th_disproof == INF {
            INF
        } else {
            (th_disproof as u64 - n.disproof as u64 + c.proof as u64).min(INF as u64) as u32
        };
        let thd = th_proof.min(
            second
                .saturating_add(1)
                .max(second.saturating_add(second / 4)),
        );
        *c = mid(o, thp, thd)?;
    }
}
