"""Tests of the learning environment canasta.env (docs/ENV.md); unittest only.

Run by "make check-python-env" (mk/python_env.mk) with CANASTA_LIBRARY set
to the freshly built shared library.  By hand:

    CANASTA_LIBRARY=/path/libcanasta.so python3 test_env.py -v

CANASTA_ENV_TEST_SCALE (default 1) scales the number of random games and
sampled states (0.1 for a quick run).

What is independent of what: the expected values come from the library
through the plain binding (legal_moves, action_of_move, totals, winner, the
JSON view, determinize) or from the documents (docs/SEARCH.md's worked
action values, docs/ENV.md's layout, re-implemented here from the JSON
view); the environment reads the library through its own raw calls.
"""
import array
import os
import random
import sys
import threading
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import canasta  # noqa: E402
from canasta import CanastaError, Game, Rules  # noqa: E402
from canasta import env as cenv  # noqa: E402
from canasta.env import (NUM_ACTIONS, OBS_SIZE, CanastaEnv,  # noqa: E402
                         IllegalActionError, action_fields, action_id)

SCALE = float(os.environ.get("CANASTA_ENV_TEST_SCALE", "1"))
PRESETS = ["classic", "two-players", "three-players", "six-three-sides",
           "six-two-sides"]
PLAYING = ("draw", "play", "answer")


def scaled(n, least=1):
    return max(least, int(n * SCALE))


# ----------------------------------------------------------------------
# An encoding of moves written from docs/SEARCH.md and docs/ENV.md, read
# from the move's text (not from the environment's bytes).
# ----------------------------------------------------------------------
_RANKS = {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
          "10": 10, "J": 11, "Q": 12, "K": 13, "A": 14}
# (twos, jokers) -> combo, the table of docs/SEARCH.md.
_COMBO = {(0, 0): 0, (0, 1): 1, (0, 2): 2, (0, 3): 3, (1, 0): 4, (1, 1): 5,
          (1, 2): 6, (2, 0): 7, (2, 1): 8, (3, 0): 9}
KINDS = ["2", "3b", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
         "Jk", "3r"]


def card_kind(text):
    """The kind index of docs/ENV.md from a card's text."""
    if text == "Jk":
        return 13
    rank, suit = text[:-1], text[-1]
    if rank == "3":
        return 1 if suit in "cs" else 14
    return KINDS.index(rank)


def ref_group(tokens):
    """(g, rank) of a group's text tokens ("7:", "7h", "2c", ...)."""
    rank = None
    if tokens and tokens[0].endswith(":"):
        rank = _RANKS[tokens[0][:-1]]
        tokens = tokens[1:]
    twos = sum(1 for t in tokens if t[:-1] == "2")
    jokers = sum(1 for t in tokens if t == "Jk")
    naturals = len(tokens) - twos - jokers
    if rank is None:
        rank = next(_RANKS[t[:-1]] for t in tokens
                    if t != "Jk" and t[:-1] != "2")
    return (rank - 3) * 130 + naturals * 10 + _COMBO[(twos, jokers)], rank


def ref_key(move):
    """The environment's steps for a canonical move text, by docs/ENV.md:
    a take's top group first, the other groups by ascending g, "more" ids
    (3140 + g for a hand group, 4700 + g for a take's top group) for all
    groups but the last, the last group's dense id."""
    words = move.split()
    verb, rest = words[1], " ".join(words[2:])
    fixed = {"draw": 0, "decline": 1, "ask": 2, "yes": 3, "no": 4,
             "next": 5}
    if verb in fixed:
        return (fixed[verb],)
    if verb == "discard":
        return (6 + card_kind(rest),)
    groups = [ref_group(part.split()) for part in rest.split(",")]
    gs = [g for g, _ in groups]
    if verb == "meld":
        if len(gs) == 1:
            return (20 + gs[0],)
        gs.sort()
        return tuple([3140 + g for g in gs[:-1]] + [20 + gs[-1]])
    assert verb == "take", move
    if len(gs) == 1:
        return (1580 + gs[0],)
    top, others = gs[0], sorted(gs[1:])
    return tuple([4700 + top] + [3140 + g for g in others[:-1]]
                 + [20 + others[-1]])


def random_walk(env, rng, steps):
    """Up to steps random masked steps (stops at the game's end)."""
    for _ in range(steps):
        if env.is_terminal():
            return
        env.step(rng.choice(env.legal_actions()))


def sampled_states(preset, games, every, rng, steps=400, **options):
    """Yields an environment at every `every`-th step of random games."""
    for k in range(games):
        env = CanastaEnv(preset=preset, **options)
        env.reset(seed=rng.randrange(1 << 64))
        for i in range(steps):
            if env.is_terminal():
                break
            if i % every == every - 1:
                yield env
            env.step(rng.choice(env.legal_actions()))
        env.close()


