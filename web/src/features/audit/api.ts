import { infiniteQueryOptions } from "@tanstack/react-query";
import { AUDIT_PAGE_DEFAULT, type AuditPage } from "@common/audit";
import { adminApi } from "../../lib/admin-api";
import { toConnectionErrorScreen } from "../../lib/admin-query-errors";

export interface AuditFilters {
  action: string | null;
  admin: string;
  entryId: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = { action: null, admin: "", entryId: "" };

/** GET audit/admin, newest first; each further page starts after the last record shown. */
export const auditLogQuery = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: ["admin", "audit", filters] as const,
    queryFn: ({ pageParam }) => {
      const query: Record<string, string | number> = { limit: AUDIT_PAGE_DEFAULT };
      if (filters.action) query.action = filters.action;
      if (filters.admin.trim()) query.admin = filters.admin.trim();
      if (filters.entryId.trim()) query.entry_id = filters.entryId.trim();
      if (pageParam) query.before = pageParam;
      return adminApi.get<AuditPage>("audit/admin", { query });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_before,
    throwOnError: toConnectionErrorScreen,
  });
