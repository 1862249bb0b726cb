/** The back-office audit log: who changed what, and when. */
export { AuditLog } from "./components/audit-log";
