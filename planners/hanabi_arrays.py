"""The Numba core of :mod:`planners.hanabi_rollout_numba`: a Hanabi game, the public belief store and
the convention blueprint on int64 arrays, move for move what :class:`planners.hanabi_rollout.PythonRollouts`
plays with :class:`~games.hanabi.HanabiState`, :class:`~beliefs.hanabi.HanabiBeliefs` and
:class:`~planners.hanabi_convention.ConventionPlanner`.

Each function names the Python code it mirrors; identities, masks, iteration orders, tie-breaks and
the order of the float additions of a clue's score are the reference's, so the games are the same.

Layout (``P`` seats, hand size ``H``, ``C`` colours, ``R`` ranks, ``S = C * R`` identities):

* ``hands[P, H]`` the cards (-1 past ``hl[p]``), ``deck`` the whole deck, ``fw[C]`` the stacks,
  ``disc[S]`` the discarded copies, ``g`` the scalars (indices ``G_*``);
* the public slots (every seat's store holds the same): ``known``, ``mask`` ``[P, H]`` int64,
  ``clued``, ``focus`` ``[P, H]`` bool, parallel to ``hands``;
* ``left[S]`` and ``pub`` (available, playable, trash, critical masks): the store's ``PublicState``;
* ``cfg`` the shape and blueprint options (indices ``K_*``), ``fcfg`` the clue values (``F_*``).

Every compiled function of the rollouts is in this one module: Numba's on-disk cache of a function
is invalidated when its own source file changes, not when a callee's file does.
"""

from __future__ import annotations

import numpy as np

from solvers.lazy_jit import njit_later

G_INFO, G_LIVES, G_PLAYER, G_TURNS, G_STACKED, G_DRAWN = range(6)
K_P, K_H, K_C, K_R, K_MAXINFO, K_PROMPTS, K_FEAR, K_PLAYFIRST, K_LOCKED = range(9)
K_INFOTOK, K_STALL, K_GAMBLE, K_UNLOCK, K_DUPTRASH, K_PLAYOVERSAVE, K_MAXSCORE, K_DECK = range(9, 17)
F_KNOWN, F_TRASH, F_TOUCH, F_SAVE = range(4)
A_AVAIL, A_PLAYABLE, A_TRASH, A_CRITICAL = range(4)
DISCARD, PLAY, COLOR, RANK = range(4)


