/** Bulk Operations: one action on many users at once. */
export { BulkOperationsPanel } from "./components/bulk-operations-panel";
