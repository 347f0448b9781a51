"""SYNC: the synchronous club game, every team answers in writing (RULES.md SYNC-1..SYNC-11).

Modules: ``club`` (team sizes, the duty rotation, the proposed number of team questions),
``scoring`` (points, marks, totals, shoot-out, winners), ``jury`` (who judges an appeal and its
majority). The decider that plays a game composes them with the shared sub-deciders (the
roster, the clock, the written-answer intake and the judging queue).
"""
