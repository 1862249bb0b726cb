import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import type { HistoryItem, HistoryQuery, UserSortField } from "@common/users";
import type { Db } from "../../db/kysely";
import type { Database } from "../../db/schema";
import { type Account, toAccount } from "./users.repository";

/** Counts read from the submissions table (owner_id = the account), so they follow what happens in the queue. */
export interface SubmissionCounts {
  total_submissions: number;
  total_played: number;
  last_submission_at: string | null;
}

export interface AccountWithStats extends Account, SubmissionCounts {
  is_public: boolean;
}

export interface ListOptions {
  /** Members whose profile is private are left out unless false. */
  publicOnly: boolean;
  sortBy: UserSortField;
  order: "asc" | "desc";
  limit: number;
  offset: number;
  /** Lowercased text to find in usernames and display names (and e-mails when `searchEmail`). */
  search?: string;
  searchEmail?: boolean;
  /** With `search`: exact usernames first, then prefixes, then the rest, before `sortBy` (default true). */
  rankMatches?: boolean;
}

/** Status A-Z by the labels people read (In Queue, Now Playing, On Hold, Played, Removed), not the stored codes. */
const HISTORY_STATUS_LABEL_ORDER = sql`case status when 'waiting' then 1 when 'active' then 2 when 'on_hold' then 3 when 'played' then 4 else 5 end`;

/** The host's score of the submission (review mode), or its line for the artist; null before it is scored. */
const reviewField = <F extends "score" | "note">(eb: ExpressionBuilder<Database, "submissions">, field: F) =>
  eb
    .selectFrom("submission_reviews as r")
    .select(`r.${field}` as `r.${F}`)
    .whereRef("r.submission_id", "=", "submissions.id");

/** `like` pattern that finds the text anywhere, with the wildcards in the text itself taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// The later of the account's own last_active and the queue's activity record for the same id.
const lastActiveExpr = sql<string>`case when a.last_active is not null and a.last_active > u.last_active then a.last_active else u.last_active end`;
const totalExpr = sql<number>`coalesce(s.total, 0)`;
const playedExpr = sql<number>`coalesce(s.played, 0)`;
const rateExpr = sql<number>`case when coalesce(s.total, 0) = 0 then 0 else cast(coalesce(s.played, 0) as real) / s.total end`;

const SORT_EXPRESSIONS: Record<UserSortField, Expression<unknown>> = {
  last_active: lastActiveExpr,
  created_at: sql`u.created_at`,
  username: sql`u.username`,
  total_submissions: totalExpr,
  total_played: playedExpr,
  submission_rate: rateExpr,
};

export function createUserStatsRepository(db: Db) {
  const perOwner = db
    .selectFrom("submissions")
    .select((eb) => [
      "owner_id",
      eb.fn.countAll<number>().as("total"),
      eb.fn.sum<number>(eb.case().when("status", "=", "played").then(1).else(0).end()).as("played"),
      eb.fn.max("submitted_at").as("last_submission_at"),
    ])
    .where("owner_id", "is not", null)
    .groupBy("owner_id")
    .as("s");

  function listQuery(options: Pick<ListOptions, "publicOnly" | "search" | "searchEmail">) {
    let query = db.selectFrom("users as u").leftJoin(perOwner, "s.owner_id", "u.id").leftJoin("activity as a", "a.user_id", "u.id");
    if (options.publicOnly) query = query.where("u.is_public", "=", 1);
    const search = options.search;
    if (search) {
      const pattern = containsPattern(search);
      query = query.where((eb) => {
        const matches: Expression<SqlBool>[] = [sql<SqlBool>`lower(u.username) like ${pattern} escape '\\'`, sql<SqlBool>`lower(u.display_name) like ${pattern} escape '\\'`];
        if (options.searchEmail) matches.push(sql<SqlBool>`lower(u.email) like ${pattern} escape '\\'`);
        return eb.or(matches);
      });
    }
    return query;
  }

  return {
    async counts(userId: string): Promise<SubmissionCounts> {
      const row = await db
        .selectFrom("submissions")
        .select((eb) => [
          eb.fn.countAll<number>().as("total"),
          eb.fn.sum<number>(eb.case().when("status", "=", "played").then(1).else(0).end()).as("played"),
          eb.fn.max("submitted_at").as("last_submission_at"),
        ])
        .where("owner_id", "=", userId)
        .executeTakeFirst();
      return {
        total_submissions: Number(row?.total ?? 0),
        total_played: Number(row?.played ?? 0),
        last_submission_at: row?.last_submission_at ?? null,
      };
    },

    /** The queue's last record of activity for this id, if any. */
    async lastActivity(userId: string): Promise<string | null> {
      const row = await db.selectFrom("activity").select("last_active").where("user_id", "=", userId).executeTakeFirst();
      return row?.last_active ?? null;
    },

    async list(options: ListOptions): Promise<{ users: AccountWithStats[]; total: number }> {
      const rows = await listQuery(options)
        .selectAll("u")
        .select([
          totalExpr.as("total_submissions"),
          playedExpr.as("total_played"),
          sql<string | null>`s.last_submission_at`.as("last_submission_at"),
          lastActiveExpr.as("effective_last_active"),
        ])
        .$call((q) => {
          if (!options.search || options.rankMatches === false) return q;
          const exact = options.search;
          const prefix = `${exact.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
          return q.orderBy(sql`case when lower(u.username) = ${exact} then 0 when lower(u.username) like ${prefix} escape '\\' then 1 else 2 end`);
        })
        .orderBy(SORT_EXPRESSIONS[options.sortBy], options.order)
        .orderBy("u.username", "asc")
        .limit(options.limit)
        .offset(options.offset)
        .execute();
      const totalRow = await listQuery(options)
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirst();
      const users = rows.map(({ total_submissions, total_played, last_submission_at, effective_last_active, ...row }) => ({
        ...toAccount(row),
        last_active: effective_last_active,
        is_public: row.is_public === 1,
        total_submissions: Number(total_submissions),
        total_played: Number(total_played),
        last_submission_at,
      }));
      return { users, total: Number(totalRow?.count ?? 0) };
    },

    /** A member's submissions in the sort asked for, over all of them; ties newest first. */
    async history(userId: string, query: Pick<HistoryQuery, "limit" | "offset" | "sort" | "status">): Promise<{ items: HistoryItem[]; total: number }> {
      const owned = () =>
        db
          .selectFrom("submissions")
          .where("owner_id", "=", userId)
          .$if(query.status === "played", (q) => q.where("status", "=", "played"));
      const items = await owned()
        .select(["id", "track_title", "artist_name", "submitted_at", "status", "played_at", "decline_reason"])
        .select((eb) => [reviewField(eb, "score").as("score"), reviewField(eb, "note").as("score_note")])
        .$call((q) => {
          if (query.sort === "oldest") return q.orderBy("submitted_at", "asc").orderBy("id", "asc");
          if (query.sort === "title") return q.orderBy(sql`lower(track_title)`, "asc");
          if (query.sort === "artist") return q.orderBy(sql`lower(artist_name)`, "asc");
          if (query.sort === "status") return q.orderBy(HISTORY_STATUS_LABEL_ORDER, "asc");
          return q;
        })
        .orderBy("submitted_at", "desc")
        .orderBy("id", "desc")
        .limit(query.limit)
        .offset(query.offset)
        .execute();
      const totalRow = await owned()
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirst();
      return { items: items.map(({ decline_reason, ...item }) => (decline_reason ? { ...item, decline_reason } : item)), total: Number(totalRow?.count ?? 0) };
    },
  };
}

export type UserStatsRepository = ReturnType<typeof createUserStatsRepository>;
