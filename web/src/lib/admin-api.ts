import { api, type ApiClient, type RequestOptions } from "./api-client";

type Options = Omit<RequestOptions, "method" | "auth">;

/**
 * The admin client: always the admin token, whatever the path (spec section 6). Several admin paths
 * (queuer/release/{id}, active-queuer/{id}) carry none of the markers the general client looks for.
 */
export const adminApi: Pick<ApiClient, "get" | "post" | "put" | "delete"> = {
  get: <T>(path: string, options?: Options) => api.get<T>(path, { ...options, auth: "admin" }),
  post: <T>(path: string, options?: Options) => api.post<T>(path, { ...options, auth: "admin" }),
  put: <T>(path: string, options?: Options) => api.put<T>(path, { ...options, auth: "admin" }),
  delete: <T>(path: string, options?: Options) => api.delete<T>(path, { ...options, auth: "admin" }),
};
