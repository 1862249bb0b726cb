import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { SETTING_DEFAULTS, SETTING_NAMES, type SettingName, type SettingRecord } from "@common/settings";
import { publicApi } from "../../lib/api-client";
import { adminApi } from "../../lib/admin-api";
import { toConnectionErrorScreen } from "../../lib/admin-query-errors";

export const adminSettingsKey = ["admin", "settings"] as const;

export type SettingValues = Record<SettingName, string | null>;

/** GET set: every setting by name, unknown names ignored, missing ones at their defaults. */
export const adminSettingsQuery = () =>
  queryOptions({
    queryKey: adminSettingsKey,
    queryFn: async (): Promise<SettingValues> => {
      const records = (await publicApi.get<SettingRecord[]>("set")) ?? [];
      const values: SettingValues = { ...SETTING_DEFAULTS };
      for (const record of records) if ((SETTING_NAMES as readonly string[]).includes(record.name)) values[record.name] = record.state;
      return values;
    },
    throwOnError: toConnectionErrorScreen,
  });

/** PUT set/{name} {state}. */
export function useSaveSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ name, state }: { name: SettingName; state: string }) => adminApi.put<SettingRecord>(`set/${name}`, { json: { state } }),
    onSettled: () => client.invalidateQueries({ queryKey: adminSettingsKey }),
  });
}

/** DELETE set/{name}: back to no value (used for the next stream start). */
export function useClearSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: SettingName) => adminApi.delete<SettingRecord>(`set/${name}`),
    onSettled: () => client.invalidateQueries({ queryKey: adminSettingsKey }),
  });
}
