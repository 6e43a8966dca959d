-- Facts about this installation (when demo data was seeded, and the like).
create table app_meta (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null default now()
);
