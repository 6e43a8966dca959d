import { act, render, screen } from "@testing-library/react";
import { createInstance } from "i18next";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "../lib/i18n";
import { useTexts, type Texts } from "./use-texts";

afterEach(async () => {
  await act(() => i18n.changeLanguage("en"));
});

/** Shows a text and a counted one, and hands each render's `Texts` to `seen`. */
function Shown({ seen }: { seen: Texts[] }) {
  const texts = useTexts();
  seen.push(texts);
  return (
    <p>
      {texts.t("auction.currentPrice")} / {texts.t("auction.days", { days: 2 })} / {texts.language}
    </p>
  );
}

describe("the interface's texts", () => {
  it("writes in the active language, and re-renders once when it changes", async () => {
    const seen: Texts[] = [];
    const { rerender } = render(<Shown seen={seen} />);
    expect(screen.getByText("Current price / 2 d / en")).toBeInTheDocument();

    // A render for another reason hands down the very same texts (what memoised parts compare).
    rerender(<Shown seen={seen} />);
    expect(seen).toHaveLength(2);
    expect(seen[1]).toBe(seen[0]);

    await act(() => i18n.changeLanguage("lv"));
    expect(screen.getByText("Pašreizējā cena / 2 d. / lv")).toBeInTheDocument();
    expect(seen).toHaveLength(3);
    expect(seen[2]?.i18n).toBe(i18n);
  });

  it("keeps what it wrote only until i18next's texts change: a text loaded later is written at its next call", () => {
    const seen: Texts[] = [];
    render(<Shown seen={seen} />);
    const { t } = seen[0] ?? {};
    expect(t?.("test.later", { n: 1 })).toBe("test.later");
    expect(t?.("test.later", { n: 1 })).toBe("test.later");
    // (Only this file's page instance gets the text: each test file has its own.)
    i18n.addResource("en", "translation", "test.later", "Loaded {{n}}");
    expect(t?.("test.later", { n: 1 })).toBe("Loaded 1");
    expect(t?.("test.later", { n: 2 })).toBe("Loaded 2");
  });

  it("reads the instance a render provides (the server's first screen has its own)", () => {
    const own = createInstance({
      lng: "ru",
      resources: { ru: { translation: { auction: { currentPrice: "Текущая цена", days: "{{days}} д." } } } },
      initAsync: false,
    });
    void own.init();
    const seen: Texts[] = [];
    render(
      <I18nextProvider i18n={own}>
        <Shown seen={seen} />
      </I18nextProvider>,
    );
    expect(screen.getByText("Текущая цена / 2 д. / ru")).toBeInTheDocument();
    expect(seen[0]?.i18n).toBe(own);
    // The page's own instance is left as it was.
    expect(i18n.language).toBe("en");
  });
});
