-- A capsule's level, forecast and shot days are a member's when their capsule is (0041): the policy now
-- asks it as one lookup by the capsule's key, `(SELECT true FROM capsules parent WHERE parent.id = …)`,
-- instead of `EXISTS (…)`. Written by hand.
--
-- Why (docs/performance/member-cost.md): PostgreSQL plans a correlated EXISTS twice, as a lookup per row
-- and as a hash of every visible parent, and picks one when it runs; the parent (a capsule) is held by
-- its own EXISTS on its device, planned twice in turn, each with the devices' policy. A member's read
-- of levels and forecasts planned seven sub-queries for each reference; a member's sites table refers
-- to them three times, and its capsules running out took 5 ms to plan against the staff's 1 ms. The
-- plans the member's reads chose were the lookups anyway (a page's or a site's capsules, a key each).
-- The capsules' own policy keeps its EXISTS: reading every capsule of an organisation, its hash of the
-- member's devices is what runs.
--
-- Who sees what is unchanged: a capsule the member cannot see gives no row, so the sub-select is NULL,
-- which admits no row and fails a write's check, as EXISTS's false did (the capsule's key is unique:
-- never more than one row).
DO $$
DECLARE
  child text;
BEGIN
  FOREACH child IN ARRAY ARRAY['capsule_levels', 'capsule_forecasts', 'capsule_shot_days']
  LOOP
    PERFORM scentia_protect(child,
      format('(SELECT true FROM capsules parent WHERE parent.id = %I.capsule_id)', child));
  END LOOP;
END
$$;