# ----------------------------------------------------------------------
# Actions without a game
# ----------------------------------------------------------------------
class ActionEncodingTests(unittest.TestCase):
    def test_every_id_round_trips(self):
        seen = set()
        for a in range(NUM_ACTIONS):
            f = action_fields(a)
            self.assertEqual(action_id(*f), a, f)
            self.assertEqual(action_id(**f._asdict()), a)
            seen.add(f)
        self.assertEqual(len(seen), NUM_ACTIONS)   # one meaning per id

    def test_documented_values(self):
        # docs/SEARCH.md: the fixed moves and the discard kinds.
        for name, a in (("draw", 0), ("decline", 1), ("ask", 2), ("yes", 3),
                        ("no", 4), ("next", 5)):
            self.assertEqual(action_id(name), a)
        self.assertEqual(action_id("discard", "4"), 8)
        self.assertEqual(action_id("discard", "10"), 14)
        self.assertEqual(action_id("discard", "A"), 18)
        self.assertEqual(action_id("discard", "Jk"), 19)
        self.assertEqual(action_id("discard", "2"), 6)
        self.assertEqual(action_id("discard", "3b"), 7)
        # docs/SEARCH.md's worked examples: meld Kh Kd 2c is 1344, the
        # take with Ac Ad is 3030, meld 3c 3s 3c is 50, a joker added to
        # sevens is 541.
        self.assertEqual(action_id("meld", rank=13, naturals=2, twos=1), 1344)
        self.assertEqual(action_id("take", rank=14, naturals=2), 3030)
        self.assertEqual(action_id("meld", rank=3, naturals=3), 50)
        self.assertEqual(action_id("meld", rank=7, naturals=0, jokers=1), 541)
        # docs/ENV.md: the "more" forms are 3120 (meld) and 3120 + 1560
        # (take: 4700 + g against 1580 + g) above the submitting ones.
        self.assertEqual(action_id("meld", rank=13, naturals=2, twos=1,
                                   last=False), 1344 + 3120)
        self.assertEqual(action_id("take", rank=14, naturals=2, last=False),
                         3030 + 3120)
        self.assertEqual(cenv.MELD_MORE_BASE, 3140)
        self.assertEqual(cenv.TAKE_MORE_BASE, 4700)
        self.assertEqual(NUM_ACTIONS, 6260)
        self.assertEqual(action_fields(1344),
                         cenv.Action("meld", None, 13, 2, 1, 0, True))
        self.assertEqual(cenv.action_name(4464), "meld K: 2 naturals 1 two +")
        self.assertEqual(cenv.action_name(19), "discard Jk")

    def test_group_codes(self):
        for g in range(cenv.GROUP_CODES):
            self.assertEqual(cenv.group_code(*cenv.group_fields(g)), g)
        for bad in ((2, 3), (15, 3), (7, 13), (7, -1), (7, 3, 2, 2),
                    (7, 3, -1, 0), (7, 3, 4, 0)):
            with self.assertRaises(ValueError):
                cenv.group_code(*bad)
        for bad in (("7", 3), (7.0, 3), (True, 3), (7, None)):
            with self.assertRaises(TypeError):
                cenv.group_code(*bad)
        for bad in (-1, cenv.GROUP_CODES):
            with self.assertRaises(ValueError):
                cenv.group_fields(bad)

    def test_bad_ids_and_kinds(self):
        for bad in (-1, NUM_ACTIONS, 2 ** 64):
            with self.assertRaises(ValueError):
                action_fields(bad)
        for bad in ("3", 3.0, True, None):
            with self.assertRaises(TypeError):
                action_fields(bad)
        with self.assertRaises(ValueError):
            action_id("pass")
        with self.assertRaises(ValueError):
            action_id("discard", "3r")          # a red three is never held
        with self.assertRaises(ValueError):
            action_id("meld")                   # a meld needs its group


# ----------------------------------------------------------------------
# The environment's steps against the library's legal moves
# ----------------------------------------------------------------------
class LegalListTests(unittest.TestCase):
    def check_state(self, env):
        game = env.game
        if env.pending_actions:
            return 0
        legal = game.legal_moves()
        keys = {}
        for m in legal:
            key = ref_key(m)
            self.assertEqual(env.move_to_actions(m), key, m)
            self.assertEqual(env.actions_to_move(key), m)
            if len(key) == 1:                   # the library's own action
                self.assertEqual(key[0], game.action_of_move(m), m)
            else:
                self.assertGreaterEqual(
                    game.action_of_move(m), canasta.ACTION_MULTI, m)
                self.check_groups(game, m)
            self.assertNotIn(key, keys, "two listed moves share the steps "
                             "%r: %s and %s" % (key, keys.get(key), m))
            keys[key] = m
        self.assertEqual(sorted({k[0] for k in keys}), env.legal_actions())
        return sum(1 for k in keys if len(k) > 1)

    def check_groups(self, game, move):
        """Each group's g, as the test reads it, is the library's action of
        that group played alone (meld: 20 + g; a take's top group: 1580 +
        g); only the encoding is asked, so the moves need not be legal."""
        words = move.split()
        parts = " ".join(words[2:]).split(",")
        for i, part in enumerate(parts):
            g, _ = ref_group(part.split())
            if words[1] == "take" and i == 0:
                one = "%s take %s" % (words[0], part.strip())
                self.assertEqual(game.action_of_move(one), 1580 + g, one)
            else:
                one = "%s meld %s" % (words[0], part.strip())
                self.assertEqual(game.action_of_move(one), 20 + g, one)

    def test_steps_match_the_legal_list(self):
        rng = random.Random(11)
        multi = states = 0
        for preset in PRESETS:
            for env in sampled_states(preset, scaled(3), 4, rng,
                                      include_view=False):
                multi += self.check_state(env)
                states += 1
        self.assertGreater(states, scaled(300))
        self.assertGreater(multi, scaled(100))    # openings were met

    def test_action_to_move_of_the_library(self):
        """A dense id is the library's action: canasta_action_to_move
        gives the move the environment submits for it."""
        rng = random.Random(5)
        done = 0
        for env in sampled_states("classic", scaled(3), 2, rng,
                                  include_view=False):
            if env.pending_actions:
                continue
            for a in env.legal_actions():
                if a < canasta.ACTIONS_DENSE:
                    self.assertEqual(env.actions_to_move([a]),
                                     env.game.action_to_move(a))
                    done += 1
        self.assertGreater(done, scaled(100))

    def test_reference_player_moves_have_steps(self):
        """The reference player's choices are moves of the list, so a
        learner can imitate it through move_to_actions (checked here on
        whole games of every preset; the environment plays its moves)."""
        player = canasta.Player()
        played = 0
        for preset in PRESETS:
            env = CanastaEnv(preset=preset, target=1000, include_view=False)
            for k in range(scaled(500)):
                if k == 0 or env.is_terminal():
                    env.reset(seed=31 + k)
                move = player.choose(env.game, k)
                for a in env.move_to_actions(move):
                    env.step(a)
                self.assertEqual(env.history()[-1], move)
                played += 1
        self.assertGreater(played, scaled(2000))

    def test_moves_outside_the_list(self):
        env = CanastaEnv(include_view=False)
        env.reset(seed=3)
        draw = env.game.legal_moves()[0]
        self.assertEqual(env.move_to_actions(draw), (0,))
        with self.assertRaises(ValueError):
            env.move_to_actions("discard 7h")   # not a draw-phase move
        with self.assertRaises(CanastaError):
            env.move_to_actions("fly away")     # not a move at all
        with self.assertRaises(ValueError):
            env.actions_to_move([19])
        with self.assertRaises(ValueError):
            env.actions_to_move([])             # no step: no move


