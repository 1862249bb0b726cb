import { AdminPage } from "../../features/admin-shell";
import { BulkOperationsPanel } from "../../features/bulk";
import { LiveStatus } from "../../features/queue-admin";

export function BulkOperationsPage() {
  return (
    <AdminPage title="Bulk Operations" kind="wide" status={<LiveStatus />}>
      <BulkOperationsPanel />
    </AdminPage>
  );
}
