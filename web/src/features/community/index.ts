/** The community feature as the rest of the app sees it: member profiles, the directory and the hub. */
export { profileHistoryQuery, profileQuery, profileStatsQuery, type HistoryArrangement } from "./api";
export { ComingSoonCards } from "./components/coming-soon-cards";
export { CommunityHubModal } from "./components/community-hub-modal";
export { GoToProfile } from "./components/go-to-profile";
export { MemberDirectory } from "./components/member-directory";
export { MiniOverview } from "./components/mini-overview";
export { OwnProfileArea } from "./components/own-profile-area";
export { ProfileCard } from "./components/profile-card";
export { ProfilePopup } from "./components/lazy-profile-popup";
export { ProfileTabs } from "./components/profile-tabs";
export { profileNameFrom } from "./members";
export { useViewProfile } from "./use-view-profile";
