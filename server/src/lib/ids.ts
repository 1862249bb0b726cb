import { createHash, randomBytes, randomUUID } from "node:crypto";

/** Opaque identifiers, longer than the 10 characters the web app requires of a stored submission id. */
export const newId = (): string => randomUUID();
export const newGuestUserId = () => `guest_${randomBytes(12).toString("base64url")}`;
export const newSecret = () => randomBytes(32).toString("base64url");
export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
