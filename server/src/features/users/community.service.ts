import type { AdminListUser, PublicUser, UserListPage, UserSortField } from "@common/users";
import type { Db } from "../../db/kysely";
import type { Clock } from "../../lib/clock";
import { presentAdminListUser, presentPublicUser } from "./users.presenter";
import { type AccountWithStats, createUserStatsRepository } from "./user-stats.repository";
import type { Actor } from "../../lib/access";

export interface ListRequest {
  sort_by: UserSortField;
  sort_order?: "asc" | "desc";
  limit: number;
  offset: number;
}

export interface SearchRequest {
  query: string;
  limit: number;
  offset: number;
}

/**
 * The member directory. Members see public profiles only, without e-mails; an admin (the Fast Pass
 * manager) sees every account with its e-mail and can find people by e-mail too.
 */
export function createCommunityService(deps: { db: Db; clock: Clock }) {
  const stats = createUserStatsRepository(deps.db);

  function present(users: AccountWithStats[], viewer: Actor): (PublicUser | AdminListUser)[] {
    const now = deps.clock.now();
    return users.map((user) => (viewer.kind === "admin" ? presentAdminListUser(user, user, now) : presentPublicUser(user, user, now)));
  }

  return {
    async list(request: ListRequest, viewer: Actor): Promise<UserListPage<PublicUser | AdminListUser>> {
      const order = request.sort_order ?? (request.sort_by === "username" ? "asc" : "desc");
      const { users, total } = await stats.list({
        publicOnly: viewer.kind !== "admin",
        sortBy: request.sort_by,
        order,
        limit: request.limit,
        offset: request.offset,
      });
      return { users: present(users, viewer), total, has_more: request.offset + users.length < total };
    },

    /**
     * Finds members by username or display name (and e-mail for admins); a blank query finds nobody.
     * Members get the closest usernames first, then A-Z; an admin (the Fast Pass Manager, which lists
     * users by last activity) gets the most recently active first.
     */
    async search(request: SearchRequest, viewer: Actor): Promise<UserListPage<PublicUser | AdminListUser>> {
      const text = request.query.trim().replace(/^@/, "").toLowerCase();
      if (!text) return { users: [], total: 0, has_more: false };
      const admin = viewer.kind === "admin";
      const { users, total } = await stats.list({
        publicOnly: !admin,
        sortBy: admin ? "last_active" : "username",
        order: admin ? "desc" : "asc",
        rankMatches: !admin,
        limit: request.limit,
        offset: request.offset,
        search: text,
        searchEmail: admin,
      });
      return { users: present(users, viewer), total, has_more: request.offset + users.length < total };
    },
  };
}

export type CommunityService = ReturnType<typeof createCommunityService>;
