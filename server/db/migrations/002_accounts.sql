-- Accounts: e-mail + password, confirmed by a mailed link. Names and limits as SPEC.md §5 says.
create table users (
  id uuid primary key default gen_random_uuid(),
  email text not null check (char_length(email) <= 255),
  email_key text not null unique,
  password_hash text not null,
  first_name text not null check (char_length(first_name) between 1 and 25),
  last_name text not null check (char_length(last_name) between 1 and 25),
  display_name text not null check (char_length(display_name) between 1 and 25 and display_name !~ '\s'),
  display_name_key text not null unique,
  phone text not null default '' check (char_length(phone) <= 255),
  delivery_address text not null default '' check (char_length(delivery_address) <= 255),
  is_marketing_consent_given boolean not null default false,
  language text not null default 'lv' check (language in ('en', 'lv', 'ru')),
  role text not null default 'bidder' check (role in ('bidder', 'operator')),
  is_demo boolean not null default false,
  email_confirmed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Server-side sessions; only a hash of the cookie's id is stored.
create table sessions (
  id_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index sessions_user_id on sessions (user_id);

-- Single-use, expiring tokens for e-mail confirmation and password reset; stored hashed.
create table account_tokens (
  token_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  purpose text not null check (purpose in ('confirm_email', 'reset_password')),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index account_tokens_user on account_tokens (user_id, purpose);

-- Events counted by the rate limiter (sign-in failures, sign-ups, reset requests), shared by every process.
create table rate_limit_events (
  bucket text not null,
  created_at timestamptz not null default now()
);
create index rate_limit_events_bucket on rate_limit_events (bucket, created_at);

-- The outbox: every mail the product sends. Readable at /dev/mailbox outside production.
create table mails (
  id bigserial primary key,
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  language text not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
