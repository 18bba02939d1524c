-- The bet scale of a table stake (bff/studio, docs/studio.md): amount is in
-- minor units of the stake's currency, factor of them per euro cent of the
-- table's limits (bff/betlevels). Stakes before 0014 were euro-scaled (1).
ALTER TABLE studio_table_stakes ADD COLUMN factor INTEGER NOT NULL DEFAULT 1 CHECK (factor > 0);
