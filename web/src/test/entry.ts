import type { Queuer } from "@common/queue";

/** A waiting entry as the server sends it, named by `id`, for component tests. */
export function queuer(id: string, values: Partial<Queuer> = {}): Queuer {
  return {
    id,
    user_id: `user_${id}`,
    owner_id: null,
    username: id,
    youtube_username: id,
    artist_name: `Artist ${id}`,
    track_title: `Track ${id}`,
    link: `https://example.com/${id}`,
    platform: "web",
    video_id: null,
    message: "Empty!",
    status: "waiting",
    on_hold: false,
    priority_level: 0,
    premium_expires: null,
    payment_source: null,
    submitted_at: "2026-06-10T15:00:00.000Z",
    created_at: "2026-06-10T15:00:00.000Z",
    file_key: null,
    file_status: null,
    duration_seconds: null,
    profile_username: null,
    version: 1,
    ...values,
  };
}