@njit_later(cache=True)
def public(fw, disc, copies, C, R, left, pub):  # pragma: no cover - compiled by Numba
    """``PublicState``: fill ``left`` and ``pub`` from the stacks and discards."""
    avail = np.int64(0)
    for i in range(C * R):
        left[i] = copies[i] - disc[i] - (1 if i % R < fw[i // R] else 0)
        if left[i] > 0:
            avail |= np.int64(1) << i
    playable = trash = critical = np.int64(0)
    for c in range(C):
        dead = False
        for r in range(R):
            i = c * R + r
            bit = np.int64(1) << i
            if r < fw[c] or dead:
                trash |= bit
                continue
            if r == fw[c]:
                playable |= bit
            if left[i] == 1:
                critical |= bit
            if left[i] == 0:
                dead = True
    pub[A_AVAIL], pub[A_PLAYABLE], pub[A_TRASH], pub[A_CRITICAL] = avail, playable, trash, critical & ~trash


@njit_later(cache=True, inline="always")
def belief_of(known, mask, allowed):  # pragma: no cover - compiled by Numba
    """``public_belief`` (``allowed`` = available) and ``private_belief`` (``allowed`` = hidden)."""
    b = known & mask & allowed
    if b:
        return b
    b = known & allowed
    if b:
        return b
    return known


@njit_later(cache=True, inline="always")
def single(b):  # pragma: no cover - compiled by Numba
    """``b & (b - 1) == 0`` (true for 0 too, as in the reference)."""
    return b & (b - 1) == 0


@njit_later(cache=True)
def committed(skip, known, mask, hl, P, pub):  # pragma: no cover - compiled by Numba
    """``HanabiBeliefs.committed`` over every seat but ``skip`` (-1: every seat)."""
    out = np.int64(0)
    for s in range(P):
        if s == skip:
            continue
        for i in range(hl[s]):
            b = belief_of(known[s, i], mask[s, i], pub[A_AVAIL])
            if b and single(b) and not b & pub[A_TRASH]:
                out |= b
    return out


@njit_later(cache=True)
def chop(clued, seat, n):  # pragma: no cover - compiled by Numba
    """``HanabiBeliefs.chop``: the oldest unclued position, -1 if none."""
    for i in range(n):
        if not clued[seat, i]:
            return i
    return -1


@njit_later(cache=True)
def play_targets(com, fw, pub, C, R):  # pragma: no cover - compiled by Numba
    """``HanabiBeliefs.play_targets``."""
    out = np.int64(0)
    for c in range(C):
        r = fw[c]
        while r < R and com >> (c * R + r) & 1:
            r += 1
        if r < R:
            i = c * R + r
            if not pub[A_TRASH] >> i & 1 and pub[A_AVAIL] >> i & 1:
                out |= np.int64(1) << i
    return out


@njit_later(cache=True)
def read_clue(t, kind, value, touched, hl, known, mask, clued, focus, elsewhere, fw, pub, cfg, cmask, rmask, nk, nm, nc, nf, bel, prompt_j):  # fmt: skip  # pragma: no cover
    """``HanabiBeliefs.read_clue`` (with ``_prompts``): the target ``t``'s new slots into ``nk``,
    ``nm``, ``nc``, ``nf``; ``touched`` is a bitmask of positions; ``elsewhere`` the committed
    identities of every other hand; ``bel`` and ``prompt_j`` are scratch."""
    C, R = cfg[K_C], cfg[K_R]
    full = (np.int64(1) << (C * R)) - 1
    n = hl[t]
    ch = chop(clued, t, n)
    named = cmask[value] if kind == COLOR else rmask[value]
    fresh_max, touched_max = -1, -1
    for i in range(n):
        nc[i], nf[i], nm[i] = clued[t, i], focus[t, i], mask[t, i]
        if touched >> i & 1:
            nk[i] = known[t, i] & named
            touched_max = i
            if not clued[t, i]:
                fresh_max = i
        else:
            nk[i] = known[t, i] & ~named
    if ch >= 0 and touched >> ch & 1:
        foc = ch
    else:
        foc = fresh_max if fresh_max >= 0 else touched_max
    avail, trash = pub[A_AVAIL], pub[A_TRASH]
    com = elsewhere
    for i in range(n):
        bel[i] = belief_of(nk[i], nm[i], avail)
        if i != foc and single(bel[i]) and not bel[i] & trash:
            com |= bel[i]
    good = avail & ~trash & ~com
    plays = play_targets(com, fw, pub, C, R)
    prompt_j[:] = -1
    if cfg[K_PROMPTS]:
        original = plays
        for ident in range(C * R):
            if not original >> ident & 1:
                continue
            if ident % R == R - 1 or not good >> (ident + 1) & 1:
                continue
            for j in range(n):
                if j == foc or not clued[t, j]:
                    continue
                if bel[j] >> ident & 1 and not single(bel[j]):
                    plays = plays & ~(np.int64(1) << ident) | np.int64(1) << (ident + 1)
                    prompt_j[ident + 1] = j
                    break
    saves = np.int64(0)
    if foc == ch:
        if kind == RANK and (value == 1 or value == R - 1):
            saves = named & good
        else:
            saves = named & pub[A_CRITICAL]
    for i in range(n):
        if not touched >> i & 1:
            continue
        nc[i] = True
        if nf[i] and i != foc:
            continue
        want = (plays | saves) & good if i == foc else avail & ~trash
        want &= nk[i] & nm[i]
        if i == foc:
            nf[i] = True
        if want:
            nm[i] = want
        else:
            nm[i] = nk[i] & good
            if not nm[i]:
                nm[i] = full
    m = nm[foc]
    if m and single(m):
        x = 0
        while not m >> x & 1:
            x += 1
        if prompt_j[x] >= 0:
            nm[prompt_j[x]] = np.int64(1) << (x - 1)


@njit_later(cache=True)
def apply_move(kind, a, v, hands, hl, known, mask, clued, focus, deck, fw, disc, g, left, pub, cfg, cmask, rmask, copies, nk, nm, nc, nf, bel, prompt_j):  # fmt: skip  # pragma: no cover
    """``HanabiState._move`` and ``HanabiBeliefs._apply`` of one legal move by the seat to move:
    ``kind`` DISCARD/PLAY (``a`` the position) or COLOR/RANK (``a`` the target seat, ``v`` the
    0-based colour or rank)."""
    P, C, R = cfg[K_P], cfg[K_C], cfg[K_R]
    p = g[G_PLAYER]
    if g[G_DRAWN] >= cfg[K_DECK]:
        g[G_TURNS] -= 1
    if kind == DISCARD or kind == PLAY:
        card = hands[p, a]
        n = hl[p]
        for i in range(a, n - 1):
            hands[p, i], known[p, i], mask[p, i] = hands[p, i + 1], known[p, i + 1], mask[p, i + 1]
            clued[p, i], focus[p, i] = clued[p, i + 1], focus[p, i + 1]
        hands[p, n - 1] = -1
        hl[p] = n - 1
        color, rank = card // R, card % R
        if kind == PLAY and fw[color] == rank:
            fw[color] += 1
            g[G_STACKED] += 1
            if rank == R - 1 and g[G_INFO] < cfg[K_MAXINFO]:
                g[G_INFO] += 1
        else:
            disc[card] += 1
            if kind == PLAY:
                g[G_LIVES] -= 1
            else:
                g[G_INFO] += 1
        # the game deals no card once the move has ended it; the store's fresh slot is never read then
        if g[G_DRAWN] < cfg[K_DECK] and g[G_LIVES] > 0 and g[G_STACKED] < cfg[K_MAXSCORE]:
            hands[p, n - 1] = deck[g[G_DRAWN]]
            g[G_DRAWN] += 1
            known[p, n - 1] = mask[p, n - 1] = (np.int64(1) << (C * R)) - 1
            clued[p, n - 1] = focus[p, n - 1] = False
            hl[p] = n
        public(fw, disc, copies, C, R, left, pub)
    else:
        g[G_INFO] -= 1
        touched = 0
        for i in range(hl[a]):
            card = hands[a, i]
            if (card // R if kind == COLOR else card % R) == v:
                touched |= 1 << i
        elsewhere = committed(a, known, mask, hl, P, pub)
        read_clue(a, kind, v, touched, hl, known, mask, clued, focus, elsewhere, fw, pub, cfg, cmask, rmask, nk, nm, nc, nf, bel, prompt_j)  # fmt: skip
        for i in range(hl[a]):
            known[a, i], mask[a, i], clued[a, i], focus[a, i] = nk[i], nm[i], nc[i], nf[i]
    g[G_PLAYER] = (p + 1) % P


@njit_later(cache=True)
def is_terminal(g, cfg):  # pragma: no cover - compiled by Numba
    """``HanabiState.is_terminal``."""
    return g[G_LIVES] <= 0 or g[G_TURNS] <= 0 or g[G_STACKED] == cfg[K_MAXSCORE]


@njit_later(cache=True)
def move_uid(me, kind, a, v, cfg):  # pragma: no cover - compiled by Numba
    """``HanabiGame.uid`` of a move by seat ``me`` (``a``: position, or target seat for a clue)."""
    P, H, C, R = cfg[K_P], cfg[K_H], cfg[K_C], cfg[K_R]
    if kind == DISCARD:
        return a
    if kind == PLAY:
        return H + a
    off = (a - me) % P
    if kind == COLOR:
        return 2 * H + (off - 1) * C + v
    return 2 * H + (P - 1) * C + (off - 1) * R + v


# ---- the convention blueprint (ConventionPlanner.choose and what it calls) ----------------------


@njit_later(cache=True)
def score_clue(t, n, hands, clued, before, nm_known, nm_mask, touched, clued_ids, com, seen, pub, R, fcfg):  # fmt: skip  # pragma: no cover
    """``ConventionPlanner.score_clue``: the score (additions in the reference's order) and harm."""
    avail, playable, trash = pub[A_AVAIL], pub[A_PLAYABLE], pub[A_TRASH]
    score, harm = 0.0, 0
    for i in range(n):
        card = hands[t, i]
        after = belief_of(nm_known[i], nm_mask[i], avail)
        b0 = before[i]
        if not after >> card & 1:
            if b0 >> card & 1:
                harm += 10 if not after & ~playable else 1
            continue
        if after == b0:
            continue
        if not after & ~playable and b0 & ~playable:
            score += 1.0
            continue
        if not after & ~trash and b0 & ~trash:
            score += fcfg[F_TRASH]
            continue
        if touched >> i & 1 and not clued[t, i]:
            if trash >> card & 1:
                score -= 1.0
            elif clued_ids[card] or com >> card & 1:
                score -= 0.6
            elif single(after):
                score += fcfg[F_KNOWN]
            elif pub[A_CRITICAL] >> card & 1 or (card % R == 1 and seen[card] == 1):
                score += fcfg[F_SAVE]
            else:
                score += fcfg[F_TOUCH]
        else:
            score += 0.02
    return score, harm


@njit_later(cache=True)
def knows_any(seat, hl, known, mask, avail, within):  # pragma: no cover - compiled by Numba
    """Whether ``seat`` (not the observer) has a card whose public belief lies within ``within``
    (``known_playable`` / ``known_trash`` is non-empty)."""
    for i in range(hl[seat]):
        if not belief_of(known[seat, i], mask[seat, i], avail) & ~within:
            return True
    return False


@njit_later(cache=True, inline="always")
def needs_save(card, pub, seen, R):  # pragma: no cover - compiled by Numba
    """``ConventionPlanner.needs_save``: a chop card that is a 5, critical or a 2 no other hand shows."""
    if pub[A_TRASH] >> card & 1:
        return False
    if pub[A_CRITICAL] >> card & 1:
        return True
    return card % R == 1 and seen[card] == 1


@njit_later(cache=True)
def clue_options(me, hands, hl, known, mask, clued, focus, fw, pub, seen, cfg, fcfg, cmask, rmask, o_t, o_k, o_v, o_s, o_save, o_h, nk, nm, nc, nf, bel, prompt_j, before, clued_ids):  # fmt: skip  # pragma: no cover
    """``ConventionPlanner.clue_options`` into the ``o_*`` arrays; the number of options."""
    P, C, R = cfg[K_P], cfg[K_C], cfg[K_R]
    clued_ids[:] = 0
    for s in range(P):
        if s != me:
            for i in range(hl[s]):
                if clued[s, i]:
                    clued_ids[hands[s, i]] += 1
    com = committed(-1, known, mask, hl, P, pub)
    count = 0
    for off in range(1, P):
        t = (me + off) % P
        n = hl[t]
        colors = ranks = 0
        for i in range(n):
            before[i] = belief_of(known[t, i], mask[t, i], pub[A_AVAIL])
            colors |= 1 << (hands[t, i] // R)
            ranks |= 1 << (hands[t, i] % R)
        ch = chop(clued, t, n)
        save_needed = ch >= 0 and needs_save(hands[t, ch], pub, seen, R)
        elsewhere = committed(t, known, mask, hl, P, pub)
        for kind in (COLOR, RANK):
            for value in range(C if kind == COLOR else R):
                if not (colors if kind == COLOR else ranks) >> value & 1:
                    continue
                touched = 0
                for i in range(n):
                    if (hands[t, i] // R if kind == COLOR else hands[t, i] % R) == value:
                        touched |= 1 << i
                read_clue(t, kind, value, touched, hl, known, mask, clued, focus, elsewhere, fw, pub, cfg, cmask, rmask, nk, nm, nc, nf, bel, prompt_j)  # fmt: skip
                score, harm = score_clue(t, n, hands, clued, before, nk, nm, touched, clued_ids, com, seen, pub, R, fcfg)  # fmt: skip
                saves = save_needed and touched >> ch & 1 == 1
                if saves:
                    score += 0.9
                o_t[count], o_k[count], o_v[count], o_s[count], o_save[count], o_h[count] = t, kind, value, score, saves, harm  # fmt: skip
                count += 1
    return count


@njit_later(cache=True)
def pick_play(me, hands, hl, clued, mine, plays, n, want_token, unlock_first, R, P, S):  # fmt: skip  # pragma: no cover
    """``ConventionPlanner.pick_play``: the first minimal key (5 for a token, unlocking, rank, -i)."""
    unlocks = np.int64(0)
    for s in range(P):
        if s != me:
            for i in range(hl[s]):
                card = hands[s, i]
                if clued[s, i] and card % R:
                    unlocks |= np.int64(1) << (card - 1)
    best, bk0, bk1, bk2 = -1, 0, 0, 0
    for i in range(n):
        if not plays[i]:
            continue
        top = -1
        for j in range(S):
            if mine[i] >> j & 1 and j % R > top:
                top = j % R
        k0 = 0 if want_token and top == R - 1 else 1
        k1 = 0 if unlock_first and mine[i] & unlocks else 1
        # keys end with -i: a later position wins a tie
        if best < 0 or k0 < bk0 or (k0 == bk0 and (k1 < bk1 or (k1 == bk1 and top <= bk2))):
            best, bk0, bk1, bk2 = i, k0, k1, top
    return best


@njit_later(cache=True)
def choose(me, hands, hl, known, mask, clued, focus, fw, g, left, pub, cfg, fcfg, cmask, rmask, sc_seen, sc_w, mine, plays, o_t, o_k, o_v, o_s, o_save, o_h, nk, nm, nc, nf, bel, prompt_j, before, clued_ids):  # fmt: skip  # pragma: no cover
    """``ConventionPlanner.choose`` for seat ``me``: (kind, position or target seat, value)."""
    P, R, S = cfg[K_P], cfg[K_R], cfg[K_C] * cfg[K_R]
    tokens, max_tokens = g[G_INFO], cfg[K_MAXINFO]
    deck_size = cfg[K_DECK] - g[G_DRAWN]
    avail, playable, trash_m = pub[A_AVAIL], pub[A_PLAYABLE], pub[A_TRASH]
    # HanabiBeliefs.observe: the seen counts and hidden mask of seat me
    sc_seen[:] = 0
    held = np.int64(0)
    for s in range(P):
        if s != me:
            for i in range(hl[s]):
                sc_seen[hands[s, i]] += 1
                if clued[s, i]:
                    held |= np.int64(1) << hands[s, i]
    hidden = np.int64(0)
    for i in range(S):
        sc_w[i] = max(0, left[i] - sc_seen[i])
        if left[i] - sc_seen[i] > 0:
            hidden |= np.int64(1) << i
    n = hl[me]
    useless = trash_m | (held if cfg[K_DUPTRASH] else 0)
    any_play, first_trash = False, -1
    for i in range(n):
        x = belief_of(known[me, i], mask[me, i], hidden)
        mine[i] = x
        plays[i] = x != 0 and not x & ~playable
        any_play = any_play or plays[i]
        if first_trash < 0 and x and not x & ~useless:
            first_trash = i
    play_first = cfg[K_PLAYFIRST] == 1 or (cfg[K_PLAYFIRST] < 0 and P > 2)
    if any_play and tokens > 0:
        # a shortcut, not a rule: with no partner to save and no play clue to put first, the
        # reference's options cannot change its move (the play below), so they are not computed
        direct = True
        for off in range(1, P):
            t = (me + off) % P
            t_plays = knows_any(t, hl, known, mask, avail, playable)
            if not play_first and deck_size > 0 and not t_plays:
                direct = False
                break
            ch = chop(clued, t, hl[t])
            if ch >= 0 and needs_save(hands[t, ch], pub, sc_seen, R) and not t_plays:
                if not knows_any(t, hl, known, mask, avail, trash_m):
                    direct = False
                    break
        if direct:
            return PLAY, pick_play(me, hands, hl, clued, mine, plays, n, tokens < max_tokens, cfg[K_UNLOCK], R, P, S), 0
    count = 0
    if tokens > 0:
        count = clue_options(me, hands, hl, known, mask, clued, focus, fw, pub, sc_seen, cfg, fcfg, cmask, rmask, o_t, o_k, o_v, o_s, o_save, o_h, nk, nm, nc, nf, bel, prompt_j, before, clued_ids)  # fmt: skip
    best, save = -1, -1
    for o in range(count):
        if o_h[o]:
            continue
        if best < 0 or o_s[o] > o_s[best]:
            best = o
        if o_save[o] and not knows_any(o_t[o], hl, known, mask, avail, playable):
            if not knows_any(o_t[o], hl, known, mask, avail, trash_m):
                if save < 0 or o_s[o] > o_s[save]:
                    save = o
    if save >= 0:
        if cfg[K_PLAYOVERSAVE] and best >= 0 and o_s[best] >= 1 and o_t[best] == o_t[save]:
            return o_k[best], o_t[best], o_v[best]
        return o_k[save], o_t[save], o_v[save]
    clue_first = not play_first and best >= 0 and not knows_any(o_t[best], hl, known, mask, avail, playable)
    clue_first = clue_first and deck_size > 0
    if any_play and (not clue_first or best < 0 or o_s[best] < 1):
        return PLAY, pick_play(me, hands, hl, clued, mine, plays, n, tokens < max_tokens, cfg[K_UNLOCK], R, P, S), 0
    if best >= 0 and o_s[best] >= 1:
        return o_k[best], o_t[best], o_v[best]
    if any_play:
        return PLAY, pick_play(me, hands, hl, clued, mine, plays, n, tokens < max_tokens, cfg[K_UNLOCK], R, P, S), 0
    if deck_size <= cfg[K_GAMBLE] and g[G_LIVES] >= max(cfg[K_FEAR], 2) and cfg[K_FEAR]:
        gamble, best_p = -1, 0.0
        for i in range(n):  # ConventionPlanner.likely_play
            total = hit = 0
            for j in range(S):
                if mine[i] >> j & 1:
                    total += sc_w[j]
                    if playable >> j & 1:
                        hit += sc_w[j]
            if total <= 0:
                continue
            p = hit / total
            if p > best_p:
                gamble, best_p = i, p
        if gamble >= 0:
            return PLAY, gamble, 0
    if tokens >= max_tokens:
        if best >= 0:
            return o_k[best], o_t[best], o_v[best]
        forced = 0
        for o in range(1, count):
            if o_h[o] < o_h[forced] or (o_h[o] == o_h[forced] and -o_s[o] < -o_s[forced]):
                forced = o
        return o_k[forced], o_t[forced], o_v[forced]
    if best >= 0 and o_s[best] > 0.5 and tokens >= cfg[K_INFOTOK]:
        return o_k[best], o_t[best], o_v[best]
    if best >= 0 and deck_size <= cfg[K_STALL]:
        return o_k[best], o_t[best], o_v[best]
    if first_trash >= 0:
        return DISCARD, first_trash, 0
    ch = chop(clued, me, n)
    if ch < 0 and cfg[K_LOCKED] and best >= 0:
        return o_k[best], o_t[best], o_v[best]
    if ch >= 0:
        return DISCARD, ch, 0
    crit = pub[A_CRITICAL]
    least, least_loss = 0, 0.0
    for i in range(n):  # ConventionPlanner.least_useful
        total, cost = 0, 0.0
        for j in range(S):
            if mine[i] >> j & 1:
                total += sc_w[j]
        for j in range(S):
            if mine[i] >> j & 1:
                if crit >> j & 1:
                    cost += sc_w[j] * (R - j % R)
                elif not trash_m >> j & 1:
                    cost += sc_w[j] * 0.2
        loss = cost / (total if total else 1)
        if i == 0 or loss < least_loss:
            least, least_loss = i, loss
    return DISCARD, least, 0


# ---- the rollouts ---------------------------------------------------------------------------------


@njit_later(cache=True)
def play_out(kind, a, v, hands, hl, known, mask, clued, focus, deck, fw, disc, g, cfg, fcfg, cmask, rmask, copies, moves):  # fmt: skip  # pragma: no cover
    """One rollout on the (mutated) arrays: the move (kind, position or target seat, value), then
    the blueprint for every seat; the final score. ``moves`` (if long enough) gets the move ids,
    and the number of moves played is returned too."""
    P, H, S = cfg[K_P], cfg[K_H], cfg[K_C] * cfg[K_R]
    left = np.zeros(S, np.int64)
    pub = np.zeros(4, np.int64)
    public(fw, disc, copies, cfg[K_C], cfg[K_R], left, pub)
    nk, nm = np.zeros(H, np.int64), np.zeros(H, np.int64)
    nc, nf = np.zeros(H, np.bool_), np.zeros(H, np.bool_)
    bel, before, mine = np.zeros(H, np.int64), np.zeros(H, np.int64), np.zeros(H, np.int64)
    plays = np.zeros(H, np.bool_)
    prompt_j, seen, w, clued_ids = (np.zeros(S + 1, np.int64), np.zeros(S, np.int64), np.zeros(S, np.int64), np.zeros(S, np.int64))  # fmt: skip
    most = (P - 1) * (cfg[K_C] + cfg[K_R])
    o_t, o_k, o_v, o_h = np.zeros(most, np.int64), np.zeros(most, np.int64), np.zeros(most, np.int64), np.zeros(most, np.int64)  # fmt: skip
    o_s, o_save = np.zeros(most, np.float64), np.zeros(most, np.bool_)
    count = 0
    while True:
        me = g[G_PLAYER]
        if count < moves.shape[0]:
            moves[count] = move_uid(me, kind, a, v, cfg)
        count += 1
        apply_move(kind, a, v, hands, hl, known, mask, clued, focus, deck, fw, disc, g, left, pub, cfg, cmask, rmask, copies, nk, nm, nc, nf, bel, prompt_j)  # fmt: skip
        if is_terminal(g, cfg):
            break
        kind, a, v = choose(g[G_PLAYER], hands, hl, known, mask, clued, focus, fw, g, left, pub, cfg, fcfg, cmask, rmask, seen, w, mine, plays, o_t, o_k, o_v, o_s, o_save, o_h, nk, nm, nc, nf, bel, prompt_j, before, clued_ids)  # fmt: skip
    score = g[G_STACKED] if g[G_LIVES] > 0 else 0
    return score, count


@njit_later(cache=True)
def rollout_values(cands, hands_w, hl_w, decks, g_w, fw_w, disc_w, known0, mask0, clued0, focus0, cfg, fcfg, cmask, rmask, copies):  # fmt: skip  # pragma: no cover
    """Every (candidate, world) rollout: ``cands[c]`` = (kind, position or target offset, value)."""
    out = np.zeros((cands.shape[0], hands_w.shape[0]), np.int64)
    none = np.zeros(0, np.int64)
    for k in range(hands_w.shape[0]):
        for c in range(cands.shape[0]):
            kind, a, v = cands[c, 0], cands[c, 1], cands[c, 2]
            if kind >= COLOR:
                a = (g_w[k, G_PLAYER] + a) % cfg[K_P]
            g = g_w[k].copy()
            out[c, k] = play_out(kind, a, v, hands_w[k].copy(), hl_w[k].copy(), known0.copy(), mask0.copy(), clued0.copy(), focus0.copy(), decks[k], fw_w[k].copy(), disc_w[k].copy(), g, cfg, fcfg, cmask, rmask, copies, none)[0]  # fmt: skip
    return out
