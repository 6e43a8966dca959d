// The SQL that picks an auction's texts in a reader's language. The auctions' reads, the wallet's statement, the
// deliveries, the pushes, the reviews and the operators' views all name auctions by it; it imports no domain, so each
// of them may (decision 107).
import type { Language } from "../contract";

/**
 * The texts of auction `a` in `language`, each falling back in SPEC.md's order (en, lv, ru) when that language lacks
 * it (decision 030): the title of the first language the auction has, the first description that is not empty. The
 * order is fixed text picked by the language, as `orderBy` picks a sort. Without a language, the catalogue title
 * (`auctions.title`, the first in that order): what the feed sends, the same to every socket.
 */
const fallbackOrder = (languageSql: string) => `array_position(array[${languageSql}, 'en', 'lv', 'ru'], t.language)`;
/** The title in the language `languageSql` names: a column holding one (`u.language`), or quoted by `titleIn`. */
export const titleFor = (languageSql: string): string =>
  `coalesce((select t.title from auction_texts t where t.auction_id = a.id order by ${fallbackOrder(languageSql)} limit 1), a.title)`;
export const titleIn = (language: Language): string => titleFor(`'${language}'`);
export const descriptionIn = (language: Language): string =>
  `coalesce((select t.description from auction_texts t where t.auction_id = a.id and t.description <> '' order by ${fallbackOrder(`'${language}'`)} limit 1), '')`;
