import { LINK_MAX_LENGTH } from "./limits";
import { textField } from "./text";

/** True for an absolute http(s) URL. */
export const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
};
export const LINK_NOT_HTTP = "Link must be an http or https URL";

/** A link the queue accepts: an http(s) URL. Stored-object and upload references come from the files feature. */
export const linkSchema = textField({ max: LINK_MAX_LENGTH }).refine(isHttpUrl, LINK_NOT_HTTP);