# ----------------------------------------------------------------------
# The mask: every admitted step is accepted and can be completed
# ----------------------------------------------------------------------
class MaskTests(unittest.TestCase):
    def explore(self, env, path, found):
        """Every step of the mask, depth first, each on a copy: accepted,
        and either submitting a move or leaving a move that can still be
        completed (a non-empty mask)."""
        legal = env.legal_actions()
        self.assertTrue(legal, "a partial move %r with no way on" % (path,))
        mask = env.action_mask()
        self.assertEqual([i for i in range(NUM_ACTIONS) if mask[i]], legal)
        for a in legal:
            c = env.clone()
            n = len(c.history())
            c.step(a)
            if c.pending_actions:
                self.assertEqual(c.pending_actions, tuple(path) + (a,))
                self.assertEqual(len(c.history()), n)   # nothing submitted
                self.explore(c, path + [a], found)
            else:
                self.assertEqual(len(c.history()), n + 1)
                found[tuple(path) + (a,)] = c.history()[-1]
            c.close()

    def test_every_masked_step_is_accepted(self):
        """Sampled broadly in every preset: all sequences the mask admits
        are exactly the library's legal moves, each submitted as one move
        (the move the library lists, through the plain binding)."""
        rng = random.Random(7)
        multi = 0
        for preset in PRESETS:
            for env in sampled_states(preset, scaled(1), 15, rng,
                                      include_view=False):
                if env.pending_actions:
                    continue
                found = {}
                self.explore(env, [], found)
                legal = env.game.legal_moves()
                expected = {ref_key(m): m for m in legal}
                self.assertEqual(found, expected)
                multi += sum(1 for k in found if len(k) > 1)
        self.assertGreater(multi, scaled(20))

    def test_unmasked_steps_are_refused(self):
        """The nearest illegal ids (a legal id's neighbours, its "more" or
        submitting twin) and random ones raise IllegalActionError and
        change nothing."""
        rng = random.Random(8)
        refused = 0
        for preset in PRESETS:
            for env in sampled_states(preset, scaled(2), 5, rng,
                                      include_view=False):
                legal = set(env.legal_actions())
                near = set()
                for a in legal:
                    near.update((a - 1, a + 1))
                    if 20 <= a < 3140:
                        near.add(a + 3120)
                    elif a >= 3140:
                        near.add(a - 3120)
                near.update(rng.randrange(NUM_ACTIONS) for _ in range(10))
                near.update((-1, NUM_ACTIONS))
                before = env.game.clone()
                pending, steps = env.pending_actions, env.steps
                for a in sorted(near - legal):
                    with self.assertRaises(IllegalActionError) as cm:
                        env.step(a)
                    self.assertEqual(cm.exception.action, a)
                    self.assertEqual(sorted(cm.exception.legal), sorted(legal))
                    refused += 1
                self.assertTrue(env.game == before)
                self.assertEqual(env.pending_actions, pending)
                self.assertEqual(env.steps, steps)
                self.assertEqual(set(env.legal_actions()), legal)
                before.close()
        self.assertGreater(refused, scaled(1000))

    def test_wrong_types(self):
        env = CanastaEnv(include_view=False)
        env.reset(seed=1)
        for bad in ("0", 0.0, True, [0]):
            with self.assertRaises(TypeError):
                env.step(bad)
        with self.assertRaises(TypeError):
            env.step(None)                  # only for an agent that is done
        self.assertEqual(env.steps, 0)
        env.step(0)                         # an int-like id is fine
        self.assertEqual(env.steps, 1)

    def test_other_seats_have_no_legal_steps(self):
        env = CanastaEnv(include_view=False)
        env.reset(seed=2)
        me = env.current_player()
        for seat in range(4):
            if seat != me:
                self.assertEqual(env.legal_actions(seat), [])
                self.assertEqual(sum(env.action_mask(seat)), 0)
        self.assertEqual(env.legal_actions(me), env.legal_actions())


