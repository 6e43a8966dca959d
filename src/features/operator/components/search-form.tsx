// A search field with its button: sent with Enter or the button, so every keystroke is not a request. Give it
// `key={value}` so that a search changed elsewhere (Back) starts the field again from it.
import { useId, useState } from "react";
import { useTexts } from "../../../hooks/use-texts";
import { Button } from "../../../components/ui/button";
import { inputClassName } from "../../../components/ui/form";
import { SearchGlyph } from "../../../components/ui/icons";

type Props = { label: string; placeholder: string; value: string; maxLength: number; onSearch: (value: string) => void };

export function SearchForm({ label, placeholder, value, maxLength, onSearch }: Props) {
  const { t } = useTexts();
  const id = useId();
  const [draft, setDraft] = useState(value);
  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft.trim());
      }}
      className="flex items-end gap-2"
    >
      <div className="relative min-w-0 flex-1">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <SearchGlyph className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-muted" />
        <input
          id={id}
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          maxLength={maxLength}
          placeholder={placeholder}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          className={`${inputClassName} w-full pl-11`}
        />
      </div>
      <Button type="submit" variant="secondary">
        {t("operator.search")}
      </Button>
    </form>
  );
}
