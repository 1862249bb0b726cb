import { createHash, randomBytes, randomUUID } from "node:crypto";

/** Opaque identifiers, longer than the 10 characters the web app requires of a stored submission id. */
export const newId = (): string => randomUUID();
/** Every guest's user_id starts with this; account ids never do. */
export const GUEST_ID_PREFIX = "guest_";
export const newGuestUserId = () => `${GUEST_ID_PREFIX}${randomBytes(12).toString("base64url")}`;
export const newSecret = () => randomBytes(32).toString("base64url");
export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
