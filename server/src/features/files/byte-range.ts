import type { ByteRange } from "./storage/file-storage";

/**
 * Reads a `Range: bytes=…` header for a file of `size` bytes: one range (`a-b`, `a-`, `-n`), or null
 * for the whole file (no header, several ranges, or a header this server does not understand, which
 * the HTTP rules allow to be ignored). 'unsatisfiable' asks for bytes past the end (answered 416).
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | null | "unsatisfiable" {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return null;
  if (match[1] === "") {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return "unsatisfiable";
  if (end < start) return null;
  return { start, end };
}
