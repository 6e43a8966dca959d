-- Guided tours: each user's progress per tour (SPEC.md §3). A tour never seen has no row: step 0, not completed.
create table tour_progress (
  user_id uuid not null references users (id) on delete cascade,
  tour_name text not null check (tour_name in ('MainPage', 'AccountPopover', 'SettingsPopover')),
  current_step integer not null default 0 check (current_step between 0 and 50),
  is_completed boolean not null default false,
  updated_at timestamptz not null default now(),
  primary key (user_id, tour_name)
);
