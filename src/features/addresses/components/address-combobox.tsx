// The delivery address field with suggestions while typing: an ARIA combobox (input + listbox). Arrow keys move
// through the suggestions, Enter picks one, Escape closes the list; a click picks one too. Free text stays allowed.
import { forwardRef, useId, useState, type KeyboardEvent } from "react";
import { useTexts } from "../../../hooks/use-texts";
import { Field, fieldDescribedBy, inputClassName } from "../../../components/ui/form";
import { useAddressSuggestions } from "../api/address-suggestions";

type AddressComboboxProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string | undefined;
  hint?: string;
  disabled?: boolean;
};

export const AddressCombobox = forwardRef<HTMLInputElement, AddressComboboxProps>(function AddressCombobox(
  { label, value, onChange, onBlur, error, hint, disabled },
  ref,
) {
  const { t } = useTexts();
  const id = useId();
  const listId = `${id}-suggestions`;
  const [isTyping, setIsTyping] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const suggestions = useAddressSuggestions(value, isTyping);
  const isOpen = isTyping && suggestions.length > 0;
  const optionId = (index: number) => `${id}-option-${index}`;

  const choose = (label: string) => {
    onChange(label);
    setIsTyping(false);
    setActiveIndex(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!isOpen) {
        setIsTyping(true);
        return;
      }
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActiveIndex((index) => (index + step + suggestions.length) % suggestions.length);
    } else if (event.key === "Enter" && isOpen && activeIndex >= 0) {
      event.preventDefault();
      choose(suggestions[activeIndex]!.label);
    } else if (event.key === "Escape" && isOpen) {
      event.preventDefault();
      setIsTyping(false);
      setActiveIndex(-1);
    }
  };

  return (
    <Field id={id} label={label} error={error} hint={hint} className="relative">
      <input
        ref={ref}
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={isOpen}
        aria-controls={listId}
        aria-activedescendant={isOpen && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescribedBy(id, error, hint)}
        value={value}
        disabled={disabled}
        onChange={(event) => {
          onChange(event.target.value);
          setIsTyping(true);
          setActiveIndex(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setIsTyping(false);
          onBlur();
        }}
        className={`${inputClassName} disabled:opacity-60`}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={t("fulfilment.form.suggestions")}
        hidden={!isOpen}
        className="absolute top-[calc(100%+4px)] right-0 left-0 z-20 max-h-72 overflow-auto rounded-xl border border-line bg-surface py-1 shadow-xl"
      >
        {isOpen &&
          suggestions.map((suggestion, index) => (
            <li
              key={suggestion.label}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              // Keep the focus in the field: the click picks, the blur does not close first.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(suggestion.label)}
              onMouseMove={() => setActiveIndex(index)}
              className="cursor-pointer px-3.5 py-2 text-[15px] aria-selected:bg-primary-50 aria-selected:text-primary-800 dark:aria-selected:bg-primary-900/40 dark:aria-selected:text-primary-100"
            >
              {suggestion.label}
            </li>
          ))}
      </ul>
    </Field>
  );
});
