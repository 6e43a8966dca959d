-- The win moment: when the winner has seen their win (closed the "You won!" dialog or went on to pay). Until then
-- every device of theirs shows the dialog; the time follows the user across devices, so it lives here.
alter table fulfilments add column seen_at timestamptz;

-- Wins from before the dialog existed are old news: their winners have had the won-auctions page all along.
update fulfilments set seen_at = created_at;
