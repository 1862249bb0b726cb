import { USER_SORT_FIELDS, USER_SORT_LABELS, type PublicUser, type UserSortField } from "@common/users";

/** The community sort select, in the order the spec lists it. */
export const MEMBER_SORT_OPTIONS = USER_SORT_FIELDS.map((value) => ({ value, label: USER_SORT_LABELS[value] }));

const collator = new Intl.Collator(undefined, { sensitivity: "base", numeric: true });
const time = (value: string | null) => (value ? Date.parse(value) || 0 : 0);

const COMPARE: Record<UserSortField, (a: PublicUser, b: PublicUser) => number> = {
  last_active: (a, b) => time(b.last_active) - time(a.last_active),
  created_at: (a, b) => time(b.created_at) - time(a.created_at),
  username: (a, b) => collator.compare(a.username, b.username),
  total_submissions: (a, b) => b.total_submissions - a.total_submissions,
  total_played: (a, b) => b.total_played - a.total_played,
  submission_rate: (a, b) => b.submission_rate - a.submission_rate,
};

/**
 * Orders members the way the server orders user/public/all without sort_order: usernames A-Z,
 * everything else highest or newest first; ties by username. Used for search results, which the
 * server returns by username.
 */
export function sortMembers(users: readonly PublicUser[], sortBy: UserSortField): PublicUser[] {
  return [...users].sort((a, b) => COMPARE[sortBy](a, b) || collator.compare(a.username, b.username));
}

/** 'Go to @username': a leading @ and surrounding spaces are dropped; null when nothing is left. */
export function profileNameFrom(input: string): string | null {
  const name = input.trim().replace(/^@+/, "").trim().toLowerCase();
  return name ? name : null;
}
