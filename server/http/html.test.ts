import { describe, expect, it } from "vitest";
import { escapeHtml } from "./html";

describe("escapeHtml", () => {
  it("writes each character that could end an element or an attribute as its entity, every time it occurs", () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a> & <b>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt; &amp; &lt;b&gt;",
    );
  });

  it("leaves other text as it is, letters of any script included", () => {
    expect(escapeHtml("Maksājums · Платёж 12,50 €")).toBe("Maksājums · Платёж 12,50 €");
    expect(escapeHtml("")).toBe("");
  });
});
