-- The roll-ups' watermark (0029: one row, the last UTC day the roll-ups hold) holds nothing of any
-- organisation. A member reads it, as the staff do, so that a member's dashboard reads the whole
-- months and rolled-up days from the roll-ups of their locations instead of every day's counts
-- (docs/performance/member-cost.md). Read only, and only within a member's scope: no member changes it,
-- and a member's role without a scope still sees no row of any table.
-- Written by hand.
CREATE POLICY member_reads ON shot_rollup_state FOR SELECT TO scentia_member
  USING ((SELECT scentia_member_organization()) IS NOT NULL);
