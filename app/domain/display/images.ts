/**
 * Car images, spec 7/9 ("Images come from an image CDN with width and quality (defaults 640 and
 * 75)"; body types list) and issue 3 ("a light body-type illustration for cars that have none,
 * with fixed dimensions so nothing shifts").
 *
 * URL scheme (our choice, the spec does not give one): the CDN resizes from imgix-style query
 * parameters `w` (width, CSS pixels) and `q` (quality 1-100) on the image URL. A relative image
 * path is resolved against the site's CDN base URL when one is configured.
 */
import type { Car } from "~/domain/car";

/** Spec 9: default image width, pixels. */
export const DEFAULT_IMAGE_WIDTH = 640;
/** Spec 9: default image quality, 1-100. */
export const DEFAULT_IMAGE_QUALITY = 75;
/** Every car image box (photo or illustration) is 4:3, so the layout never shifts. */
export const CAR_IMAGE_WIDTH = 640;
export const CAR_IMAGE_HEIGHT = 480;
/** Widths offered in `srcset`. */
export const DEFAULT_SRCSET_WIDTHS: readonly number[] = Object.freeze([320, 640, 960, 1280]);

/**
 * Illustration keys: spec 9's body types, plus `caravan` (we list caravans; the spec's list has
 * no caravan body).
 */
export const BODY_ILLUSTRATION_KEYS = [
  "4x4",
  "bus",
  "cabChassis",
  "convertible",
  "coupe",
  "ev",
  "hardtop",
  "hatch",
  "hatchback",
  "motorhome",
  "lightTruck",
  "peopleMover",
  "prestige",
  "sedan",
  "softtop",
  "suv",
  "ute",
  "van",
  "wagon",
  "stationWagon",
  "caravan",
] as const;
export type BodyIllustrationKey = (typeof BODY_ILLUSTRATION_KEYS)[number];
/** Used when nothing about the body is known. */
export const DEFAULT_BODY_ILLUSTRATION: BodyIllustrationKey = "sedan";

/** Per-site image options. */
export interface ImageOptions {
  /** Base URL relative image paths are resolved against, e.g. 'https://images.example.com/'. Default `null`. */
  imageCdnBaseUrl: string | null;
  /**
   * Issue 17: path of the embedded image endpoint (e.g. '/images') used when there is no CDN base
   * URL: `/images?src={url}&w={width}&q={quality}`. Default `null` (URLs get `w`/`q` directly).
   */
  imageEndpoint?: string | null;
}

export const DEFAULT_IMAGE_OPTIONS: Readonly<ImageOptions> = Object.freeze({ imageCdnBaseUrl: null, imageEndpoint: null });

/** Requested rendition. */
export interface ImageSize {
  /** Pixels, integer >= 1. Default 640. */
  width?: number;
  /** 1-100, integer. Default 75. */
  quality?: number;
}

const ABSOLUTE = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
const RELATIVE_PLACEHOLDER = "http://relative.invalid";

/**
 * The CDN URL of an image at a width and quality: sets `w` and `q` (replacing any existing ones)
 * and keeps other query parameters and the fragment.
 * - absolute URL: `https://cdn.x/a.jpg` -> `https://cdn.x/a.jpg?w=640&q=75`;
 * - relative path with `imageCdnBaseUrl`: resolved under the base (`cars/a.jpg` or `/cars/a.jpg`
 *   + `https://cdn.x/img/` -> `https://cdn.x/img/cars/a.jpg?w=640&q=75`);
 * - relative path without a base: stays relative (`/cars/a.jpg?w=640&q=75`);
 * - `data:` and `blob:` URLs are returned unchanged.
 *
 * @throws RangeError when `src` is blank, `width` is not an integer >= 1, or `quality` is not an
 *   integer 1-100
 */
