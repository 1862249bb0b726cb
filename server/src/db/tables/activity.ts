/** The last sign of life of each submitter (guest or account), read by the inactivity-hold job. */
export interface ActivityTable {
  user_id: string;
  last_active: string;
}

export interface ActivityTables {
  activity: ActivityTable;
}