# ----------------------------------------------------------------------
# Random games end with the library's scores
# ----------------------------------------------------------------------
class RandomGameTests(unittest.TestCase):
    def play(self, env, rng):
        while not env.is_terminal():
            env.step(rng.choice(env.legal_actions()))

    def test_thousands_of_games_end_with_the_library_scores(self):
        """2000 random games (400 per preset, to a target of 1: mostly one
        hand each): each seat's summed "hand" rewards equal its column's
        total less the mean of the others' totals, as the library keeps
        them; every 25th game is replayed from the environment's moves on
        a plain binding game, which must end in the same state."""
        rng = random.Random(2024)
        games = scaled(2000, 10)
        envs = {p: CanastaEnv(preset=p, target=1, include_view=False)
                for p in PRESETS}
        replayed = hands = 0
        for i in range(games):
            preset = PRESETS[i % len(PRESETS)]
            env = envs[preset]
            env.reset(seed=rng.randrange(1 << 64))
            self.play(env, rng)
            game = env.game
            self.assertEqual(game.phase, "game-over")
            self.assertTrue(all(env.terminations.values()))
            totals = game.totals
            cols = [game.seat_side(s) for s in range(game.players)]
            if preset == "three-players":
                cols = [0, 1, 2]            # X3: each seat its own column
            n = len(totals)
            for seat, ret in enumerate(env.returns()):
                own = totals[cols[seat]]
                expect = own - (sum(totals) - own) / (n - 1)
                self.assertAlmostEqual(ret, expect, places=6)
            # The hands' scores add up to the library's totals.
            self.assertEqual([sum(h[c] for h in env.hand_scores)
                              for c in range(n)], totals)
            hands += len(env.hand_scores)
            if i % 25 == 0:
                plain = Game(seed=env.game_seed, rules=Rules(preset, target=1))
                for move in env.history():
                    plain.apply(move)
                self.assertTrue(plain == game)
                self.assertEqual(plain.totals, totals)
                self.assertEqual(plain.winner, game.winner)
                plain.close()
                replayed += 1
        self.assertGreaterEqual(hands, games)
        self.assertGreater(replayed, games // 30)

    def test_hand_rewards_over_several_hands(self):
        """Games to 2000 (several hands): the rewards of a hand's last step
        are the hand's score differences (zero-sum over the seats), given
        to every agent at once, and their sum is the game's."""
        rng = random.Random(9)
        several = 0
        for preset in PRESETS:
            for k in range(scaled(2)):
                env = CanastaEnv(preset=preset, target=2000,
                                 include_view=False)
                env.reset(seed=100 + k)
                seen = [0.0] * env.num_players()
                while not env.is_terminal():
                    hands = len(env.hand_scores)
                    env.step(rng.choice(env.legal_actions()))
                    r = [env.rewards[a] for a in env.possible_agents]
                    if len(env.hand_scores) > hands:
                        scores = env.hand_scores[-1]
                        self.assertAlmostEqual(sum(r), 0.0, places=6)
                        self.assertEqual(
                            env.infos[env.possible_agents[0]]["hand_scores"],
                            scores)
                        seen = [x + y for x, y in zip(seen, r)]
                    else:
                        self.assertEqual(r, [0.0] * len(r))
                for x, y in zip(seen, env.returns()):
                    self.assertAlmostEqual(x, y, places=6)
                if len(env.hand_scores) > 1:
                    several += 1
                    self.assertEqual(env.game.hand_number,
                                     len(env.hand_scores))
        self.assertGreater(several, 0)

    def test_win_rewards(self):
        """reward="win": 0 until the end, then +1 for the winning side's
        seats and -1 for the others (the library's winner)."""
        rng = random.Random(10)
        for preset in PRESETS:
            env = CanastaEnv(preset=preset, target=1, reward="win",
                             include_view=False)
            for k in range(scaled(10)):
                env.reset(seed=k)
                while not env.is_terminal():
                    self.assertEqual(env.returns(),
                                     [0.0] * env.num_players())
                    env.step(rng.choice(env.legal_actions()))
                w = env.game.winner
                sides = [env.game.seat_side(s) if preset != "three-players"
                         else s for s in range(env.num_players())]
                self.assertEqual(env.returns(),
                                 [1.0 if s == w else -1.0 for s in sides])

    def test_declared_tie_rewards_nothing(self):
        """A declared tie (tie-rule 1) gives 0 to every seat in "win"
        mode.  Ties need equal totals, so they are rare: the search for
        one starts at game 250, where (with this library's legal-move
        order) game 262 ends in a tie; the search is bounded and the
        test skips if it finds none."""
        env = CanastaEnv(preset="two-players", target=1, tie_rule=1,
                         reward="win", include_view=False)
        for k in range(250, 250 + scaled(400, 50)):
            rng = random.Random(k)
            env.reset(seed=k)
            self.play(env, rng)
            if env.game.winner == -1:
                self.assertEqual(env.game.totals[0], env.game.totals[1])
                self.assertEqual(env.returns(), [0.0, 0.0])
                return
            self.assertEqual(sorted(env.returns()), [-1.0, 1.0])
        self.skipTest("no declared tie met")

    def test_agent_iter_protocol(self):
        """The PettingZoo loop: last() gives each agent the rewards since
        its last step; after the end every agent is stepped with None and
        leaves; the rewards seen through last() sum to returns()."""
        rng = random.Random(13)
        for preset in PRESETS:
            env = CanastaEnv(preset=preset, target=1, include_view=False)
            env.reset(seed=77)
            got = {a: 0.0 for a in env.possible_agents}
            dead = []
            for agent in env.agent_iter():
                obs, reward, term, trunc, info = env.last(observe=False)
                self.assertIsNone(obs)
                got[agent] += reward
                if term or trunc:
                    dead.append(agent)
                    env.step(None)
                else:
                    self.assertEqual(env.current_player(),
                                     int(agent.split("_")[1]))
                    env.step(rng.choice(env.legal_actions()))
            self.assertEqual(sorted(dead), sorted(env.possible_agents))
            self.assertEqual(env.agents, [])
            for seat, a in enumerate(env.possible_agents):
                self.assertAlmostEqual(got[a], env.returns()[seat], places=6)
            with self.assertRaises(ValueError):
                env.step(None)              # everyone has left

    def test_truncation(self):
        env = CanastaEnv(max_steps=30, include_view=False)
        env.reset(seed=4)
        rng = random.Random(1)
        for _ in range(30):
            env.step(rng.choice(env.legal_actions()))
        self.assertTrue(all(env.truncations.values()))
        self.assertFalse(any(env.terminations.values()))
        self.assertTrue(env.is_terminal())
        self.assertEqual(env.legal_actions(), [])
        with self.assertRaises(ValueError):
            env.step(0)                     # done: only None now
        for _ in range(4):
            env.step(None)
        self.assertEqual(env.agents, [])
        env.reset(seed=4)                   # and it plays again
        self.assertFalse(env.is_terminal())
        self.assertEqual(env.steps, 0)
        with self.assertRaises(ValueError):
            CanastaEnv(max_steps=0)

    def test_reset_is_reproducible(self):
        def run(seed):
            env = CanastaEnv(preset="three-players", include_view=False)
            env.reset(seed=seed)
            rng = random.Random(3)
            random_walk(env, rng, 300)
            return env.history(), env.returns()
        self.assertEqual(run(5), run(5))
        self.assertNotEqual(run(5)[0], run(6)[0])

    def test_arguments(self):
        with self.assertRaises(ValueError):
            CanastaEnv(preset="five-players")
        with self.assertRaises(ValueError):
            CanastaEnv(reward="points")
        with self.assertRaises(CanastaError):
            CanastaEnv(target=0)            # the library's range: 1..
        env = CanastaEnv(include_view=False)
        with self.assertRaises(ValueError):
            env.step(0)                     # no reset yet
        with self.assertRaises(ValueError):
            env.observe(4)                  # seats are 0..3
        with self.assertRaises(ValueError):
            env.observe("player_9")
        env.reset(seed=1, options={"target": 700})
        self.assertEqual(env.game.option("target"), 700)
        with self.assertRaises(CanastaError):
            env.reset(seed=2, options={"target": 0})
        self.assertEqual(env.rules.get("target"), 700)  # nothing changed
        self.assertEqual(env.game_seed, 1)
        env.reset(seed=2)
        self.assertEqual(env.game.option("target"), 700)
        self.assertEqual(env.action_space("player_0").n, NUM_ACTIONS)
        self.assertEqual(env.observation_space(0).shape, (OBS_SIZE,))
        a = env.action_space(0).sample(env.action_mask())
        self.assertIn(a, env.legal_actions())


# ----------------------------------------------------------------------
# Observations
# ----------------------------------------------------------------------
def ref_vector(env, me):
    """The vector of docs/ENV.md, written from the seat's JSON view (the
    library's A1 view) and Game.turn_state(), not from the environment's
    raw queries."""
    view = env.game.view(me)
    ts = env.game.turn_state()
    lay = cenv.OBSERVATION_LAYOUT
    v = [0] * OBS_SIZE

    def put(name, i, value):
        off, n = lay[name]
        assert 0 <= i < n, (name, i)
        v[off + i] = value

    rules = view["rules"]
    P, S = rules["players"], rules["sides"]
    table = view["table"]
    seats = table["seats"]
    my_table = seats[me]["side"]
    my_col = rules["seat_sides"][me]
    put("preset", PRESETS.index(rules["preset"]), 1)
    put("players", 0, P)
    put("sides", 0, S)
    for i, value in enumerate(rules["options"].values()):
        put("options", i, value)
    put("phase", ["draw", "play", "answer", "hand-over",
                  "game-over"].index(view["phase"]), 1)
    put("hand_number", 0, view["hand_number"])
    put("dealer", (view["dealer"] - me) % P, 1)
    put("current_seat", (view["current_seat"] - me) % P, 1)
    put("turn_seat", (view["turn_seat"] - me) % P, 1)
    put("turn_began", ["none", "stock", "pile"].index(view["turn_source"]),
        1)
    put("turn_meld_moves", 0, ts["meld_moves"])
    names = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    for r in ts["new_melds"]:
        put("turn_new_melds", names.index(r), 1)
    put("turn_melded_before", 0, int(ts["melded_before"]))
    put("permission", ["none", "asked", "yes", "no"].index(
        view["permission"]), 1)
    if view["lone_hand"] is not None:
        put("lone_hand", (view["lone_hand"] - me) % P, 1)
    put("stock_size", 0, view["stock"]["size"])
    for c in view["hands"][me]["cards"]:
        k = card_kind(c)
        put("own_hand", k, v[lay["own_hand"][0] + k] + 1)
    for s in seats:
        b = (s["seat"] - me) % P * 4
        put("seats", b, s["hand_size"])
        put("seats", b + 1, len(s["red_threes"]))
        put("seats", b + 2, int(s["side"] == my_table))
        put("seats", b + 3, 1)
    flags = ["frozen_wild", "frozen_red_three", "frozen_unopened",
             "blocked_wild", "blocked_black_three", "empty"]
    for t in table["sides"]:
        b = (t["side"] - my_table) % S * 45
        put("tables", b, int(t["opened"]))
        put("tables", b + 1, t["natural_canastas"])
        put("tables", b + 2, t["mixed_canastas"])
        for m in t["melds"]:
            at = b + 3 + (m["rank"] - 3) * 3
            put("tables", at, m["naturals"])
            put("tables", at + 1, m["twos"])
            put("tables", at + 2, m["jokers"])
        status = view["pile"]["status"][t["side"]]
        for i, f in enumerate(flags):
            put("tables", b + 39 + i, int(status[f]))
    for col in range(S):
        b = (col - my_col) % S * 9
        put("columns", b, view["totals"][col])
        seat = rules["seat_sides"].index(col)
        put("columns", b + 1, seats[seat]["opening_minimum"])
        if view["last_hand"] is not None:
            sc = view["last_hand"]["scores"][col]
            for i, item in enumerate(canasta.SCORE_ITEMS):
                put("columns", b + 2 + i, sc[item])
    pile = view["pile"]["cards"]
    put("pile_size", 0, len(pile))
    for c in pile:
        k = card_kind(c)
        put("pile_cards", k, v[lay["pile_cards"][0] + k] + 1)
    if pile:
        put("pile_top", card_kind(view["pile"]["top"]), 1)
    last = view["last_hand"]
    if last is not None:
        put("last_hand_how", ["went-out", "concealed", "red-three",
                              "stock"].index(last["how"]), 1)
        if last["seat"] is not None:
            put("last_hand_seat", (last["seat"] - me) % P, 1)
    if view["winner"] is not None:
        w = view["winner"]
        put("winner", 3 if w < 0 else (w - my_col) % S, 1)
    pm = env.partial_move if env.current_player() == me else None
    if pm:
        put("partial_kind", 0 if pm["kind"] == "meld" else 1, 1)
        put("partial_groups", 0, len(pm["groups"]))
        for i, grp in enumerate(pm["groups"]):
            for j, x in enumerate(grp):
                put("partial", i * 4 + j, x)
    return v


class ObservationTests(unittest.TestCase):
    def test_layout(self):
        at = 0
        for name, (off, n) in cenv.OBSERVATION_LAYOUT.items():
            self.assertEqual(off, at, name)
            at += n
        self.assertEqual(at, OBS_SIZE)
        self.assertEqual(OBS_SIZE, 364)         # docs/ENV.md's table

    def test_vector_is_the_documented_layout(self):
        """In sampled states of every preset (and at every game's end),
        every seat's vector equals the one written here from the seat's
        JSON view."""
        rng = random.Random(21)
        n = 0
        for preset in PRESETS:
            for env in sampled_states(preset, scaled(2), 6, rng,
                                      target=400, include_view=False):
                for seat in range(env.num_players()):
                    got = list(env.observation_vector(seat))
                    want = ref_vector(env, seat)
                    if got != want:
                        diff = [name for name, (o, k) in
                                cenv.OBSERVATION_LAYOUT.items()
                                if got[o:o + k] != want[o:o + k]]
                        self.fail("%s seat %d: fields %s differ"
                                  % (preset, seat, diff))
                    n += 1
            env = CanastaEnv(preset=preset, target=1, include_view=False)
            env.reset(seed=5)
            random_walk(env, rng, 100000)
            self.assertEqual(env.game.phase, "game-over")
            for seat in range(env.num_players()):
                self.assertEqual(list(env.observation_vector(seat)),
                                 ref_vector(env, seat))
        self.assertGreater(n, scaled(500))

    def test_observe_dict(self):
        env = CanastaEnv()
        env.reset(seed=8)
        me = env.current_player()
        for seat in range(4):
            obs = env.observe("player_%d" % seat)
            self.assertEqual(set(obs), {"observation", "action_mask", "view",
                                        "partial_move"})
            self.assertEqual(len(obs["observation"]), OBS_SIZE)
            self.assertEqual(len(obs["action_mask"]), NUM_ACTIONS)
            self.assertEqual(obs["view"]["viewer"], seat)
            for h in obs["view"]["hands"]:      # the library's A1 view
                self.assertEqual(h["cards"] is None, h["seat"] != seat)
            self.assertEqual(sum(obs["action_mask"]) > 0, seat == me)
        env2 = CanastaEnv(include_view=False)
        env2.reset(seed=8)
        self.assertNotIn("view", env2.observe(0))

    def test_partial_move_is_seen_by_its_builder_only(self):
        """A "more" step changes the builder's vector (its partial-move
        fields) and no other seat's vector (A1: the groups are cards of
        the builder's hand)."""
        rng = random.Random(30)
        done = 0
        for preset in PRESETS:
            for env in sampled_states(preset, scaled(6), 1, rng,
                                      include_view=False):
                more = [a for a in env.legal_actions() if a >= 3140]
                if not more or done >= scaled(60, 10) * (
                        PRESETS.index(preset) + 1):
                    continue
                me = env.current_player()
                before = [list(env.observation_vector(s))
                          for s in range(env.num_players())]
                a = rng.choice(more)
                env.step(a)
                self.assertEqual(env.current_player(), me)
                for s in range(env.num_players()):
                    after = list(env.observation_vector(s))
                    if s != me:
                        self.assertEqual(after, before[s])
                    else:
                        self.assertNotEqual(after, before[s])
                        off, n = cenv.OBSERVATION_LAYOUT["partial"]
                        f = action_fields(a)
                        g = len(env.pending_actions) - 1
                        self.assertEqual(
                            after[off + 4 * g:off + 4 * g + 4],
                            [f.rank, f.naturals, f.twos, f.jokers])
                for s in range(env.num_players()):
                    self.assertEqual(env.observe(s)["partial_move"] is None,
                                     s != me)
                done += 1
        self.assertGreater(done, scaled(30, 5))

    def test_array_types(self):
        env = CanastaEnv(numpy=False, include_view=False)
        env.reset(seed=1)
        vec, mask = env.observation_vector(0), env.action_mask()
        self.assertIsInstance(vec, array.array)
        self.assertEqual(vec.typecode, "i")
        self.assertIsInstance(mask, array.array)
        self.assertEqual(mask.typecode, "b")
        if not cenv.numpy_available():
            with self.assertRaises(ImportError):
                CanastaEnv(numpy=True)
            return
        import numpy
        env2 = CanastaEnv(include_view=False)       # numpy when importable
        env2.reset(seed=1)
        v2, m2 = env2.observation_vector(0), env2.action_mask()
        self.assertIsInstance(v2, numpy.ndarray)
        self.assertEqual((v2.dtype, v2.shape), (numpy.int32, (OBS_SIZE,)))
        self.assertEqual((m2.dtype, m2.shape), (numpy.int8, (NUM_ACTIONS,)))
        self.assertEqual(v2.tolist(), list(vec))
        self.assertEqual(m2.tolist(), list(mask))

    def test_numpy_path_with_a_stand_in(self):
        """Where numpy is missing, a stand-in module shows the numpy path
        is taken and gets the right values and types."""
        class FakeNumpy:
            int32, int8 = "int32", "int8"

            @staticmethod
            def array(values, dtype):
                return ("array", dtype, list(values))

            @staticmethod
            def frombuffer(data, dtype):
                class Copyable(list):
                    def copy(self):
                        return ("mask", dtype, list(self))
                return Copyable(data)
        saved = cenv._numpy
        cenv._numpy = FakeNumpy
        try:
            env = CanastaEnv(include_view=False)
            env.reset(seed=1)
            vec = env.observation_vector(0)
            mask = env.action_mask()
        finally:
            cenv._numpy = saved
        self.assertEqual(vec[:2], ("array", "int32"))
        self.assertEqual(len(vec[2]), OBS_SIZE)
        self.assertEqual(mask[:2], ("mask", "int8"))
        self.assertEqual([i for i, x in enumerate(mask[2]) if x],
                         env.legal_actions())


# ----------------------------------------------------------------------
# A1: re-dealing hidden cards changes no observation
# ----------------------------------------------------------------------
RED_THREES = ("3d", "3h")


def hidden_twin(env, viewer, rng):
    """The game with cards hidden from viewer dealt otherwise, through the
    same public moves, as the C suite's A1 test does: the current hand is
    re-dealt (Game.set_deck) with one card dealt to another seat X (one
    X still holds a copy of) swapped with an undrawn stock card of
    another kind, then the same moves are replayed (up to five swaps are
    tried: None when a move was illegal after each).  Positions: the
    deck is dealt one card at a time from the top, starting left of the
    dealer (C4), and the stock is the deck's undrawn end.  Red threes stay
    in place (they are laid out in public).  Returns (twin game, X)."""
    game = env.game
    moves = env.history()
    cut = max([i + 1 for i, m in enumerate(moves) if m.split()[1] == "next"],
              default=0)
    deck = game.deck()
    P, H, dealer = game.players, game.option("hand-size"), game.dealer
    D, stock = len(deck), game.stock_size
    X = rng.choice([s for s in range(P) if s != viewer])
    held = set(game.hand(X))    # cards X was dealt and may still hold
    dealt = [k for k in range(P * H) if (dealer + 1 + k) % P == X
             and deck[k] in held]
    undrawn = [k for k in range(D - stock, D) if deck[k] not in RED_THREES]
    pairs = [(i, j) for i in dealt for j in undrawn
             if card_kind(deck[i]) != card_kind(deck[j])]
    for _ in range(min(5, len(pairs))):
        i, j = rng.choice(pairs)
        new = list(deck)
        new[i], new[j] = new[j], new[i]
        twin = Game(seed=env.game_seed, rules=env.rules)
        try:
            for m in moves[:cut]:
                twin.apply(m)
            twin.set_deck(new)
            for m in moves[cut:]:
                twin.apply(m)
        except CanastaError:    # X played the card it no longer holds
            twin.close()
            continue
        return twin, X
    return None, X


class HiddenCardTests(unittest.TestCase):
    def test_redealt_hidden_cards_change_no_observation(self):
        """In every preset, at sampled states, for every seat: the twin's
        observation (vector, mask, partial move and view dict) is the
        real one; the swapped seat's own vector and the full state do
        change, so the comparison can fail."""
        rng = random.Random(41)
        compared = skipped = changed = 0
        for preset in PRESETS:
            for env in sampled_states(preset, scaled(1), 17, rng):
                if env.game.phase not in PLAYING:
                    continue
                for viewer in range(env.num_players()):
                    twin, X = hidden_twin(env, viewer, rng)
                    if twin is None:
                        skipped += 1
                        continue
                    tenv = CanastaEnv.from_game(twin)
                    twin.close()
                    me = env.current_player()
                    if viewer == me:            # the builder's own steps
                        for a in env.pending_actions:
                            tenv.step(a)
                    a, b = env.observe(viewer), tenv.observe(viewer)
                    self.assertEqual(list(a["observation"]),
                                     list(b["observation"]),
                                     "%s seat %d" % (preset, viewer))
                    self.assertEqual(list(a["action_mask"]),
                                     list(b["action_mask"]))
                    self.assertEqual(a["partial_move"], b["partial_move"])
                    self.assertEqual(a["view"], b["view"])
                    compared += 1
                    if (list(env.observation_vector(X))
                            != list(tenv.observation_vector(X))
                            and sorted(env.game.hand(X))
                            != sorted(tenv.game.hand(X))):
                        changed += 1
                    tenv.close()
        self.assertGreater(compared, scaled(150))
        self.assertLessEqual(skipped * 3, compared)
        self.assertEqual(changed, compared)

    def test_determinized_worlds_change_no_observation(self):
        """Game.determinize re-deals every card the seat cannot see (the
        library's function): the seat's vector and mask in the world are
        the real ones (the view dict differs there only in the world's
        missing history, so it is not compared)."""
        rng = random.Random(42)
        compared = differs = 0
        for preset in PRESETS:
            for env in sampled_states(preset, scaled(1), 13, rng,
                                      include_view=False):
                if env.game.phase not in PLAYING:
                    continue
                me = env.current_player()
                for viewer in range(env.num_players()):
                    world = env.game.determinize(viewer, rng.randrange(1000))
                    wenv = CanastaEnv.from_game(world, include_view=False)
                    if viewer == me:
                        for a in env.pending_actions:
                            wenv.step(a)
                    self.assertEqual(list(env.observation_vector(viewer)),
                                     list(wenv.observation_vector(viewer)))
                    self.assertEqual(list(env.action_mask(viewer)),
                                     list(wenv.action_mask(viewer)))
                    others = [s for s in range(env.num_players())
                              if s != viewer]
                    if any(sorted(world.hand(s)) != sorted(env.game.hand(s))
                           for s in others):
                        differs += 1
                    compared += 1
                    world.close()
                    wenv.close()
        self.assertGreater(compared, scaled(150))
        self.assertGreater(differs * 10, compared * 9)


# ----------------------------------------------------------------------
# What the observation keeps between steps is never stale
# ----------------------------------------------------------------------
def fresh_vectors(env):
    """Every seat's vector from an environment that has just started from
    a copy of env's game (its first vector asks the library for
    everything), after the same steps of the move being built."""
    fresh = CanastaEnv.from_game(env.game, include_view=False)
    for a in env.pending_actions:
        fresh.step(a)
    out = [list(fresh.observation_vector(s))
           for s in range(fresh.num_players())]
    fresh.close()
    return out


class KeptPartsTests(unittest.TestCase):
    def test_kept_parts_are_never_stale(self):
        """At every step of random games of every preset (up to 1200 steps:
        several hands), every seat's vector is the one of an
        environment that has just started from the same game.  In every
        other game the vectors are asked at every step; in the others only
        at one step in five and for one seat, so that several moves of
        several seats come between two refreshes.  Both ways of refreshing
        (everything; only the tables and red threes the moves touched)
        are taken, and X3's lone hand is met."""
        rng = random.Random(60)
        checked = refreshes = full = lone = hands = 0
        for preset in PRESETS:
            for k in range(scaled(2, 2)):
                env = CanastaEnv(preset=preset, include_view=False)
                env.reset(seed=rng.randrange(1 << 64))
                every = k % 2 == 0
                for _ in range(1200):
                    if env.is_terminal():
                        break
                    if every or rng.random() < 0.2:
                        want = fresh_vectors(env)
                        seats = (range(env.num_players()) if every else
                                 [rng.randrange(env.num_players())])
                        for seat in seats:
                            got = list(env.observation_vector(seat))
                            if got != want[seat]:
                                diff = [n for n, (o, m) in
                                        cenv.OBSERVATION_LAYOUT.items()
                                        if got[o:o + m] != want[seat][o:o + m]]
                                self.fail("%s, step %d, seat %d: fields %s "
                                          "differ" % (preset, env.steps,
                                                      seat, diff))
                            checked += 1
                    if env.game.lone_hand is not None:
                        lone += 1
                    env.step(rng.choice(env.legal_actions()))
                refreshes += env._observer.refreshes
                full += env._observer.full_refreshes
                hands += env.game.hand_number
                env.close()
        self.assertGreater(checked, 10000)
        self.assertGreater(refreshes - full, 500)   # the moves' own
        self.assertGreater(full, hands)         # new hands, ends, start
        self.assertGreater(lone, 0)
        self.assertLess(refreshes * 2, checked)  # the kept parts are used


# ----------------------------------------------------------------------
# The binding's guarantees hold through the environment
# ----------------------------------------------------------------------
class SafetyTests(unittest.TestCase):
    def test_a_closed_game_raises(self):
        """Closing the environment's game (env.game.close()) makes every
        call that needs it raise ValueError, never crash; reset() deals
        a new one."""
        env = CanastaEnv(include_view=False)
        env.reset(seed=12)
        env.step(env.legal_actions()[0])
        env.game.close()
        for call in (lambda: env.observation_vector(0),
                     lambda: env.observe(1), env.action_mask,
                     env.legal_actions, lambda: env.step(6),
                     lambda: env.step(0), env.clone):
            with self.assertRaises(ValueError):
                call()
        env.reset(seed=12)
        self.assertEqual(len(env.observation_vector(0)), OBS_SIZE)
        env.close()
        with self.assertRaises(ValueError):
            env.observation_vector(0)

    def test_close_waits_for_an_observation(self):
        """A thread is inside a library call of an observation when
        another closes the game: close() waits until the observation is
        done (the lock is held for the whole batch), the observation is
        right, and later calls raise ValueError."""
        env = CanastaEnv(include_view=False)
        env.reset(seed=13)
        random_walk(env, random.Random(13), 25)
        want = fresh_vectors(env)[2]    # env itself has asked nothing yet
        real = env._observer._r
        inside, go = threading.Event(), threading.Event()

        class Paused:
            def __getattr__(self, name):
                f = getattr(real, name)
                if name != "turn_state":    # in the middle of the batch
                    return f

                def paused(*args):
                    inside.set()
                    go.wait(10.0)
                    return f(*args)
                return paused
        env._observer._r = Paused()
        box = {}
        t = threading.Thread(target=lambda: box.setdefault(
            "got", list(env.observation_vector(2))), daemon=True)
        t.start()
        self.assertTrue(inside.wait(10.0))
        game = env.game
        started = threading.Event()

        def close():
            started.set()
            game.close()
        closer = threading.Thread(target=close, daemon=True)
        closer.start()
        self.assertTrue(started.wait(10.0))
        closer.join(0.3)
        self.assertTrue(closer.is_alive(), "close() did not wait")
        go.set()
        t.join(10.0)
        closer.join(10.0)
        self.assertFalse(t.is_alive() or closer.is_alive())
        self.assertEqual(box.get("got"), want)
        with self.assertRaises(ValueError):
            env.observation_vector(2)

    def test_batch_interface(self):
        """canasta._internal.batch: one lock for a batch; a closed game, a
        non-game and a batch inside a batch of the same game raise."""
        from canasta import _internal
        g = Game(seed=14)
        with _internal.batch(g) as h:
            self.assertIsInstance(h, int)
            self.assertNotEqual(h, 0)
            with self.assertRaises(RuntimeError):
                g.hand(0)               # the game's lock is held
        self.assertEqual(len(g.hand(0)), 11)    # and released after
        with self.assertRaises(TypeError):
            _internal.batch("a game")
        g.close()
        with self.assertRaises(ValueError):
            with _internal.batch(g):
                pass

    def test_seats_and_types(self):
        """Seats out of range and non-int seats are refused before any
        call (ValueError, TypeError), as the binding's own are."""
        env = CanastaEnv(preset="two-players", include_view=False)
        env.reset(seed=15)
        for bad in (2, -1, 2 ** 32, 2 ** 64 + 1):
            with self.assertRaises(ValueError):
                env.observation_vector(bad)
        for bad in (1.0, None, True, [0]):
            with self.assertRaises(TypeError):
                env.observation_vector(bad)
        with self.assertRaises(ValueError):
            env.observation_vector("player_2")  # an agent it does not have
        self.assertEqual(len(env.observation_vector(1)), OBS_SIZE)


class CloneTests(unittest.TestCase):
    def test_from_a_finished_game(self):
        env = CanastaEnv(target=1, reward="win", include_view=False)
        env.reset(seed=3)
        random_walk(env, random.Random(3), 100000)
        done = CanastaEnv.from_game(env.game, reward="win",
                                    include_view=False)
        self.assertTrue(done.is_terminal())
        self.assertTrue(all(done.terminations.values()))
        self.assertEqual(done.returns(), [0.0] * 4)  # no reward twice
        self.assertEqual(done.legal_actions(), [])
        self.assertTrue(done.game == env.game)

    def test_clone_is_independent(self):
        rng = random.Random(50)
        env = CanastaEnv(include_view=False)
        env.reset(seed=50)
        random_walk(env, rng, 40)
        c = env.clone()
        self.assertEqual(c.history(), env.history())
        self.assertEqual(c.legal_actions(), env.legal_actions())
        self.assertEqual(list(c.observation_vector(1)),
                         list(env.observation_vector(1)))
        mine = env.history()
        random_walk(c, rng, 20)
        self.assertNotEqual(c.history(), env.history())
        self.assertEqual(env.history(), mine)       # the original stays
        env.reset(seed=1, options={"target": 900})  # c keeps its own rules
        self.assertEqual(c.game.option("target"), 5000)
        random_walk(c, rng, 5)


if __name__ == "__main__":
    unittest.main(verbosity=2)
