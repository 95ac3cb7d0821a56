import { describe, expect, it } from "vitest";
import { breadcrumbJsonLd, offerJsonLd, serialiseLd } from "./content-json-ld";

describe("content JSON-LD", () => {
  it("numbers breadcrumbs from 1", () => {
    const ld = breadcrumbJsonLd([{ name: "Home", url: "https://d.example/" }, { name: "Offers", url: "https://d.example/special-offers" }]);
    expect(ld).toMatchObject({ "@type": "BreadcrumbList", itemListElement: [{ position: 1, name: "Home" }, { position: 2, item: "https://d.example/special-offers" }] });
  });
  it("leaves out empty offer fields and escapes < so a name cannot close the script", () => {
    const ld = offerJsonLd({ name: "</script><script>x", description: "", url: "https://d.example/offers/1", category: null, validFrom: null, validThrough: "2026-12-01T00:00:00.000Z", imageUrl: null, sellerName: "D" });
    expect(Object.keys(ld)).toEqual(["@context", "@type", "name", "url", "validThrough", "seller"]);
    expect(serialiseLd(ld)).not.toContain("</script>");
    expect(JSON.parse(serialiseLd(ld)).name).toBe("</script><script>x");
  });
});
