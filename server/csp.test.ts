import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "./csp";

const sha = (body: string) => `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`;

describe("inline script hashes (issue 16 defect 10; issue 15: hashed from the rendered bytes)", () => {
  const page = [
    "<!DOCTYPE html><html><head>",
    '<script type="module" src="/assets/entry.js"></script>',
    '<script>window.pageContext = {"site":"Café Motors — ute €"};</script>',
    "</head><body><p>No <scripts> here</p>",
    '<script type="module" async="">import("/assets/route.js");</script>',
    '<script>window.pageContext = {"site":"Café Motors — ute €"};</script>',
    "<script></script>",
    "</body></html>",
  ].join("");

  it("hashes each distinct inline script once, by its UTF-8 bytes, and skips scripts with src", () => {
    const expected = [sha('window.pageContext = {"site":"Café Motors — ute €"};'), sha('import("/assets/route.js");'), sha("")];
    expect(inlineScriptHashes(Buffer.from(page, "utf8"))).toEqual(expected);
  });

  it("gives no hash to a tag it cannot see as a script, so the browser blocks it rather than allows it", () => {
    expect(inlineScriptHashes(Buffer.from("<p>text</p><SCRIPT>alert(1)</SCRIPT>"))).toEqual([]);
    expect(inlineScriptHashes(Buffer.from("<script>unterminated"))).toEqual([]);
  });

  it("gives no hash to data blocks, which browsers never run: React Router's loader data and schema.org markup (decision 222)", () => {
    const withData = [
      '<script type="application/ld+json">{"@type":"Car"}</script>',
      '<script type="application/json" id="fc-loader-data-0">[{"_1":2},"loaderData"]</script>',
      '<script>window.pageStream.enqueue(document.getElementById("fc-loader-data-0").textContent);</script>',
      '<script data-type="application/json">run()</script>',
    ].join("");
    expect(inlineScriptHashes(Buffer.from(withData))).toEqual([
      sha('window.pageStream.enqueue(document.getElementById("fc-loader-data-0").textContent);'),
      sha("run()"),
    ]);
  });
});
