"""The learning environment's speed (canasta.env), for "make bench".

Prints, as bench/bench does ("bench <name> <value> <unit>"):

    bench py_env_steps_per_s N steps/s
        a random agent on the classic game (one-hand games, target 1, so
        resets are part of it): every step asks for the mask
        (action_mask) and the legal ids, draws one uniformly and steps;
    bench py_env_observed_steps_per_s N steps/s
        the same, also building the deciding seat's observation vector
        each step (no view dict), as a learning agent does;
    bench py_env_observe_us N us
        the mean time of one of those vectors.

The goal is 10,000 steps a second for both (docs/ENV.md, "Speed").

Each figure runs for CANASTA_BENCH_SECONDS (default 2) after a short
warm-up; the best of CANASTA_BENCH_ROUNDS (default 3) rounds is printed
(a loaded machine only slows a round down).  Progress goes to stderr.
Usage: CANASTA_LIBRARY=/path/libcanasta.so python3 bench_env.py
"""
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from canasta.env import CanastaEnv  # noqa: E402


def run(seconds, observe, seed):
    """(steps, observations, seconds spent in observations, wall time)."""
    env = CanastaEnv(preset="classic", target=1, include_view=False)
    rng = random.Random(seed)
    steps = obs = game = 0
    obs_time = 0.0
    clock = time.perf_counter
    start = clock()
    end = start + seconds
    while clock() < end:
        env.reset(seed=seed * 100003 + game)
        game += 1
        while not env.is_terminal():
            env.action_mask()
            if observe:
                t = clock()
                env.observation_vector(env.current_player())
                obs_time += clock() - t
                obs += 1
            env.step(rng.choice(env.legal_actions()))
            steps += 1
    wall = clock() - start
    env.close()
    return steps, obs, obs_time, wall


def main():
    seconds = float(os.environ.get("CANASTA_BENCH_SECONDS", "2"))
    rounds = int(os.environ.get("CANASTA_BENCH_ROUNDS", "3"))
    run(0.2, True, 0)                   # warm-up
    best_plain = best_observed = 0.0
    best_obs_us = float("inf")
    for r in range(rounds):
        steps, _, _, wall = run(seconds, False, r + 1)
        plain = steps / wall
        steps, obs, obs_time, wall = run(seconds, True, r + 1)
        observed, obs_us = steps / wall, obs_time / obs * 1e6
        print("bench_env: round %d: %.0f steps/s, %.0f with observations "
              "(%.1f us each)" % (r + 1, plain, observed, obs_us),
              file=sys.stderr)
        best_plain = max(best_plain, plain)
        best_observed = max(best_observed, observed)
        best_obs_us = min(best_obs_us, obs_us)
    print("bench py_env_steps_per_s %.0f steps/s" % best_plain)
    print("bench py_env_observed_steps_per_s %.0f steps/s" % best_observed)
    print("bench py_env_observe_us %.1f us" % best_obs_us)


if __name__ == "__main__":
    main()
