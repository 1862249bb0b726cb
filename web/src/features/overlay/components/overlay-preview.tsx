import { useElementSize } from "@mantine/hooks";
import classes from "./overlay-preview.module.css";

export type PreviewBackdrop = "checkerboard" | "scene";

/** OBS's usual canvas: the overlay is laid out at this size and scaled down to fit the preview. */
const CANVAS_WIDTH = 1920;

/** The real overlay page in a 16:9 frame, laid out at 1920 × 1080 as in OBS and scaled to fit. */
export function OverlayPreview({ url, backdrop }: { url: string; backdrop: PreviewBackdrop }) {
  const { ref, width } = useElementSize();
  return (
    <div ref={ref} className={`${classes.frame} ${classes[backdrop]}`} data-testid="overlay-preview">
      {width > 0 && <iframe title="Overlay preview" src={url} className={classes.iframe} style={{ transform: `scale(${width / CANVAS_WIDTH})` }} />}
    </div>
  );
}
