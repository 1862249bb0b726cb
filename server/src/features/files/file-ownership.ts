import { type Actor, type PersonActor, isSubmitterOf, provenIds } from "../../lib/access";
import type { FileRow, FileUsers } from "./files.repository";

/** The submitter an upload is bound to: a member's account or a proven guest; null for anyone else (bound by its first use). */
export const uploaderIdOf = (actor: Actor): string | null => (actor.kind === "person" ? (actor.userId ?? actor.guestId) : null);

/**
 * Whether a person may attach a file to their entry or draft: only a file bound to them at upload (or
 * bound to nobody), that no other submitter's entry or draft carries. Its id and link are public once
 * an entry carries it, so knowing them proves nothing.
 */
export function mayAttach(actor: PersonActor, row: Pick<FileRow, "uploader_id">, users: FileUsers): boolean {
  if (row.uploader_id && !provenIds(actor).includes(row.uploader_id)) return false;
  return users.entries.every((entry) => isSubmitterOf(actor, entry)) && users.draftOwners.every((owner) => owner === actor.userId);
}
