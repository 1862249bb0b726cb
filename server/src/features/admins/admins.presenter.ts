import type { AdminProfile } from "@common/auth";
import type { AdminRow } from "./admins.repository";

/** The admin as the back-office sees it (never the password hash). */
export function presentAdmin(row: AdminRow): AdminProfile {
  return {
    admin_id: row.id,
    username: row.username,
    is_active: row.is_active === 1,
    is_super_admin: row.is_super_admin === 1,
    created_at: row.created_at,
  };
}
