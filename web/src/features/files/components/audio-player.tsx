/** Plays an uploaded file in the page; the browser seeks with byte-range requests, which the server answers. */
export function AudioPlayer({ src, title }: { src: string; title: string }) {
  return <audio controls preload="metadata" src={src} aria-label={`Play ${title}`} style={{ width: "100%", height: 36 }} />;
}
