import { MESSAGES } from "@common/messages";
import { forbidden, unauthorized } from "./errors";

/**
 * A guest or a member, as the request proved them: `userId` from a valid user token, `guestId` from a
 * guest secret that matched (a secret that matched nobody sets `invalidGuestSecret`). Both may be
 * present: a member whose browser still holds the secret of what they submitted as a guest.
 */
export interface PersonActor {
  kind: "person";
  userId: string | null;
  guestId: string | null;
  invalidGuestSecret: boolean;
}

/** An admin's login as its tokens and sockets carry it: a newer session version of the admin ends it. */
export interface AdminSession {
  adminId: string;
  sessionVersion: number;
}

export interface AdminActor {
  kind: "admin";
  adminId: string;
  username: string;
  isActive: boolean;
  isSuperAdmin: boolean;
  /** The admin's session version the token was issued under (see the admins service). */
  sessionVersion: number;
}

/** A background job or another server-side caller acting on the server's own authority. */
export interface SystemActor {
  kind: "system";
  name: string;
}

/** Who is asking. Routes turn a request into an actor; services check what it may do as their first line. */
export type Actor = PersonActor | AdminActor | SystemActor;

export const ANONYMOUS: PersonActor = { kind: "person", userId: null, guestId: null, invalidGuestSecret: false };
export const systemActor = (name: string): SystemActor => ({ kind: "system", name });

/** On public paths an admin counts as nobody in particular (the web falls back to the admin token there). */
export const asPerson = (actor: Actor): PersonActor => (actor.kind === "person" ? actor : ANONYMOUS);

/** Any signed-in admin, active or not: reading the back-office. */
export function requireAdmin(actor: Actor): AdminActor {
  if (actor.kind !== "admin") throw unauthorized(MESSAGES.invalidToken);
  return actor;
}

/** Reading the back-office: any admin, or the server itself (the admin sockets' live lists). */
export function requireAdminOrSystem(actor: Actor): AdminActor | SystemActor {
  return actor.kind === "system" ? actor : requireAdmin(actor);
}

/** Changing the queue or its settings: an active admin, or the server itself (jobs, schedules, bulk runs). */
export function requireActiveAdmin(actor: Actor): AdminActor | SystemActor {
  if (actor.kind === "system") return actor;
  const admin = requireAdmin(actor);
  if (!admin.isActive) throw forbidden(MESSAGES.adminInactive);
  return admin;
}

/** A signed-in member; returns the account id. */
export function requireMember(actor: Actor): string {
  if (actor.kind !== "person" || !actor.userId) throw unauthorized(MESSAGES.notAuthenticated);
  return actor.userId;
}

/** The member account of the actor, if any. */
export const memberIdOf = (actor: Actor): string | null => (actor.kind === "person" ? actor.userId : null);

/** The submitter ids the actor has proved to be (account and/or guest). */
export function provenIds(actor: Actor): string[] {
  if (actor.kind !== "person") return [];
  return [actor.userId, actor.guestId].filter((id): id is string => id !== null);
}

/** Whether the actor is the submitter of an entry (by its submitter id or the account it is linked to). */
export function isSubmitterOf(actor: Actor, entry: { user_id: string; owner_id: string | null }): boolean {
  const ids = provenIds(actor);
  return ids.includes(entry.user_id) || (entry.owner_id !== null && ids.includes(entry.owner_id));
}

/** Only the submitter changes their entry: a secret that matched nobody is a 401, anyone else a 403. */
export function requireSubmitterOf(actor: Actor, entry: { user_id: string; owner_id: string | null }): void {
  if (isSubmitterOf(actor, entry)) return;
  if (actor.kind === "person" && actor.invalidGuestSecret) throw unauthorized(MESSAGES.guestSecretInvalid);
  throw forbidden(MESSAGES.notYourEntry);
}