export function buildImageUrl(src: string, size: ImageSize = {}, options: Partial<ImageOptions> = {}): string {
  const width = size.width ?? DEFAULT_IMAGE_WIDTH;
  const quality = size.quality ?? DEFAULT_IMAGE_QUALITY;
  if (!Number.isInteger(width) || width < 1) throw new RangeError(`buildImageUrl: bad width ${width}`);
  if (!Number.isInteger(quality) || quality < 1 || quality > 100) {
    throw new RangeError(`buildImageUrl: bad quality ${quality}`);
  }
  const trimmed = src.trim();
  if (trimmed === "") throw new RangeError("buildImageUrl: blank image URL");
  if (/^(?:data|blob):/i.test(trimmed)) return trimmed;

  const base = options.imageCdnBaseUrl?.trim() || null;
  if (!base && options.imageEndpoint) {
    return `${options.imageEndpoint}?${new URLSearchParams({ src: trimmed, w: String(width), q: String(quality) })}`;
  }
  let url: URL;
  let relative = false;
  if (ABSOLUTE.test(trimmed)) {
    url = new URL(trimmed.startsWith("//") ? `https:${trimmed}` : trimmed);
  } else if (base) {
    url = new URL(trimmed.replace(/^\/+/, ""), base.endsWith("/") ? base : `${base}/`);
  } else {
    url = new URL(trimmed, `${RELATIVE_PLACEHOLDER}/`);
    relative = true;
  }
  url.searchParams.set("w", String(width));
  url.searchParams.set("q", String(quality));
  return relative ? `${url.pathname}${url.search}${url.hash}` : url.href;
}

/**
 * A `srcset` value: one {@link buildImageUrl} per width, `'{url} {w}w'` joined by ', '.
 * @throws RangeError as {@link buildImageUrl}, or when `widths` is empty
 */
export function buildImageSrcSet(
  src: string,
  widths: readonly number[] = DEFAULT_SRCSET_WIDTHS,
  quality: number = DEFAULT_IMAGE_QUALITY,
  options: Partial<ImageOptions> = {},
): string {
  if (widths.length === 0) throw new RangeError("buildImageSrcSet: no widths");
  return widths.map((width) => `${buildImageUrl(src, { width, quality }, options)} ${width}w`).join(", ");
}

/** Body words (lower case, non-letters/digits removed) -> illustration. */
const BODY_SYNONYMS: ReadonlyArray<[RegExp, BodyIllustrationKey]> = [
  [/^(caravan|poptop|campertrailer)/, "caravan"],
  [/(motorhome|campervan)/, "motorhome"],
  [/cabchassis/, "cabChassis"],
  [/(^suv|sportsutility)/, "suv"],
  [/(^ute|utility|tray|pickup|dualcab|singlecab|extracab|spacecab|crewcab)/, "ute"],
  [/(peoplemover|mpv|minivan)/, "peopleMover"],
  [/stationwagon|estate/, "stationWagon"],
  [/wagon/, "wagon"],
  [/^(4x4|4wd|offroad)/, "4x4"],
  [/hatchback|liftback/, "hatchback"],
  [/hatch/, "hatch"],
  [/sedan|saloon/, "sedan"],
  [/coupe/, "coupe"],
  [/(convertible|cabriolet|roadster|spider|spyder)/, "convertible"],
  [/softtop/, "softtop"],
  [/hardtop/, "hardtop"],
  [/(lighttruck|truck)/, "lightTruck"],
  [/bus/, "bus"],
  [/(van|commercial)/, "van"],
  [/prestige/, "prestige"],
  [/^ev$|electric/, "ev"],
];

function bodyKey(text: string | null | undefined): BodyIllustrationKey | null {
  const normalised = (text ?? "").toLowerCase().replace(/[^a-z0-9]/g, "");
  if (normalised === "" || normalised === "null" || normalised === "other") return null;
  for (const [pattern, key] of BODY_SYNONYMS) if (pattern.test(normalised)) return key;
  return null;
}

