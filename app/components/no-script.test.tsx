import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { NoScript, NoScriptNav } from "./no-script";

describe("NoScript (decision 185)", () => {
  it("server-renders what a shopper without JavaScript needs inside <noscript>", () => {
    const html = renderToString(
      <form>
        <NoScript>
          <button type="submit">Sort</button>
        </NoScript>
      </form>,
    );
    expect(html).toBe('<form><noscript><button type="submit">Sort</button></noscript></form>');
  });

  it("NoScriptNav server-renders its links inside a nav inside <noscript>, with the nav's attributes (decisions 187, 192)", () => {
    const html = renderToString(
      <NoScriptNav aria-label="Main" className="absolute">
        <a href="/contact">Contact</a>
      </NoScriptNav>,
    );
    expect(html).toBe('<noscript><nav aria-label="Main" class="absolute"><a href="/contact">Contact</a></nav></noscript>');
  });
});
