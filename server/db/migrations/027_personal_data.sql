-- Personal data (issue 53, decisions 092-094). A date of birth, asked at sign-up and, for accounts older than that
-- question, before their next enrolment. An account closed at its owner's request keeps its row (the ledger, the
-- payments, the bids and their hash chain refer to its random id) with the personal data erased: the name and the
-- e-mail may be blank then, and the e-mail and display-name keys become the id's, free for anyone to take again.
alter table users add column date_of_birth date check (date_of_birth between date '1900-01-01' and date '2100-01-01');
alter table users add column deleted_at timestamptz;
alter table users drop constraint users_first_name_check;
alter table users add constraint users_first_name_check
  check (char_length(first_name) <= 25 and (char_length(first_name) >= 1 or deleted_at is not null));
alter table users drop constraint users_last_name_check;
alter table users add constraint users_last_name_check
  check (char_length(last_name) <= 25 and (char_length(last_name) >= 1 or deleted_at is not null));

-- place_bid refuses a closed account, and waits for a closing that is under way (the closing holds the same lock
-- exclusively): a bid racing a deletion either lands before it, seen by it, or is refused. The lock is taken in a
-- statement of its own, so the bid's statement after it reads the account as the closing left it.
drop function if exists place_bid(bigint, uuid, timestamptz, text, boolean, int, int);

-- Its body: server/db/functions/place_bid.sql (decision 099).
