/** The community screens' sentences (spec sections 2 and 8), written once. */
export const COMMUNITY_MESSAGES = {
  signInToViewProfile: "Sign in to view your profile.",
  loading: "Loading community…",
  pageFailed: "Failed to load community.",
  hubFailed: "Failed to load community members",
  searchFailed: "Failed to load users",
  noProfiles: "No public profiles yet.",
  noBio: "No bio yet.",
  noStats: "No stats available.",
  noRecent: "No recent submissions.",
  profileFailed: "Failed to load profile",
  signInToViewProfiles: "You must be signed in to view profiles and send messages.",
} as const;
