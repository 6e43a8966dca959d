-- Display names that look alike (issue 51): each user's TR39 skeleton, computed by the server
-- (server/accounts/display-names.ts) and compared at sign-up and on every rename; and a mark on the names stored
-- before today's rules refuse them, whose owners are asked to choose another. Existing rows are filled in by the
-- same module after the migrations (settleDisplayNames).
alter table users add column display_name_skeleton text;
alter table users add column display_name_needs_change boolean not null default false;
create index users_display_name_skeleton on users (display_name_skeleton, created_at);
