// Pictures chosen from the device, kept in order as data URLs: thumbnails, each removable and, where the order matters,
// movable earlier or later with buttons (keyboard and touch alike). One picker for the back office's product pictures
// and a review's photos; each caller says in its own words what the picker refuses and what it is for.
import { useEffect, useId, useRef, type ReactNode } from "react";
import { iconButtonClassName } from "./button";
import { ChevronLeftGlyph, ChevronRightGlyph, CloseGlyph } from "./icons";

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("unreadable"));
    reader.readAsDataURL(file);
  });

/** Why files cannot be added: one too many, a type not taken, a file too large. */
export type PictureProblem = "tooMany" | "type" | "size";

export type PictureRules = { max: number; accepted: readonly string[]; maxBytes: number };

/** What stops `files` being added to `count` pictures under `rules`, in that order, or null. */
export function pictureProblem(files: readonly File[], count: number, { max, accepted, maxBytes }: PictureRules): PictureProblem | null {
  if (count + files.length > max) return "tooMany";
  if (files.some((file) => !accepted.includes(file.type))) return "type";
  if (files.some((file) => file.size > maxBytes)) return "size";
  return null;
}

/** `pictures` with the one at `from` moved to `to`. */
export const movePicture = (pictures: string[], from: number, to: number): string[] => {
  const moved = [...pictures];
  const [picture] = moved.splice(from, 1);
  moved.splice(to, 0, picture!);
  return moved;
};

type Direction = "earlier" | "later";

export type PicturePickerTexts = {
  legend: string;
  add: string;
  /** The list's name, where the order means something to the reader. */
  list?: string | undefined;
  picture: (number: number) => string;
  remove: (number: number) => string;
  /** Given, each picture gets buttons that move it earlier or later. */
  move?: ((number: number, direction: Direction) => string) | undefined;
};

export function PicturePicker({
  value,
  onChange,
  rules,
  texts,
  onProblem,
  describedBy,
  children,
}: {
  value: string[];
  onChange: (pictures: string[]) => void;
  rules: PictureRules;
  texts: PicturePickerTexts;
  /** Told on each choice: the problem that kept the files out, or null when they were taken. */
  onProblem: (problem: PictureProblem | null) => void;
  /** The id of what describes the file input (the hint or the error below it). */
  describedBy: string | undefined;
  /** Below the picker: its hint or its error. */
  children: ReactNode;
}) {
  const id = useId();
  // Focus follows the moved picture: its button of the same direction, or the other one once it reaches an end.
  const moveButtons = useRef(new Map<string, HTMLButtonElement>());
  const moved = useRef<{ index: number; direction: Direction } | null>(null);
  useEffect(() => {
    if (!moved.current) return;
    const { index, direction } = moved.current;
    moved.current = null;
    const same = moveButtons.current.get(`${index}-${direction}`);
    const other = moveButtons.current.get(`${index}-${direction === "earlier" ? "later" : "earlier"}`);
    (same && !same.disabled ? same : other)?.focus();
  }, [value]);

  const add = async (files: FileList | null) => {
    const chosen = [...(files ?? [])];
    const problem = pictureProblem(chosen, value.length, rules);
    onProblem(problem);
    if (!problem) onChange([...value, ...(await Promise.all(chosen.map(readAsDataUrl)))]);
  };
  const moveButton = (index: number, direction: Direction, label: string) => (
    <button
      type="button"
      ref={(button) => {
        if (button) moveButtons.current.set(`${index}-${direction}`, button);
        else moveButtons.current.delete(`${index}-${direction}`);
      }}
      disabled={direction === "earlier" ? index === 0 : index === value.length - 1}
      onClick={() => {
        const to = direction === "earlier" ? index - 1 : index + 1;
        moved.current = { index: to, direction };
        onChange(movePicture(value, index, to));
      }}
      aria-label={label}
      className={iconButtonClassName("size-10 border border-line bg-surface disabled:opacity-40 disabled:hover:bg-transparent")}
    >
      {direction === "earlier" ? <ChevronLeftGlyph className="size-4" /> : <ChevronRightGlyph className="size-4" />}
    </button>
  );

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium">{texts.legend}</legend>
      {value.length > 0 && (
        <ul aria-label={texts.list} className="flex flex-wrap gap-3">
          {value.map((src, index) => (
            <li key={`${index}-${src.slice(-16)}`} className="relative flex flex-col items-center gap-1">
              <img src={src} alt={texts.picture(index + 1)} className="size-20 rounded-xl border border-line object-cover" />
              {texts.move && value.length > 1 && (
                <div className="flex gap-1">
                  {moveButton(index, "earlier", texts.move(index + 1, "earlier"))}
                  {moveButton(index, "later", texts.move(index + 1, "later"))}
                </div>
              )}
              <button
                type="button"
                onClick={() => onChange(value.filter((_, i) => i !== index))}
                aria-label={texts.remove(index + 1)}
                className={iconButtonClassName("absolute -top-2 -right-2 size-8 border border-line bg-surface shadow-sm")}
              >
                <CloseGlyph className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {value.length < rules.max && (
        <div>
          <label
            htmlFor={id}
            className="inline-flex h-10 cursor-pointer items-center rounded-full border border-line bg-surface px-4 text-sm font-semibold focus-within:ring-3 focus-within:ring-primary-500/40 hover:border-primary-400"
          >
            {texts.add}
            <input
              id={id}
              type="file"
              accept={rules.accepted.join(",")}
              multiple
              className="sr-only"
              aria-describedby={describedBy}
              onChange={(event) => {
                void add(event.target.files);
                event.target.value = "";
              }}
            />
          </label>
        </div>
      )}
      {children}
    </fieldset>
  );
}
