import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Carousel, CAROUSEL_CONTEXT_ERROR, CarouselContent, CarouselControls, CarouselItem } from "./carousel";

describe("carousel (spec 2.5, spec 8)", () => {
  it("throws when a part is used outside its container (spec 8)", () => {
    expect(() => renderToString(<CarouselControls />)).toThrow(CAROUSEL_CONTEXT_ERROR);
    expect(() => renderToString(<CarouselItem index={0} count={1}>x</CarouselItem>)).toThrow(CAROUSEL_CONTEXT_ERROR);
  });

  it("renders a labelled carousel region with numbered slides (natively scrollable before hydration)", () => {
    const html = renderToString(
      <Carousel label="Our locations">
        <CarouselContent>
          {["A", "B"].map((t, i) => (
            <CarouselItem key={t} index={i} count={2}>
              {t}
            </CarouselItem>
          ))}
        </CarouselContent>
        <CarouselControls />
      </Carousel>,
    );
    expect(html).toContain('aria-roledescription="carousel"');
    expect(html).toContain('aria-label="Our locations"');
    expect(html).toContain('aria-label="2 of 2"');
    expect(html).toContain("overflow-x-auto");
    expect(html).toContain('data-carousel-ready="false"');
  });
});
