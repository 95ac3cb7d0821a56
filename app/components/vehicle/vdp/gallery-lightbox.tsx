/**
 * The gallery's full-screen lightbox (issue 17): yet-another-react-lightbox with its Zoom plugin
 * (pinch, double-click and wheel zoom; arrow keys; Escape closes). Loaded lazily by gallery.tsx.
 */
import { useState } from "react";
import Lightbox from "yet-another-react-lightbox";
import Zoom from "yet-another-react-lightbox/plugins/zoom";
import "yet-another-react-lightbox/styles.css";
import type { GalleryPhoto } from "./gallery";

export default function GalleryLightbox({ photos, alt, index, onClose }: { photos: GalleryPhoto[]; alt: string; index: number; onClose: (index: number) => void }) {
  const [current, setCurrent] = useState(index);
  return (
    <Lightbox
      open
      index={index}
      close={() => onClose(current)}
      on={{ view: ({ index: i }) => setCurrent(i) }}
      slides={photos.map((p, i) => ({ src: p.full, alt: `${alt}, photo ${i + 1} of ${photos.length}` }))}
      plugins={[Zoom]}
      zoom={{ maxZoomPixelRatio: 3 }}
      labels={{ Close: "Close full screen", Previous: "Previous photo", Next: "Next photo" }}
    />
  );
}
