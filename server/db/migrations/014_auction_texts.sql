-- An auction's title and description in each language it has (issue 19 item 7, decision 030): one row per language,
-- in a table of their own, so the auction's row (which every bid updates) carries none of them.
--
-- `auctions.title` stays: it is the catalogue title, the text of the first language in SPEC.md's fallback order
-- (en, lv, ru) that the auction has, kept so by the trigger below. Operators' lists, ledger lines and place_bid
-- (migration 013, unchanged) read it; bidders are shown the texts of their own language.
create table auction_texts (
  auction_id bigint not null references auctions (id) on delete cascade,
  language text not null check (language in ('en', 'lv', 'ru')),
  title text not null check (char_length(title) between 1 and 120),
  description text not null default '' check (char_length(description) <= 4000),
  primary key (auction_id, language)
);

-- Existing auctions keep their text, as the language it is written in: Cyrillic is Russian, Latvian letters Latvian,
-- anything else English.
insert into auction_texts (auction_id, language, title, description)
select id,
       case when (title || description) ~ '[А-Яа-яЁё]' then 'ru'
            when (title || description) ~ '[āčēģīķļņšūžĀČĒĢĪĶĻŅŠŪŽ]' then 'lv'
            else 'en' end,
       title, description
from auctions;

alter table auctions drop column description;

create function auction_catalogue_title() returns trigger language plpgsql as $$
declare
  changed bigint := case when tg_op = 'DELETE' then old.auction_id else new.auction_id end;
begin
  update auctions a set title = t.title
  from (select title from auction_texts where auction_id = changed
        order by array_position(array['en', 'lv', 'ru'], language) limit 1) t
  where a.id = changed and a.title is distinct from t.title;
  return null;
end
$$;

create trigger auction_texts_catalogue_title after insert or update or delete on auction_texts
  for each row execute function auction_catalogue_title();
