-- Staff notes on a player (the back office's player page,
-- docs/backoffice.md): who wrote what and when. Append-only like the audit
-- log: a wrong note is corrected by a new one.
CREATE TABLE staff_player_notes (
    id         INTEGER PRIMARY KEY,
    player_id  INTEGER NOT NULL REFERENCES users(id),
    staff_id   INTEGER NOT NULL REFERENCES staff(id),
    author     TEXT NOT NULL,
    body       TEXT NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
    created_at TEXT NOT NULL
);
CREATE INDEX staff_player_notes_player ON staff_player_notes(player_id, id);

CREATE TRIGGER staff_player_notes_no_update BEFORE UPDATE ON staff_player_notes
BEGIN SELECT RAISE(ABORT, 'staff_player_notes is append-only'); END;
CREATE TRIGGER staff_player_notes_no_delete BEFORE DELETE ON staff_player_notes
BEGIN SELECT RAISE(ABORT, 'staff_player_notes is append-only'); END;
