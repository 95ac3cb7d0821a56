import { renderToString } from "react-dom/server";
import { siApplepay, siGooglepay, siMastercard, siVisa } from "simple-icons";
import { describe, expect, it } from "vitest";
import { PaymentStrip } from "./payment-strip";

describe("PaymentStrip (spec 2.6 'We accept')", () => {
  it("draws each card and wallet with its real mark from simple-icons, not text or plain circles (issue 51)", () => {
    const html = renderToString(<PaymentStrip methods={["mastercard", "visa", "maestro", "google-pay", "apple-pay"]} />);
    for (const icon of [siMastercard, siVisa, siGooglepay, siApplepay]) expect(html).toContain(`d="${icon.path}"`);
    expect(html).not.toContain("<text");
    expect(html).toMatch(/aria-label="Apple Pay"/);
  });
});