/**
 * Chooses the body-type illustration for a car without photos. First match wins: item type
 * (caravan / motorhome), `simpleBody`, `bodyConfiguration`, then 'ev' for an electric car, else
 * {@link DEFAULT_BODY_ILLUSTRATION} ('sedan'). Matching is case- and punctuation-insensitive
 * ('Ute / Tray' -> ute, 'People Mover' -> peopleMover, 'Commercial' -> van, 'SUV' -> suv).
 *
 * @returns one of {@link BODY_ILLUSTRATION_KEYS}. Never throws.
 */
export function chooseBodyIllustration(
  car: Pick<Car, "itemType" | "simpleBody" | "bodyConfiguration" | "simpleFuel">,
): BodyIllustrationKey {
  const byItemType = bodyKey(car.itemType);
  if (byItemType === "caravan" || byItemType === "motorhome") return byItemType;
  return (
    bodyKey(car.simpleBody) ??
    bodyKey(car.bodyConfiguration) ??
    ((car.simpleFuel ?? "").trim().toLowerCase() === "electric" ? "ev" : DEFAULT_BODY_ILLUSTRATION)
  );
}

/** What the image box shows; both kinds have the same fixed size. */
export type CarImage =
  | { kind: "photo"; src: string; srcSet: string; width: number; height: number }
  | { kind: "illustration"; body: BodyIllustrationKey; width: number; height: number };

/**
 * The car's main image: its primary image (else the first image) through the CDN at 640 px,
 * quality 75, with a srcset; a body-type illustration when it has no image. Width and height are
 * always {@link CAR_IMAGE_WIDTH} x {@link CAR_IMAGE_HEIGHT}.
 */
export function getCarImage(
  car: Pick<Car, "primaryImageUrl" | "images" | "itemType" | "simpleBody" | "bodyConfiguration" | "simpleFuel">,
  options: Partial<ImageOptions> = {},
): CarImage {
  const src = [car.primaryImageUrl, ...car.images.map((image) => image.url)].find(
    (url): url is string => typeof url === "string" && url.trim() !== "",
  );
  if (src === undefined) {
    return { kind: "illustration", body: chooseBodyIllustration(car), width: CAR_IMAGE_WIDTH, height: CAR_IMAGE_HEIGHT };
  }
  return {
    kind: "photo",
    src: buildImageUrl(src, {}, options),
    srcSet: buildImageSrcSet(src, DEFAULT_SRCSET_WIDTHS, DEFAULT_IMAGE_QUALITY, options),
    width: CAR_IMAGE_WIDTH,
    height: CAR_IMAGE_HEIGHT,
  };
}

/** Issue 17: the lightbox's rendition width, pixels. */
export const FULL_IMAGE_WIDTH = 1600;

/** The gallery thumbnail's rendition width, pixels: twice its 72 px box, for 2x screens. */
export const THUMBNAIL_IMAGE_WIDTH = 144;

/**
 * The gallery's photos in feed order (issue 17): each at spec 7's default width and quality with a
 * srcset, a thumbnail rendition ({@link THUMBNAIL_IMAGE_WIDTH}: a 72 px thumbnail loaded the
 * 640 px photo) and a large rendition for the full-screen view. Blank URLs are skipped.
 */
export function galleryPhotos(urls: readonly string[], options: Partial<ImageOptions> = {}): { src: string; srcSet: string; thumb: string; full: string }[] {
  return urls
    .filter((u) => typeof u === "string" && u.trim() !== "")
    .map((u) => ({
      src: buildImageUrl(u, {}, options),
      srcSet: buildImageSrcSet(u, DEFAULT_SRCSET_WIDTHS, DEFAULT_IMAGE_QUALITY, options),
      thumb: buildImageUrl(u, { width: THUMBNAIL_IMAGE_WIDTH }, options),
      full: buildImageUrl(u, { width: FULL_IMAGE_WIDTH }, options),
    }));
}
