-- Web Push (issue 20 item 3, decision 035): the browsers that asked for pushes, the user's per-kind switches, which
-- one-time notices each user has had, and the outbox of encrypted messages still to deliver.

-- One row per browser: its push service endpoint and the keys its messages are encrypted for. An endpoint belongs
-- to whoever subscribed it last (a shared browser follows its signed-in user), and lasts as long as the session it
-- was stored in: signing out (or a password change ending the session) stops that browser's pushes.
create table push_subscriptions (
  id bigint generated always as identity primary key,
  user_id uuid not null references users (id) on delete cascade,
  session_id_hash text not null references sessions (id_hash) on delete cascade,
  endpoint text not null unique check (char_length(endpoint) <= 1024),
  p256dh text not null check (char_length(p256dh) between 87 and 88),
  auth text not null check (char_length(auth) between 22 and 24),
  created_at timestamptz not null default now()
);
create index push_subscriptions_user on push_subscriptions (user_id);

-- Every kind is on until the user turns it off; no row means all on. Pushes go only to subscribed browsers anyway.
create table push_settings (
  user_id uuid primary key references users (id) on delete cascade,
  outbid boolean not null default true,
  favourites boolean not null default true,
  won boolean not null default true,
  sent boolean not null default true
);

-- What a user was told about an auction, once per kind (the win e-mail rides on 'won'). The primary key decides,
-- whichever process inserts first sends; an outbid notice is renewed at most once a minute per auction.
create table push_notices (
  user_id uuid not null references users (id) on delete cascade,
  auction_id bigint not null references auctions (id) on delete cascade,
  kind text not null check (kind in ('outbid', 'favouriteStarted', 'favouriteEnding', 'won', 'sent')),
  noticed_at timestamptz not null default now(),
  primary key (user_id, auction_id, kind)
);

-- Messages waiting for their push service: delivered and deleted, retried with a growing pause, or gone with their
-- subscription when the push service answers 404/410.
create table push_outbox (
  id bigint generated always as identity primary key,
  subscription_id bigint not null references push_subscriptions (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  payload jsonb not null,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  created_at timestamptz not null default now()
);
create index push_outbox_due on push_outbox (next_attempt_at);
