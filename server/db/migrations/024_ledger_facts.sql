-- Ledger lines in the reader's language (issue 52 item 5, decision 084): a line is written when it is read, from its
-- type, its auction (whose title is read in the reader's language) and the facts below; `description` stays as the
-- English record it always was, and is what a line shows when its facts do not say more (an operator's adjustment
-- gives its reason in its own words; a line from before whose facts are unknown keeps its English text).
--
-- `source`: where a top-up's money came from: a card, online banking, or the demo data's credit.
-- `promo_code`: the code a payment for a win or a Buy it now redeemed.
alter table wallet_transactions
  add column source text check (source is null or (source in ('card', 'bank', 'demo') and type = 'Payment')),
  add column promo_code text;

-- The lines already written: a top-up's method from its payment, else from the sentence it was written with; a
-- payment's code from what it paid for.
update wallet_transactions t set source = case when p.method = 'bank' then 'bank' else 'card' end
  from payments p where p.transaction_id = t.id and t.type = 'Payment';
update wallet_transactions set source = case description
    when 'Top-up by online banking' then 'bank'
    when 'Top-up by card' then 'card'
    else 'demo' end
  where type = 'Payment' and source is null
    and description in ('Top-up by online banking', 'Top-up by card', 'Welcome credit (demo data)', 'Demo credit (demo data)');
update wallet_transactions t set promo_code = c.code
  from fulfilments f join promo_codes c on c.id = f.promo_code_id where f.transaction_id = t.id;
update wallet_transactions t set promo_code = c.code
  from buy_now_purchases b join promo_codes c on c.id = b.promo_code_id where b.transaction_id = t.id;
