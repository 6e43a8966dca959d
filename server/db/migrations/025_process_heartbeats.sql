-- The back office's System page (issue 57 item 5, decision 089): each server process writes a small summary of
-- itself here every few seconds (its sockets, bids, acknowledgement times, HTTP errors, jobs, Redis), so that any
-- process can show every process of the installation, over PostgreSQL and Redis as on PGlite. A process that has not
-- written for a while is gone; its row is dropped by the next process that writes.
create table process_heartbeats (
  id text primary key check (char_length(id) between 1 and 200),
  started_at timestamptz not null,
  seen_at timestamptz not null,
  summary jsonb not null
);
create index process_heartbeats_seen on process_heartbeats (seen_at);
