-- Reality checks (issue 53 item 5, decision 095).
--
-- How often the bidder wants one, in minutes: 30, 60 or 120, chosen in the profile.
alter table users add column reality_check_minutes smallint not null default 60 check (reality_check_minutes in (30, 60, 120));

-- A session's stretch of play: it starts at sign-in and again after a break of 30 minutes or more without a request
-- from the session (server/accounts/sessions.ts starts it anew when it touches `last_seen_at`). `reality_checked_at`
-- is when the bidder last answered a check in this stretch; the next one is due a chosen interval after it (or after
-- the stretch began). Both on the server, so a reload or a second tab of the same session counts the same.
alter table sessions
  add column play_started_at timestamptz not null default now(),
  add column reality_checked_at timestamptz;
