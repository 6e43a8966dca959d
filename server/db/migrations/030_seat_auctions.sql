-- Seat auctions (issue 55 item 3, decision 102). Per auction, both optional:
-- - max_seats: enrolment closes once this many bidders have enrolled ("Sold out: 40 of 40 seats");
-- - min_seats: an auction with fewer enrolled at its start is canceled by the lifecycle instead of starting, every entry
--   fee refunded in the same transaction; `seats_short_at` is when, and what the notices to its bidders (push and
--   e-mail, kind 'seatsShort') follow.
-- `seats_taken` counts the enrolments, kept by `enrol` under the auction's row lock, so cards read it without a count
-- and the last seat is decided on the locked row; the check holds the limit in the database too.
alter table auctions
  add column min_seats integer check (min_seats between 1 and 100000),
  add column max_seats integer check (max_seats between 1 and 100000),
  add column seats_taken integer not null default 0 check (seats_taken >= 0),
  add column seats_short_at timestamptz,
  add constraint auctions_seats_range check (min_seats <= max_seats),
  add constraint auctions_seats_taken check (seats_taken <= max_seats);

update auctions a set seats_taken = (select count(*) from enrolments e where e.auction_id = a.id);

alter table push_notices drop constraint push_notices_kind_check,
  add constraint push_notices_kind_check check (kind in ('outbid', 'favouriteStarted', 'favouriteEnding', 'won', 'sent', 'seatsShort'));
