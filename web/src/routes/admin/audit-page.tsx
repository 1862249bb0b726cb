import { Button } from "@mantine/core";
import { Link } from "react-router";
import { AdminPage } from "../../features/admin-shell";
import { AuditLog } from "../../features/audit";

export function AuditPage() {
  const toQueue = (
    <Button variant="default" component={Link} to="/access-queue">
      Manage Queue
    </Button>
  );
  return (
    <AdminPage title="Audit log" kind="wide" intro="Every change made from the back-office: who, what, to which entry, when and why." actions={toQueue}>
      <AuditLog />
    </AdminPage>
  );
}
