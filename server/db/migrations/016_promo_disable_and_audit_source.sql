-- Issue 19, second slice (decision 029). A promo code can be disabled: it stays (paid fulfilments and redemptions
-- name it) but is refused at payment from then on. The operators' log says where each action came from: 'web' (an
-- operator signed in, the back office), 'cli' (the ops CLI, through the API's local key or the database directly)
-- or 'system' (the server itself, such as the demo seed); and it is read newest first.
alter table promo_codes add column disabled_at timestamptz;

alter table operator_actions
  add column source text not null default 'web' check (source in ('web', 'cli', 'system'));
update operator_actions set source = case when actor = 'ops-cli' then 'cli' when actor like '%@%' then 'web' else 'system' end;
alter table operator_actions alter column source drop default;

create index operator_actions_newest on operator_actions (created_at desc, id desc);
